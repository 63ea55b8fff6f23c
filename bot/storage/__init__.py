"""The bot's SQLite database: matches, leaderboards, stats, server settings, saved games.

Open it once at start-up with ``await Database.open(path)`` and share the object.
"""

from bot.storage.database import Database
from bot.storage.errors import SchemaTooNewError, StorageError
from bot.storage.migrations import MIGRATIONS, Migration

__all__ = ["MIGRATIONS", "Database", "Migration", "SchemaTooNewError", "StorageError"]
