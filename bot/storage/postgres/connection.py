"""The pool of connections to the server, as the stores' reads, writes and transactions.

Unlike SQLite, PostgreSQL runs writes side by side: each write or transaction takes a
connection of its own from the pool, and several bot processes may share the server. A
read takes any connection and sees every committed write.

A write that the server, its disk or the network lets down (connection lost, disk full,
a lock held past ``lock_timeout``) raises ``StorageUnavailable`` from the asyncpg error,
after the rollback; a lost connection is dropped by the pool, so the next write
succeeds once the server is back.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from functools import cache
from typing import Any

import asyncpg

from bot.game.ports import StorageDamaged, StorageUnavailable
from bot.storage.postgres.errors import is_damaged, is_unavailable
from bot.storage.session import Connected, Row, Session, Statement

_PLACEHOLDER_OR_TEXT = re.compile(r"'[^']*'|\?")


@cache
def numbered(sql: str) -> str:
    """The stores' ``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (not in quotes)."""
    count = itertools.count(1)
    return _PLACEHOLDER_OR_TEXT.sub(
        lambda found: found[0] if found[0] != "?" else f"${next(count)}", sql
    )


class PostgresSession:
    """A pooled connection as the stores' ``Session``."""

    def __init__(self, connection: asyncpg.Connection) -> None:
        self.connection = connection

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return [tuple(row) for row in await self.connection.fetch(numbered(sql), *params)]

    async def fetch_after(self, writes: Sequence[Statement], sql: str,
                          params: Sequence[Any] = ()) -> list[Row]:
        if not writes:
            return await self.fetch(sql, params)
        queries = ", ".join(f"w{number} AS ({write})" for number, (write, _) in enumerate(writes))
        return await self.fetch(f"WITH {queries} {sql}",
                                [value for _, values in writes for value in values] + [*params])


class PostgresConnected(Connected):
    raw_state = "convert_to(state, 'UTF8')"
    state_with_table_message = \
        "jsonb_set(state::jsonb, '{table_message_id}', to_jsonb(?::bigint))::text"

    def __init__(self, pool: asyncpg.Pool, name: str, acquire_timeout: float) -> None:
        self._pool = pool
        self.name = name
        self._acquire_timeout = acquire_timeout

    async def read(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return [tuple(row) for row in await self._pool.fetch(numbered(sql), *params)]

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[PostgresSession]:
        try:
            async with self._pool.acquire(timeout=self._acquire_timeout) as connection:
                yield PostgresSession(connection)
        except Exception as error:
            _raise_unavailable(error, self.name)
            raise

    async def _check_damage(self, session: Session) -> None:
        """Nothing to check: the server reports damage on the statement that meets it."""

    @asynccontextmanager
    async def transaction(self, server: int | None = None) -> AsyncIterator[PostgresSession]:
        """Any exception rolls back; on a lost connection the server has dropped the
        transaction itself. A rollback cut short by a cancellation is left to the pool,
        which resets a connection before its next use. A ``server``'s transactions go
        one at a time under a transaction lock, taken in the BEGIN's own trip."""
        try:
            async with self._pool.acquire(timeout=self._acquire_timeout) as connection:
                try:
                    await connection.execute(_begin(server))  # the lock may time out
                    yield PostgresSession(connection)
                except BaseException:
                    with suppress(asyncpg.InterfaceError, asyncpg.PostgresConnectionError):
                        await connection.execute("ROLLBACK")  # fails only on a connection gone
                    raise
                await connection.execute("COMMIT")
        except Exception as error:
            _raise_unavailable(error, self.name)
            raise


SERVER_LOCKS = 5390676
"""The first key of the servers' transaction locks (two int4 keys: a space apart from
the one-bigint keys of the leases and migrations); the second is the guild id's
remainder by 2**31 - 1, truncated as PostgreSQL's ``%`` does."""


def _begin(server: int | None) -> str:
    """BEGIN, then the server's transaction lock: one trip in the simple protocol (the
    key is written in the SQL, an int)."""
    if server is None:
        return "BEGIN"
    key = abs(server) % 2147483647
    return f"BEGIN; SELECT pg_advisory_xact_lock({SERVER_LOCKS}, {key if server >= 0 else -key})"


def _raise_unavailable(error: BaseException, name: str) -> None:
    if is_damaged(error):
        raise StorageDamaged(f"the database {name} is damaged: {error}") from error
    if is_unavailable(error):
        raise StorageUnavailable(f"the database {name} did not take the write: {error}") from error
