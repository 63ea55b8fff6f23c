"""Where ``hard`` computer players think: worker processes, never the event loop.

A hard player's search (``bot.ai.answer``) is CPU work of up to a second; run on the
event loop it would hold up every table of the process. ``Thinker`` sends each
``Question`` to a worker process (``bot.workers``) and waits for the answer without
blocking. Each search gets a deadline: ``seconds`` when the workers are free, less when
more searches are under way than there are workers (a busy machine shortens the
thinking rather than anyone's click waiting). ``None`` comes back when there was no
answer in time, or the worker died twice (a new one is started each time): the caller
then decides as ``normal`` does.

The workers start with the first question. They run at a lower priority
(``WORKER_NICENESS``): on a busy machine the bot's own process, which answers the
clicks, and the pictures get the CPU first, and a search does fewer playouts by its
deadline.
"""

from __future__ import annotations

import logging
import os
import time

from bot.ai import Question, answer
from bot.engine import Action
from bot.workers import WorkerDied, Workers

log = logging.getLogger(__name__)

THINK_SECONDS = 1.0
WORKER_NICENESS = 10
GRACE_SECONDS = 0.25
"""How long past its deadline a search may take to come back (a worker finishes the
playout under way, then the answer crosses back)."""


def _lower_priority() -> None:
    """Run in each worker as it starts."""
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)


def default_workers() -> int:
    """One worker per core, less one left to the event loop (at least one)."""
    return max(1, (os.cpu_count() or 1) - 1)


class Thinker:
    def __init__(self, seconds: float = THINK_SECONDS, workers: int | None = None) -> None:
        self.seconds = seconds
        self.pool = Workers("thinking", workers or default_workers(), _lower_priority)
        self._under_way = 0

    def budget(self) -> float:
        """Seconds for the next search: the whole budget while a worker is free for it,
        a share of it when searches queue for the workers."""
        waiting = self._under_way + 1
        return self.seconds * min(1.0, self.pool.count / waiting)

    async def answer(self, question: Question) -> Action | None:
        """The search's answer, or ``None`` when none came in time. A worker that died
        is replaced, and the question asked again while time is left."""
        seconds = self.budget()
        deadline = time.monotonic() + seconds
        self._under_way += 1
        try:
            return await self.pool.run(answer, question, deadline,
                                       until=deadline + GRACE_SECONDS)
        except WorkerDied:
            return None
        except TimeoutError:
            log.info("a hard player had no answer in %.2f s: it plays as normal", seconds)
            return None
        finally:
            self._under_way -= 1

    def close(self) -> None:
        """Stop the workers (a search under way is abandoned)."""
        self.pool.close()
