"""The one shared connection and the lock that keeps its transactions apart.

Every store (matches, leaderboard, settings, saved games) is a mixin over ``Connected``,
and ``Database`` combines them. All coroutines share one aiosqlite connection, and an
open transaction on it is visible to every statement sent on it: without the lock, a
``save_game`` issued while ``record_match`` is half done would land inside that
transaction (and be rolled back with it). So every statement goes through the lock,
either alone in autocommit (``_locked``) or in a ``_transaction``.

Statements, writes included, are sent with ``execute_fetchall``: one trip to aiosqlite's
thread and no cursor left to close, about three times cheaper than ``execute``.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress

import aiosqlite


class Connected:
    """Holds the connection; the stores only ever reach it through the two guards."""

    def __init__(self, connection: aiosqlite.Connection, path: str) -> None:
        self._connection = connection
        self._lock = asyncio.Lock()
        self.path = path

    @asynccontextmanager
    async def _locked(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection, for statements that each stand alone (autocommit)."""
        async with self._lock:
            yield self._connection

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """The connection inside BEGIN IMMEDIATE ... COMMIT; any exception rolls back.

        A cancelled await does not stop aiosqlite's thread: a statement already queued
        still runs, in order. So a task cancelled while waiting for its BEGIN still has
        a transaction open by the time its ROLLBACK runs; only a BEGIN that failed
        leaves none, which is the one error the ROLLBACK may ignore.
        """
        async with self._lock:
            try:
                await self._connection.execute_fetchall("BEGIN IMMEDIATE")
                yield self._connection
            except BaseException:
                with suppress(sqlite3.OperationalError):
                    await self._connection.execute_fetchall("ROLLBACK")
                raise
            await self._connection.execute_fetchall("COMMIT")
