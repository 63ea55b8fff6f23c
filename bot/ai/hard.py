"""The ``hard`` level: determinized search (information-set Monte Carlo).

On its turn, or when a draw waits on it, it deals the cards it cannot see in ways that
agree with what its seat saw (``determinize``), tries each legal action in each such
world, plays the world out to the end of the round (``playout``) and takes the action
that won most often. Everything else (UNO calls and catches, which always pay; discards,
votes, the start colour; a jump-in out of turn) it decides as ``normal`` does, at once.

A decision to search is a ``Question``: the view, the legal actions, the memory and a
seed, all plain data, so that another process can ``answer`` it (``bot.game.thinking``)
and the same question always gets the same answer. ``playouts`` is the budget in
playouts, ``deadline`` (``time.monotonic``) a limit in time; the search stops at
whichever comes first.

The budget is spent by successive halving: every action is tried in the same worlds
(so the comparison is fair), then the worse half is dropped, round after round, so the
best candidates get most of the playouts.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

from bot.ai.determinize import agrees, deal_hidden, unseen_cards, world
from bot.ai.memory import Memory
from bot.ai.normal import choose_normal
from bot.ai.playout import play_out
from bot.ai.rng import SplitMix
from bot.engine.actions import Action
from bot.engine.cards import Card

PLAYOUTS = 400
"""The default budget of one decision, in playouts."""
SEARCHED = frozenset({"play", "draw", "play_drawn", "keep", "challenge", "accept", "bff"})
"""Decisions worth a search; any other the game waits on is decided as ``normal`` does."""
AT_ONCE = frozenset({"uno", "catch", "discard", "vote", "color"})


@dataclass(frozen=True, slots=True)
class Question:
    """One decision to search, in plain data (it crosses to a worker process)."""

    view: dict[str, Any]
    legal: tuple[Action, ...]
    memory: dict[str, Any]
    seed: int
    playouts: int


def question_for(
    view: dict[str, Any], legal: list[Action], memory: Memory, rng: SplitMix, playouts: int
) -> Question | None:
    """The search this decision deserves, or ``None`` when ``normal``'s answer is as good:
    the game does not wait on us, a shout or a discard is offered, or there is one choice."""
    if view["you"] not in view["waiting_for"] or len(legal) < 2:
        return None
    kinds = {action.do for action in legal}
    if kinds & AT_ONCE or not kinds & SEARCHED:
        return None
    return Question(view, tuple(legal), memory.to_dict(), rng.next(), playouts)


def answer(question: Question, deadline: float | None = None) -> Action | None:
    """The action the search finds best, or ``None`` when it cannot search (the memory
    does not account for every card, or the time ran out before one world was played)."""
    view, legal = question.view, list(question.legal)
    memory = Memory.from_dict(question.memory)
    unseen = unseen_cards(view, memory)
    if unseen is None:
        return None
    usual = choose_normal(view, legal, memory, SplitMix(question.seed))
    search = _Search(view, legal, memory, unseen, SplitMix(question.seed ^ 0x5EA4C4))
    if not search.possible():
        return None
    survivors = list(dict.fromkeys(legal))
    rounds = max(1, math.ceil(math.log2(len(survivors))))
    for round_number in range(rounds):
        sweeps = max(1, question.playouts // (rounds * len(survivors)))
        for _ in range(sweeps):
            if deadline is not None and time.monotonic() > deadline:
                return search.best(survivors, usual) if search.played else None
            search.sweep(survivors)
        if round_number < rounds - 1:
            survivors = search.ranked(survivors)[: math.ceil(len(survivors) / 2)]
    return search.best(survivors, usual)


class _Search:
    """The running totals of one decision's playouts, per candidate action."""

    def __init__(self, view: dict[str, Any], legal: list[Action], memory: Memory,
                 unseen: list[Card], rng: SplitMix) -> None:
        self.view, self.legal, self.memory, self.unseen, self.rng = view, legal, memory, unseen, rng
        self.me: str = view["you"]
        self.total: dict[Action, float] = {}
        self.count: dict[Action, int] = {}
        self.played = 0

    def possible(self) -> bool:
        """Whether a world built from this view offers exactly our legal actions."""
        hands, draw = deal_hidden(self.view, self.unseen, self.memory, SplitMix(0))
        return agrees(world(self.view, self.memory, hands, draw, 0), self.me, self.legal)

    def sweep(self, candidates: list[Action]) -> None:
        """One new world, every candidate tried in it with the same later luck."""
        hands, draw = deal_hidden(self.view, self.unseen, self.memory, self.rng)
        luck = self.rng.next()
        for action in candidates:
            game = world(self.view, self.memory, hands, draw, luck)
            game.apply(action)
            value = play_out(game, self.me, SplitMix(luck))
            self.total[action] = self.total.get(action, 0.0) + value
            self.count[action] = self.count.get(action, 0) + 1
        self.played += len(candidates)

    def mean(self, action: Action) -> float:
        return self.total.get(action, 0.0) / max(1, self.count.get(action, 0))

    def ranked(self, candidates: list[Action]) -> list[Action]:
        return sorted(candidates, key=self.mean, reverse=True)

    def best(self, candidates: list[Action], usual: Action | None) -> Action:
        """The best mean; ``normal``'s choice among equals."""
        top = max(self.mean(a) for a in candidates)
        tied = [a for a in candidates if self.mean(a) == top]
        return usual if usual in tied else tied[0]
