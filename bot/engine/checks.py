"""The one check the turn flow, the refusals and the list of legal actions share."""

from __future__ import annotations

from bot.engine.cards import CARD_COLOR, CARD_VALUE


def matches(card: str, top: str, color: str) -> bool:
    """Whether ``card`` may be laid on ``top`` when ``color`` is the colour to match:
    same colour, same number or symbol (a Blank on a Blank), or any wild card."""
    card_color = CARD_COLOR[card]
    if not card_color or card_color == color:
        return True
    return bool(CARD_COLOR[top]) and CARD_VALUE[top] == CARD_VALUE[card]
