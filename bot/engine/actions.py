"""Actions: what a player (or the table) asks the game to do, as small immutable values.

An action is a named tuple: equal fields make equal actions, and comparing or hashing
one is done in C, which matters because ``apply`` looks every action up in the list of
legal ones.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple, cast, get_args

from bot.engine.cards import Card, Color

ActionKind = Literal[
    "play", "draw", "play_drawn", "keep", "uno", "catch", "challenge", "accept", "bff",
    "discard", "vote", "color", "timeout", "leave", "next_round",
]
"""What an action does, named as in the rule vectors (FORMAT.md)."""

TURN_ACTIONS: frozenset[ActionKind] = frozenset({"play", "draw", "play_drawn", "keep"})
"""Actions only the player whose turn it is may take (refused with ``not_your_turn``)."""

PLAYER_ACTIONS: frozenset[ActionKind] = frozenset(
    {*TURN_ACTIONS, "uno", "catch", "challenge", "accept", "bff", "discard", "vote", "color"}
)
"""Actions a player chooses. ``color`` names the colour of a wild turned as the start card."""

TABLE_ACTIONS: frozenset[ActionKind] = frozenset({"timeout", "leave", "next_round"})
"""Actions the table takes for a player (turn timer, leaving, dealing the next round).
``legal_actions`` never offers them; ``apply`` accepts them whenever they make sense."""
assert frozenset(get_args(ActionKind)) == PLAYER_ACTIONS | TABLE_ACTIONS


class Action(NamedTuple):
    """One action. ``do`` is the kind, named as in the rule vectors (FORMAT.md).

    A play of one card sets ``card``; a stack of several (stacking rule) sets ``cards``.
    ``color`` names the colour for a wild, ``target`` the player for a 7 in Seven-O or a
    Wild Swap Hands, ``laughed`` answers house rule 8's vote. ``discard`` lists ``cards``.
    """

    player: str
    do: ActionKind
    card: Card | None = None
    cards: tuple[Card, ...] | None = None
    color: Color | None = None
    target: str | None = None
    laughed: bool | None = None

    def played_cards(self) -> tuple[Card, ...]:
        """The cards a ``play`` lays, in order, whether given as ``card`` or ``cards``."""
        if self.cards:
            return self.cards
        return (self.card,) if self.card is not None else ()

    def to_dict(self) -> dict[str, Any]:
        """The vector form: ``{"player": "ana", "do": "play", "card": "r5"}``."""
        data: dict[str, Any] = {"player": self.player, "do": self.do}
        for key in ("card", "color", "target", "laughed"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        if self.cards is not None:
            data["cards"] = list(self.cards)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """The action a vector names. Its kind, cards and colour are taken as written,
        known or not: ``Game.apply`` refuses what makes no sense, and says why."""
        cards = data.get("cards")
        laughed = data.get("laughed")
        return cls(
            player=str(data["player"]),
            do=cast(ActionKind, str(data["do"])),
            card=cast(Card | None, _optional_str(data.get("card"))),
            cards=tuple(cast(Card, str(c)) for c in cards) if isinstance(cards, list) else None,
            color=cast(Color | None, _optional_str(data.get("color"))),
            target=_optional_str(data.get("target")),
            laughed=laughed if isinstance(laughed, bool) else None,
        )


def _optional_str(value: Any) -> str | None:
    return None if value is None else str(value)
