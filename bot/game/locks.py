"""The tables' locks, one per channel, and who holds each.

A table changes only under its channel's lock; what the UI shows of it is handed over
as immutable values once the lock is released (``bot.game.snapshot``). So no Discord
call, picture wait or message composition ever happens under a lock: each lock knows
the task holding it, and :func:`outside_table_locks`, called at those boundaries,
raises :class:`UnderTableLock` in a task that holds one.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

_holding: Counter[asyncio.Task[object]] = Counter()
"""The tasks that hold a table's lock now, each with how many it holds."""


class UnderTableLock(RuntimeError):
    """Something that must never wait inside a table's lock was asked for there."""


def outside_table_locks(what: str) -> None:
    """Raise :class:`UnderTableLock` when the running task holds a table's lock: ``what``
    (a Discord call, a picture, a message being composed) must wait for its release."""
    try:
        task = asyncio.current_task()
    except RuntimeError:  # no event loop running: no lock can be held
        return
    if task is not None and _holding[task]:
        raise UnderTableLock(f"{what} under a table's lock")


@dataclasses.dataclass(slots=True)
class _ChannelLock:
    lock: asyncio.Lock = dataclasses.field(default_factory=asyncio.Lock)
    users: int = 0
    """Those holding the lock or queued for it."""


class TableLocks:
    """One lock per channel, kept while anyone holds it or waits for it."""

    def __init__(self) -> None:
        self._locks: dict[int, _ChannelLock] = {}

    @asynccontextmanager
    async def hold(self, channel_id: int) -> AsyncIterator[None]:
        """Hold the channel's lock. It is dropped once nobody holds it or waits for it
        (so the locks of ended tables do not pile up), never before: everyone queued
        on it is served by the same lock, and a newcomer meanwhile joins their queue."""
        entry = self._locks.get(channel_id)
        if entry is None:
            entry = self._locks[channel_id] = _ChannelLock()
        entry.users += 1
        try:
            async with entry.lock:
                task = asyncio.current_task()
                assert task is not None  # a lock is only taken in a task
                _holding[task] += 1
                try:
                    yield
                finally:
                    _holding[task] -= 1
                    if not _holding[task]:
                        del _holding[task]
        finally:
            entry.users -= 1
            if not entry.users:
                del self._locks[channel_id]

    def busy(self, channel_id: int) -> bool:
        """Whether the channel's lock is held right now."""
        entry = self._locks.get(channel_id)
        return entry is not None and entry.lock.locked()

    def channels(self) -> list[int]:
        """The channels whose lock is held or waited for."""
        return list(self._locks)

    def __bool__(self) -> bool:
        return bool(self._locks)
