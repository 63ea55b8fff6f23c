"""Opening and closing the bot's one SQLite file; the stores are mixed in here."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path

import aiosqlite

from bot.storage.errors import DatabaseUnusable
from bot.storage.leaderboard import LeaderboardQueries
from bot.storage.matches import MatchStore
from bot.storage.opening import Opening
from bot.storage.rating_boards import RatingQueries
from bot.storage.saved_games import SavedGameStore
from bot.storage.schema import refuse_newer
from bot.storage.session import DEFAULT_BUSY_TIMEOUT
from bot.storage.settings import SettingsStore
from bot.storage.sqlite.connection import SqliteConnected
from bot.storage.sqlite.errors import UNAVAILABLE_CODES, primary_code, unusable
from bot.storage.sqlite.identify import FileIdentifyTurns
from bot.storage.sqlite.leases import FileLeases
from bot.storage.sqlite.migrations import MIGRATIONS, Migration, schema_version, upgrade

log = logging.getLogger(__name__)


class SqliteStorage(MatchStore, LeaderboardQueries, RatingQueries, SettingsStore, SavedGameStore,
                    SqliteConnected):
    """The bot's database in one SQLite file. Either ``db = await SqliteStorage.open(path)``
    ... ``await db.close()``, or ``async with SqliteStorage.open(path) as db: ...``.

    One connection, foreign keys enforced, in WAL mode: a commit costs no fsync with
    ``synchronous=NORMAL`` (a power cut may lose the last commits but never corrupts the
    file), and a reader outside the bot (a backup, the sqlite3 shell) never blocks it.
    """

    @classmethod
    def open(
        cls,
        path: str | Path,
        *,
        migrations: Sequence[Migration] = MIGRATIONS,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    ) -> Opening[SqliteStorage]:
        """Open (or create) the file, check it, and bring its schema up to date.

        ``busy_timeout``: how long a statement waits for another program's lock before
        it fails (at start: ``DatabaseUnusable``; during play: ``StorageUnavailable``).
        ``migrations`` is for tests that need an old file; the bot uses the default.
        Raises ``SchemaTooNewError`` for a file from a newer bot, leaving it untouched,
        and ``DatabaseUnusable`` (one sentence) for a file that is damaged, locked or
        not writable, or a folder that cannot be created.
        """
        return Opening(_connect(cls, Path(path), migrations, busy_timeout))

    async def ping(self, timeout: float = 5.0) -> bool:
        """Whether the database answers a query within ``timeout`` seconds."""
        try:
            await asyncio.wait_for(self._reader.execute_fetchall("SELECT 1"), timeout)
        except (sqlite3.Error, ValueError, TimeoutError):  # ValueError: closed
            return False
        return True

    async def close(self) -> None:
        await self._reader.close()
        async with self._lock:
            try:
                await self._connection.execute_fetchall("PRAGMA optimize")
            except sqlite3.Error as error:  # a full disk must not stop the shutdown
                log.warning("database %s not optimized at close: %s", self.name, error)
            await self._connection.close()
        log.info("database %s closed", self.name)

    def shard_leases(self) -> FileLeases:
        """Leases on files beside the database: processes sharing it must share a host."""
        return FileLeases(Path(self.name))

    def identify_turns(self) -> FileIdentifyTurns:
        """Turns kept in files beside the database, as the leases are."""
        return FileIdentifyTurns(Path(self.name))


async def _connect(
    cls: type[SqliteStorage], path: Path, migrations: Sequence[Migration], busy_timeout: float
) -> SqliteStorage:
    try:
        return await _connect_checked(cls, path, migrations, busy_timeout)
    except (sqlite3.Error, OSError) as error:
        # Only the file's or the disk's failures: a broken migration step is a bug.
        if isinstance(error, OSError) or primary_code(error) in UNAVAILABLE_CODES:
            raise unusable(str(path), error) from error
        raise


async def _connect_checked(
    cls: type[SqliteStorage], path: Path, migrations: Sequence[Migration], busy_timeout: float
) -> SqliteStorage:
    path.parent.mkdir(parents=True, exist_ok=True)
    await asyncio.to_thread(_try_open, path, busy_timeout)
    # isolation_level=None: no implicit transactions, the stores say BEGIN themselves.
    writer = await aiosqlite.connect(path, isolation_level=None, timeout=busy_timeout)
    reader: aiosqlite.Connection | None = None
    try:
        refuse_newer(await schema_version(writer), str(path), migrations)
        await _check_pages(writer, path)
        journal = list(await writer.execute_fetchall("PRAGMA journal_mode = WAL"))
        if journal[0][0] != "wal":
            log.warning("database %s cannot use WAL mode here (journal: %s)", path, journal[0][0])
        await writer.execute_fetchall("PRAGMA synchronous = NORMAL")
        await writer.execute_fetchall("PRAGMA foreign_keys = ON")
        version = await upgrade(writer, str(path), migrations)
        reader = await aiosqlite.connect(path, isolation_level=None, timeout=busy_timeout)
        await reader.execute_fetchall("PRAGMA query_only = ON")
    except BaseException:
        if reader is not None:
            await reader.close()
        await writer.close()
        raise
    log.info("database %s open at schema version %d", path, version)
    return cls(writer, reader, str(path))


def _try_open(path: Path, busy_timeout: float) -> None:
    """Open the file once without aiosqlite: a file that cannot be opened at all fails
    here, where aiosqlite would leave its worker thread to report into a closed loop."""
    with closing(sqlite3.connect(path, timeout=busy_timeout)) as connection:
        connection.execute("PRAGMA user_version").fetchall()


async def _check_pages(connection: aiosqlite.Connection, path: Path) -> None:
    """``PRAGMA quick_check`` (a fraction of a second for a bot's file): a damaged file
    stops the start with one sentence instead of failing game by game later."""
    found = [str(row[0]) for row in await connection.execute_fetchall("PRAGMA quick_check")]
    if found != ["ok"]:
        raise DatabaseUnusable(
            f"The database {path} is damaged ({found[0]}): restore it from a backup "
            "(see README) or move it away to start with an empty one."
        )
