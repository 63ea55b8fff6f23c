"""Checks shared by the turn flow, the card effects and the list of legal actions."""

from __future__ import annotations

from collections.abc import Container

from bot.engine.cards import CARD_COLOR, CARD_VALUE, COLORS
from bot.engine.errors import IllegalAction


def matches(card: str, top: str, color: str) -> bool:
    """Whether ``card`` may be laid on ``top`` when ``color`` is the colour to match:
    same colour, same number or symbol (a Blank on a Blank), or any wild card."""
    card_color = CARD_COLOR[card]
    if not card_color or card_color == color:
        return True
    return bool(CARD_COLOR[top]) and CARD_VALUE[top] == CARD_VALUE[card]


def check_color(color: str | None) -> str:
    if color not in COLORS:
        raise IllegalAction("needs_color")
    return color


def check_target(players: Container[str], player: str, target: str | None) -> str:
    if target is None or target == player:
        raise IllegalAction("needs_target")
    if target not in players:
        raise IllegalAction("not_a_player", target)
    return target


def check_in_hand(hand: list[str], cards: tuple[str, ...]) -> None:
    """Every card named is in ``hand`` (as a multiset: two r5 need two r5)."""
    if len(cards) == 1:
        if cards[0] not in hand:
            raise IllegalAction("not_in_hand", cards[0])
        return
    remaining = list(hand)
    for card in cards:
        if card not in remaining:
            raise IllegalAction("not_in_hand", card)
        remaining.remove(card)
