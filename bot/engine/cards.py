"""Cards as the short codes of RULES.md section 1, and the decks of section 2.

A card is its code string (``"r7"``, ``"gskip"``, ``"wild4"``): codes are what logs,
replays, vectors and saved games use, and Python interns them, so a hand is a list of
shared strings. The tables below answer every question the rules ask of a card.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Literal, TypeGuard, cast, get_args

from bot.i18n import N_

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
COLOR_NAMES: dict[str, str] = {
    # i18n: a colour as a sentence says it ("ana chose {color}")
    "r": N_("red"), "y": N_("yellow"), "g": N_("green"), "b": N_("blue"),
}
"""Each colour's word: an English message id (the UI translates it where shown), and the
colour's name in data (statistics columns), which stays English."""

ACTION_SYMBOLS: tuple[str, ...] = ("skip", "reverse", "draw2", "blank")
WILD_CARDS: tuple[Card, ...] = ("wild", "wild4", "wildcustom", "wildswap", "bff")

WILD_POINTS: dict[Card, int] = {
    "wild": 50,
    "wild4": 50,
    "wildcustom": 40,
    "wildswap": 40,
    "bff": 50,
}

CARD_NAMES: dict[Card, str] = {
    # i18n: card names as sentences say them ("ana played a {card}"); colour words in
    # lower case, the names printed on action and wild cards capitalised
    "r0": N_("red 0"), "r1": N_("red 1"), "r2": N_("red 2"), "r3": N_("red 3"), "r4": N_("red 4"),
    "r5": N_("red 5"), "r6": N_("red 6"), "r7": N_("red 7"), "r8": N_("red 8"), "r9": N_("red 9"),
    "rskip": N_("red Skip"), "rreverse": N_("red Reverse"), "rdraw2": N_("red Draw Two"),
    "rblank": N_("red Blank"),
    "y0": N_("yellow 0"), "y1": N_("yellow 1"), "y2": N_("yellow 2"), "y3": N_("yellow 3"),
    "y4": N_("yellow 4"), "y5": N_("yellow 5"), "y6": N_("yellow 6"), "y7": N_("yellow 7"),
    "y8": N_("yellow 8"), "y9": N_("yellow 9"), "yskip": N_("yellow Skip"),
    "yreverse": N_("yellow Reverse"), "ydraw2": N_("yellow Draw Two"),
    "yblank": N_("yellow Blank"),
    "g0": N_("green 0"), "g1": N_("green 1"), "g2": N_("green 2"), "g3": N_("green 3"),
    "g4": N_("green 4"), "g5": N_("green 5"), "g6": N_("green 6"), "g7": N_("green 7"),
    "g8": N_("green 8"), "g9": N_("green 9"), "gskip": N_("green Skip"),
    "greverse": N_("green Reverse"), "gdraw2": N_("green Draw Two"), "gblank": N_("green Blank"),
    "b0": N_("blue 0"), "b1": N_("blue 1"), "b2": N_("blue 2"), "b3": N_("blue 3"),
    "b4": N_("blue 4"), "b5": N_("blue 5"), "b6": N_("blue 6"), "b7": N_("blue 7"),
    "b8": N_("blue 8"), "b9": N_("blue 9"), "bskip": N_("blue Skip"),
    "breverse": N_("blue Reverse"), "bdraw2": N_("blue Draw Two"), "bblank": N_("blue Blank"),
    "wild": N_("Wild"),
    "wild4": N_("Wild Draw Four"),
    "wildcustom": N_("Wild Customizable"),
    "wildswap": N_("Wild Swap Hands"),
    "bff": N_("BFF Power"),
}
"""Every card's name, one English message id each (a language may order or inflect the
colour and value as it needs): the UI translates them where shown."""


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
assert frozenset(CARD_NAMES) == ALL_CARDS, "every card has a name"


def is_card(code: str) -> TypeGuard[Card]:
    """Whether ``code`` names a card: the check that makes a string read from outside
    (a button, a saved game, a vector) a ``Card``."""
    return code in CARD_COLOR


def is_wild(code: Card) -> bool:
    return CARD_COLOR[code] == ""


def card_name(code: Card) -> str:
    """Words for a card, as a table log says them: "red Draw Two", "Wild Draw Four" (in
    English, the message id: the UI says ``_(card_name(code))``)."""
    return CARD_NAMES[code]


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
