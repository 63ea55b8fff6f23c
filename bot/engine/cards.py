"""Cards as the short codes of RULES.md section 1, and the decks of section 2.

A card is its code string (``"r7"``, ``"gskip"``, ``"wild4"``): codes are what logs,
replays, vectors and saved games use, and Python interns them, so a hand is a list of
shared strings. The tables below answer every question the rules ask of a card.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Literal, TypeGuard, cast, get_args

Color = Literal["r", "y", "g", "b"]
"""A colour: of a card, or named for a wild."""
CardColor = Literal[Color, ""]
"""The colour printed on a card: '' for a wild card."""
Card = Literal[
    "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9",
    "rskip", "rreverse", "rdraw2", "rblank",
    "y0", "y1", "y2", "y3", "y4", "y5", "y6", "y7", "y8", "y9",
    "yskip", "yreverse", "ydraw2", "yblank",
    "g0", "g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9",
    "gskip", "greverse", "gdraw2", "gblank",
    "b0", "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9",
    "bskip", "breverse", "bdraw2", "bblank",
    "wild", "wild4", "wildcustom", "wildswap", "bff",
]
"""A card's code (RULES.md 1). A ``Literal``: mypy tells a card from a colour or any
other string, and checks every code written in the source, at no cost at run time."""

COLORS: tuple[Color, ...] = ("r", "y", "g", "b")
COLOR_NAMES: dict[str, str] = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}
"""Each colour's name in data (statistics columns): English, never translated; the
words a player reads are the UI's (``bot.ui.words.rule_words``)."""

ACTION_SYMBOLS: tuple[str, ...] = ("skip", "reverse", "draw2", "blank")
WILD_CARDS: tuple[Card, ...] = ("wild", "wild4", "wildcustom", "wildswap", "bff")

WILD_POINTS: dict[Card, int] = {
    "wild": 50,
    "wild4": 50,
    "wildcustom": 40,
    "wildswap": 40,
    "bff": 50,
}

def _build_tables() -> tuple[dict[Card, CardColor], dict[Card, str], dict[Card, int]]:
    color: dict[Card, CardColor] = {}
    value: dict[Card, str] = {}
    points: dict[Card, int] = {}
    for c in COLORS:
        for digit in range(10):
            code = cast(Card, f"{c}{digit}")
            color[code], value[code], points[code] = c, str(digit), digit
        for symbol in ACTION_SYMBOLS:
            code = cast(Card, c + symbol)
            color[code], value[code], points[code] = c, symbol, 20
    for code, pts in WILD_POINTS.items():
        color[code], value[code], points[code] = "", code, pts
    return color, value, points


CARD_COLOR, CARD_VALUE, CARD_POINTS = _build_tables()
"""Colour letter ('' for wild cards), value (digit, symbol or the wild's own code), points."""

ALL_CARDS: frozenset[Card] = frozenset(CARD_COLOR)
assert frozenset(get_args(Card)) == ALL_CARDS, "the Card type names every card"


def is_card(code: str) -> TypeGuard[Card]:
    """Whether ``code`` names a card: the check that makes a string read from outside
    (a button, a saved game, a vector) a ``Card``."""
    return code in CARD_COLOR


def is_wild(code: Card) -> bool:
    return CARD_COLOR[code] == ""


def hand_points(hand: Iterable[Card]) -> int:
    return sum(CARD_POINTS[card] for card in hand)


def _coloured(colors: Iterable[Color], values: Iterable[object]) -> list[Card]:
    """Every ``colour`` + ``value`` code, colour by colour."""
    return [cast(Card, f"{c}{v}") for c in colors for v in values]


def _copies(card: Card, count: int) -> list[Card]:
    return [card] * count


def _classic() -> list[Card]:
    deck: list[Card] = []
    for c in COLORS:
        deck += _coloured((c,), (0,))
        for _ in range(2):
            deck += _coloured((c,), (*range(1, 10), "skip", "reverse", "draw2"))
    deck += _copies("wild", 4) + _copies("wild4", 4)
    return deck


def build_deck(ruleset: str) -> list[Card]:
    """The full deck of a ruleset (RULES.md section 2), in a fixed unshuffled order."""
    return list(full_deck(ruleset))


@cache
def full_deck(ruleset: str) -> tuple[Card, ...]:
    """``build_deck`` as one shared tuple, for questions about the deck."""
    deck = _classic()
    if ruleset == "customizable":
        deck += _copies("wildcustom", 4)
    elif ruleset == "bff":
        deck += _copies("bff", 4)
    elif ruleset == "swap":
        deck += _copies("wildswap", 1) + _copies("wildcustom", 3)
    elif ruleset == "blank":
        deck += _coloured(COLORS, ("blank",))
    elif ruleset == "seven-o":
        deck += _coloured(COLORS, (0, 7))
    elif ruleset == "serious":
        deck += _coloured(COLORS, ("reverse", "reverse", "skip", "skip", "draw2", "draw2"))
        deck += _copies("wild", 4) + _copies("wild4", 4)
    elif ruleset != "classic":
        raise ValueError(f"unknown ruleset {ruleset!r}")
    return tuple(deck)
