"""The ``easy`` level: a uniformly random legal action.

UNO calls and catches come at random too: offered one, it takes it half the time, so it
sometimes forgets to call and sometimes lets a catch pass.
"""

from __future__ import annotations

from bot.ai.rng import SplitMix
from bot.engine.actions import Action

SHOUTS = frozenset({"uno", "catch"})


def choose_easy(legal: list[Action], rng: SplitMix) -> Action | None:
    shouts = [a for a in legal if a.do in SHOUTS]
    if shouts and rng.chance(0.5):
        return rng.choice(shouts)
    rest = [a for a in legal if a.do not in SHOUTS]
    return rng.choice(rest) if rest else None
