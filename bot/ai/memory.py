"""What a computer player remembers of a round: only what its events and views showed.

The memory is small and JSON-able so that a saved game can restore its computer players:
the colour to match and the top card, the cards in the discard pile (the cards seen,
for counting what is left unseen), and per opponent the last card they played, the
colours they drew on instead of playing, the cards we know they hold (a hand we traded
to them with a Seven-O 7 or 0 or a Wild Swap Hands, a hand a challenge showed us) and a
colour they probably hold (one they named with a wild, or were caught bluffing on).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, cast

from bot.engine.cards import CARD_COLOR, Card
from bot.engine.events import Event


@dataclass(slots=True)
class Memory:
    """One round's observations. ``lacks[p][c] = k``: ``p`` drew on their turn while
    ``c`` was the colour to match (so held none of it, if they play sensibly) and has
    taken ``k`` cards since, any of which may be ``c``."""

    round: int | None = None
    color: str = ""
    top: Card | None = None
    pile: dict[Card, int] = field(default_factory=dict)
    """The cards in the discard pile, each with how many of it."""
    last_played: dict[str, Card] = field(default_factory=dict)
    lacks: dict[str, dict[str, int]] = field(default_factory=dict)
    wild4_by: str = ""
    wild4_before: str = ""
    """The colour that was current before the last Wild Draw Four: what a challenge judges."""
    wild4_hint: bool = False
    """Whether that card's player had played a card of ``wild4_before`` just before it."""
    known: dict[str, list[Card]] = field(default_factory=dict)
    """Cards each opponent surely holds: a hand we gave them, a hand shown to us."""
    likely: dict[str, str] = field(default_factory=dict)
    """A colour each opponent probably holds: named with a wild, or caught bluffing on."""
    hand: list[Card] = field(default_factory=list)
    """Our own hand at the last view, less what we played since: the hand a trade gives away."""
    seats: list[str] = field(default_factory=list)
    """The seating order at the last view, for where a Seven-O 0 passes the hands."""

    def sync(self, view: dict[str, Any]) -> None:
        """Align with the view. A round this memory has not seen begin (a player seated
        mid-round, or events missed) starts from its top card alone."""
        if self.round != view["round"]:
            self._new_round(view["top"])
        self.round = view["round"]
        self.color = view["color"] or ""
        self.top = view["top"]
        self.hand = list(view["hand"])
        self.seats = [seat["id"] for seat in view["players"]]

    def discarded_of(self, color: str) -> int:
        """How many cards of ``color`` lie in the discard pile."""
        return sum(n for card, n in self.pile.items() if CARD_COLOR[card] == color)

    def observe(self, events: Iterable[Event], me: str) -> None:
        for event in events:
            handler = _HANDLERS.get(event.kind)
            if handler is not None:
                handler(self, event, me)

    def _new_round(self, top: Card | None) -> None:
        self.top = top
        self.pile = {top: 1} if top else {}
        self.last_played.clear()
        self.lacks.clear()
        self.known.clear()
        self.likely.clear()
        self.wild4_by = self.wild4_before = ""
        self.wild4_hint = False

    def _add_discards(self, player: str | None, cards: Iterable[Card]) -> None:
        known = self.known.get(player or "")
        for card in cards:
            self.pile[card] = self.pile.get(card, 0) + 1
            if known and card in known:
                known.remove(card)

    def _forget(self, players: Iterable[str]) -> None:
        """A hand changed owner: what was known of it no longer belongs to its holder."""
        for player in players:
            self.last_played.pop(player, None)
            self.lacks.pop(player, None)
            self.likely.pop(player, None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "color": self.color,
            "top": self.top,
            "pile": dict(self.pile),
            "last_played": dict(self.last_played),
            "lacks": {p: dict(c) for p, c in self.lacks.items()},
            "wild4_by": self.wild4_by,
            "wild4_before": self.wild4_before,
            "wild4_hint": self.wild4_hint,
            "known": {p: list(cards) for p, cards in self.known.items()},
            "likely": dict(self.likely),
            "hand": list(self.hand),
            "seats": list(self.seats),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Memory:
        return cls(
            round=data.get("round"),
            color=str(data.get("color", "")),
            top=data.get("top"),
            pile={cast(Card, str(k)): int(v) for k, v in data.get("pile", {}).items()},
            last_played={str(k): cast(Card, str(v))
                         for k, v in data.get("last_played", {}).items()},
            lacks={str(p): {str(c): int(n) for c, n in colors.items()}
                   for p, colors in data.get("lacks", {}).items()},
            wild4_by=str(data.get("wild4_by", "")),
            wild4_before=str(data.get("wild4_before", "")),
            wild4_hint=bool(data.get("wild4_hint", False)),
            known={str(p): [cast(Card, str(c)) for c in cards]
                   for p, cards in data.get("known", {}).items()},
            likely={str(p): str(c) for p, c in data.get("likely", {}).items()},
            hand=[cast(Card, str(c)) for c in data.get("hand", [])],
            seats=[str(p) for p in data.get("seats", [])],
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
    memory._add_discards(player, event.cards)
    memory.top = last
    memory.color = event.color or memory.color
    memory.last_played[player] = last
    if player == me:
        for card in event.cards:
            if card in memory.hand:
                memory.hand.remove(card)
    if event.color and not CARD_COLOR[last]:
        memory.likely[player] = event.color
    lacking = memory.lacks.get(player)
    if lacking:
        for card in event.cards:
            lacking.pop(CARD_COLOR[card], None)


def _drew(memory: Memory, event: Event, me: str) -> None:
    player = event.player or ""
    if player == me:
        memory.hand += event.cards
        return
    lacking = memory.lacks.setdefault(player, {})
    for color in lacking:
        lacking[color] += event.count
    if event.data and event.data.get("reason") == "turn" and memory.color:
        lacking[memory.color] = event.count


def _discarded(memory: Memory, event: Event, me: str) -> None:
    memory._add_discards(event.player, event.cards)


def _reshuffled(memory: Memory, event: Event, me: str) -> None:
    memory.pile = {memory.top: 1} if memory.top else {}


def _color_chosen(memory: Memory, event: Event, me: str) -> None:
    memory.color = event.color or memory.color


def _hands_swapped(memory: Memory, event: Event, me: str) -> None:
    player, target = event.player or "", event.target or ""
    memory._forget((player, target))
    known = memory.known
    theirs, mine = known.pop(target, None), known.pop(player, None)
    if theirs is not None:
        known[player] = theirs
    if mine is not None:
        known[target] = mine
    if me in (player, target):
        known[target if me == player else player] = list(memory.hand)


def _hands_passed(memory: Memory, event: Event, me: str) -> None:
    """Every hand moved one seat on in the direction of play: so did what we knew of it."""
    memory.last_played.clear()
    memory.lacks.clear()
    memory.likely.clear()
    seats = memory.seats
    if me not in seats:
        memory.known.clear()
        return
    step = (event.data or {}).get("direction", 1)
    known = {p: list(memory.hand) if p == me else memory.known.get(p) for p in seats}
    memory.known = {seats[(seats.index(p) + step) % len(seats)]: cards
                    for p, cards in known.items() if cards is not None}
    memory.known.pop(me, None)


def _challenged(memory: Memory, event: Event, me: str) -> None:
    """The outcome is public: innocent, the player held none of the colour (as after a
    draw, none since); guilty, they held some of it and hold it still."""
    data = event.data or {}
    player, color = event.target or "", str(data.get("color") or "")
    if not color:
        return
    if data.get("guilty"):
        memory.likely[player] = color
    else:
        memory.lacks.setdefault(player, {})[color] = 0


def _hand_revealed(memory: Memory, event: Event, me: str) -> None:
    if event.cards and event.player and event.player != me:
        memory.known[event.player] = list(event.cards)


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
    "challenged": _challenged,
    "hand_revealed": _hand_revealed,
}

