"""Issue 14: the game's words are said in the language of the moment, whole sentences
translated before their placeholders are filled, with the language's plural forms.

The catalogs are written later by translators, so these tests speak a small German
catalog of their own (made the way ``bot.i18n`` reads a ``.po`` file).
"""

from __future__ import annotations

import gettext
from io import BytesIO
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from bot.engine import IllegalAction
from bot.engine.options import Options, OptionsError
from bot.game.errors import BadSetting, NotHost
from bot.game.lobby import checked_options
from bot.i18n import catalogs, speaking
from bot.render import TableScene
from bot.ui.clicks.errors import refusal_words
from bot.ui.words.alt_text import table_alt_text
from bot.ui.words.text import rules_line
from bot.ui.words.words import action_line, card_label, color_label, said_to

GERMAN: dict[str | tuple[str, str], str | tuple[str, str]] = {
    "red 7": "rote 7",
    "Wild Draw Four": "Zieh-Vier-Farbwechsel",
    "blue": "Blau",
    "{player} played a {card}": "{player} legte eine {card}",
    "{player} played a {card} and chose {color}": "{player} legte {card} und wählte {color}",
    ("{player} drew {count} card and misses a turn",
     "{player} drew {count} cards and misses a turn"): (
        "{player} zog {count} Karte und setzt aus", "{player} zog {count} Karten und setzt aus"),
    ("You drew {count} card and miss your turn.", "You drew {count} cards and miss your turn."): (
        "Du ziehst {count} Karte und setzt aus.", "Du ziehst {count} Karten und setzt aus."),
    ("{count} card", "{count} cards"): ("{count} Karte", "{count} Karten"),
    "It is not your turn.": "Du bist nicht dran.",
    "Only the host, {host}, can start the game.": "Nur {host} darf das Spiel starten.",
    "That rule setting does not work: {problem}.": "Diese Regel geht nicht: {problem}.",
    "target must be between 1 and {most}": "das Ziel liegt zwischen 1 und {most}",
    "Seven-O off": "Sieben-Null aus",
    "Top card: {card}.": "Oberste Karte: {card}.",
    "Play on {color}.": "Spiele auf {color}.",
}
BUTTONS = {"Red 7": "7 Rot", "Wild +4": "Farbwahl +4"}
COLOUR_BUTTONS = {"Red": "Rot!"}
"""A colour to choose has words of its own (Russian: masculine there, feminine on cards)."""


def german() -> gettext.GNUTranslations:
    catalog = Catalog(locale="de")
    for english, words in GERMAN.items():
        catalog.add(english, words)
    for english, label in BUTTONS.items():
        catalog.add(english, label, context="button")
    for english, label in COLOUR_BUTTONS.items():
        catalog.add(english, label, context="colour button")
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@pytest.fixture(autouse=True)
def deutsch(monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = catalogs.translations
    de = german()
    monkeypatch.setattr(catalogs, "translations",
                        lambda catalog: de if catalog == "de" else shipped(catalog))


NAMES = {"1": "ana", "2": "ben"}.__getitem__
PLAYED: list[dict[str, Any]] = [{"kind": "played", "player": "1", "cards": ["r7"]},
          {"kind": "drew", "player": "2", "count": 2},
          {"kind": "skipped", "player": "2"}]


def test_an_action_is_said_in_whole_sentences_of_the_language() -> None:
    with speaking("de"):
        assert action_line(PLAYED, NAMES) == "ana legte eine rote 7; ben zog 2 Karten und setzt aus"
        assert said_to(PLAYED, "2", NAMES) == "Du ziehst 2 Karten und setzt aus."
        chose: list[dict[str, Any]] = [{"kind": "played", "player": "1", "cards": ["wild4"],
                                        "color": "b"}]
        assert action_line(chose, NAMES) == "ana legte Zieh-Vier-Farbwechsel und wählte Blau"
    assert action_line(PLAYED, NAMES) == "ana played a red 7; ben drew 2 cards and misses a turn"


def test_a_card_button_is_one_whole_phrase_of_the_language() -> None:
    with speaking("de"):
        assert card_label("r7") == "🔴 7 Rot"
        assert card_label("wild4") == "Farbwahl +4"
        assert color_label("r") == "🔴 Rot!"
    assert (card_label("r7"), card_label("wild4")) == ("🔴 Red 7", "Wild +4")


def test_a_refusal_is_translated_before_it_is_filled_in_even_one_inside_another() -> None:
    try:
        checked_options("classic", {"target": 0}, 60)
    except BadSetting as error:
        bad = error
    assert isinstance(bad.params["problem"], OptionsError)
    assert refusal_words(bad) == (
        "That rule setting does not work: target must be between 1 and 10000.")
    with speaking("de"):
        assert refusal_words(bad) == "Diese Regel geht nicht: das Ziel liegt zwischen 1 und 10000."
        assert refusal_words(NotHost("ana")) == "Nur ana darf das Spiel starten."
        assert refusal_words(IllegalAction("not_your_turn")) == "Du bist nicht dran."
    assert refusal_words(NotHost("ana")) == NotHost("ana").message


def test_rules_and_alt_text_speak_the_language() -> None:
    with speaking("de"):
        assert rules_line("classic", Options()).startswith("classic · 7 Karten · Sieben-Null aus")
        alt = table_alt_text(TableScene("r7", "b", 1, (("ana", 1), ("ben", 7)), 0, 40))
        assert alt.startswith("Oberste Karte: rote 7. Spiele auf Blau. ")
