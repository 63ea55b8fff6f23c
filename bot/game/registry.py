"""The registry of tables: one per channel, each with its lock and its state version.

Every change to a table happens under its lock and ends with :meth:`TableRegistry.save`;
the lobby, the turns and the computer players all go through this one object, so no
part of the table service reaches into another's state.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections.abc import Callable
from typing import Protocol

from bot.game.table import CloseReason, Phase, Table

SeedSource = Callable[[], int]
OnClose = Callable[[int], None]
"""Told the channel id of a table that closed: stops whatever timers it had."""


class TableStore(Protocol):
    """Where tables are saved (``bot.game.saving``); every change is saved."""

    async def save(self, table: Table) -> None: ...

    async def delete(self, channel_id: int) -> None: ...

    async def finish(self, table: Table) -> None:
        """Record a finished match, then forget its table."""
        ...


class TableRegistry:
    def __init__(
        self,
        *,
        store: TableStore | None = None,
        first_version: int | None = None,
        seeds: SeedSource | None = None,
    ) -> None:
        """Versions come from one counter, seeded from the wall clock, so a button left on
        an old message (another table, or one from before a restart) never carries the
        version of the current table."""
        self.store = store
        self.tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        seed = first_version if first_version is not None else time.time_ns() // 1_000_000
        self._versions = itertools.count(seed)
        self.seeds: SeedSource = seeds or (lambda: random.SystemRandom().randrange(1 << 32))
        self.on_close: list[OnClose] = []

    def get(self, channel_id: int) -> Table | None:
        return self.tables.get(channel_id)

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def new_version(self) -> int:
        return next(self._versions)

    def changed(self, table: Table) -> None:
        table.version = self.new_version()

    def adopt(self, tables: list[Table]) -> None:
        """Take back saved tables after a restart; new versions stay above theirs."""
        for table in tables:
            self.tables[table.channel_id] = table
        if tables:
            newest = max(t.version for t in tables)
            self._versions = itertools.count(max(newest + 1, self.new_version()))

    async def save(self, table: Table) -> None:
        if self.store is None:
            return
        if table.phase is not Phase.ENDED:
            await self.store.save(table)
        elif table.close_reason is CloseReason.FINISHED:
            await self.store.finish(table)
        else:
            await self.store.delete(table.channel_id)

    def close(self, table: Table, reason: CloseReason) -> None:
        table.phase = Phase.ENDED
        table.close_reason = reason
        self.changed(table)
        for stop in self.on_close:
            stop(table.channel_id)
        del self.tables[table.channel_id]

    async def quiet(self) -> None:
        """Wait until no change is in flight (e.g. a save), so storage can close."""
        for lock in list(self._locks.values()):
            async with lock:
                pass
