"""Worker processes: CPU work that would hold up the event loop, done in other processes.

The hard players' searches (``bot.game.thinking``) and the card pictures
(``bot.ui.delivery.pictures``) run there. A thread would not do for either: Python runs one thread
at a time, so a search or a drawing in a thread still takes its CPU from the process
that answers every click.

Each worker is a spawned process (not forked from a process with threads) that runs
``initializer`` as it starts, then the calls sent to it one at a time, over a socket
pair that the event loop reads without blocking. No thread of the bot's process
carries the calls: ``concurrent.futures.ProcessPoolExecutor`` takes two, and about twice
the CPU per call in the bot's process (``benchmarks/workers.py``: 263-306 against
144-165 microseconds with a picture-sized answer), which for the pictures of every move
is a share of the process worth keeping.

A worker that died (killed, out of memory) is replaced by a new one, and the call is
tried once more there. A call whose caller stopped waiting (``until``) goes on in its
worker, which takes the next call once it is done.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import socket
import struct
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")

_LENGTH = struct.Struct("!i")
"""The length before each message, as ``multiprocessing.connection`` frames it."""


class WorkerDied(Exception):
    """A worker process ended before it answered (twice in a row, for ``run``)."""


def _serve(connection: Connection, initializer: Callable[[], object] | None) -> None:
    """A worker's life: start, then answer each call with ``(True, result)`` or
    ``(False, exception)`` until the bot closes its end."""
    if initializer is not None:
        initializer()
    while True:
        try:
            function, args = connection.recv()
        except EOFError:
            return
        try:
            answer: tuple[bool, object] = (True, function(*args))
        except Exception as error:  # the caller gets it, as from a function of its own
            answer = (False, error)
        connection.send(answer)


class _Worker:
    """One worker process and the bot's end of its socket pair."""

    def __init__(self, initializer: Callable[[], object] | None) -> None:
        context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()  # a socket pair: the event loop can read it
        self.process = context.Process(target=_serve, args=(theirs, initializer), daemon=True)
        self.process.start()
        theirs.close()
        self._socket = socket.socket(fileno=os.dup(ours.fileno()))
        ours.close()
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def call(self, function: Callable[..., T], args: tuple[Any, ...]) -> T:
        if self._streams is None:
            self._streams = await asyncio.open_connection(sock=self._socket)
        reader, writer = self._streams
        message = pickle.dumps((function, args), pickle.HIGHEST_PROTOCOL)
        writer.write(_LENGTH.pack(len(message)) + message)
        try:
            await writer.drain()
            (size,) = _LENGTH.unpack(await reader.readexactly(_LENGTH.size))
            done, result = pickle.loads(await reader.readexactly(size))
        except (asyncio.IncompleteReadError, ConnectionError) as error:
            raise WorkerDied from error
        if not done:
            raise result
        return result

    def stop(self) -> None:
        if self._streams is not None:
            self._streams[1].close()
        else:
            self._socket.close()
        self.process.kill()
        self.process.join(1)  # at once: killed, or it had ended already


class Workers:
    """``count`` worker processes for ``name``'s work (the name is for the log), started
    when first used."""

    def __init__(self, name: str, count: int,
                 initializer: Callable[[], object] | None = None) -> None:
        self.name = name
        self.count = count
        self._initializer = initializer
        self._idle: asyncio.Queue[_Worker] | None = None
        self._all: list[_Worker] = []
        self._calls: set[asyncio.Future[Any]] = set()
        self._closed = False

    def pids(self) -> list[int]:
        """The worker processes' ids, those started so far."""
        return [worker.process.pid for worker in self._all if worker.process.pid]

    async def run(self, function: Callable[..., T], *args: Any,
                  until: float | None = None) -> T:
        """``function(*args)`` (picklable, as its result) in a worker process, once one
        is free. ``until`` (``time.monotonic``): ``TimeoutError`` if the result is not
        back by then. ``WorkerDied`` when the new worker died as well."""
        try:
            return await self._once(function, args, until)
        except WorkerDied:
            return await self._once(function, args, until)

    async def _once(self, function: Callable[..., T], args: tuple[Any, ...],
                    until: float | None) -> T:
        """One try. The call is shielded: a worker is given its next call only once it
        answered the last, so a caller who stops waiting leaves the call to finish."""
        call = asyncio.ensure_future(self._call(function, args))
        self._calls.add(call)
        call.add_done_callback(self._finished)
        timeout = None if until is None else until - time.monotonic()
        return await asyncio.wait_for(asyncio.shield(call), timeout)

    def _finished(self, call: asyncio.Future[Any]) -> None:
        self._calls.discard(call)
        if not call.cancelled():
            call.exception()  # retrieved: nobody may be waiting for it any more

    async def _call(self, function: Callable[..., T], args: tuple[Any, ...]) -> T:
        idle = self._start()
        worker = await idle.get()
        try:
            return await worker.call(function, args)
        except WorkerDied:
            log.warning("a %s worker stopped: starting a new one", self.name)
            self._all.remove(worker)
            worker.stop()
            worker = self._new()
            raise
        finally:
            idle.put_nowait(worker)

    def _start(self) -> asyncio.Queue[_Worker]:
        if self._closed:
            raise WorkerDied(f"the {self.name} workers are closed")
        if self._idle is None:
            self._idle = asyncio.Queue()
            for _ in range(self.count):
                self._idle.put_nowait(self._new())
        return self._idle

    def _new(self) -> _Worker:
        worker = _Worker(self._initializer)
        self._all.append(worker)
        return worker

    def close(self) -> None:
        """Stop the workers for good; calls under way or waiting are cancelled, and
        later ones raise ``WorkerDied``."""
        self._closed = True
        for call in list(self._calls):
            call.cancel()
        for worker in self._all:
            with contextlib.suppress(OSError):
                worker.stop()
        self._all.clear()
        self._idle = None
