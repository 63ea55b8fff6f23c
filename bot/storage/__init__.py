"""The bot's SQLite database: matches, leaderboards, stats, server settings, saved games.

Open it once at start-up with ``await Database.open(path)`` and share the object; every
method is a coroutine and safe to call from any task.
"""

from bot.storage.database import Database
from bot.storage.errors import DatabaseUnusable, SchemaTooNewError, StorageError
from bot.storage.leaderboard import (
    DEFAULT_MIN_GAMES,
    PERIODS,
    RANKINGS,
    LeaderboardPage,
    Period,
    PlayerStats,
    Ranking,
    RankRow,
)
from bot.storage.matches import MatchPlayer, MatchSummary
from bot.storage.migrations import MIGRATIONS, Migration
from bot.storage.saved_games import SAVED_GAME_FORMAT
from bot.storage.settings import GuildSettings

__all__ = [
    "DEFAULT_MIN_GAMES",
    "MIGRATIONS",
    "PERIODS",
    "RANKINGS",
    "SAVED_GAME_FORMAT",
    "Database",
    "DatabaseUnusable",
    "GuildSettings",
    "LeaderboardPage",
    "MatchPlayer",
    "MatchSummary",
    "Migration",
    "Period",
    "PlayerStats",
    "RankRow",
    "Ranking",
    "SchemaTooNewError",
    "StorageError",
]
