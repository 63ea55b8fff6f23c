"""Cards, colours and action kinds are types mypy tells apart (``Card``, ``Color``,
``ActionKind``): one mixed up with another, or with any string, is a type error."""

from __future__ import annotations

import re
from pathlib import Path

from mypy import api

WELL_TYPED = """\
from bot.engine import Action, Card, Color
from bot.engine.cards import CARD_COLOR, is_card
from bot.ui.words.rule_words import card_name

card: Card = "r5"
color: Color = "g"
Action("ana", "play", card=card, color=None)
Action("ana", "play", card="wild", color=color)
card_name(card)
CARD_COLOR[card]


def read(code: str) -> Card | None:
    return code if is_card(code) else None
"""

MIXED_UP = {
    "a colour as a card": "card_name(color)",
    "a card as a colour": 'Action("ana", "play", card="wild", color=card)',
    "a colour as the card played": 'Action("ana", "play", card=color)',
    "a card as the action's kind": "Action('ana', card)",
    "an unknown kind": "Action('ana', 'dance')",
    "a misspelt card": "misspelt: Card = 'r55'",
    "a string unchecked": "def unchecked(code: str) -> Card: return code",
}


def test_mypy_tells_cards_colours_and_action_kinds_apart(tmp_path: Path) -> None:
    lines = WELL_TYPED.splitlines()
    first_mixed = len(lines) + 1
    source = "\n".join([*lines, *MIXED_UP.values()]) + "\n"
    stdout, stderr, _ = api.run(["--config-file", "", "--python-version", "3.11",
                                 "--cache-dir", str(tmp_path / "cache"), "--no-error-summary",
                                 "-c", source])
    assert not stderr, stderr
    wrong = {int(n) for n in re.findall(r"^<string>:(\d+): error", stdout, re.M)}
    assert not {n for n in wrong if n < first_mixed}, stdout
    missed = [what for n, what in enumerate(MIXED_UP, start=first_mixed) if n not in wrong]
    assert not missed, f"mypy let these through: {missed}"
