"""Opening and closing the bot's one SQLite file; the stores are mixed in here."""

from __future__ import annotations

import logging
from collections.abc import Generator, Sequence
from pathlib import Path
from types import TracebackType

import aiosqlite

from bot.storage.leaderboard import LeaderboardQueries
from bot.storage.matches import MatchStore
from bot.storage.migrations import MIGRATIONS, Migration, refuse_newer, upgrade
from bot.storage.saved_games import SavedGameStore
from bot.storage.settings import SettingsStore

log = logging.getLogger(__name__)


class Database(MatchStore, LeaderboardQueries, SettingsStore, SavedGameStore):
    """The bot's database. Either ``db = await Database.open(path)`` ... ``await db.close()``,
    or ``async with Database.open(path) as db: ...``.

    One connection, foreign keys enforced, in WAL mode: a commit costs no fsync with
    ``synchronous=NORMAL`` (a power cut may lose the last commits but never corrupts the
    file), and a reader outside the bot (a backup, the sqlite3 shell) never blocks it.
    """

    @classmethod
    def open(cls, path: str | Path, *, migrations: Sequence[Migration] = MIGRATIONS) -> _Opening:
        """Open (or create) the file and bring its schema up to date.

        ``migrations`` is for tests that need an old file; the bot uses the default.
        Raises ``SchemaTooNewError`` for a file from a newer bot, leaving it untouched.
        """
        return _Opening(cls, Path(path), migrations)

    async def close(self) -> None:
        await self._reader.close()
        async with self._lock:
            await self._connection.execute_fetchall("PRAGMA optimize")
            await self._connection.close()
        log.info("database %s closed", self.path)


async def _connect(cls: type[Database], path: Path, migrations: Sequence[Migration]) -> Database:
    path.parent.mkdir(parents=True, exist_ok=True)
    # isolation_level=None: no implicit transactions, the stores say BEGIN themselves.
    writer = await aiosqlite.connect(path, isolation_level=None)
    reader: aiosqlite.Connection | None = None
    try:
        await refuse_newer(writer, str(path), migrations)
        journal = list(await writer.execute_fetchall("PRAGMA journal_mode = WAL"))
        if journal[0][0] != "wal":
            log.warning("database %s cannot use WAL mode here (journal: %s)", path, journal[0][0])
        await writer.execute_fetchall("PRAGMA synchronous = NORMAL")
        await writer.execute_fetchall("PRAGMA foreign_keys = ON")
        version = await upgrade(writer, str(path), migrations)
        reader = await aiosqlite.connect(path, isolation_level=None)
        await reader.execute_fetchall("PRAGMA query_only = ON")
    except BaseException:
        if reader is not None:
            await reader.close()
        await writer.close()
        raise
    log.info("database %s open at schema version %d", path, version)
    return cls(writer, reader, str(path))


class _Opening:
    """What ``Database.open`` returns: await it, or use it in ``async with``."""

    def __init__(self, cls: type[Database], path: Path, migrations: Sequence[Migration]) -> None:
        self._open = _connect(cls, path, migrations)
        self._database: Database | None = None

    def __await__(self) -> Generator[object, None, Database]:
        return self._open.__await__()

    async def __aenter__(self) -> Database:
        self._database = await self._open
        return self._database

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._database is not None:
            await self._database.close()
