"""Clicks the bot will not act on: every one gets one short ephemeral answer and changes
nothing. Ids of an older bot, cut-off or malformed ids, huge numbers, and buttons
clicked in another channel or server than the one their game or lobby is in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.ui.clicks.pages import GONE
from bot.ui.clicks.stray import ELSEWHERE, STRAY
from tests.conftest import make_settings, running_bot
from tests.fakediscord import (
    FakeDiscord,
    FakeGuild,
    FakeMember,
    Interaction,
    add_guild,
    answered,
)
from tests.ui.game_helpers import CHANNEL_MESSAGE, Playing, start_game, table_button

HUGE = "9" * 30
DEFERRED_MESSAGE = 5
LEADERBOARD_OUT_OF_DATE = "That leaderboard button is out of date; run /uno leaderboard again."


@pytest.fixture
def other_guild(fake_discord: FakeDiscord) -> FakeGuild:
    """A second server where the bot is too, with one member and one channel."""
    return add_guild(fake_discord, ["stranger"], channels=1)


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, guild: FakeGuild, other_guild: FakeGuild, clock: FakeClock,
    endpoints: None, tmp_path: Path,
) -> AsyncIterator[UnoBot]:
    """The bot, in both servers (a guild must exist before the bot connects)."""
    settings = make_settings(fake_discord, tmp_path)
    async with running_bot(settings, clock, fake_discord) as client:
        yield client


def assert_answered_alone(answer: Interaction, sentence: str) -> None:
    assert answer.callback_type == CHANNEL_MESSAGE and answer.ephemeral
    assert answer.text == sentence


async def click_old(member: FakeMember, custom_id: str, channel_id: int | None = None
                    ) -> Interaction:
    """Click ``custom_id`` on a message of the bot in ``channel_id`` of the member's
    server (its first channel by default)."""
    message = member.guild.old_message([custom_id], channel_id)
    return await member.click(message, custom_id)


def game_state(session: Playing) -> tuple[int, dict[str, list[str]]]:
    return session.table.version, {p: list(h) for p, h in session.game.hands.items()}


async def test_ids_no_handler_understands_get_one_answer_and_change_nothing(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    channel, version = session.channel_id, session.table.version
    before = game_state(session)
    stray = [
        f"uno:g:{channel}:{version}:a:play",  # a cut-off draft
        f"uno:g:{channel}:{version}:a:play:r1",
        f"uno:g:{channel}:{version}:bogus",  # unknown what
        f"uno:g:{channel}:{version}:a:leave::::",  # not an action a button names
        f"uno:g:{channel}:{version}:a:play:r1:purple::",
        f"uno:g:{channel}:{version}:a:vote::::2",
        f"uno:g:{channel}:{version}:page:{HUGE}",
        f"uno:g:{channel}:{HUGE}:hand",  # numbers no id can be
        f"uno:g:{HUGE}:{version}:hand",
        f"uno:lobby:join:{channel}",  # cut off
        f"uno:lobby:join:{channel}:{HUGE}",
        f"uno:lobby:join:{HUGE}:1",
        "uno:hand",  # an older version's ids
        f"uno:play:{channel}:r5",
        "uno:",
    ]
    for custom_id in stray:
        answer = await click_old(session.members[0], custom_id)
        assert_answered_alone(answer, STRAY)
    assert game_state(session) == before


async def test_leaderboard_ids_out_of_range_are_out_of_date(
    bot: UnoBot, guild: FakeGuild
) -> None:
    for custom_id in (f"uno:lb:wins:all:{HUGE}", "uno:lb:streak:all:0", "uno:lb:wins:year:10"):
        answer = await click_old(guild.members[0], custom_id)
        assert_answered_alone(answer, LEADERBOARD_OUT_OF_DATE)


async def test_a_game_button_in_another_channel_or_server_is_refused(
    bot: UnoBot, guild: FakeGuild, other_guild: FakeGuild, fake_discord: FakeDiscord,
    clock: FakeClock,
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    current = session.member(session.game.current or "")
    hand = await session.open_hand(current)
    play = next(c for c in hand.enabled_ids() if ":a:draw" in c)  # applies at once
    before = game_state(session)
    for custom_id in (play, table_button(session.table_message(), "hand")):
        elsewhere = await click_old(current, custom_id, guild.channel_ids[1])
        assert_answered_alone(elsewhere, ELSEWHERE)
        abroad = await click_old(other_guild.members[0], custom_id)
        assert_answered_alone(abroad, ELSEWHERE)
    assert game_state(session) == before
    answer = await session.click(current, hand, play)  # where it belongs, it works
    assert answer.text != ELSEWHERE and session.table.version > before[0]


async def test_a_busy_bot_acknowledges_a_game_click_from_another_channel_then_refuses_it(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    before = game_state(session)
    bot.clicks.busy = 0  # acknowledged from the gateway payload, before any check
    custom_id = table_button(session.table_message(), "hand")
    answer = await click_old(session.members[0], custom_id, guild.channel_ids[1])
    assert answer.callback_type == DEFERRED_MESSAGE and answer.ephemeral
    assert answer.text == ELSEWHERE  # the "thinking" message, filled with the refusal
    assert game_state(session) == before


async def test_a_lobby_button_in_another_channel_or_server_is_refused(
    bot: UnoBot, guild: FakeGuild, other_guild: FakeGuild
) -> None:
    lobby = (await guild.members[0].slash("uno new")).response
    assert lobby is not None
    join = lobby.custom_id("uno:lobby:join:")
    start = lobby.custom_id("uno:lobby:start:")
    for member, channel in ((guild.members[1], guild.channel_ids[1]),
                            (other_guild.members[0], None)):
        for custom_id in (join, start):
            answer = await click_old(member, custom_id, channel)
            assert_answered_alone(answer, ELSEWHERE)
    table = bot.manager.get(guild.channel_id)
    assert table is not None and len(table.players) == 1
    assert "Players (1/" in lobby.text


async def test_a_game_click_runs_its_handler_alone(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """discord.py rebuilds the clicked message's view for every DynamicItem whose
    template matches: the catch-all must not match beside the game's handler."""
    session = await start_game(guild, bot, fake_discord, clock, 2)
    table = session.table_message()
    answer = await session.members[0].click(table, table_button(table, "hand"))
    assert answer.handlers is not None and len(answer.handlers) == 1
    assert answer.posted_message and answer.ephemeral


async def test_forged_menus_and_buttons_are_refused_in_words(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """A menu's id sent as a button and the other way round, a menu with no choice or a
    choice it never offers: each gets the stray sentence and changes nothing."""
    session = await start_game(guild, bot, fake_discord, clock, 2)
    channel, version = session.channel_id, session.table.version
    member = session.members[0]
    draft = f"uno:g:{channel}:{version}:a:draw::::"
    before = game_state(session)
    answer = await click_old(member, f"uno:g:{channel}:{version}:pick:0")  # a menu as a button
    assert_answered_alone(answer, STRAY)
    for menu, choice in (
        (f"uno:g:{channel}:{version}:hand", "a:draw::::"),  # a button's id as a menu
        (draft, "a:draw::::"),
        (f"uno:g:{channel}:{version}:pick:0", "hand"),  # choices no menu offers
        (f"uno:g:{channel}:{version}:pick:0", "pick:1"),
        (f"uno:g:{channel}:{version}:pick:0", "page:0"),
        ("uno:help:short", "short"),
    ):
        message = guild.old_menu(menu, [choice])
        assert_answered_alone(await member.choose(message, menu, [choice]),
                              STRAY if menu.startswith("uno:g:")
                              else GONE.format(command="/uno help"))
    menu_id = f"uno:g:{channel}:{version}:pick:0"
    message = guild.old_menu(menu_id, ["a:draw::::"])
    for data in ({"custom_id": menu_id, "component_type": 3, "values": []},
                 {"custom_id": menu_id, "component_type": 3},  # no values at all
                 {"custom_id": menu_id, "component_type": 2},  # the menu sent as a button
                 {"custom_id": draft, "component_type": 3, "values": ["a:draw::::"]}):
        sent = await answered(await member.send_component(message, data))
        assert_answered_alone(sent, STRAY)
    assert game_state(session) == before
