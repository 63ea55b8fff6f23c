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
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

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
        """The connection inside BEGIN IMMEDIATE ... COMMIT; any exception rolls back."""
        async with self._lock:
            await self._connection.execute_fetchall("BEGIN IMMEDIATE")
            try:
                yield self._connection
            except BaseException:
                await self._connection.execute_fetchall("ROLLBACK")
                raise
            await self._connection.execute_fetchall("COMMIT")
