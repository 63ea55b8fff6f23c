"""Every shipped language through a whole short match and every command, on the fake
Discord that refuses what Discord refuses: a label over 80 characters, content over
2,000, an embed or a choice too long, a bad command localization. The conftest fails
the test on any such refusal and on any ERROR logged (a placeholder a translation lacks
would raise while a message is composed)."""

from __future__ import annotations

import pytest

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.game.table import TableStatus
from bot.i18n import LANGUAGES, pgettext, speaking
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import (
    Playing,
    card_button,
    control,
    players,
    position,
    table_button,
)

MANAGE_GUILD = 1 << 5
FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]


def said(locale: str, label: str) -> str:
    with speaking(locale):
        return pgettext("button", label)


@pytest.mark.parametrize("locale", list(LANGUAGES))
async def test_a_match_and_every_command_in_each_language(
    locale: str, bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    guild.locale = locale
    host, guest = guild.members[:2]
    host.locale = guest.locale = locale
    host.permissions |= MANAGE_GUILD
    lobby = (await host.slash("uno new", ruleset="classic", target=1)).response
    assert lobby is not None
    assert lobby.labels()[lobby.custom_id("uno:lobby:start:")] == said(locale, "Start")
    await guest.click(lobby, lobby.custom_id("uno:lobby:join:"))
    await host.slash("uno addbot", level="easy")
    await host.slash("uno rules")
    await host.click(lobby, lobby.custom_id("uno:lobby:start:"))
    session = Playing(bot, fake_discord, guild, clock, [host, guest])
    await session.settle()

    seats = players(session.game)
    me = str(host.id)
    hands = {seat: ["y1", "b2", "g3", "r4"] for seat in seats}
    hands[me] = ["wild"]
    await session.set_position(position("classic", seats, options={"target": 1}, hands=hands,
                                        discard=["r9"], draw=FILL, current=me))
    table = session.table_message()
    assert table.labels()[table_button(table, "hand")] == said(locale, "My hand")
    hand = await session.open_hand(host)
    await session.click(host, hand, card_button(hand, "play", "wild"))
    await session.click(host, hand, control(hand, "🟡"))  # the last card: the match is won
    await session.settle()
    ended = bot.manager.get(guild.channel_id)
    assert ended is None or ended.status is TableStatus.ENDED  # played to its end

    answers = [await host.slash("uno help"), await host.slash("uno stats"),
               await host.slash("uno leaderboard"), await host.slash("uno history"),
               await host.slash("uno settings"), await guest.slash("uno rules",
                                                                  ruleset="customizable")]
    assert all(answer.ephemeral and answer.text for answer in answers)
    help_message = answers[0].response
    assert help_message is not None
    for page in range(len(help_message.labels())):  # each page in turn (new ids each time)
        await host.click(help_message, list(help_message.labels())[page])
