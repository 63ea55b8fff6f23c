"""Timings of the skill ratings, on a temporary SQLite file and on PostgreSQL, side by side.

Run: .venv/bin/python -m benchmarks.ratings [--postgres URL] [--matches N] [--sqlite-only]

Aims (issue 24): rating one 10-player match including its writes at most 3 ms (that is
``record_match`` of a match of 10 people: the match, its players and the ratings, in
one transaction); the top 10 of 100,000 rated players at most 5 ms; a player's place
at most 10 ms; rating a recorded history of 100,000 matches on upgrade at most 60 s.
The backfill also says the CPU seconds of the bot's process (SQLite works in it; the
PostgreSQL server's own work is not counted): on a shared, busy machine the wall time
says more about the neighbours. PostgreSQL as in ``benchmarks/storage.py``: a throwaway
server on loopback, or ``--postgres URL`` for an empty database of your own.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from pathlib import Path

from benchmarks.storage import (
    STATS,
    Figures,
    insert_many,
    median_ms,
    milliseconds,
    postgres_databases,
    side_by_side,
    timed,
)
from bot.game.players import PlayerId
from bot.game.ports import MatchRecord, PlayerResult
from bot.storage import PostgresStorage, SqliteStorage, open_storage
from bot.storage.postgres.migrations import MIGRATIONS as PG_MIGRATIONS
from bot.storage.sqlite.migrations import MIGRATIONS as SQLITE_MIGRATIONS
from bot.storage.urls import sqlite_path, sqlite_url

RATE_GUILD, BOARD_GUILD, HISTORY_GUILD = 1, 2, 3
TEN = 10
RATED_MATCHES = 300
BOARD_PLAYERS = 100_000
QUERY_RUNS = 300
HISTORY_PLAYERS = 5_000
NOW = time.time()


def ten_people(number: int, rng: random.Random) -> MatchRecord:
    seats = rng.sample(range(1, 1_001), TEN)
    return MatchRecord(
        f"ten-{number}", RATE_GUILD, 9, "classic", NOW - 1_800 + number, NOW + number, 4,
        PlayerId(seats[0]),
        tuple(PlayerResult(PlayerId(user), rng.randint(0, 400), won=user == seats[0],
                           name=f"player {user}") for user in seats))


async def fill_board(db: SqliteStorage | PostgresStorage, rng: random.Random) -> None:
    """100,000 listed players on one server's all-time board, each with a rated match
    this week (the board's 7-day change reads it); the triggers count them in."""
    ratings, changes = [], []
    for user in range(1, BOARD_PLAYERS + 1):
        mu = rng.gauss(25, 4)
        rating = round(40 * mu)
        ratings.append((BOARD_GUILD, "", user, mu, 3.0, rating, rng.randint(10, 400), ""))
        changes.append((BOARD_GUILD, "", user, NOW - 3_600, f"b{user}",
                        rating - rng.randint(-30, 30), rating, 10))
    async with db.transaction() as session:
        await insert_many(session, "ratings", (
            "guild_id", "season", "user_id", "mu", "sigma", "rating", "matches", "name"),
            ratings)
        await insert_many(session, "rating_changes", (
            "guild_id", "season", "user_id", "ended_at", "match_id", "rating_before", "rating",
            "matches"), changes)
    # PostgreSQL's autovacuum would get there on a live server: the counters' rows
    # updated once per player above, the visibility map, fresh statistics.
    async with db._writing() as session:
        await session.fetch("VACUUM ANALYZE" if isinstance(db, PostgresStorage) else "ANALYZE")


async def old_history(kind: str, url: str, matches: int, rng: random.Random) -> None:
    """A database as the bot left it before ratings, holding ``matches`` recorded matches
    of four people each."""
    old = (SqliteStorage.open(sqlite_path(url) or "", migrations=SQLITE_MIGRATIONS[:8])
           if kind == "sqlite" else PostgresStorage.open(url, migrations=PG_MIGRATIONS[:5]))
    rows, players = [], []
    for number in range(matches):
        seats = rng.sample(range(1, HISTORY_PLAYERS + 1), 4)
        ended = NOW - (matches - number) * 60
        rows.append((f"h{number}", HISTORY_GUILD, 9, "classic", ended - 900, ended, 3,
                     seats[0]))
        players += [(f"h{number}", user, seat, HISTORY_GUILD, ended, 0, rng.randint(0, 300),
                     int(seat == 0), *[0] * len(STATS)) for seat, user in enumerate(seats)]
    async with old as db, db.transaction() as session:
        await insert_many(session, "matches", (
            "match_id", "guild_id", "channel_id", "ruleset", "started_at", "ended_at",
            "rounds", "winner_id"), rows)
        # PostgreSQL runs the player totals' trigger row by row inside COPY (many minutes
        # for 400,000 rows); the backfill never reads those totals.
        postgres = isinstance(db, PostgresStorage)
        if postgres:
            await session.fetch("ALTER TABLE match_players DISABLE TRIGGER USER")
        await insert_many(session, "match_players", (
            "match_id", "user_id", "seat", "guild_id", "ended_at", "is_bot", "points",
            "won", *STATS), players)
        if postgres:
            await session.fetch("ALTER TABLE match_players ENABLE TRIGGER USER")


async def measure(kind: str, url: str, history_url: str, matches: int,
                  rng: random.Random) -> Figures:
    figures: Figures = {}
    async with open_storage(url) as opened:
        assert isinstance(opened, SqliteStorage | PostgresStorage)
        db = opened
        trip = await timed([db.read("SELECT 1") for _ in range(QUERY_RUNS)])
        print(f"one round trip (SELECT 1): {milliseconds(trip)}")
        figures["one round trip (SELECT 1)"] = median_ms(trip)
        rated = await timed([db.record_match(ten_people(n, rng)) for n in range(RATED_MATCHES)])
        print(f"record_match with its rating, {RATED_MATCHES} matches of 10 people: "
              f"{milliseconds(rated)}")
        figures["rate a 10-player match (with its writes)"] = median_ms(rated)
        fill = time.perf_counter()
        await fill_board(db, rng)
        print(f"(setup: {BOARD_PLAYERS} rated players written in "
              f"{time.perf_counter() - fill:.1f} s)")
        users = [rng.randint(1, BOARD_PLAYERS) for _ in range(QUERY_RUNS)]
        top = await timed([db.rating_board(BOARD_GUILD, now=NOW) for _ in users])
        place = await timed([db.player_rating(BOARD_GUILD, PlayerId(user)) for user in users])
        print(f"rating board of {BOARD_PLAYERS} players: top 10 (with total and 7-day "
              f"change) {milliseconds(top)}; a player's place {milliseconds(place)}")
        figures[f"top 10 by rating, {BOARD_PLAYERS:,} players"] = median_ms(top)
        figures[f"a place by rating, {BOARD_PLAYERS:,} players"] = median_ms(place)
    fill = time.perf_counter()
    await old_history(kind, history_url, matches, rng)
    print(f"(setup: {matches} matches recorded before ratings in "
          f"{time.perf_counter() - fill:.1f} s)")
    start, cpu = time.perf_counter(), time.process_time()
    async with open_storage(history_url) as upgraded:
        backfill, busy = time.perf_counter() - start, time.process_time() - cpu
        assert (await upgraded.rating_board(HISTORY_GUILD, now=NOW)).total > 0
    print(f"upgrade rating {matches} recorded matches of 4 people: {backfill:.1f} s "
          f"(this process's CPU: {busy:.1f} s)")
    figures[f"backfill of {matches:,} matches"] = f"{backfill:.1f} s"
    figures[f"backfill of {matches:,} matches, bot's CPU"] = f"{busy:.1f} s"
    return figures


async def main(postgres: str | None, matches: int, sqlite_only: bool) -> None:
    results: dict[str, Figures] = {}
    with tempfile.TemporaryDirectory() as folder:
        print("== SQLite (a temporary file)")
        results["SQLite"] = await measure(
            "sqlite", sqlite_url(Path(folder) / "bench.sqlite3"),
            sqlite_url(Path(folder) / "history.sqlite3"), matches, random.Random(7))
    if sqlite_only:
        side_by_side(results)
        return
    with postgres_databases(postgres) as urls:
        if urls is not None:
            print("== PostgreSQL (loopback)")
            results["PostgreSQL"] = await measure("postgres", *urls, matches,
                                                  random.Random(7))
    side_by_side(results)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--postgres", metavar="URL",
                        help="an empty PostgreSQL database (default: a throwaway server)")
    parser.add_argument("--matches", type=int, default=100_000,
                        help="recorded matches the upgrade rates (default 100,000)")
    parser.add_argument("--sqlite-only", action="store_true", help="measure SQLite alone")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.postgres, arguments.matches, arguments.sqlite_only))
