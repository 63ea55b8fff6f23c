"""The registry of tables: one per channel, each with its lock and its state version.

Every change to a table happens under its lock and ends with :meth:`TableRegistry.save`;
the lobby, the turns and the computer players all go through this one object, so no
part of the table service reaches into another's state.
"""

from __future__ import annotations

import dataclasses
import itertools
import logging
import random
import time
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from bot.game.errors import DatabaseDamaged, NotSaved, TakenOver
from bot.game.locks import TableLocks
from bot.game.ports import SaveConflict, StorageDamaged, StorageUnavailable
from bot.game.snapshot import TableSnapshot
from bot.game.table import CloseReason, Table, TableStatus

log = logging.getLogger(__name__)

SeedSource = Callable[[], int]
OnClose = Callable[[int], None]
"""Told the channel id of a table that closed: stops whatever timers it had."""
OnRevert = Callable[[Table], None]
"""Told of a table put back as it was last saved: restarts its timers from that state."""


class TableStore(Protocol):
    """Where tables are saved (``bot.game.saving``); every change is saved."""

    async def save(self, table: Table) -> None: ...

    async def save_table_message(self, table: Table) -> None:
        """Save the table's ``table_message_id``, changed since its last save."""
        ...

    async def delete(self, channel_id: int) -> None: ...

    async def finish(self, table: Table) -> None:
        """Save the ended table and record its match."""
        ...

    async def forget_shown(self, shown: TableSnapshot) -> None:
        """Delete the row of an ended table whose end the channel has been shown."""
        ...

    def last_saved(self, channel_id: int) -> Table | None:
        """A fresh copy of the table as its last successful save left it; ``None`` when
        it was never saved (or was deleted)."""
        ...

    def forget(self, channel_id: int) -> None:
        """Another process saved the table: drop what is known of its row."""
        ...


class TableRegistry:
    def __init__(
        self,
        *,
        store: TableStore | None = None,
        first_version: int | None = None,
        seeds: SeedSource | None = None,
        on_close: OnClose | None = None,
        on_revert: OnRevert | None = None,
    ) -> None:
        """Versions come from one counter, seeded from the wall clock, so a button left on
        an old message (another table, or one from before a restart) never carries the
        version of the current table. ``on_close`` and ``on_revert`` keep the timers in
        step (``GameManager`` passes its own, which tell the turns and the lobby)."""
        self.store = store
        self.tables: dict[int, Table] = {}
        self._locks = TableLocks()
        seed = first_version if first_version is not None else time.time_ns() // 1_000_000
        self._versions = itertools.count(seed)
        self.seeds: SeedSource = seeds or (lambda: random.SystemRandom().randrange(1 << 32))
        self.on_close = on_close
        self.on_revert = on_revert
        self._unsaved: set[int] = set()
        """Channels whose last save failed (logged once until a save works again)."""
        self._damaged: set[int] = set()
        """Channels whose last save found the database damaged: logged once, at ERROR,
        until every one of them has saved again (a change elsewhere may still save, on
        pages that are sound)."""

    def get(self, channel_id: int) -> Table | None:
        return self.tables.get(channel_id)

    def lock(self, channel_id: int) -> AbstractAsyncContextManager[None]:
        """Hold the channel's lock (``bot.game.locks.TableLocks.hold``)."""
        return self._locks.hold(channel_id)

    def busy(self, channel_id: int) -> bool:
        """Whether a change of the channel's table is being worked on right now."""
        return self._locks.busy(channel_id)

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
        """Save the change just made; when storage cannot take it, put the table back
        exactly as it was last saved and raise :class:`NotSaved` (nothing was shown
        yet: the UI is told only after this returns). When another process saved the
        table meanwhile, let it go (timers stopped) and raise :class:`TakenOver`; when
        the database is damaged, put it back and raise :class:`DatabaseDamaged`."""
        if self.store is None:
            return
        if table.status is TableStatus.ENDED and table.game is None:  # a lobby: nothing to show
            await self._write(table, self.store.delete(table.channel_id))
        elif table.close_reason is CloseReason.FINISHED:
            await self._write(table, self.store.finish(table))
        else:  # an ended game stays saved until its end is shown (``forget_shown``)
            await self._write(table, self.store.save(table))

    async def save_table_message(self, table: Table) -> None:
        """Save the id of the table message the UI posted afresh, the table otherwise as
        saved; a failure is handled as :meth:`save`'s."""
        if self.store is not None:
            await self._write(table, self.store.save_table_message(table))

    async def _write(self, table: Table, writing: Awaitable[None]) -> None:
        """Await ``writing``, a write of the table's row; its failure as :meth:`save` says."""
        assert self.store is not None
        try:
            await writing
        except SaveConflict as error:
            log.warning("table saved by another process, let go guild=%s channel=%s: %s",
                        table.guild_id, table.channel_id, error)
            self.store.forget(table.channel_id)
            self._let_go(table)
            raise TakenOver() from error
        except StorageDamaged as error:
            if not self._damaged:
                log.error("the database is damaged, so no change can be saved (%s): every "
                          "table stays as it was and moves are refused until it is mended. "
                          "Stop the bot and restore the last backup (README: Backup, "
                          "restore and upgrade).", error.__cause__ or error)
            self._damaged.add(table.channel_id)
            self._revert(table)
            raise DatabaseDamaged() from error
        except StorageUnavailable as error:
            if table.channel_id not in self._unsaved:
                self._unsaved.add(table.channel_id)
                log.warning("change not saved, table put back guild=%s channel=%s: %s",
                            table.guild_id, table.channel_id, error.__cause__ or error)
            self._revert(table)
            raise NotSaved() from error
        if table.channel_id in self._damaged:
            self._damaged.discard(table.channel_id)
            if not self._damaged:
                log.warning("the database takes changes again: play goes on")
        if self._unsaved:
            self._unsaved.discard(table.channel_id)

    async def forget_shown(self, shown: TableSnapshot) -> None:
        """The channel has been shown ``shown``: if it is a table's end, its saved row
        can go (under the channel's lock, so it never races a new table's first save)."""
        if self.store is None or shown.status is not TableStatus.ENDED:
            return
        async with self.lock(shown.channel_id):
            await self.store.forget_shown(shown)

    def _revert(self, table: Table) -> None:
        assert self.store is not None
        saved = self.store.last_saved(table.channel_id)
        if saved is None:  # never saved: as if it had never been opened
            self._let_go(table)
            return
        for field in dataclasses.fields(Table):
            if field.name != "serial":  # still the same table
                setattr(table, field.name, getattr(saved, field.name))
        self.tables[table.channel_id] = table
        if self.on_revert is not None:
            self.on_revert(table)

    def _let_go(self, table: Table) -> None:
        """This process no longer has the table: forget it and stop its timers."""
        if self.tables.get(table.channel_id) is table:
            del self.tables[table.channel_id]
        self._damaged.discard(table.channel_id)
        if self.on_close is not None:
            self.on_close(table.channel_id)

    def close(self, table: Table, reason: CloseReason) -> None:
        table.status = TableStatus.ENDED
        table.close_reason = reason
        self.changed(table)
        if self.on_close is not None:
            self.on_close(table.channel_id)
        del self.tables[table.channel_id]

    async def quiet(self) -> None:
        """Wait until no change is in flight (e.g. a save), so storage can close."""
        for channel_id in self._locks.channels():
            async with self.lock(channel_id):
                pass
