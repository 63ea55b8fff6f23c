"""Time as the bot sees it: ``now()`` and callbacks at deadlines.

Everything that waits for a deadline (the lobby's idle close, later the turn timers)
goes through a :class:`Clock`, so tests swap in :class:`FakeClock` and move time by
hand instead of sleeping.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

log = logging.getLogger(__name__)

Callback = Callable[[], Awaitable[None]]


class Handle(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic scale; only differences mean anything."""
        ...

    def call_at(self, deadline: float, callback: Callback) -> Handle:
        """Run ``callback()`` once ``now()`` reaches ``deadline``, unless cancelled first."""
        ...

    def wall(self) -> float:
        """Unix seconds (UTC): the date a match starts and ends on, and so its season."""
        ...


class RealClock:
    """The event loop's monotonic time; callbacks run as tasks on that loop."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[None]] = set()

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    def wall(self) -> float:
        return time.time()

    def call_at(self, deadline: float, callback: Callback) -> Handle:
        loop = asyncio.get_running_loop()
        return loop.call_at(deadline, self._spawn, callback)

    def _spawn(self, callback: Callback) -> None:
        task = asyncio.get_running_loop().create_task(_run_logged(callback))
        self._tasks.add(task)  # the loop keeps only weak references to tasks
        task.add_done_callback(self._tasks.discard)


class _FakeHandle:
    __slots__ = ("callback", "cancelled", "deadline")

    def __init__(self, deadline: float, callback: Callback) -> None:
        self.deadline = deadline
        self.callback = callback
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """A clock that stands still until a test calls :meth:`advance` (or a wait passes
    on it: :meth:`pass_time`)."""

    def __init__(self, start: float = 1_000.0) -> None:
        self._now = start
        self._wall_at_start = time.time() - start
        self._queue: list[tuple[float, int, _FakeHandle]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    def call_at(self, deadline: float, callback: Callback) -> Handle:
        handle = _FakeHandle(deadline, callback)
        heapq.heappush(self._queue, (deadline, next(self._order), handle))
        return handle

    def wall(self) -> float:
        """The real time when the clock was made, moved on as the clock is advanced."""
        return self._wall_at_start + self._now

    def set_wall(self, moment: float) -> None:
        """Make ``wall()`` read ``moment`` now (then move on with ``advance``)."""
        self._wall_at_start = moment - self._now

    async def advance(self, seconds: float) -> None:
        """Move time on by ``seconds``, awaiting every callback that falls due, in
        deadline order, each with ``now()`` set to its own deadline, or later when a
        callback passed time beyond it (:meth:`pass_time`): what fell due by then runs
        in this advance too, and time never moves back."""
        target = self._now + seconds
        while self._queue and self._queue[0][0] <= max(target, self._now):
            deadline, _, handle = heapq.heappop(self._queue)
            if handle.cancelled:
                continue
            self._now = max(self._now, deadline)
            await _run_logged(handle.callback)
        self._now = max(self._now, target)

    def pass_time(self, seconds: float) -> None:
        """Let ``seconds`` go by at once: a wait that passes on this clock instead of
        taking real time (in the tests, discord.py waiting out a Discord rate-limit
        window). It runs no callback, since the one waiting may itself be a callback an
        advance is awaiting; those that fell due run later in that advance, or in the
        next one."""
        self._now += seconds


async def _run_logged(callback: Callback) -> None:
    try:
        await callback()
    except Exception:
        log.exception("scheduled callback %r failed", callback)
