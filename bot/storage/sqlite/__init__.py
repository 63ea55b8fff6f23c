"""The bot's storage in one SQLite file (``sqlite:///path``): the default, with nothing
else to run."""

from bot.storage.sqlite.database import SqliteStorage
from bot.storage.sqlite.migrations import MIGRATIONS, Migration

__all__ = ["MIGRATIONS", "Migration", "SqliteStorage"]
