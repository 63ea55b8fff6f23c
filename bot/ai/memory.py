"""What a computer player remembers of a round: only what its events and views showed.

The memory is small and JSON-able so that a saved game can restore its computer players:
the colour to match and the top card, how many cards of each colour lie in the discard
pile (the cards seen, for counting what is left unseen), and per opponent the last card
they played and the colours they drew on instead of playing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, cast

from bot.engine.cards import CARD_COLOR, Card
from bot.engine.events import Event

WILD = "w"
"""The key for wild cards in the discard counts (a wild has no colour)."""


def _color_key(card: Card) -> str:
    return CARD_COLOR[card] or WILD


@dataclass(slots=True)
class Memory:
    """One round's observations. ``lacks[p][c] = k``: ``p`` drew on their turn while
    ``c`` was the colour to match (so held none of it, if they play sensibly) and has
    taken ``k`` cards since, any of which may be ``c``."""

    round: int | None = None
    color: str = ""
    top: Card | None = None
    discarded: dict[str, int] = field(default_factory=dict)
    last_played: dict[str, Card] = field(default_factory=dict)
    lacks: dict[str, dict[str, int]] = field(default_factory=dict)
    wild4_by: str = ""
    wild4_before: str = ""
    """The colour that was current before the last Wild Draw Four: what a challenge judges."""
    wild4_hint: bool = False
    """Whether that card's player had played a card of ``wild4_before`` just before it."""

    def sync(self, view: dict[str, Any]) -> None:
        """Align with the view. A round this memory has not seen begin (a player seated
        mid-round, or events missed) starts from its top card alone."""
        if self.round != view["round"]:
            self._new_round(view["top"])
        self.round = view["round"]
        self.color = view["color"] or ""
        self.top = view["top"]

    def observe(self, events: Iterable[Event], me: str) -> None:
        for event in events:
            handler = _HANDLERS.get(event.kind)
            if handler is not None:
                handler(self, event, me)

    def _new_round(self, top: Card | None) -> None:
        self.top = top
        self.discarded = {_color_key(top): 1} if top else {}
        self.last_played.clear()
        self.lacks.clear()
        self.wild4_by = self.wild4_before = ""
        self.wild4_hint = False

    def _add_discards(self, cards: Iterable[Card]) -> None:
        for card in cards:
            key = _color_key(card)
            self.discarded[key] = self.discarded.get(key, 0) + 1

    def _forget(self, players: Iterable[str]) -> None:
        """A hand changed owner: what was known of it no longer belongs to its holder."""
        for player in players:
            self.last_played.pop(player, None)
            self.lacks.pop(player, None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "color": self.color,
            "top": self.top,
            "discarded": dict(self.discarded),
            "last_played": dict(self.last_played),
            "lacks": {p: dict(c) for p, c in self.lacks.items()},
            "wild4_by": self.wild4_by,
            "wild4_before": self.wild4_before,
            "wild4_hint": self.wild4_hint,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Memory:
        return cls(
            round=data.get("round"),
            color=str(data.get("color", "")),
            top=data.get("top"),
            discarded={str(k): int(v) for k, v in data.get("discarded", {}).items()},
            last_played={str(k): cast(Card, str(v))
                         for k, v in data.get("last_played", {}).items()},
            lacks={str(p): {str(c): int(n) for c, n in colors.items()}
                   for p, colors in data.get("lacks", {}).items()},
            wild4_by=str(data.get("wild4_by", "")),
            wild4_before=str(data.get("wild4_before", "")),
            wild4_hint=bool(data.get("wild4_hint", False)),
        )


def _dealt(memory: Memory, event: Event, me: str) -> None:
    if memory.round is not None:
        memory.round += 1
    memory._new_round(None)


def _start_card(memory: Memory, event: Event, me: str) -> None:
    if event.data and event.data.get("returned"):
        return
    memory._new_round(event.cards[0])
    memory.color = event.color or ""


def _played(memory: Memory, event: Event, me: str) -> None:
    last = event.cards[-1]
    player = event.player or ""
    if last == "wild4":
        before = memory.last_played.get(player)
        memory.wild4_by, memory.wild4_before = player, memory.color
        memory.wild4_hint = before is not None and CARD_COLOR[before] == memory.color
    memory._add_discards(event.cards)
    memory.top = last
    memory.color = event.color or memory.color
    memory.last_played[player] = last
    lacking = memory.lacks.get(player)
    if lacking:
        for card in event.cards:
            lacking.pop(CARD_COLOR[card], None)


def _drew(memory: Memory, event: Event, me: str) -> None:
    player = event.player or ""
    if player == me:
        return
    lacking = memory.lacks.setdefault(player, {})
    for color in lacking:
        lacking[color] += event.count
    if event.data and event.data.get("reason") == "turn" and memory.color:
        lacking[memory.color] = event.count


def _discarded(memory: Memory, event: Event, me: str) -> None:
    memory._add_discards(event.cards)


def _reshuffled(memory: Memory, event: Event, me: str) -> None:
    memory.discarded = {_color_key(memory.top): 1} if memory.top else {}


def _color_chosen(memory: Memory, event: Event, me: str) -> None:
    memory.color = event.color or memory.color


def _hands_swapped(memory: Memory, event: Event, me: str) -> None:
    memory._forget(p for p in (event.player, event.target) if p)


def _hands_passed(memory: Memory, event: Event, me: str) -> None:
    memory.last_played.clear()
    memory.lacks.clear()


_HANDLERS = {
    "dealt": _dealt,
    "start_card": _start_card,
    "played": _played,
    "blocked": _played,
    "drew": _drew,
    "discarded": _discarded,
    "reshuffled": _reshuffled,
    "color_chosen": _color_chosen,
    "hands_swapped": _hands_swapped,
    "hands_passed": _hands_passed,
}

