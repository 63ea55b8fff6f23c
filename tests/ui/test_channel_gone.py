"""A game whose channel the bot can no longer reach (deleted: 404 Unknown Channel; the
bot's View Channel taken away: 403 Missing Access) ends after a few deliveries in a
row: saved as ended, no match recorded, its computer players and timers stopped. A new
game may be opened there once the bot can reach the channel again. The players'
interaction tokens still reach a channel the bot may no longer view (Discord asks no
permission of an interaction's webhook), so there the game ends once no token lives."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.game.table import CloseReason
from bot.ui.delivery.board import GONE_AFTER
from bot.ui.delivery.trail import Trail
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import Playing
from tests.ui.test_computers_game import start_with_computers

BOARD = "bot.ui.delivery.board"


def spend_tokens(bot: UnoBot, channel_id: int) -> None:
    """As if the players' last clicks were more than 15 minutes old: the board has no
    live token in the channel, so what it sends there goes with the bot token."""
    bot.board.channels[channel_id].tables = Trail()
    bot.board.pings.forget(channel_id)


async def play_until_gone(session: Playing, bot: UnoBot, clock: FakeClock) -> None:
    """Let the computer players and the turn timer play on until the game ends."""
    for _ in range(200):
        if bot.manager.get(session.channel_id) is None:
            return
        await clock.advance(5)
        await bot.board.idle()
    raise AssertionError("the game played on in a channel that is gone")


@pytest.mark.parametrize("gone", [FakeDiscord.delete_channel, FakeDiscord.remove_access],
                         ids=["deleted", "access removed"])
async def test_a_game_whose_channel_is_gone_ends_and_stops_playing(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock,
    caplog: pytest.LogCaptureFixture, gone: Callable[[FakeDiscord, int], None],
) -> None:
    session = await start_with_computers(guild, bot, fake_discord, clock, seed=3)
    channel = guild.channel_id
    spend_tokens(bot, channel)
    gone(fake_discord, channel)
    with caplog.at_level(logging.WARNING, logger=BOARD):
        await play_until_gone(session, bot, clock)
    warned = [r for r in caplog.records if r.name == BOARD]
    assert len(warned) == GONE_AFTER  # one line each, no traceback per move
    assert all("channel unreachable" in r.getMessage() and r.exc_info is None for r in warned)
    assert (await bot.db.load_games())[0] == []  # saved as ended, then its row let go
    assert await bot.db.history(guild.id, channel) == []  # not a finished match
    calls = len(fake_discord.calls)
    await clock.advance(600)  # no computer player, turn timer or courier left running
    await bot.board.idle()
    assert len(fake_discord.calls) == calls
    assert channel not in bot.board.channels


async def test_a_new_game_opens_where_the_bot_is_let_back_in(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock,
) -> None:
    session = await start_with_computers(guild, bot, fake_discord, clock, seed=3)
    spend_tokens(bot, guild.channel_id)
    fake_discord.remove_access(guild.channel_id)
    await play_until_gone(session, bot, clock)
    fake_discord.give_access(guild.channel_id)
    session = await start_with_computers(guild, bot, fake_discord, clock, seed=4)
    await session.settle()
    table = session.table_message()
    shown, before = table.text, session.game.to_dict()
    for _ in range(30):  # the computer players and the turn timer play on as ever
        await clock.advance(5)
        await bot.board.idle()
    assert session.game.to_dict() != before
    assert session.table_message().id == table.id and table.text != shown  # edited there


async def test_a_passing_refusal_leaves_the_game_alone(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock,
) -> None:
    """Fewer refusals than ``GONE_AFTER`` in a row, then a message that gets through:
    the count starts again, and the game is not ended for it."""
    session = await start_with_computers(guild, bot, fake_discord, clock, seed=3)
    table = session.table
    spend_tokens(bot, guild.channel_id)
    channel = f"/channels/{guild.channel_id}/messages"
    for _ in range(3):
        for _ in range(GONE_AFTER - 1):
            fake_discord.fail_next("PATCH", channel, 403, 50001, "Missing Access")
        board = bot.board.channels[guild.channel_id]
        for _ in range(60):  # the computer players and the turn timer play on, until
            if not fake_discord.faults and board.unreachable == 0:  # an edit gets through
                break
            await clock.advance(5)
            await bot.board.idle()
        assert not fake_discord.faults and board.unreachable == 0
    assert table.close_reason is not CloseReason.GONE
