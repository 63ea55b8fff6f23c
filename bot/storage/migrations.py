"""The schema, as an ordered list of steps; a database file only ever moves forward.

The file's version is SQLite's ``PRAGMA user_version``: 0 for a new file, then the
version of the last step applied. Each step runs in its own transaction together with
the version bump, so a crash leaves the file at a whole version. Steps are never edited
once released: a change to the schema is a new step at the end of ``MIGRATIONS``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from bot.storage.errors import SchemaTooNewError

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    description: str
    statements: tuple[str, ...]


_STAT_COLUMNS = """
    round_wins       INTEGER NOT NULL,
    best_round       INTEGER NOT NULL,
    uno_calls        INTEGER NOT NULL,
    catches_made     INTEGER NOT NULL,
    catches_suffered INTEGER NOT NULL,
    challenges_won   INTEGER NOT NULL,
    challenges_lost  INTEGER NOT NULL,
    cards_played     INTEGER NOT NULL,
    red_played       INTEGER NOT NULL,
    yellow_played    INTEGER NOT NULL,
    green_played     INTEGER NOT NULL,
    blue_played      INTEGER NOT NULL,
"""

MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "finished matches, one row per player in each, and all-time totals per server",
        (
            """CREATE TABLE matches (
                match_id   TEXT PRIMARY KEY,
                guild_id   INTEGER NOT NULL,
                channel_id INTEGER NOT NULL,
                ruleset    TEXT NOT NULL,
                started_at REAL NOT NULL,
                ended_at   REAL NOT NULL,
                rounds     INTEGER NOT NULL,
                winner_id  INTEGER
            )""",
            "CREATE INDEX matches_by_guild ON matches (guild_id, ended_at)",
            "CREATE INDEX matches_by_channel ON matches (guild_id, channel_id, ended_at)",
            # guild_id and ended_at are copied from the match so that the month and week
            # boards read one covering index instead of joining every match in the period.
            f"""CREATE TABLE match_players (
                match_id TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
                user_id  INTEGER NOT NULL,
                seat     INTEGER NOT NULL,
                guild_id INTEGER NOT NULL,
                ended_at REAL NOT NULL,
                is_bot   INTEGER NOT NULL,
                points   INTEGER NOT NULL,
                won      INTEGER NOT NULL,
                {_STAT_COLUMNS}
                PRIMARY KEY (match_id, user_id)
            ) WITHOUT ROWID""",
            # is_bot is a column too: SQLite only calls a partial index covering when the
            # columns of its WHERE are in it.
            """CREATE INDEX match_players_by_period
                ON match_players (guild_id, ended_at, user_id, won, points, is_bot)
                WHERE is_bot = 0""",
            # Humans only: the all-time board and the stats card read this table, kept up
            # to date by record_match in the same transaction as the match rows.
            f"""CREATE TABLE player_totals (
                guild_id INTEGER NOT NULL,
                user_id  INTEGER NOT NULL,
                games    INTEGER NOT NULL,
                wins     INTEGER NOT NULL,
                points   INTEGER NOT NULL,
                {_STAT_COLUMNS}
                win_rate REAL GENERATED ALWAYS AS (CAST(wins AS REAL) / games) STORED,
                PRIMARY KEY (guild_id, user_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX player_totals_by_wins ON player_totals (guild_id, wins DESC, user_id)",
            """CREATE INDEX player_totals_by_points
                ON player_totals (guild_id, points DESC, user_id)""",
            """CREATE INDEX player_totals_by_win_rate
                ON player_totals (guild_id, win_rate DESC, user_id, games)""",
        ),
    ),
    Migration(
        2,
        "server settings",
        (
            """CREATE TABLE guild_settings (
                guild_id     INTEGER PRIMARY KEY,
                ruleset      TEXT NOT NULL,
                overrides    TEXT NOT NULL,
                turn_seconds INTEGER NOT NULL,
                images       INTEGER NOT NULL,
                updated_at   REAL NOT NULL
            )""",
        ),
    ),
    Migration(
        3,
        "games in progress, saved so that they survive a restart",
        (
            """CREATE TABLE saved_games (
                channel_id     INTEGER PRIMARY KEY,
                guild_id       INTEGER NOT NULL,
                format_version INTEGER NOT NULL,
                state          TEXT NOT NULL,
                updated_at     REAL NOT NULL
            )""",
        ),
    ),
)


async def schema_version(connection: aiosqlite.Connection) -> int:
    rows = list(await connection.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])


async def refuse_newer(
    connection: aiosqlite.Connection, path: str, migrations: Sequence[Migration]
) -> None:
    """Raise ``SchemaTooNewError`` before anything writes to a file from a newer bot."""
    found = await schema_version(connection)
    if found > len(migrations):
        raise SchemaTooNewError(path, found, len(migrations))


async def upgrade(
    connection: aiosqlite.Connection, path: str, migrations: Sequence[Migration]
) -> int:
    """Apply the steps the file lacks, in order; return the version it ends at."""
    if [m.version for m in migrations] != list(range(1, len(migrations) + 1)):
        raise ValueError("migration versions must run 1, 2, 3, ... in order")
    for migration in migrations:
        await connection.execute("BEGIN IMMEDIATE")
        try:
            # Read inside the write lock: another process may have just applied this step.
            if await schema_version(connection) >= migration.version:
                await connection.execute("ROLLBACK")
                continue
            for statement in migration.statements:
                await connection.execute(statement)
            await connection.execute(f"PRAGMA user_version = {migration.version}")
        except BaseException:
            await connection.execute("ROLLBACK")
            raise
        await connection.execute("COMMIT")
        log.info(
            "database %s upgraded to version %d: %s",
            path, migration.version, migration.description,
        )
    return await schema_version(connection)
