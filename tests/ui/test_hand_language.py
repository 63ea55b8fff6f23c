"""Private messages speak their reader's language: a hand when it answers its owner's
own click, and when it is refreshed because of someone else's move (the courier edits
it through the owner's token, in a task the mover's click started) or left alone until
its token nears its end; the answer to a button the bot no longer knows."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.i18n import catalogs
from bot.ui.clicks.stray import STRAY
from bot.ui.delivery.open_hands import IDLE_HAND
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import card_button, players, position, start_game

GERMAN = "de"
STRAY_IN_GERMAN = "Dieser Knopf gehört zu einer älteren Nachricht des Bots."
IDLE_IN_GERMAN = "Diese Hand folgt dem Spiel nicht mehr: Drück „Meine Hand“."
FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]


@pytest.fixture
def test_german(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A few words of the hand in a small German catalog written here (the shipped
    catalogs, if any, are not touched; every other language reads its own)."""
    catalog = Catalog(locale=GERMAN)
    catalog.add("It is your turn.", "Du bist am Zug.")
    catalog.add("Waiting for {players}.", "Warte auf {players}.")
    catalog.add(("**Your hand** ({count} card)", "**Your hand** ({count} cards)"),
                ("**Deine Hand** ({count} Karte)", "**Deine Hand** ({count} Karten)"))
    catalog.add("Draw", "Ziehen", context="button")
    catalog.add(STRAY, STRAY_IN_GERMAN)
    catalog.add(IDLE_HAND, IDLE_IN_GERMAN)
    po = tmp_path / "messages.po"
    with po.open("wb") as out:
        write_po(out, catalog)
    shipped = catalogs.po_path
    monkeypatch.setattr(catalogs, "po_path",
                        lambda name: po if name == GERMAN else shipped(name))
    catalogs.translations.cache_clear()
    yield
    catalogs.translations.cache_clear()


async def test_a_hand_refreshed_after_another_players_move_speaks_its_owners_language(
    test_german: None, bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord,
    clock: FakeClock,
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    a, b = players(session.game)
    await session.set_position(position(
        "classic", [a, b], hands={a: ["r1", "y5"], b: ["b3", "b4"]}, discard=["r9"],
        draw=FILL, current=a))
    ana, ben = session.member(a), session.member(b)
    ben.locale = GERMAN
    hand_b = await session.open_hand(ben)
    assert f"Warte auf {ana.name}." in hand_b.content  # his own click: his language
    assert "**Deine Hand** (2 Karten)" in hand_b.content

    hand_a = await session.open_hand(ana)
    answer = await session.click(ana, hand_a, card_button(hand_a, "play", "r1"))
    await session.settle()

    assert answer.response is not None
    assert f"Waiting for {ben.name}." in answer.response.content  # the mover: hers
    assert "**Your hand** (1 card)" in answer.response.content
    refreshed = hand_b.content
    assert "Du bist am Zug." in refreshed and "It is your turn." not in refreshed
    assert "**Deine Hand** (2 Karten)" in refreshed
    assert "Ziehen" in hand_b.labels().values()


async def test_a_stray_button_is_answered_in_the_clickers_language(
    test_german: None, bot: UnoBot, guild: FakeGuild
) -> None:
    ana, ben = guild.members[:2]
    ben.locale = GERMAN
    message = guild.old_message(["uno:hand"])
    german = await ben.click(message, "uno:hand")
    english = await ana.click(message, "uno:hand")
    assert german.ephemeral and german.text == STRAY_IN_GERMAN
    assert english.ephemeral and english.text == STRAY


async def test_a_hand_left_alone_says_to_press_my_hand_in_its_owners_language(
    test_german: None, bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord,
    clock: FakeClock,
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2, turn_seconds=600)
    ben = session.member(players(session.game)[1])
    ben.locale = GERMAN
    hand_b = await session.open_hand(ben)
    await session.settle(880)  # no click in it for almost 15 minutes
    assert hand_b.content == IDLE_IN_GERMAN and hand_b.custom_ids() == []
