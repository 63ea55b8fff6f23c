"""End to end with the shipped catalogs: on a French server a German-speaking player
reads their hand and answers in German while the lobby, the table and the pings speak
French; a player whose language the bot does not ship reads English; an admin switches
the server's language with ``/uno settings language:``.

Expected texts are the catalogs' own words (``expect``), each checked to differ from the
English, so the test fails if a message goes untranslated or reaches the wrong reader."""

from __future__ import annotations

import pytest

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.i18n import _, ngettext, pgettext, speaking
from bot.ui.words.words import card_label
from tests.conftest import MEMBER_NAMES
from tests.fakediscord import FakeDiscord, FakeGuild, add_guild
from tests.ui.game_helpers import Playing, card_button, players, position, table_button

MANAGE_GUILD = 1 << 5
FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]


@pytest.fixture
def guild(fake_discord: FakeDiscord) -> FakeGuild:
    """A French server (its preferred locale; nothing set in /uno settings)."""
    return add_guild(fake_discord, MEMBER_NAMES, channels=2, moderators=1, locale="fr")


def expect(locale: str, english: str, context: str | None = None) -> str:
    """``english`` as the shipped catalog of ``locale`` says it; never the English."""
    with speaking(locale):
        said = pgettext(context, english) if context else _(english)
    assert said != english, f"{locale} does not translate {english!r}"
    return said


async def test_a_german_player_on_a_french_server(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    host, guest, tourist = guild.members[:3]
    guest.locale = "de"
    tourist.locale = "zh-CN"  # Discord has it; the bot does not ship it
    lobby = (await host.slash("uno new")).response
    assert lobby is not None
    assert lobby.embeds[0]["title"] == expect("fr", "UNO lobby")
    assert lobby.labels()[lobby.custom_id("uno:lobby:join:")] == expect("fr", "Join", "button")

    joined = await guest.slash("uno join")
    assert joined.ephemeral and joined.text == expect("de", "You joined the lobby.")
    await tourist.click(lobby, lobby.custom_id("uno:lobby:join:"))
    await host.click(lobby, lobby.custom_id("uno:lobby:start:"))
    session = Playing(bot, fake_discord, guild, clock, [host, guest, tourist])
    await session.settle()

    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r1", "r2"], b: ["r3", "r4", "b5"], c: ["r5", "y6"]},
        discard=["r9"], draw=FILL, current=a))
    table = session.table_message()
    assert table.labels()[table_button(table, "hand")] == expect("fr", "My hand", "button")
    with speaking("fr"):
        french_turn = _("{player}, it is your turn.").format(player=f"<@{a}>")
    assert table.text.startswith(french_turn)

    german = session.member(b)
    hand = await session.open_hand(german)
    with speaking("de"):
        heading = ngettext("**Your hand** ({count} card)", "**Your hand** ({count} cards)", 3
                           ).format(count=3)
    assert heading in hand.text and heading != "**Your hand** (3 cards)"
    with speaking("de"):
        red_three = card_label("r3")
    assert red_three in hand.labels().values() and red_three != card_label("r3")

    english = await session.open_hand(session.member(c))
    assert "**Your hand** (2 cards)" in english.text  # zh-CN falls back to English

    ana = session.member(a)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "r1"))
    await session.settle()
    ping = fake_discord.messages[max(fake_discord.messages)]  # ana's new table rings ben
    assert ping.notified == {int(b)}
    with speaking("fr"):
        assert ping.text.startswith(_("{player}, it is your turn.").format(player=f"<@{b}>"))
    refreshed = fake_discord.message(hand.id)  # ben's hand, refreshed by ana's move
    assert expect("de", "Draw", "button") in refreshed.labels().values()


async def test_the_server_language_setting_wins_over_discord_and_can_go_back(
    bot: UnoBot, guild: FakeGuild
) -> None:
    admin, player = guild.members[0], guild.members[1]
    admin.permissions |= MANAGE_GUILD
    admin.locale = "pl"
    saved = await admin.slash("uno settings", language="it")
    assert saved.ephemeral and saved.text.startswith(expect(
        "pl", "Saved. New games on this server start with these settings."))
    assert (await bot.db.get_settings(guild.id)).language == "it"
    lobby = (await player.slash("uno new")).response
    assert lobby is not None and lobby.embeds[0]["title"] == expect("it", "UNO lobby")
    await player.slash("uno leave")

    await admin.slash("uno settings", language="discord")
    assert (await bot.db.get_settings(guild.id)).language is None
    again = (await player.slash("uno new", channel_id=guild.channel_ids[1])).response
    assert again is not None and again.embeds[0]["title"] == expect("fr", "UNO lobby")
