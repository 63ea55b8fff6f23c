"""The SQLite schema, as an ordered list of steps; a file only ever moves forward.

The file's version is SQLite's ``PRAGMA user_version``: 0 for a new file, then the
version of the last step applied. Each step runs in its own transaction together with
the version bump, so a crash leaves the file at a whole version. Steps are never edited
once released: a change to the schema is a new step at the end of ``MIGRATIONS``. So the
steps are plain SQL text that imports nothing from the code that uses the tables.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import aiosqlite

from bot.storage.ratings import rate_history
from bot.storage.schema import Migration, check_order
from bot.storage.sqlite.connection import SqliteSession

log = logging.getLogger(__name__)


# Pieces of step 1's SQL, shared by its two tables; like the step itself, never edited.
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

# Step 9's: a rating listed on its board (10 rated matches or more) counted in or out.
_LIST_RATING = """
    INSERT INTO listed_by_rating (guild_id, season, rating, players)
    SELECT NEW.guild_id, NEW.season, NEW.rating, 1 WHERE NEW.matches >= 10
    ON CONFLICT (guild_id, season, rating) DO UPDATE SET players = players + 1;
"""

# Step 13's: the same for the partners boards.
_LIST_PARTNER_RATING = """
    INSERT INTO partner_listed_by_rating (guild_id, season, rating, players)
    SELECT NEW.guild_id, NEW.season, NEW.rating, 1 WHERE NEW.matches >= 10
    ON CONFLICT (guild_id, season, rating) DO UPDATE SET players = players + 1;
"""

_COUNT_PLAYER_IN = """
    INSERT INTO players_by_games (guild_id, games, players) VALUES (NEW.guild_id, NEW.games, 1)
    ON CONFLICT (guild_id, games) DO UPDATE SET players = players + 1;
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
            "CREATE INDEX matches_by_guild ON matches (guild_id, ended_at, match_id)",
            """CREATE INDEX matches_by_channel
                ON matches (guild_id, channel_id, ended_at, match_id)""",
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
            # Humans only: the all-time board and the stats card read this table. The
            # trigger below adds each human's match row to it, in the same transaction.
            f"""CREATE TABLE player_totals (
                guild_id INTEGER NOT NULL,
                user_id  INTEGER NOT NULL,
                games    INTEGER NOT NULL,
                wins     INTEGER NOT NULL,
                points   INTEGER NOT NULL,
                {_STAT_COLUMNS}
                win_rate REAL NOT NULL,
                PRIMARY KEY (guild_id, user_id)
            ) WITHOUT ROWID""",
            # win_rate is a plain column (wins / games) rather than a generated one: SQLite
            # never treats an index on a generated column as covering, and ranks count it.
            "CREATE INDEX player_totals_by_wins ON player_totals (guild_id, wins DESC, user_id)",
            """CREATE INDEX player_totals_by_points
                ON player_totals (guild_id, points DESC, user_id)""",
            """CREATE INDEX player_totals_by_win_rate
                ON player_totals (guild_id, win_rate DESC, user_id, games)""",
            """CREATE TRIGGER match_players_add_to_totals AFTER INSERT ON match_players
            WHEN NEW.is_bot = 0
            BEGIN
                INSERT INTO player_totals (
                    guild_id, user_id, games, wins, win_rate, points, best_round, round_wins,
                    uno_calls, catches_made, catches_suffered, challenges_won, challenges_lost,
                    cards_played, red_played, yellow_played, green_played, blue_played
                ) VALUES (
                    NEW.guild_id, NEW.user_id, 1, NEW.won, CAST(NEW.won AS REAL), NEW.points,
                    NEW.best_round, NEW.round_wins, NEW.uno_calls, NEW.catches_made,
                    NEW.catches_suffered, NEW.challenges_won, NEW.challenges_lost,
                    NEW.cards_played, NEW.red_played, NEW.yellow_played, NEW.green_played,
                    NEW.blue_played
                )
                ON CONFLICT (guild_id, user_id) DO UPDATE SET
                    games = games + 1,
                    wins = wins + excluded.wins,
                    win_rate = CAST(wins + excluded.wins AS REAL) / (games + 1),
                    points = points + excluded.points,
                    best_round = MAX(best_round, excluded.best_round),
                    round_wins = round_wins + excluded.round_wins,
                    uno_calls = uno_calls + excluded.uno_calls,
                    catches_made = catches_made + excluded.catches_made,
                    catches_suffered = catches_suffered + excluded.catches_suffered,
                    challenges_won = challenges_won + excluded.challenges_won,
                    challenges_lost = challenges_lost + excluded.challenges_lost,
                    cards_played = cards_played + excluded.cards_played,
                    red_played = red_played + excluded.red_played,
                    yellow_played = yellow_played + excluded.yellow_played,
                    green_played = green_played + excluded.green_played,
                    blue_played = blue_played + excluded.blue_played;
            END""",
            # How many players of a server have played exactly so many games, kept by
            # triggers: the size of the all-time board ("games >= N" for the win rate)
            # is a sum over a few hundred rows instead of a count over every player.
            """CREATE TABLE players_by_games (
                guild_id INTEGER NOT NULL,
                games    INTEGER NOT NULL,
                players  INTEGER NOT NULL,
                PRIMARY KEY (guild_id, games)
            ) WITHOUT ROWID""",
            f"""CREATE TRIGGER player_totals_count_new AFTER INSERT ON player_totals
            BEGIN {_COUNT_PLAYER_IN} END""",
            f"""CREATE TRIGGER player_totals_count_games AFTER UPDATE OF games ON player_totals
            BEGIN
                UPDATE players_by_games SET players = players - 1
                WHERE guild_id = OLD.guild_id AND games = OLD.games;
                {_COUNT_PLAYER_IN}
            END""",
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
    Migration(
        4,
        "lobbies and games saved by the first bot builds in their own table move to saved_games",
        (
            # That table was created by the bot outside these steps, so it may be missing.
            """CREATE TABLE IF NOT EXISTS tables (
                channel_id INTEGER PRIMARY KEY,
                state TEXT NOT NULL
            )""",
            # Unreadable JSON moves too (guild 0): start-up closes it like any bad row.
            """INSERT OR IGNORE INTO saved_games
                   (channel_id, guild_id, format_version, state, updated_at)
               SELECT channel_id,
                      CASE WHEN json_valid(state)
                           THEN coalesce(json_extract(state, '$.guild_id'), 0) ELSE 0 END,
                      1, state, CAST(strftime('%s', 'now') AS REAL)
               FROM tables""",
            "DROP TABLE tables",
        ),
    ),
    Migration(
        5,
        "each saved game carries its table's version, for compare-and-set saves",
        ("ALTER TABLE saved_games ADD COLUMN version INTEGER NOT NULL DEFAULT 0",),
    ),
    Migration(
        6,
        "games saved before step 5 take their table's version from their state, so that "
        "their next compare-and-set save replaces it",
        (
            """UPDATE saved_games SET version = json_extract(state, '$.version')
               WHERE version = 0 AND json_valid(state)
                 AND json_type(state, '$.version') = 'integer'""",
        ),
    ),
    Migration(
        7,
        "whether /uno new opens its game in a thread by default on each server",
        ("ALTER TABLE guild_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 0",),
    ),
    Migration(
        8,
        "the language each server's shared messages speak (none: the server's own locale)",
        ("ALTER TABLE guild_settings ADD COLUMN language TEXT",),
    ),
    Migration(
        9,
        "how many open lobbies and games one member may host on each server",
        ("ALTER TABLE guild_settings ADD COLUMN tables_per_member INTEGER NOT NULL DEFAULT 3",),
    ),
    Migration(
        10,
        "skill ratings per server, all time and per season, rated from the recorded matches",
        (
            "ALTER TABLE matches ADD COLUMN scoring TEXT NOT NULL DEFAULT 'standard'",
            "ALTER TABLE match_players ADD COLUMN left_early INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE guild_settings ADD COLUMN season_length TEXT NOT NULL DEFAULT 'month'",
            # season '' is the all-time board; rating is round(40 * mu), what boards sort by;
            # name is the one the player last played under ('' for matches rated on upgrade).
            """CREATE TABLE ratings (
                guild_id INTEGER NOT NULL,
                season   TEXT NOT NULL,
                user_id  INTEGER NOT NULL,
                mu       REAL NOT NULL,
                sigma    REAL NOT NULL,
                rating   INTEGER NOT NULL,
                matches  INTEGER NOT NULL,
                name     TEXT NOT NULL DEFAULT '',
                PRIMARY KEY (guild_id, season, user_id)
            ) WITHOUT ROWID""",
            """CREATE INDEX ratings_by_rating
                ON ratings (guild_id, season, rating DESC, user_id, matches)""",
            """CREATE TABLE rating_changes (
                guild_id      INTEGER NOT NULL,
                season        TEXT NOT NULL,
                user_id       INTEGER NOT NULL,
                ended_at      REAL NOT NULL,
                match_id      TEXT NOT NULL,
                rating_before INTEGER NOT NULL,
                rating        INTEGER NOT NULL,
                matches       INTEGER NOT NULL,
                PRIMARY KEY (guild_id, season, user_id, ended_at, match_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX rating_changes_by_match ON rating_changes (match_id, season)",
            """CREATE TABLE rated_seasons (
                guild_id INTEGER NOT NULL,
                season   TEXT NOT NULL,
                PRIMARY KEY (guild_id, season)
            ) WITHOUT ROWID""",
            # Players listed on each board per rating: a board's size and a place are sums
            # over a few hundred rows. Counted by step 10, then kept by step 11's triggers.
            """CREATE TABLE listed_by_rating (
                guild_id INTEGER NOT NULL,
                season   TEXT NOT NULL,
                rating   INTEGER NOT NULL,
                players  INTEGER NOT NULL,
                PRIMARY KEY (guild_id, season, rating)
            ) WITHOUT ROWID""",
        ),
        then=rate_history,
    ),
    Migration(
        11,
        "the count of players listed per rating kept by triggers from now on (the "
        "previous step counted the rated history at once)",
        (
            f"""CREATE TRIGGER ratings_list_new AFTER INSERT ON ratings
            BEGIN {_LIST_RATING} END""",
            f"""CREATE TRIGGER ratings_list_change AFTER UPDATE OF rating, matches ON ratings
            BEGIN
                UPDATE listed_by_rating SET players = players - 1
                WHERE guild_id = OLD.guild_id AND season = OLD.season AND rating = OLD.rating
                  AND OLD.matches >= 10;
                {_LIST_RATING}
            END""",
        ),
    ),
    Migration(
        12,
        "each player's team in a partners match (none in a free-for-all)",
        (
            # Numbered from 0 in the order of the match's teams; NULL in a free-for-all.
            "ALTER TABLE match_players ADD COLUMN team INTEGER",
            # A person's partners matches, for the partner they played with most.
            """CREATE INDEX match_players_by_team
                ON match_players (guild_id, user_id, match_id, team, won)
                WHERE team IS NOT NULL""",
        ),
    ),
    Migration(
        13,
        "partners ratings per server, all time and per season, in tables of their own "
        "with the columns of the free-for-all ones",
        (
            """CREATE TABLE partner_ratings (
                guild_id INTEGER NOT NULL,
                season   TEXT NOT NULL,
                user_id  INTEGER NOT NULL,
                mu       REAL NOT NULL,
                sigma    REAL NOT NULL,
                rating   INTEGER NOT NULL,
                matches  INTEGER NOT NULL,
                name     TEXT NOT NULL DEFAULT '',
                PRIMARY KEY (guild_id, season, user_id)
            ) WITHOUT ROWID""",
            """CREATE INDEX partner_ratings_by_rating
                ON partner_ratings (guild_id, season, rating DESC, user_id, matches)""",
            """CREATE TABLE partner_rating_changes (
                guild_id      INTEGER NOT NULL,
                season        TEXT NOT NULL,
                user_id       INTEGER NOT NULL,
                ended_at      REAL NOT NULL,
                match_id      TEXT NOT NULL,
                rating_before INTEGER NOT NULL,
                rating        INTEGER NOT NULL,
                matches       INTEGER NOT NULL,
                PRIMARY KEY (guild_id, season, user_id, ended_at, match_id)
            ) WITHOUT ROWID""",
            """CREATE INDEX partner_rating_changes_by_match
                ON partner_rating_changes (match_id, season)""",
            """CREATE TABLE partner_rated_seasons (
                guild_id INTEGER NOT NULL,
                season   TEXT NOT NULL,
                PRIMARY KEY (guild_id, season)
            ) WITHOUT ROWID""",
            """CREATE TABLE partner_listed_by_rating (
                guild_id INTEGER NOT NULL,
                season   TEXT NOT NULL,
                rating   INTEGER NOT NULL,
                players  INTEGER NOT NULL,
                PRIMARY KEY (guild_id, season, rating)
            ) WITHOUT ROWID""",
            f"""CREATE TRIGGER partner_ratings_list_new AFTER INSERT ON partner_ratings
            BEGIN {_LIST_PARTNER_RATING} END""",
            f"""CREATE TRIGGER partner_ratings_list_change
                AFTER UPDATE OF rating, matches ON partner_ratings
            BEGIN
                UPDATE partner_listed_by_rating SET players = players - 1
                WHERE guild_id = OLD.guild_id AND season = OLD.season AND rating = OLD.rating
                  AND OLD.matches >= 10;
                {_LIST_PARTNER_RATING}
            END""",
        ),
    ),
)


async def schema_version(connection: aiosqlite.Connection) -> int:
    rows = list(await connection.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])


async def upgrade(
    connection: aiosqlite.Connection, path: str, migrations: Sequence[Migration]
) -> int:
    """Apply the steps the file lacks, in order; return the version it ends at."""
    check_order(migrations)
    for migration in migrations:
        await connection.execute_fetchall("BEGIN IMMEDIATE")
        try:
            # Read inside the write lock: another process may have just applied this step.
            if await schema_version(connection) >= migration.version:
                await connection.execute_fetchall("ROLLBACK")
                continue
            for statement in migration.statements:
                await connection.execute_fetchall(statement)
            if migration.then is not None:
                await migration.then(SqliteSession(connection))
            await connection.execute_fetchall(f"PRAGMA user_version = {migration.version}")
        except BaseException:
            await connection.execute_fetchall("ROLLBACK")
            raise
        await connection.execute_fetchall("COMMIT")
        log.info(
            "database %s upgraded to version %d: %s",
            path, migration.version, migration.description,
        )
    return await schema_version(connection)
