"""The facts a decision needs, read once from a player's view.

Under partners (RULES.md 12) the facts name the partner still seated, and, when the view
shows it (``partners_see_hands``), the partner's hand: the opponents are everyone else.
Without a partner every other player is an opponent, as in a free-for-all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.engine.cards import CARD_COLOR, Card

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
    direction: int
    partner: str | None = None
    """The partner still seated, under partners; None without one."""
    partner_hand: list[Card] | None = None
    """The partner's hand when we may see it (``partners_see_hands``); else None."""
    danger: bool = field(init=False)
    """Whether an opponent is close to going out (read once: a playout asks it per play)."""
    held: dict[str, int] = field(init=False)
    """Cards held per colour ('' for wild cards; a colour not held is missing), read
    once: every play scored asks it."""
    partner_held: dict[str, int] = field(init=False)
    """``held`` for the partner's hand when we see it; empty when we do not."""
    partner_close: bool = field(init=False)
    """Whether our partner is close to going out."""

    def __post_init__(self) -> None:
        self.danger = self.fewest_held() <= CLOSE_TO_OUT
        self.partner_close = self.partner is not None and \
            self.counts[self.partner] <= CLOSE_TO_OUT
        self.held = _by_colour(self.hand)
        self.partner_held = _by_colour(self.partner_hand or ())

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> Context:
        me = view["you"]
        order = [seat["id"] for seat in view["players"]]
        seat = order.index(me)
        step = view["direction"]
        partner = view.get("partner")
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
            direction=step,
            partner=partner,
            partner_hand=next((s["hand"] for s in view["players"]
                               if s["id"] == partner and "hand" in s), None),
        )

    @classmethod
    def from_world(cls, game: Game, me: str) -> Context:
        """The same facts read straight from a ``Game`` that is all guesses (a world of the
        ``hard`` level's search, never the real one): quicker than building a view."""
        order = game.players
        seat = order.index(me)
        step = game.direction
        partner = game.partner_of(me) if game.teams else None
        if partner not in game.hands:
            partner = None
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
            direction=step,
            partner=partner,
            partner_hand=game.hands[partner] if partner and game.options.partners_see_hands
            else None,
        )

    def opponents(self) -> list[str]:
        return [p for p in self.order if p != self.me and p != self.partner]

    def fewest_held(self) -> int:
        """The smallest hand among the opponents."""
        return min(n for p, n in self.counts.items() if p != self.me and p != self.partner)

    def holds_color(self, color: str) -> bool:
        return color in self.held

    def seat_after(self, player: str, steps: int) -> str:
        """The player ``steps`` seats on from ``player`` in the direction of play."""
        return self.order[(self.order.index(player) + steps * self.direction) % len(self.order)]

    def laughs_at(self, teller: str | None) -> bool:
        """A laugh at a joke (house rule 8) lets its teller discard down to one card:
        worth giving our partner only."""
        return teller is not None and teller == self.partner


def _by_colour(cards: Iterable[Card]) -> dict[str, int]:
    held: dict[str, int] = {}
    for card in cards:
        color = CARD_COLOR[card]
        held[color] = held.get(color, 0) + 1
    return held
