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
            connection = self._connection = await asyncpg.connect(
                self._url, server_settings={"application_name": "uno-bot lease"})
            for key, shared in wanted:
                function = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
                if not await connection.fetchval(f"SELECT {function}($1, $2)",
                                                 LEASE_SPACE, key):
                    await self.release()
                    return False
        except Exception as error:
            if not is_unavailable(error):
                raise
            log.warning("lease on %s not taken, the database did not answer: %s",
                        self.name, error)
            await self.release()
            return False
        self._held = True
        connection.add_termination_listener(self._ended)
        log.info("lease taken on %s", "every shard" if shards is None
                 else f"shards {sorted(shards.ids)} of {shards.count}")
        return True

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
