"""Shard leases for processes sharing one PostgreSQL database: session advisory locks.

A session-level advisory lock belongs to the connection that took it, so the server
drops it the moment that connection ends, however the process ends (SIGKILL included:
the kernel closes the socket, and the server sees it at once): a restarted process
takes over at once, and no lease outlives its holder. The locks live on a connection
of their own, outside the pool, held for the life of the lease. As with the SQLite
files beside the database (``bot.storage.sqlite.leases``), a process that runs every
guild holds the database's lock exclusively; a process that runs some shards holds it
shared, and each of its shards' locks exclusively.

Should that connection end while the process runs (the server restarted, or the
connection was cut), the locks are gone and another process may take the shards:
``on_lost`` tells the process, which stops rather than run tables it no longer owns.

A session lock lasts as long as the server's session, so the lease needs a session of
its own for as long as the process runs: through PgBouncer, session pooling gives one
(a client's server connection is its own until it disconnects, then reset), transaction
pooling does not (the server connection that took the lock goes back to the pool after
the statement, the lock with it, for the next client to find it its own). So once taken,
the lease is tried from a second connection: if that one takes it too, the bot cannot
keep its lease there and says so (``DatabaseUnusable``: exit code 2). Both connections
use unnamed statements, which a server connection shared that way still runs.

A lease not taken closes its connection, and each attempt opens a new one: a connection
kept idle between attempts may have been ended by the server meanwhile (a restart, an
administrator's ``pg_terminate_backend``) before asyncpg has read the end, and a
statement sent on it then fails with ``InternalClientError`` ("another operation is in
progress": the protocol is still consuming the server's FATAL message), not as a lost
connection.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import asyncpg

from bot.game.ports import Shards
from bot.storage.errors import DatabaseUnusable
from bot.storage.postgres.errors import is_unavailable

log = logging.getLogger(__name__)

LEASE_SPACE = 0x554E4F  # "UNO"
"""The first key of the two-key advisory locks; the second is the shard id, or
``WHOLE_DATABASE``. (Two-key locks never meet the one-key migration lock.)"""
WHOLE_DATABASE = -1


class AdvisoryLeases:
    """The :class:`~bot.game.ports.ShardLeases` of one PostgreSQL database."""

    def __init__(self, url: str, name: str) -> None:
        self._url = url
        self.name = name
        """The database for log lines (its URL without the password)."""
        self._connection: asyncpg.Connection | None = None
        self._held = False
        self._on_lost: Callable[[], None] | None = None

    async def try_take(self, shards: Shards | None) -> bool:
        if self._held:
            raise RuntimeError("the lease is already held")
        wanted = [(WHOLE_DATABASE, shards is not None)]
        wanted += [(shard_id, False) for shard_id in sorted(shards.ids)] if shards else []
        try:
            connection = self._connection = await _connect(self._url, "uno-bot lease")
            for key, shared in wanted:
                function = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
                if not await connection.fetchval(f"SELECT {function}($1, $2)",
                                                 LEASE_SPACE, key):
                    await self.release()
                    return False
            kept = await self._seen_held(wanted[-1][0])
        except Exception as error:
            if not is_unavailable(error):
                raise
            log.warning("lease on %s not taken, the database did not answer: %s",
                        self.name, error)
            await self.release()
            return False
        if not kept:
            await self.release()
            raise DatabaseUnusable(
                f"The PostgreSQL connection of DATABASE_URL {self.name} does not keep this "
                "process's shard lease (a session advisory lock) from one statement to the "
                "next, as PgBouncer's transaction pooling does not: point DATABASE_URL at "
                "PgBouncer with pool_mode = session, or at PostgreSQL directly.")
        self._held = True
        connection.add_termination_listener(self._ended)
        log.info("lease taken on %s", "every shard" if shards is None
                 else f"shards {sorted(shards.ids)} of {shards.count}")
        return True

    async def _seen_held(self, key: int) -> bool:
        """Whether a second connection finds the lease's exclusive lock ``key`` (the last
        one taken) held; one that takes it lets go of it again."""
        other = await _connect(self._url, "uno-bot lease check")
        try:
            if not await other.fetchval("SELECT pg_try_advisory_lock($1, $2)",
                                        LEASE_SPACE, key):
                return True
            await other.fetchval("SELECT pg_advisory_unlock($1, $2)", LEASE_SPACE, key)
            return False
        finally:
            await other.close(timeout=5)

    def on_lost(self, callback: Callable[[], None]) -> None:
        self._on_lost = callback

    def _ended(self, connection: asyncpg.Connection) -> None:
        """The lease's connection ended: lost, unless ``release`` ended it."""
        if not self._held or connection is not self._connection:
            return
        self._connection, self._held = None, False
        log.error("lease on %s lost: its connection ended", self.name)
        if self._on_lost is not None:
            self._on_lost()

    async def release(self) -> None:
        """Closing the connection drops its locks."""
        connection, self._connection, self._held = self._connection, None, False
        if connection is not None:
            try:
                await connection.close(timeout=5)
            except Exception as error:  # a lost connection has dropped its locks already
                log.warning("lease connection to %s not closed cleanly: %s", self.name, error)
                connection.terminate()


async def _connect(url: str, application_name: str) -> asyncpg.Connection:
    """A connection outside the pool, with unnamed statements only (no cache)."""
    return await asyncpg.connect(url, statement_cache_size=0,
                                 server_settings={"application_name": application_name})
