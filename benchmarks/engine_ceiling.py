"""How fast can a pure-Python engine play? Two stand-ins bound issue 11's "2x RLCard" aim.

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python -m benchmarks.engine_ceiling [--games 300] [--repeats 9]

Both stand-ins play classic UNO, 4 players, with the harness of ``benchmarks/engine.py``
(the same random policy, the same count of games, CPU time, interleaved with our engine
and RLCard's ``UnoGame``). They reuse the engine's tables (``PLAYABLE``, the deck, the
seed-and-counter shuffle) and its shared ``Action`` values, built once per player.

- ``bare`` has the turn rules and nothing else: no check of the action it is given, no
  events, no UNO or catch bookkeeping, no options.
- ``lean`` adds what the engine's contract asks of every action: the legal actions
  worked out once per state version, ``apply`` taking only a listed action, the
  ``Waiting`` value, UNO calls and catch windows kept true, and the events a player is
  shown (``played``, ``drew``).

Neither is a rules engine: both skip what random classic play rarely or never reaches
(options, house rules, a challenge's verdict, the start card's effect, scoring). Each
does less work per action than an engine that keeps every rule, so its speed is a
ceiling for ours, not a target.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable

from benchmarks.engine import PLAYERS, choose, ours, theirs, timed
from bot.engine import Action
from bot.engine.actions import ActionKind
from bot.engine.cards import (
    ALL_CARDS,
    CARD_COLOR,
    CARD_VALUE,
    COLORS,
    Card,
    CardColor,
    build_deck,
)
from bot.engine.checks import PLAYABLE
from bot.engine.events import Event
from bot.engine.phase import Phase, Waiting
from bot.engine.rng import SeedCounter

_HAND = 7


class _Offers:
    """One player's actions, built once: the bare ones and the plays of every card."""

    __slots__ = ("accept", "challenge", "draw", "drawn_plays", "keep", "plays", "uno")

    def __init__(self, player: str) -> None:
        self.draw, self.keep, self.uno, self.accept, self.challenge = (
            Action(player, do) for do in ("draw", "keep", "uno", "accept", "challenge"))
        self.plays = {card: _plays(player, "play", card) for card in ALL_CARDS}
        self.drawn_plays = {card: _plays(player, "play_drawn", card) for card in ALL_CARDS}


def _plays(player: str, do: ActionKind, card: Card) -> tuple[Action, ...]:
    if CARD_COLOR[card]:
        return (Action(player, do, card=card),)
    return tuple(Action(player, do, card=card, color=c) for c in COLORS)


_OFFERS = {player: _Offers(player) for player in PLAYERS}


class Bare:
    """The turn rules of classic UNO and nothing else."""

    __slots__ = ("color", "current", "direction", "discard", "draw_pile", "drawn", "hands",
                 "over", "pending", "players", "rng")

    def __init__(self, seed: int) -> None:
        self.rng = SeedCounter(seed)
        deck = build_deck("classic")
        self.rng.shuffle(deck)
        self.players = PLAYERS
        self.hands = {p: deck[i * _HAND:(i + 1) * _HAND] for i, p in enumerate(PLAYERS)}
        del deck[:_HAND * len(PLAYERS)]
        while deck[-1] == "wild4":
            self.rng.shuffle(deck)
        self.discard = [deck.pop()]
        self.draw_pile = deck
        self.color: CardColor = CARD_COLOR[self.discard[-1]] or "r"
        self.current, self.direction = PLAYERS[0], 1
        self.drawn: Card | None = None
        self.pending = 0
        self.over = False

    def legal(self, player: str) -> list[Action]:
        mine = _OFFERS[player]
        hand = self.hands[player]
        actions = [mine.uno] if len(hand) <= 2 else []
        if self.pending:
            actions += (mine.accept, mine.challenge)
        elif self.drawn is not None:
            actions += mine.drawn_plays[self.drawn]
            actions.append(mine.keep)
        else:
            playable = PLAYABLE[self.color][self.discard[-1]]
            plays = mine.plays
            for card in hand:
                if card in playable:
                    actions += plays[card]
            actions.append(mine.draw)
        return actions

    def seat_after(self, steps: int = 1) -> str:
        seats = self.players
        return seats[(seats.index(self.current) + steps * self.direction) % len(seats)]

    def take(self, player: str, count: int) -> None:
        for _ in range(count):
            if not self.draw_pile:
                top = self.discard.pop()
                self.rng.shuffle(self.discard)
                self.draw_pile, self.discard = self.discard, [top]
                if not self.draw_pile:
                    return
            self.hands[player].append(self.draw_pile.pop())

    def step(self, action: Action) -> None:
        do, player = action.do, action.player
        if do == "draw":
            self.take(player, 1)
            card = self.hands[player][-1]
            if card in PLAYABLE[self.color][self.discard[-1]]:
                self.drawn = card
            else:
                self.current = self.seat_after()
        elif do == "keep":
            self.drawn = None
            self.current = self.seat_after()
        elif do in ("accept", "challenge"):
            self.take(player, self.pending)
            self.pending = 0
            self.current = self.seat_after()
        else:
            self.play(player, action)

    def play(self, player: str, action: Action) -> None:
        self.drawn = None
        card = action.card
        assert card is not None
        hand = self.hands[player]
        hand.remove(card)
        self.discard.append(card)
        self.color = CARD_COLOR[card] or action.color or ""
        if not hand:
            self.over = True
            return
        value = CARD_VALUE[card]
        if value == "skip":
            self.current = self.seat_after(2)
        elif value == "reverse":
            self.direction = -self.direction
            self.current = self.seat_after()
        elif value == "draw2":
            self.current = self.seat_after()
            self.take(self.current, 2)
            self.current = self.seat_after()
        else:
            self.pending = 4 if value == "wild4" else 0
            self.current = self.seat_after()


_WAITINGS: dict[tuple[Phase, str], Waiting] = {
    (phase, p): Waiting(phase, (p,))
    for phase in (Phase.TURN, Phase.ANSWER_DRAW, Phase.DRAWN_CARD) for p in PLAYERS
}


class Lean(Bare):
    """``Bare`` and what the engine's contract asks of every action."""

    __slots__ = ("_legal", "_legal_version", "_waiting", "catch_window", "uno_called",
                 "version")

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.uno_called: set[str] = set()
        self.catch_window: set[str] = set()
        self.version = 0
        self._legal_version = -1
        self._legal: dict[str, list[Action]] = {}
        self._waiting = _WAITINGS[Phase.TURN, self.current]

    @property
    def waiting(self) -> Waiting:
        if self._legal_version != self.version:
            self._new_version()
        return self._waiting

    def _new_version(self) -> None:
        self._legal_version, self._legal = self.version, {}
        phase = (Phase.ANSWER_DRAW if self.pending else
                 Phase.DRAWN_CARD if self.drawn is not None else Phase.TURN)
        self._waiting = _WAITINGS[phase, self.current]

    def legal_actions(self, player: str) -> list[Action]:
        if self._legal_version != self.version:
            self._new_version()
        listed = self._legal.get(player)
        if listed is None:
            listed = self._legal[player] = self.legal(player)
            if self.catch_window:
                listed += (Action(player, "catch", target=t) for t in self.catch_window
                           if t != player and t not in self.uno_called)
        return list(listed)

    def apply(self, action: Action) -> list[Event]:
        listed = self._legal.get(action.player) if self._legal_version == self.version else None
        if listed is None or action not in listed:
            raise ValueError(f"not offered: {action}")
        events: list[Event] = []
        player = action.player
        if action.do != "accept" and self.catch_window:
            self.catch_window.clear()
        if action.do in ("draw", "accept", "challenge"):
            before = len(self.hands[player])
            self.step(action)
            events.append(Event("drew", player, tuple(self.hands[player][before:]),
                                len(self.hands[player]) - before, None, None, (player,)))
        else:
            self.step(action)
            if action.card is not None:
                events.append(Event("played", player, (action.card,), 1, self.color))
        self._hand_changed(player)
        self.version += 1
        return events

    def _hand_changed(self, player: str) -> None:
        size = len(self.hands[player])
        if size > 2:
            self.uno_called.discard(player)
            self.catch_window.discard(player)
        elif size == 1 and player not in self.uno_called:
            self.catch_window.add(player)


def play_bare(seed: int) -> int:
    game = Bare(seed)
    rand = random.Random(seed).random
    actions = 0
    while not game.over:
        game.step(choose(rand, game.legal(game.current)))
        actions += 1
    return actions


def play_lean(seed: int) -> int:
    game = Lean(seed)
    rand = random.Random(seed).random
    actions = 0
    while not game.over:
        waiting = game.waiting.players
        player = waiting[0] if len(waiting) == 1 else waiting[int(rand() * len(waiting))]
        game.apply(choose(rand, game.legal_actions(player)))
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description="pure-Python ceilings beside our engine")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=9)
    args = parser.parse_args()
    try:
        import rlcard
    except ImportError:
        raise SystemExit("RLCard is not installed: pip install -e '.[bench]'") from None
    runs: dict[str, Callable[[int], int]] = {
        "bare": lambda games: sum(map(play_bare, range(games))),
        "lean": lambda games: sum(map(play_lean, range(games))),
        "ours": ours,
        "rlcard": theirs,
    }
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
    for _ in range(args.repeats):
        for name, run in runs.items():
            figures[name].append(timed(run, args.games))
    rlcard = statistics.median(rate for rate, _ in figures["rlcard"])
    print(f"classic, 4 players, random legal play; {args.games} games x {args.repeats} "
          "repetitions, interleaved, CPU time (median)")
    for name, runs_done in figures.items():
        rate = statistics.median(r for r, _ in runs_done)
        per_action = statistics.median(u for _, u in runs_done)
        print(f"  {name:<7}{rate:>9.0f} games/s {per_action:>7.2f} us/action "
              f"{rate / rlcard:>6.2f}x RLCard")


if __name__ == "__main__":
    main()
