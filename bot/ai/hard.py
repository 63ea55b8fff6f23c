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
best candidates get most of the playouts. ``normal``'s choice is never dropped, and is
what the search plays unless another action did better in the same worlds by a margin
the playouts make sure of (``SURE``): a few hundred playouts are noisy, and ``normal``
is a good player, so the search overrules it only where it has seen it is wrong.
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

PLAYOUTS = 1000
"""The default budget of one decision, in playouts."""
SEARCHED = frozenset({"play", "draw", "play_drawn", "keep", "challenge", "accept", "bff"})
"""Decisions worth a search; any other the game waits on is decided as ``normal`` does."""
AT_ONCE = frozenset({"uno", "catch", "discard", "vote", "color"})
SURE = 1.3
"""How many standard errors an action's gain over ``normal``'s choice must clear."""


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
    if usual is None or not search.possible():
        return None
    others = [a for a in dict.fromkeys(legal) if a != usual]
    rounds = max(1, math.ceil(math.log2(len(others) + 1)))
    for round_number in range(rounds):
        sweeps = max(1, question.playouts // (rounds * (len(others) + 1)))
        for _ in range(sweeps):
            if deadline is not None and time.monotonic() > deadline:
                return search.best(usual, others) if search.values[usual] else None
            search.sweep([usual, *others])
        if round_number < rounds - 1:
            others = search.ranked(usual, others)[: math.ceil(len(others) / 2)]
    return search.best(usual, others)


class _Search:
    """The playouts of one decision: each candidate's results, world by world."""

    def __init__(self, view: dict[str, Any], legal: list[Action], memory: Memory,
                 unseen: list[Card], rng: SplitMix) -> None:
        self.view, self.legal, self.memory, self.unseen, self.rng = view, legal, memory, unseen, rng
        self.me: str = view["you"]
        self.values: dict[Action, list[float]] = {action: [] for action in legal}

    def possible(self) -> bool:
        """Whether a world built from this view offers exactly our legal actions."""
        hands, draw = deal_hidden(self.view, self.unseen, self.memory, SplitMix(0))
        return agrees(world(self.view, self.memory, hands, draw, 0), self.me, self.legal)

    def sweep(self, candidates: list[Action]) -> None:
        """One new world, every candidate tried in it with the same later luck. The first
        candidate (``normal``'s choice) is in every sweep."""
        hands, draw = deal_hidden(self.view, self.unseen, self.memory, self.rng)
        luck = self.rng.next()
        for action in candidates:
            game = world(self.view, self.memory, hands, draw, luck)
            game.apply(action)
            self.values[action].append(play_out(game, self.me, SplitMix(luck)))

    def gain(self, usual: Action, action: Action) -> tuple[float, float]:
        """How much better ``action`` did than ``usual`` in the worlds both were tried in (the
        first ones: a candidate dropped is tried no more):
        the mean difference and its standard error."""
        theirs = self.values[action]
        diffs = [v - u for v, u in zip(theirs, self.values[usual][:len(theirs)], strict=True)]
        if not diffs:
            return 0.0, math.inf
        mean = sum(diffs) / len(diffs)
        if len(diffs) < 2:
            return mean, math.inf
        variance = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        return mean, math.sqrt(variance / len(diffs))

    def ranked(self, usual: Action, others: list[Action]) -> list[Action]:
        return sorted(others, key=lambda a: self.gain(usual, a)[0], reverse=True)

    def best(self, usual: Action, others: list[Action]) -> Action:
        """The action whose gain over ``usual`` is surest, if it is sure enough."""
        chosen, margin = usual, 0.0
        for action in others:
            mean, error = self.gain(usual, action)
            if mean - SURE * error > margin:
                chosen, margin = action, mean - SURE * error
        return chosen
