"""Move a server's data: ``python -m bot.storage.copy SOURCE_URL TARGET_URL``.

Copies everything (finished matches with their players and teams, the free-for-all
and the partners ratings, server settings, saved games) from one database to another,
for example from the SQLite file to PostgreSQL. Stop the bot first. The target must be
empty (a new file, or a new PostgreSQL database); its schema is created by the copy.
Each player's all-time totals, and the count of players listed per rating, are rebuilt
in the target by its triggers as the rows arrive. Everything is written in one
transaction, and the row counts of every table are compared afterwards.

Exit codes: 0 copied and checked; 1 the counts differ (or a bug); 2 something to fix
first (a URL, a database that cannot be opened, a target that is not empty).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import AsyncIterator, Sequence

from bot.storage import (
    BadDatabaseUrl,
    PostgresStorage,
    SqliteStorage,
    StorageError,
    open_storage,
)
from bot.storage.matches import PLAYER_COLUMNS
from bot.storage.ratings import CHANGE_COLUMNS, SKILL_COLUMNS
from bot.storage.saved_games import SAVED_GAME_COLUMNS
from bot.storage.session import Connected, Row
from bot.storage.settings import SETTINGS_COLUMNS
from bot.storage.urls import sqlite_path, without_password

COPIED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "matches": (("match_id", "guild_id", "channel_id", "ruleset", "started_at", "ended_at",
                 "rounds", "winner_id", "scoring"), ("match_id",)),
    "match_players": (PLAYER_COLUMNS, ("match_id", "user_id")),
    "ratings": (SKILL_COLUMNS, ("guild_id", "season", "user_id")),
    "rating_changes": (CHANGE_COLUMNS, ("guild_id", "season", "user_id", "ended_at",
                                        "match_id")),
    "rated_seasons": (("guild_id", "season"), ("guild_id", "season")),
    "partner_ratings": (SKILL_COLUMNS, ("guild_id", "season", "user_id")),
    "partner_rating_changes": (CHANGE_COLUMNS, ("guild_id", "season", "user_id", "ended_at",
                                                "match_id")),
    "partner_rated_seasons": (("guild_id", "season"), ("guild_id", "season")),
    "guild_settings": (SETTINGS_COLUMNS, ("guild_id",)),
    "saved_games": (SAVED_GAME_COLUMNS, ("channel_id",)),
}
"""The tables copied row by row, parents first: their columns, and their primary key
(read in its order, a page at a time)."""
DERIVED = ("player_totals", "players_by_games", "listed_by_rating", "partner_listed_by_rating")
"""Tables the target's triggers fill as the match rows arrive: counted, not copied."""
BATCH = 500
"""Rows per INSERT: well under SQLite's limit on parameters in one statement."""
PAGE = 10_000
"""Rows read from the source at a time: a large server's history never sits in memory."""


class CopyRefused(Exception):
    """The copy cannot start; ``str()`` says why and what to do."""


class CopyMismatch(Exception):
    """The copy was written, but its counts differ from the source's."""


async def count(db: Connected, table: str) -> int:
    return int((await db.read(f"SELECT COUNT(*) FROM {table}"))[0][0])


async def counts(db: Connected) -> dict[str, int]:
    return {table: await count(db, table) for table in (*COPIED, *DERIVED)}


async def pages(
    db: Connected, table: str, columns: tuple[str, ...], key: tuple[str, ...]
) -> AsyncIterator[list[Row]]:
    """The table's rows in the order of its key, ``PAGE`` at a time (each page starts
    after the last key read: no OFFSET to count through)."""
    read = f"SELECT {', '.join(columns)} FROM {table}"
    order = f"ORDER BY {', '.join(key)} LIMIT {PAGE}"
    after = f"({', '.join(key)}) > ({', '.join('?' * len(key))})"
    at = [columns.index(name) for name in key]
    rows = await db.read(f"{read} {order}")
    while rows:
        yield rows
        last = [rows[-1][i] for i in at]
        rows = await db.read(f"{read} WHERE {after} {order}", last)


async def copy_rows(source: Connected, target: Connected) -> None:
    """Every row of ``COPIED`` from ``source`` into ``target``, in one transaction."""
    async with target.transaction() as session:
        for table, (columns, key) in COPIED.items():
            row = f"({', '.join('?' * len(columns))})"
            async for page in pages(source, table, columns, key):
                for start in range(0, len(page), BATCH):
                    batch = page[start:start + BATCH]
                    await session.fetch(
                        f"INSERT INTO {table} ({', '.join(columns)}) "
                        f"VALUES {', '.join([row] * len(batch))}",
                        [value for found in batch for value in found],
                    )


async def copy(source_url: str, target_url: str) -> dict[str, int]:
    """Copy, check, and return the counts of rows copied per table."""
    path = sqlite_path(source_url)
    if path is not None and not path.is_file():
        raise CopyRefused(f"There is no database at {path} to copy from: check SOURCE_URL.")
    async with open_storage(source_url) as source, open_storage(target_url) as target:
        assert isinstance(source, SqliteStorage | PostgresStorage)
        assert isinstance(target, SqliteStorage | PostgresStorage)
        already = {table: n for table, n in (await counts(target)).items() if n}
        if already:
            held = ", ".join(f"{n} rows in {table}" for table, n in already.items())
            raise CopyRefused(
                f"The target {target.name} is not empty ({held}): copy only into a new "
                "database, nothing was written."
            )
        await copy_rows(source, target)
        before, after = await counts(source), await counts(target)
    if before != after:
        differ = ", ".join(
            f"{table} {before[table]} -> {after[table]}"
            for table in before if before[table] != after[table]
        )
        raise CopyMismatch(f"The copy does not add up ({differ}): do not use the target.")
    return after


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.storage.copy",
        description="Copy every match, server setting and saved game from SOURCE_URL to "
        "an empty TARGET_URL (sqlite:///path or postgresql://...), then check the counts. "
        "Stop the bot first.",
    )
    parser.add_argument("source", metavar="SOURCE_URL")
    parser.add_argument("target", metavar="TARGET_URL")
    options = parser.parse_args(argv)
    try:
        copied = asyncio.run(copy(options.source, options.target))
    except (CopyRefused, StorageError, BadDatabaseUrl) as error:
        print(error, file=sys.stderr)
        return 2
    except CopyMismatch as error:
        print(error, file=sys.stderr)
        return 1
    for table, rows in copied.items():
        print(f"{table}: {rows} rows")
    print(
        f"Copied {without_password(options.source)} to {without_password(options.target)}; "
        "the counts agree."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
