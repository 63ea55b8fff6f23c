"""The bot's storage on a PostgreSQL server (``postgresql://...``), for several bot
processes (shards) sharing one database."""

from bot.storage.postgres.database import PostgresStorage
from bot.storage.postgres.migrations import MIGRATIONS

__all__ = ["MIGRATIONS", "PostgresStorage"]
