"""Shared messages speak the table's language; what is said to one player privately
speaks theirs. The catalogs here are two tiny ones written for the test (German for the
server, French for the host), read the way the shipped ones are."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from bot.ai import LEVELS
from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.game.players import PlayerId
from bot.game.table import Player, computer_name
from bot.i18n import catalogs, speaking
from bot.ui.words.names import COMPUTER_NAMES, player_name
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import Playing, table_button

GERMAN: dict[tuple[str | None, str], str] = {
    (None, "UNO lobby"): "UNO-Lobby",
    (None, "Host: {player}"): "Gastgeber: {player}",
    (None, "🤖 Normal bot {number}"): "🤖 Normaler Bot {number}",
    (None, "The game has started. Seating order: {order}"):
        "Das Spiel hat begonnen. Sitzordnung: {order}",
    (None, "{player}, it is your turn."): "{player}, du bist dran.",
    ("button", "Join"): "Beitreten",
    ("button", "My hand"): "Meine Hand",
}
FRENCH: dict[tuple[str | None, str], str] = {
    (None, "🤖 Normal bot {number}"): "🤖 Bot normal {number}",
    (None, "{player} took a seat."): "{player} a pris place.",
    (None, "{player} left the lobby."): "{player} a quitté la partie.",
    (None, "UNO lobby"): "Partie d'UNO",
}


def write_catalog(folder: Path, locale: str, messages: dict[tuple[str | None, str], str]
                  ) -> None:
    catalog = Catalog(locale=locale)
    for (context, english), translated in messages.items():
        catalog.add(english, translated, context=context)
    path = folder / locale / "LC_MESSAGES" / f"{catalogs.DOMAIN}.po"  # as shipped
    path.parent.mkdir(parents=True)
    with path.open("wb") as po:
        write_po(po, catalog)


@pytest.fixture
def german_and_french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Catalogs of a few messages for de and fr, read from .po files by the real reader;
    the other languages read theirs."""
    write_catalog(tmp_path, "de", GERMAN)
    write_catalog(tmp_path, "fr", FRENCH)
    shipped = catalogs.po_path
    monkeypatch.setattr(catalogs, "po_path", lambda catalog: tmp_path / catalog / "LC_MESSAGES"
                        / f"{catalogs.DOMAIN}.po" if catalog in ("de", "fr") else shipped(catalog))
    catalogs.translations.cache_clear()
    yield
    catalogs.translations.cache_clear()  # the shipped catalogs again, for the next test


async def test_a_german_table_speaks_german_and_answers_a_french_host_in_french(
    german_and_french: None, bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord,
    clock: FakeClock,
) -> None:
    guild.locale = "de"  # the server's language: the table's, as /uno new takes it
    host, guest = guild.members[:2]
    host.locale = "fr"
    new = await host.slash("uno new")
    lobby = new.response
    assert lobby is not None and not new.ephemeral
    table = bot.manager.get(guild.channel_id)
    assert table is not None and table.language == "de"
    assert lobby.embeds[0]["title"] == "UNO-Lobby"
    assert f"Gastgeber: {host.mention}" in lobby.text
    assert lobby.labels()[lobby.custom_id("uno:lobby:join:")] == "Beitreten"

    seated = await host.slash("uno addbot")  # said to the host alone, in French
    assert seated.ephemeral and seated.text == "🤖 Bot normal 1 a pris place."
    assert "2. 🤖 Normaler Bot 1" in lobby.text  # the lobby says it in German
    left = await host.slash("uno removebot")
    assert left.ephemeral and left.text == "🤖 Bot normal 1 a quitté la partie."

    joined = await guest.slash("uno join")  # guest's Discord speaks English
    assert joined.ephemeral and joined.text == "You joined the lobby."
    await host.click(lobby, lobby.custom_id("uno:lobby:start:"))
    assert "Das Spiel hat begonnen. Sitzordnung:" in lobby.text
    session = Playing(bot, fake_discord, guild, clock, [host, guest])
    await session.settle()
    shown = session.table_message()
    assert shown.labels()[table_button(shown, "hand")] == "Meine Hand"
    current = session.game.current
    assert shown.text.startswith(f"<@{current}>, du bist dran.")
    assert shown.id == max(fake_discord.messages)  # the newest: the start click's table,
    assert shown.notified == {int(current)}  # which rings the first player


def test_computer_players_are_named_in_the_language_of_the_moment() -> None:
    assert set(COMPUTER_NAMES) == set(LEVELS)
    saved = Player(PlayerId(-2), computer_name("easy", 2))  # as saved before names were translated
    assert saved.computer_level == "easy" and player_name(saved) == "🤖 Easy bot 2"
    person = Player(PlayerId(5), "🤖 Easy bot 2")  # a person may call themself anything
    assert person.computer_level is None and player_name(person) == "🤖 Easy bot 2"


def test_a_computer_player_is_named_in_german_inside_a_german_block(
    german_and_french: None,
) -> None:
    seat = Player(PlayerId(-1), computer_name("normal", 1))
    with speaking("de"):
        assert player_name(seat) == "🤖 Normaler Bot 1"
    assert player_name(seat) == "🤖 Normal bot 1"
