"""The check the turn flow, the refusals and the list of legal actions share.

``PLAYABLE[color][top]`` is every card that may be laid on ``top`` when ``color`` is
the colour to match, worked out once at import: the question every turn asks, answered
by two dictionary lookups.
"""

from __future__ import annotations

from bot.engine.cards import ALL_CARDS, CARD_COLOR, CARD_VALUE, COLORS, Card, CardColor


def matches(card: Card, top: Card, color: CardColor) -> bool:
    """Whether ``card`` may be laid on ``top`` when ``color`` is the colour to match:
    same colour, same number or symbol (a Blank on a Blank), or any wild card."""
    return card in PLAYABLE[color][top]


def _matches_value(card: Card, top_value: str, color: CardColor) -> bool:
    """``matches`` with the top card given by its value ('' for a wild, which only
    its named colour matches)."""
    card_color = CARD_COLOR[card]
    if not card_color or card_color == color:
        return True
    return bool(top_value) and CARD_VALUE[card] == top_value


def _build_playable() -> dict[CardColor, dict[Card, frozenset[Card]]]:
    """One shared set per colour and top value; '' is the colour before a wild start
    card's colour is named, when only wild cards fit."""
    shared: dict[tuple[CardColor, str], frozenset[Card]] = {}
    table: dict[CardColor, dict[Card, frozenset[Card]]] = {}
    colors: tuple[CardColor, ...] = ("", *COLORS)
    for color in colors:
        row = table[color] = {}
        for top in ALL_CARDS:
            top_value = CARD_VALUE[top] if CARD_COLOR[top] else ""
            key = (color, top_value)
            if key not in shared:
                shared[key] = frozenset(c for c in ALL_CARDS if _matches_value(c, top_value, color))
            row[top] = shared[key]
    return table


PLAYABLE = _build_playable()
