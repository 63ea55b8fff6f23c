"""What a computer player remembers of a round: only what its events and views showed.

The memory is small and JSON-able so that a saved game can restore its computer players:
the colour to match and the top card, the cards in the discard pile (the cards seen,
for counting what is left unseen), and per opponent the last card they played, the
colours they drew on instead of playing (and what else a draw or a wild card says they
lacked), the cards we know they hold (a hand we traded
to them with a Seven-O 7 or 0 or a Wild Swap Hands, a hand a challenge showed us) and a
colour they probably hold (one they named with a wild, or were caught bluffing on).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, cast

from bot.ai.context import CLOSE_TO_OUT
from bot.engine.cards import CARD_COLOR, CARD_VALUE, Card
from bot.engine.events import Event


@dataclass(slots=True)
class Memory:
    """One round's observations. ``lacks[p][c] = k``: ``p`` drew on their turn while
    ``c`` was the colour to match (so held none of it, if they play sensibly) and has
    taken ``k`` cards since, any of which may be ``c``. ``seems_to_lack`` reads more
    into the same draws and into wild cards played (``_lacking_before``), for the
    ``hard`` level's deals only: ``normal`` judges a challenge by ``lacks`` alone."""

    round: int | None = None
    color: str = ""
    top: Card | None = None
    pile: dict[Card, int] = field(default_factory=dict)
    """The cards in the discard pile, each with how many of it."""
    last_played: dict[str, Card] = field(default_factory=dict)
    lacks: dict[str, dict[str, int]] = field(default_factory=dict)
    seems_to_lack: dict[str, dict[str, int]] = field(default_factory=dict)
    """Like ``lacks``, keyed by a colour, '' (any wild card) or a card's value (a number,
    a symbol, ``wild4``): what a player who plays as ``normal`` did not hold when they
    drew on their turn (nothing that could be played: no card of the colour, none of the
    top card's number or symbol, no wild card) or laid a wild card (the colour before
    it; unless an opponent was close to going out, when wild cards are worth shedding,
    the number or symbol too, and after a Wild, a Wild Draw Four), with the cards they
    took since."""
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
    held: dict[str, int] = field(default_factory=dict)
    """How many cards each player held at the last view: who was close to going out."""
    partners: dict[str, str] = field(default_factory=dict)
    """Under partners, each player's partner (from the view's teams): a player's own
    partner close to going out does not press them."""
    drawn_by: str = ""
    """The opponent whose turn's draw was the last event of the turn: a play of theirs
    now is the card drawn, and leaves the hand that drew (``_played``); the turn moving
    on without one says the card drawn could not be played either (``_passed``)."""

    def sync(self, view: dict[str, Any]) -> None:
        """Align with the view. A round this memory has not seen begin (a player seated
        mid-round, or events missed) starts from its top card alone."""
        if self.round != view["round"]:
            self._new_round(view["top"])
        if self.drawn_by and view["current"] != self.drawn_by:
            self._passed()
        self.round = view["round"]
        self.color = view["color"] or ""
        self.top = view["top"]
        self.hand = list(view["hand"])
        self.seats = [seat["id"] for seat in view["players"]]
        self.held = {seat["id"]: seat["cards"] for seat in view["players"]}
        self.partners = {p: q for a, b in view.get("teams", ()) for p, q in ((a, b), (b, a))}

    def discarded_of(self, color: str) -> int:
        """How many cards of ``color`` lie in the discard pile."""
        return sum(n for card, n in self.pile.items() if CARD_COLOR[card] == color)

    def observe(self, events: Iterable[Event], me: str) -> None:
        for event in events:
            if self.drawn_by and _turn_moved_on(event, self.drawn_by):
                self._passed()
            handler = _HANDLERS.get(event.kind)
            if handler is not None:
                handler(self, event, me)
            if event.kind not in _BESIDE_THE_TURN:
                self.drawn_by = ""

    def _passed(self) -> None:
        """``drawn_by``'s turn ended with neither the card drawn played nor kept: the
        engine offers a card drawn that can be played, so none drawn could be. The pile
        is as it was when they drew (nothing was laid since)."""
        seeming = self.seems_to_lack.get(self.drawn_by, {})
        for key in _playable_kinds(self):
            if key in seeming:
                seeming[key] = 0
        self.drawn_by = ""

    def _new_round(self, top: Card | None) -> None:
        self.top = top
        self.pile = {top: 1} if top else {}
        self.last_played.clear()
        self.lacks.clear()
        self.seems_to_lack.clear()
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
            self.seems_to_lack.pop(player, None)
            self.likely.pop(player, None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "color": self.color,
            "top": self.top,
            "pile": dict(self.pile),
            "last_played": dict(self.last_played),
            "lacks": {p: dict(c) for p, c in self.lacks.items()},
            "seems_to_lack": {p: dict(c) for p, c in self.seems_to_lack.items()},
            "wild4_by": self.wild4_by,
            "wild4_before": self.wild4_before,
            "wild4_hint": self.wild4_hint,
            "known": {p: list(cards) for p, cards in self.known.items()},
            "likely": dict(self.likely),
            "hand": list(self.hand),
            "seats": list(self.seats),
            "held": dict(self.held),
            "partners": dict(self.partners),
            "drawn_by": self.drawn_by,
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
            lacks=_counts_by_player(data.get("lacks", {})),
            seems_to_lack=_counts_by_player(data.get("seems_to_lack", {})),
            wild4_by=str(data.get("wild4_by", "")),
            wild4_before=str(data.get("wild4_before", "")),
            wild4_hint=bool(data.get("wild4_hint", False)),
            known={str(p): [cast(Card, str(c)) for c in cards]
                   for p, cards in data.get("known", {}).items()},
            likely={str(p): str(c) for p, c in data.get("likely", {}).items()},
            hand=[cast(Card, str(c)) for c in data.get("hand", [])],
            seats=[str(p) for p in data.get("seats", [])],
            held={str(p): int(n) for p, n in data.get("held", {}).items()},
            partners={str(p): str(q) for p, q in data.get("partners", {}).items()},
            drawn_by=str(data.get("drawn_by", "")),
        )


def _counts_by_player(data: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    return {str(p): {str(c): int(n) for c, n in counts.items()} for p, counts in data.items()}


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
    lacking_before = _lacking_before(memory, player, event.cards)
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
    seeming = memory.seems_to_lack.get(player)
    if seeming and player == memory.drawn_by:
        for key, since in seeming.items():  # the card drawn, played: the rest is as it was
            seeming[key] = max(0, since - 1)
    elif seeming:
        for card in event.cards:
            seeming.pop(CARD_COLOR[card], None)
            seeming.pop(CARD_VALUE[card], None)
    if lacking_before and player != me:
        memory.seems_to_lack.setdefault(player, {}).update(dict.fromkeys(lacking_before, 0))


def _lacking_before(memory: Memory, player: str, cards: tuple[Card, ...]) -> list[str]:
    """What ``player``, laying ``cards`` on the pile as it was, showed they held none of if
    they play as ``normal`` does. While no opponent of theirs is close to going out, it
    keeps wild cards: it lays one only when no card of the colour or of the top card's
    number or symbol can be played, and a Wild Draw Four rather than a Wild. When one is,
    it sheds a Wild (50 points) before any number card. It never bluffs a Wild Draw Four.
    Nothing for a card laid on its twin (maybe a jump-in, made with any hand) or with
    the seats' hand sizes unknown. Under partners only the player's opponents press it."""
    card = cards[-1]
    partner = memory.partners.get(player)
    others = [n for p, n in memory.held.items() if p != player and p != partner]
    if card == memory.top or not memory.color or not others or len(cards) > 1:
        return []
    pressed = min(others) <= CLOSE_TO_OUT
    if card not in ("wild", "wild4"):
        return ["wild"] if pressed and CARD_VALUE[card] in _PLAIN_NUMBERS else []
    if pressed:
        return [memory.color] if card == "wild4" else []
    return [memory.color, *(["wild4"] if card == "wild" else []), *_top_value(memory)]


_PLAIN_NUMBERS = frozenset("12345689")
"""Numbers that do nothing (a Seven-O 7 or 0 trades hands, which may be worth more)."""


_BESIDE_THE_TURN = frozenset({"drew", "uno_called", "uno_needless", "caught", "catch_missed"})
"""Events that leave ``drawn_by`` as it is: more cards drawn, and shouts made beside the
turn (a catch's penalty draw among them)."""


def _turn_moved_on(event: Event, drawer: str) -> bool:
    """Whether ``event`` is another player's turn begun: a card laid or a card drawn on
    their turn (a jump-in, which may take a turn from anyone, clears ``drawn_by`` first)."""
    if event.player == drawer:
        return False
    if event.kind in ("played", "blocked"):
        return True
    return event.kind == "drew" and (event.data or {}).get("reason") == "turn"


def _drew(memory: Memory, event: Event, me: str) -> None:
    player = event.player or ""
    if player == me:
        memory.hand += event.cards
        return
    lacking = memory.lacks.setdefault(player, {})
    for color in lacking:
        lacking[color] += event.count
    seeming = memory.seems_to_lack.setdefault(player, {})
    for key in seeming:
        seeming[key] += event.count
    if event.data and event.data.get("reason") == "turn" and memory.color:
        lacking[memory.color] = event.count
        seeming.update(dict.fromkeys(_playable_kinds(memory), event.count))
        memory.drawn_by = player


def _playable_kinds(memory: Memory) -> list[str]:
    """The colour, the top card's number or symbol and '' (the wild cards): what could be
    played on the pile as it is."""
    return [memory.color, "", *_top_value(memory)]


def _top_value(memory: Memory) -> list[str]:
    """The top card's number or symbol, when it is a coloured card (a wild matches by
    the colour named alone)."""
    top = memory.top
    return [CARD_VALUE[top]] if top and CARD_COLOR[top] else []


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
    memory.seems_to_lack.clear()
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
        memory.seems_to_lack.get(player, {}).pop(color, None)
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

