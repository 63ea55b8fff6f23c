"""Worker processes: CPU work that would hold up the event loop, done in other processes.

The hard players' searches (``bot.game.thinking``) and the card pictures
(``bot.ui.pictures``) run there. A thread would not do for either: Python runs one thread
at a time, so a search or a drawing in a thread still takes its CPU from the process
that answers every click.

A ``Workers`` pool is made when first used. Its processes are spawned, not forked from
a process with threads, and each runs ``initializer`` as it starts. A pool that broke (a
worker was killed) is replaced, and the call is tried once more on the new one.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


class Workers:
    """``count`` worker processes for ``name``'s work (the name is for the log)."""

    def __init__(self, name: str, count: int,
                 initializer: Callable[[], object] | None = None) -> None:
        self.name = name
        self.count = count
        self._initializer = initializer
        self._pool: ProcessPoolExecutor | None = None

    def start(self) -> ProcessPoolExecutor:
        """The pool, made now if there is none (its processes start with the first call)."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.count, mp_context=multiprocessing.get_context("spawn"),
                initializer=self._initializer)
        return self._pool

    async def run(self, function: Callable[..., T], *args: Any,
                  until: float | None = None) -> T:
        """``function(*args)`` in a worker process. ``until`` (``time.monotonic``): raise
        ``TimeoutError`` if the result is not back by then. ``BrokenProcessPool`` when
        the new pool broke as well."""
        try:
            return await self._once(function, args, until)
        except BrokenProcessPool:
            return await self._once(function, args, until)

    async def _once(self, function: Callable[..., T], args: tuple[Any, ...],
                    until: float | None) -> T:
        pool = self.start()
        future = asyncio.get_running_loop().run_in_executor(pool, function, *args)
        try:
            if until is None:
                return await future
            return await asyncio.wait_for(future, until - time.monotonic())
        except BrokenProcessPool:
            log.warning("the %s workers stopped: starting new ones", self.name)
            self._replace(pool)
            raise

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        if self._pool is broken:
            self._pool = None
            broken.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (work under way is abandoned)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
