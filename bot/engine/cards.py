"""Cards as the short codes of RULES.md section 1, and the decks of section 2.

A card is its code string (``"r7"``, ``"gskip"``, ``"wild4"``): codes are what logs,
replays, vectors and saved games use, and Python interns them, so a hand is a list of
shared strings. The tables below answer every question the rules ask of a card.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

Color = Literal["r", "y", "g", "b"]

COLORS: tuple[Color, ...] = ("r", "y", "g", "b")
COLOR_NAMES: dict[str, str] = {"r": "red", "y": "yellow", "g": "green", "b": "blue"}

ACTION_SYMBOLS: tuple[str, ...] = ("skip", "reverse", "draw2", "blank")
WILD_CARDS: tuple[str, ...] = ("wild", "wild4", "wildcustom", "wildswap", "bff")

WILD_POINTS: dict[str, int] = {
    "wild": 50,
    "wild4": 50,
    "wildcustom": 40,
    "wildswap": 40,
    "bff": 50,
}
SYMBOL_NAMES: dict[str, str] = {
    "skip": "Skip",
    "reverse": "Reverse",
    "draw2": "Draw Two",
    "blank": "Blank",
    "wild": "Wild",
    "wild4": "Wild Draw Four",
    "wildcustom": "Wild Customizable",
    "wildswap": "Wild Swap Hands",
    "bff": "BFF Power",
}


def _build_tables() -> tuple[dict[str, str], dict[str, str], dict[str, int]]:
    color: dict[str, str] = {}
    value: dict[str, str] = {}
    points: dict[str, int] = {}
    for c in COLORS:
        for digit in range(10):
            code = f"{c}{digit}"
            color[code], value[code], points[code] = c, str(digit), digit
        for symbol in ACTION_SYMBOLS:
            code = c + symbol
            color[code], value[code], points[code] = c, symbol, 20
    for code, pts in WILD_POINTS.items():
        color[code], value[code], points[code] = "", code, pts
    return color, value, points


CARD_COLOR, CARD_VALUE, CARD_POINTS = _build_tables()
"""Colour letter ('' for wild cards), value (digit, symbol or the wild's own code), points."""

ALL_CARDS: frozenset[str] = frozenset(CARD_COLOR)


def is_card(code: str) -> bool:
    return code in CARD_COLOR


def is_wild(code: str) -> bool:
    return CARD_COLOR[code] == ""


def card_name(code: str) -> str:
    """Words for a card, as a table log says them: "red Draw Two", "Wild Draw Four"."""
    value = CARD_VALUE[code]
    if is_wild(code):
        return SYMBOL_NAMES[value]
    return f"{COLOR_NAMES[CARD_COLOR[code]]} {SYMBOL_NAMES.get(value, value)}"


def hand_points(hand: list[str]) -> int:
    return sum(CARD_POINTS[card] for card in hand)


def _classic() -> list[str]:
    deck: list[str] = []
    for c in COLORS:
        deck.append(f"{c}0")
        for _ in range(2):
            deck.extend(f"{c}{digit}" for digit in range(1, 10))
            deck.extend(c + symbol for symbol in ("skip", "reverse", "draw2"))
    deck.extend(["wild"] * 4 + ["wild4"] * 4)
    return deck


def build_deck(ruleset: str) -> list[str]:
    """The full deck of a ruleset (RULES.md section 2), in a fixed unshuffled order."""
    return list(full_deck(ruleset))


@cache
def full_deck(ruleset: str) -> tuple[str, ...]:
    """``build_deck`` as one shared tuple, for questions about the deck."""
    deck = _classic()
    if ruleset == "customizable":
        deck += ["wildcustom"] * 4
    elif ruleset == "bff":
        deck += ["bff"] * 4
    elif ruleset == "swap":
        deck += ["wildswap"] + ["wildcustom"] * 3
    elif ruleset == "blank":
        deck += [f"{c}blank" for c in COLORS]
    elif ruleset == "seven-o":
        deck += [f"{c}{digit}" for c in COLORS for digit in (0, 7)]
    elif ruleset == "serious":
        deck += [c + s for c in COLORS for s in ("reverse", "skip", "draw2") for _ in range(2)]
        deck += ["wild"] * 4 + ["wild4"] * 4
    elif ruleset != "classic":
        raise ValueError(f"unknown ruleset {ruleset!r}")
    return tuple(deck)
