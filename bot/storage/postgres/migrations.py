"""The PostgreSQL schema, as an ordered list of steps of its own (the SQLite file's steps
are SQLite's SQL); a database only ever moves forward.

The version is the one row of ``schema_version``. Each step runs in its own transaction
with the version bump (PostgreSQL's DDL is transactional), under an advisory lock, so
two bot processes starting together apply each step once. Steps are never edited once
released: a change to the schema is a new step at the end of ``MIGRATIONS``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import asyncpg

from bot.storage.postgres.connection import PostgresSession
from bot.storage.ratings import rate_history
from bot.storage.schema import Migration, check_order

log = logging.getLogger(__name__)

MIGRATION_LOCK = 0x554E4F  # "UNO": the advisory lock the steps are applied under

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
                guild_id   BIGINT NOT NULL,
                channel_id BIGINT NOT NULL,
                ruleset    TEXT NOT NULL,
                started_at DOUBLE PRECISION NOT NULL,
                ended_at   DOUBLE PRECISION NOT NULL,
                rounds     INTEGER NOT NULL,
                winner_id  BIGINT
            )""",
            "CREATE INDEX matches_by_guild ON matches (guild_id, ended_at, match_id)",
            """CREATE INDEX matches_by_channel
                ON matches (guild_id, channel_id, ended_at, match_id)""",
            f"""CREATE TABLE match_players (
                match_id TEXT NOT NULL REFERENCES matches (match_id) ON DELETE CASCADE,
                user_id  BIGINT NOT NULL,
                seat     INTEGER NOT NULL,
                guild_id BIGINT NOT NULL,
                ended_at DOUBLE PRECISION NOT NULL,
                is_bot   INTEGER NOT NULL,
                points   INTEGER NOT NULL,
                won      INTEGER NOT NULL,
                {_STAT_COLUMNS}
                PRIMARY KEY (match_id, user_id)
            )""",
            """CREATE INDEX match_players_by_period
                ON match_players (guild_id, ended_at, user_id) INCLUDE (won, points)
                WHERE is_bot = 0""",
            f"""CREATE TABLE player_totals (
                guild_id BIGINT NOT NULL,
                user_id  BIGINT NOT NULL,
                games    INTEGER NOT NULL,
                wins     INTEGER NOT NULL,
                points   INTEGER NOT NULL,
                {_STAT_COLUMNS}
                win_rate DOUBLE PRECISION NOT NULL,
                PRIMARY KEY (guild_id, user_id)
            )""",
            "CREATE INDEX player_totals_by_wins ON player_totals (guild_id, wins DESC, user_id)",
            """CREATE INDEX player_totals_by_points
                ON player_totals (guild_id, points DESC, user_id)""",
            """CREATE INDEX player_totals_by_win_rate
                ON player_totals (guild_id, win_rate DESC, user_id) INCLUDE (games)""",
            # Each human's match row added to their totals, in the recording transaction.
            """CREATE FUNCTION add_to_totals() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO player_totals AS totals (
                    guild_id, user_id, games, wins, win_rate, points, best_round, round_wins,
                    uno_calls, catches_made, catches_suffered, challenges_won, challenges_lost,
                    cards_played, red_played, yellow_played, green_played, blue_played
                ) VALUES (
                    NEW.guild_id, NEW.user_id, 1, NEW.won, NEW.won, NEW.points,
                    NEW.best_round, NEW.round_wins, NEW.uno_calls, NEW.catches_made,
                    NEW.catches_suffered, NEW.challenges_won, NEW.challenges_lost,
                    NEW.cards_played, NEW.red_played, NEW.yellow_played, NEW.green_played,
                    NEW.blue_played
                )
                ON CONFLICT (guild_id, user_id) DO UPDATE SET
                    games = totals.games + 1,
                    wins = totals.wins + excluded.wins,
                    win_rate = CAST(totals.wins + excluded.wins AS DOUBLE PRECISION)
                               / (totals.games + 1),
                    points = totals.points + excluded.points,
                    best_round = GREATEST(totals.best_round, excluded.best_round),
                    round_wins = totals.round_wins + excluded.round_wins,
                    uno_calls = totals.uno_calls + excluded.uno_calls,
                    catches_made = totals.catches_made + excluded.catches_made,
                    catches_suffered = totals.catches_suffered + excluded.catches_suffered,
                    challenges_won = totals.challenges_won + excluded.challenges_won,
                    challenges_lost = totals.challenges_lost + excluded.challenges_lost,
                    cards_played = totals.cards_played + excluded.cards_played,
                    red_played = totals.red_played + excluded.red_played,
                    yellow_played = totals.yellow_played + excluded.yellow_played,
                    green_played = totals.green_played + excluded.green_played,
                    blue_played = totals.blue_played + excluded.blue_played;
                RETURN NULL;
            END $$""",
            """CREATE TRIGGER match_players_add_to_totals AFTER INSERT ON match_players
                FOR EACH ROW WHEN (NEW.is_bot = 0) EXECUTE FUNCTION add_to_totals()""",
            # How many players of a server have played exactly so many games: the size
            # of the all-time board is a sum over a few hundred rows, not a count.
            """CREATE TABLE players_by_games (
                guild_id BIGINT NOT NULL,
                games    INTEGER NOT NULL,
                players  INTEGER NOT NULL,
                PRIMARY KEY (guild_id, games)
            )""",
            """CREATE FUNCTION count_players_by_games() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'UPDATE' THEN
                    UPDATE players_by_games SET players = players - 1
                    WHERE guild_id = OLD.guild_id AND games = OLD.games;
                END IF;
                INSERT INTO players_by_games AS counted (guild_id, games, players)
                VALUES (NEW.guild_id, NEW.games, 1)
                ON CONFLICT (guild_id, games) DO UPDATE SET players = counted.players + 1;
                RETURN NULL;
            END $$""",
            """CREATE TRIGGER player_totals_count AFTER INSERT OR UPDATE OF games
                ON player_totals FOR EACH ROW EXECUTE FUNCTION count_players_by_games()""",
        ),
    ),
    Migration(
        2,
        "server settings",
        (
            """CREATE TABLE guild_settings (
                guild_id     BIGINT PRIMARY KEY,
                ruleset      TEXT NOT NULL,
                overrides    TEXT NOT NULL,
                turn_seconds INTEGER NOT NULL,
                images       INTEGER NOT NULL,
                updated_at   DOUBLE PRECISION NOT NULL
            )""",
        ),
    ),
    Migration(
        3,
        "games in progress, saved so that they survive a restart, with their table's version",
        (
            # The state as text (not jsonb): kept byte for byte as the bot wrote it.
            """CREATE TABLE saved_games (
                channel_id     BIGINT PRIMARY KEY,
                guild_id       BIGINT NOT NULL,
                format_version INTEGER NOT NULL,
                state          TEXT NOT NULL,
                updated_at     DOUBLE PRECISION NOT NULL,
                version        BIGINT NOT NULL DEFAULT 0
            )""",
        ),
    ),
    Migration(
        4,
        "whether /uno new opens its game in a thread by default on each server",
        ("ALTER TABLE guild_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 0",),
    ),
    Migration(
        5,
        "the language each server's shared messages speak (none: the server's own locale)",
        ("ALTER TABLE guild_settings ADD COLUMN language TEXT",),
    ),
    Migration(
        6,
        "how many open lobbies and games one member may host on each server",
        ("ALTER TABLE guild_settings ADD COLUMN tables_per_member INTEGER NOT NULL DEFAULT 3",),
    ),
    Migration(
        7,
        "skill ratings per server, all time and per season, rated from the recorded matches",
        (
            "ALTER TABLE matches ADD COLUMN scoring TEXT NOT NULL DEFAULT 'standard'",
            "ALTER TABLE match_players ADD COLUMN left_early INTEGER NOT NULL DEFAULT 0",
            "ALTER TABLE guild_settings ADD COLUMN season_length TEXT NOT NULL DEFAULT 'month'",
            # season '' is the all-time board; rating is round(40 * mu), what boards sort by;
            # name is the one the player last played under ('' for matches rated on upgrade).
            """CREATE TABLE ratings (
                guild_id BIGINT NOT NULL,
                season   TEXT NOT NULL,
                user_id  BIGINT NOT NULL,
                mu       DOUBLE PRECISION NOT NULL,
                sigma    DOUBLE PRECISION NOT NULL,
                rating   INTEGER NOT NULL,
                matches  INTEGER NOT NULL,
                name     TEXT NOT NULL DEFAULT '',
                PRIMARY KEY (guild_id, season, user_id)
            )""",
            """CREATE INDEX ratings_by_rating
                ON ratings (guild_id, season, rating DESC, user_id) INCLUDE (matches)""",
            """CREATE TABLE rating_changes (
                guild_id      BIGINT NOT NULL,
                season        TEXT NOT NULL,
                user_id       BIGINT NOT NULL,
                ended_at      DOUBLE PRECISION NOT NULL,
                match_id      TEXT NOT NULL,
                rating_before INTEGER NOT NULL,
                rating        INTEGER NOT NULL,
                matches       INTEGER NOT NULL,
                PRIMARY KEY (guild_id, season, user_id, ended_at, match_id)
            )""",
            "CREATE INDEX rating_changes_by_match ON rating_changes (match_id, season)",
            """CREATE TABLE rated_seasons (
                guild_id BIGINT NOT NULL,
                season   TEXT NOT NULL,
                PRIMARY KEY (guild_id, season)
            )""",
            # Players listed on each board per rating (10 rated matches or more): a
            # board's size and a place are sums over a few hundred rows. Counted by this
            # step, then kept by step 8's triggers.
            """CREATE TABLE listed_by_rating (
                guild_id BIGINT NOT NULL,
                season   TEXT NOT NULL,
                rating   INTEGER NOT NULL,
                players  INTEGER NOT NULL,
                PRIMARY KEY (guild_id, season, rating)
            )""",
        ),
        then=rate_history,
    ),
    Migration(
        8,
        "the count of players listed per rating kept by triggers from now on (the "
        "previous step counted the rated history at once)",
        (
            """CREATE FUNCTION list_by_rating() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'UPDATE' AND OLD.matches >= 10 THEN
                    UPDATE listed_by_rating SET players = players - 1
                    WHERE guild_id = OLD.guild_id AND season = OLD.season
                      AND rating = OLD.rating;
                END IF;
                IF NEW.matches >= 10 THEN
                    INSERT INTO listed_by_rating AS listed (guild_id, season, rating, players)
                    VALUES (NEW.guild_id, NEW.season, NEW.rating, 1)
                    ON CONFLICT (guild_id, season, rating)
                    DO UPDATE SET players = listed.players + 1;
                END IF;
                RETURN NULL;
            END $$""",
            """CREATE TRIGGER ratings_list AFTER INSERT OR UPDATE OF rating, matches
                ON ratings FOR EACH ROW EXECUTE FUNCTION list_by_rating()""",
        ),
    ),
    Migration(
        9,
        "each player's team in a partners match (none in a free-for-all)",
        (
            # Numbered from 0 in the order of the match's teams; NULL in a free-for-all.
            "ALTER TABLE match_players ADD COLUMN team INTEGER",
            # A person's partners matches, for the partner they played with most.
            """CREATE INDEX match_players_by_team
                ON match_players (guild_id, user_id) INCLUDE (match_id, team, won)
                WHERE team IS NOT NULL""",
        ),
    ),
    Migration(
        10,
        "partners ratings per server, all time and per season, in tables of their own "
        "with the columns of the free-for-all ones",
        (
            """CREATE TABLE partner_ratings (
                guild_id BIGINT NOT NULL,
                season   TEXT NOT NULL,
                user_id  BIGINT NOT NULL,
                mu       DOUBLE PRECISION NOT NULL,
                sigma    DOUBLE PRECISION NOT NULL,
                rating   INTEGER NOT NULL,
                matches  INTEGER NOT NULL,
                name     TEXT NOT NULL DEFAULT '',
                PRIMARY KEY (guild_id, season, user_id)
            )""",
            """CREATE INDEX partner_ratings_by_rating
                ON partner_ratings (guild_id, season, rating DESC, user_id) INCLUDE (matches)""",
            """CREATE TABLE partner_rating_changes (
                guild_id      BIGINT NOT NULL,
                season        TEXT NOT NULL,
                user_id       BIGINT NOT NULL,
                ended_at      DOUBLE PRECISION NOT NULL,
                match_id      TEXT NOT NULL,
                rating_before INTEGER NOT NULL,
                rating        INTEGER NOT NULL,
                matches       INTEGER NOT NULL,
                PRIMARY KEY (guild_id, season, user_id, ended_at, match_id)
            )""",
            """CREATE INDEX partner_rating_changes_by_match
                ON partner_rating_changes (match_id, season)""",
            """CREATE TABLE partner_rated_seasons (
                guild_id BIGINT NOT NULL,
                season   TEXT NOT NULL,
                PRIMARY KEY (guild_id, season)
            )""",
            """CREATE TABLE partner_listed_by_rating (
                guild_id BIGINT NOT NULL,
                season   TEXT NOT NULL,
                rating   INTEGER NOT NULL,
                players  INTEGER NOT NULL,
                PRIMARY KEY (guild_id, season, rating)
            )""",
            """CREATE FUNCTION list_by_partner_rating() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'UPDATE' AND OLD.matches >= 10 THEN
                    UPDATE partner_listed_by_rating SET players = players - 1
                    WHERE guild_id = OLD.guild_id AND season = OLD.season
                      AND rating = OLD.rating;
                END IF;
                IF NEW.matches >= 10 THEN
                    INSERT INTO partner_listed_by_rating AS listed
                        (guild_id, season, rating, players)
                    VALUES (NEW.guild_id, NEW.season, NEW.rating, 1)
                    ON CONFLICT (guild_id, season, rating)
                    DO UPDATE SET players = listed.players + 1;
                END IF;
                RETURN NULL;
            END $$""",
            """CREATE TRIGGER partner_ratings_list AFTER INSERT OR UPDATE OF rating, matches
                ON partner_ratings FOR EACH ROW EXECUTE FUNCTION list_by_partner_rating()""",
        ),
    ),
    Migration(
        11,
        "the time of each Discord rate-limit bucket's last identify, for the processes "
        "to take turns",
        (
            """CREATE TABLE identify_buckets (
                bucket        INTEGER PRIMARY KEY,
                last_identify TIMESTAMPTZ
            )""",
        ),
    ),
)


async def schema_version(connection: asyncpg.Connection) -> int:
    if await connection.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return int(await connection.fetchval("SELECT version FROM schema_version"))


async def upgrade(
    connection: asyncpg.Connection, name: str, migrations: Sequence[Migration]
) -> int:
    """Apply the steps the database lacks, in order; return the version it ends at."""
    check_order(migrations)
    # For the whole upgrade, taken before any step's transaction: a transaction that
    # began before another process's step committed could miss the tables it made.
    await connection.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        for migration in migrations:
            async with connection.transaction():
                # Read under the lock: another process may have just applied this step.
                found = await schema_version(connection)
                if found >= migration.version:
                    continue
                if found == 0:
                    await connection.execute(
                        "CREATE TABLE schema_version (version INTEGER NOT NULL)")
                    await connection.execute("INSERT INTO schema_version VALUES (0)")
                for statement in migration.statements:
                    await connection.execute(statement)
                if migration.then is not None:
                    await migration.then(PostgresSession(connection))
                await connection.execute(
                    "UPDATE schema_version SET version = $1", migration.version)
            log.info(
                "database %s upgraded to version %d: %s",
                name, migration.version, migration.description,
            )
    finally:
        await connection.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
    return await schema_version(connection)
