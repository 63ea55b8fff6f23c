"""The facts a decision needs, read once from a player's view."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.engine.cards import CARD_COLOR, COLORS, Card, Color

if TYPE_CHECKING:
    from bot.engine.game import Game

CLOSE_TO_OUT = 2
"""An opponent holding this many cards or fewer is close to going out."""


@dataclass(slots=True)
class Context:
    me: str
    hand: list[Card]
    counts: dict[str, int]
    """Cards held, per player still in the round (us included)."""
    order: list[str]
    color: str
    ruleset: str
    house_rules: dict[str, int]
    seven_o: bool
    next_player: str
    previous_player: str
    danger: bool = field(init=False)
    """Whether an opponent is close to going out (read once: a playout asks it per play)."""
    held: dict[str, int] = field(init=False)
    """Cards held per colour ('' for wild cards; a colour not held is missing), read
    once: every play scored asks it."""

    def __post_init__(self) -> None:
        self.danger = self.fewest_held() <= CLOSE_TO_OUT
        held: dict[str, int] = {}
        for card in self.hand:
            color = CARD_COLOR[card]
            held[color] = held.get(color, 0) + 1
        self.held = held

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Context:
        me = view["you"]
        order = [seat["id"] for seat in view["players"]]
        seat = order.index(me)
        step = view["direction"]
        return cls(
            me=me,
            hand=view["hand"],
            counts={s["id"]: s["cards"] for s in view["players"]},
            order=order,
            color=view["color"] or "",
            ruleset=view["ruleset"],
            house_rules=view["options"]["house_rules"],
            seven_o=view["options"]["seven_o"],
            next_player=order[(seat + step) % len(order)],
            previous_player=order[(seat - step) % len(order)],
        )

    @classmethod
    def from_world(cls, game: Game, me: str) -> Context:
        """The same facts read straight from a ``Game`` that is all guesses (a world of the
        ``hard`` level's search, never the real one): quicker than building a view."""
        order = game.players
        seat = order.index(me)
        step = game.direction
        return cls(
            me=me,
            hand=game.hands[me],
            counts={p: len(h) for p, h in game.hands.items()},
            order=order,
            color=game.color,
            ruleset=game.ruleset,
            house_rules=game.options.house_rules,
            seven_o=game.options.seven_o,
            next_player=order[(seat + step) % len(order)],
            previous_player=order[(seat - step) % len(order)],
        )

    def opponents(self) -> list[str]:
        return [p for p in self.order if p != self.me]

    def fewest_held(self) -> int:
        """The smallest hand among the opponents."""
        return min(n for p, n in self.counts.items() if p != self.me)

    def holds_color(self, color: str) -> bool:
        return color in self.held

    def favourite_color(self, cards: list[Card] | None = None) -> Color:
        """The colour held most (``COLORS`` order breaks ties), for naming a colour."""
        held = self.held if cards is None else Counter(CARD_COLOR[c] for c in cards)
        return max(COLORS, key=lambda c: held.get(c, 0))
