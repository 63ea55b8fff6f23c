"""The two connections to the SQLite file and the lock that keeps transactions apart.

Every store (matches, leaderboard, settings, saved games) is a mixin over ``Connected``;
``SqliteConnected`` provides its reads, writes and transactions for one file, and
``SqliteStorage`` combines them.

Writes share one connection, and an open transaction on it is visible to every statement
sent on it: without the lock, a ``save_game`` issued while ``record_match`` is half done
would land inside that transaction (and be rolled back with it). So every write goes
through the lock, either alone in autocommit (``_writing``) or in a ``transaction``.

Reads use a second, read-only connection (``_reader``): in WAL mode it sees every
committed write and never waits for the writer, so a slow leaderboard never delays a
``save_game``. Each read statement sees the database as of its own start; a query made
of several statements (a leaderboard page) may straddle a match being recorded, and
show a rank that is one match out of date.

A write that the file or the disk lets down (full, locked past the busy timeout, an I/O
error) raises ``StorageUnavailable`` from the SQLite error, after the rollback: the
connection stays usable, and the next write succeeds once the cause is gone. A damaged
file raises its ``StorageDamaged``.

Statements are sent with ``execute_fetchall``, writes included: one trip to aiosqlite's
thread and no cursor left to close, about three times cheaper than ``execute``.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from typing import Any

import aiosqlite

from bot.game.ports import StorageDamaged, StorageUnavailable
from bot.storage.session import Connected, Row, Session, Statement
from bot.storage.sqlite.errors import DAMAGED_CODES, UNAVAILABLE_CODES, primary_code


class SqliteSession:
    """A connection as the stores' ``Session``."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self.connection.execute_fetchall(sql, params))  # type: ignore[arg-type]

    async def fetch_after(self, writes: Sequence[Statement], sql: str,
                          params: Sequence[Any] = ()) -> list[Row]:
        """One statement after the other: a trip to aiosqlite's thread costs little."""
        for write, values in writes:
            await self.fetch(write, values)
        return await self.fetch(sql, params)


class SqliteConnected(Connected):
    """Holds the connections: the stores write only through the two guards below."""

    raw_state = "CAST(state AS BLOB)"
    state_with_table_message = "json_set(state, '$.table_message_id', ?)"

    def __init__(
        self, writer: aiosqlite.Connection, reader: aiosqlite.Connection, path: str
    ) -> None:
        self._connection = writer
        self._writer = SqliteSession(writer)
        self._reader = reader
        self._lock = asyncio.Lock()
        self.name = path

    async def read(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._reader.execute_fetchall(sql, params))  # type: ignore[arg-type]

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[SqliteSession]:
        """The writer, for a write that stands alone (autocommit)."""
        async with self._lock:
            try:
                yield self._writer
            except sqlite3.Error as error:
                # A failed statement in autocommit has already rolled itself back.
                _raise_unavailable(error, self.name)
                raise

    async def _check_damage(self, session: Session) -> None:
        """``PRAGMA quick_check``: the file's structure, in time linear in its size (run
        only when a save meets another version than it expects, which is rare)."""
        found = [str(row[0]) for row in await session.fetch("PRAGMA quick_check")]
        if found != ["ok"]:
            raise StorageDamaged(f"the database {self.name} is damaged: {'; '.join(found[:3])}")

    @asynccontextmanager
    async def transaction(self, server: int | None = None) -> AsyncIterator[SqliteSession]:
        """The connection inside BEGIN IMMEDIATE ... COMMIT; any exception rolls back.
        Transactions never overlap (one writer), a ``server``'s or not.

        A cancelled await does not stop aiosqlite's thread: a statement already queued
        still runs, in order. So a task cancelled while waiting for its BEGIN still has
        a transaction open by the time its ROLLBACK runs; only a BEGIN that failed
        leaves none, which is the one error the ROLLBACK may ignore.
        """
        async with self._lock:
            try:
                await self._connection.execute_fetchall("BEGIN IMMEDIATE")
                yield self._writer
                await self._connection.execute_fetchall("COMMIT")
            except BaseException as error:
                # SQLite may have rolled back already (after SQLITE_FULL, say): then
                # this ROLLBACK finds no transaction, which is fine.
                with suppress(sqlite3.OperationalError):
                    await self._connection.execute_fetchall("ROLLBACK")
                _raise_unavailable(error, self.name)
                raise


def _raise_unavailable(error: BaseException, path: str) -> None:
    """Raise ``StorageUnavailable`` from a failure of the file or the disk
    (``StorageDamaged`` for a damaged file); return for anything else (a mistake in the
    SQL or a broken constraint is a bug, raised as is)."""
    code = primary_code(error)
    if code in DAMAGED_CODES:
        raise StorageDamaged(f"the database {path} is damaged: {error}") from error
    if code in UNAVAILABLE_CODES:
        raise StorageUnavailable(f"the database {path} did not take the write: {error}") from error
