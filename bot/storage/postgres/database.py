"""Opening and closing the bot's PostgreSQL database; the stores are mixed in here."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Sequence

import asyncpg

from bot.storage.errors import StorageError
from bot.storage.leaderboard import LeaderboardQueries
from bot.storage.matches import MatchStore
from bot.storage.opening import Opening
from bot.storage.postgres.connection import PostgresConnected
from bot.storage.postgres.errors import is_unreachable, unusable
from bot.storage.postgres.identify import DatabaseIdentifyTurns
from bot.storage.postgres.leases import AdvisoryLeases
from bot.storage.postgres.migrations import MIGRATIONS, schema_version, upgrade
from bot.storage.rating_boards import RatingQueries
from bot.storage.saved_games import SavedGameStore
from bot.storage.schema import Migration, refuse_newer
from bot.storage.session import DEFAULT_BUSY_TIMEOUT
from bot.storage.settings import SettingsStore
from bot.storage.urls import without_password

log = logging.getLogger(__name__)

POOL_SIZE = 10
"""Connections one bot process keeps at most: writes and reads run side by side."""
CLOSE_GRACE = 10.0
"""Seconds ``close`` waits for queries in flight before it cuts the connections."""


class PostgresStorage(
    MatchStore, LeaderboardQueries, RatingQueries, SettingsStore, SavedGameStore,
    PostgresConnected,
):
    """The bot's database on a PostgreSQL server, shared by any number of bot processes.
    Either ``db = await PostgresStorage.open(url)`` ... ``await db.close()``, or
    ``async with PostgresStorage.open(url) as db: ...``."""

    def __init__(self, pool: asyncpg.Pool, url: str, busy_timeout: float) -> None:
        super().__init__(pool, without_password(url), busy_timeout)
        self._url = url

    @classmethod
    def open(
        cls,
        url: str,
        *,
        migrations: Sequence[Migration] = MIGRATIONS,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    ) -> Opening[PostgresStorage]:
        """Connect, check the schema and bring it up to date.

        ``busy_timeout``: how long a statement waits for a lock (PostgreSQL's
        ``lock_timeout``) and a write for a free connection. Raises
        ``SchemaTooNewError`` for a database from a newer bot, leaving it untouched,
        and ``DatabaseUnusable`` (one sentence) for a server that cannot be reached,
        refuses the login, or lacks the database.
        """
        return Opening(_connect(cls, url, migrations, busy_timeout))

    async def ping(self, timeout: float = 5.0) -> bool:
        try:
            await asyncio.wait_for(self._pool.fetchval("SELECT 1"), timeout)
        except (asyncpg.PostgresError, asyncpg.InterfaceError, OSError, TimeoutError):
            return False
        return True

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self._pool.close(), CLOSE_GRACE)
        except TimeoutError:
            log.warning("database %s: queries still running at close were cut", self.name)
            self._pool.terminate()
        log.info("database %s closed", self.name)

    def shard_leases(self) -> AdvisoryLeases:
        return AdvisoryLeases(self._url, self.name)

    def identify_turns(self) -> DatabaseIdentifyTurns:
        return DatabaseIdentifyTurns(self)


async def _as_it_is(connection: asyncpg.Connection) -> None:
    """A connection goes back to the pool without asyncpg's reset query
    (``pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL``), a second trip for
    every read and write: the stores leave no session state on a pooled connection (no
    SET, LISTEN, cursor out of a transaction or session lock; the migrations' lock is
    released before the pool serves anyone, or the pool is closed). An open transaction
    is still rolled back: asyncpg does that before it calls this."""


async def _wait_for_locks(busy_timeout: float, connection: asyncpg.Connection) -> None:
    """Each new connection's ``lock_timeout``, set once it is open rather than sent with
    the connection's start-up parameters: PgBouncer refuses a start-up parameter it does
    not know (``application_name`` it knows)."""
    await connection.execute(f"SET lock_timeout = '{round(busy_timeout * 1000)}ms'")


async def _connect(
    cls: type[PostgresStorage], url: str, migrations: Sequence[Migration], busy_timeout: float
) -> PostgresStorage:
    name = without_password(url)
    try:
        pool = await asyncpg.create_pool(
            url,
            min_size=1,
            max_size=POOL_SIZE,
            reset=_as_it_is,
            init=functools.partial(_wait_for_locks, busy_timeout),
            timeout=max(busy_timeout, 5.0),
            server_settings={"application_name": "uno-bot"},
        )
    except (asyncpg.PostgresError, OSError, TimeoutError) as error:
        raise unusable(name, error) from None
    try:
        async with pool.acquire() as connection:
            refuse_newer(await schema_version(connection), name, migrations)
            version = await upgrade(connection, name, migrations)
    except BaseException as error:
        pool.terminate()
        if isinstance(error, StorageError) or not is_unreachable(error):
            raise
        raise unusable(name, error) from None
    log.info("database %s open at schema version %d", name, version)
    return cls(pool, url, busy_timeout)
