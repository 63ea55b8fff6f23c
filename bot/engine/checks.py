"""The check the turn flow, the refusals and the list of legal actions share."""

from __future__ import annotations

from bot.engine.cards import CARD_COLOR, CARD_VALUE


def matches(card: str, top: str, color: str) -> bool:
    """Whether ``card`` may be laid on ``top`` when ``color`` is the colour to match:
    same colour, same number or symbol (a Blank on a Blank), or any wild card."""
    return matches_value(card, CARD_VALUE[top] if CARD_COLOR[top] else "", color)


def matches_value(card: str, top_value: str, color: str) -> bool:
    """``matches`` with the top card given by its value ('' for a wild, which only
    its named colour matches)."""
    card_color = CARD_COLOR[card]
    if not card_color or card_color == color:
        return True
    return bool(top_value) and CARD_VALUE[card] == top_value
