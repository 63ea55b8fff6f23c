"""The bot's database: matches, leaderboards, stats, server settings, saved games.

Behind the game layer's ports (``bot.game.ports.Storage``), in one SQLite file
(``bot.storage.sqlite``, the default) or on a PostgreSQL server
(``bot.storage.postgres``); ``DATABASE_URL`` chooses. Open it once at start-up with
``await open_storage(url)`` and share the object; every method is a coroutine and safe
to call from any task.
"""

from bot.game.ports import Storage
from bot.storage.errors import (
    DatabaseUnreachable,
    DatabaseUnusable,
    SchemaTooNewError,
    StorageError,
)
from bot.storage.opening import Opening
from bot.storage.postgres import PostgresStorage
from bot.storage.saved_games import SAVED_GAME_FORMAT
from bot.storage.session import DEFAULT_BUSY_TIMEOUT
from bot.storage.sqlite import SqliteStorage
from bot.storage.urls import BadDatabaseUrl, check, sqlite_path


def open_storage(url: str, *, busy_timeout: float = DEFAULT_BUSY_TIMEOUT) -> Opening[Storage]:
    """The database ``url`` names (see ``bot.storage.urls``), opened, checked and
    brought up to date: await it, or use it in ``async with``. Raises
    ``BadDatabaseUrl`` for a URL of neither kind, else as ``SqliteStorage.open`` and
    ``PostgresStorage.open`` do."""
    path = sqlite_path(check(url))
    if path is None:
        return PostgresStorage.open(url, busy_timeout=busy_timeout)
    return SqliteStorage.open(path, busy_timeout=busy_timeout)


__all__ = [
    "SAVED_GAME_FORMAT",
    "BadDatabaseUrl",
    "DatabaseUnreachable",
    "DatabaseUnusable",
    "PostgresStorage",
    "SchemaTooNewError",
    "SqliteStorage",
    "Storage",
    "StorageError",
    "open_storage",
]
