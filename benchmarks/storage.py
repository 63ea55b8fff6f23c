"""Timings of the storage layer, on a temporary SQLite file and on PostgreSQL, side by side.

Run: .venv/bin/python -m benchmarks.storage [--postgres URL]

PostgreSQL: a throwaway server on loopback, as the tests start one (needs Debian's
``postgresql`` package; without it only SQLite is measured), or ``--postgres URL`` for
an empty database on a server of your own. Its figures include the loopback round trip
to the server, which SQLite (a thread in the bot's own process) does not pay.

Aims: recording a match at most 1 ms (median), the top 10 at most 1 ms with 100,000
players on the board, restoring 1,000 saved games at most 2 s: both the rows alone
(load_games) and the bot's whole start-up path (TableStore.recover, which reads each
table with table_from_dict and Game.from_dict, then GameManager.restore).

record_match is four round trips on PostgreSQL (BEGIN with the server's lock, every read,
every write: the match, its players and the rating, COMMIT); the first line shows what one
costs on this machine, which is most of what varies from run to run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import tempfile
import time
from collections.abc import Coroutine, Iterator, Sequence
from pathlib import Path
from typing import Any

from bot.engine import Game, Options
from bot.engine.cards import ALL_CARDS, COLORS
from bot.game.clock import FakeClock
from bot.game.manager import GameManager
from bot.game.players import PlayerId
from bot.game.ports import NEW_TABLE, MatchRecord, PlayerResult
from bot.game.saving import TableStore, table_to_dict
from bot.game.standings import RANKINGS
from bot.game.table import Player, Table, TableStatus
from bot.storage import PostgresStorage, SqliteStorage, open_storage
from bot.storage.postgres.connection import PostgresSession
from bot.storage.session import Session
from bot.storage.sqlite.connection import SqliteSession
from bot.storage.urls import sqlite_url
from tests.pgserver import PostgresServer, binaries

MATCHES = 2_000
BOARD_PLAYERS = 100_000
QUERY_RUNS = 300
WEEK_RUNS = 20
SAVED_GAMES = 1_000
RECORD_GUILD, BOARD_GUILD, WEEK_GUILD = 1, 2, 3
NOW = time.time()


def milliseconds(samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"median {statistics.median(ordered) * 1000:.3f} ms, p99 {p99 * 1000:.3f} ms"


async def timed(calls: list[Coroutine[Any, Any, Any]]) -> list[float]:
    """Seconds each call took, awaited one after the other."""
    samples = []
    for call in calls:
        start = time.perf_counter()
        await call
        samples.append(time.perf_counter() - start)
    return samples


def a_match(number: int, rng: random.Random) -> MatchRecord:
    seats = rng.sample(range(1, 5_001), 4)
    winner = seats[0]
    return MatchRecord(
        match_id=f"555-{number}",
        guild_id=RECORD_GUILD,
        channel_id=555,
        ruleset="classic",
        started_at=NOW - 1_800,
        ended_at=NOW,
        rounds=rng.randint(1, 8),
        winner_id=PlayerId(winner),
        players=tuple(
            PlayerResult(
                PlayerId(user_id), rng.randint(0, 600), won=user_id == winner, is_bot=seat == 3,
                round_wins=rng.randint(0, 4), best_round=rng.randint(0, 250),
                uno_calls=rng.randint(0, 5), cards_played=rng.randint(10, 60),
                colours_played={c: rng.randint(0, 15) for c in COLORS},
            )
            for seat, user_id in enumerate(seats)
        ),
    )


async def insert_many(
    session: Session, table: str, columns: Sequence[str], rows: list[tuple[Any, ...]]
) -> None:
    """Bulk rows straight into a table: executemany on SQLite, COPY on PostgreSQL."""
    if isinstance(session, SqliteSession):
        marks = ", ".join("?" * len(columns))
        await session.connection.executemany(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
    else:
        assert isinstance(session, PostgresSession)
        await session.connection.copy_records_to_table(table, records=rows, columns=columns)


STATS = ("round_wins", "best_round", "uno_calls", "catches_made", "catches_suffered",
         "challenges_won", "challenges_lost", "cards_played", "red_played", "yellow_played",
         "green_played", "blue_played")


async def fill_boards(db: SqliteStorage | PostgresStorage, rng: random.Random) -> None:
    """100,000 players' all-time totals in one server, and 100,000 players with one match
    each this week in another, written straight into the tables."""
    totals = []
    for user_id in range(1, BOARD_PLAYERS + 1):
        games = rng.randint(1, 300)
        wins = rng.randint(0, games)
        points = rng.randint(0, 500 * wins + 1)
        totals.append((BOARD_GUILD, user_id, games, wins, wins / games, points, *[0] * 12))
    matches = [(f"w{u}", WEEK_GUILD, 9, "classic", NOW - 60, NOW - 60, 3, u)
               for u in range(1, BOARD_PLAYERS + 1)]
    players = [(f"w{u}", u, 0, WEEK_GUILD, NOW - 60, 0, rng.randint(0, 500),
                int(rng.random() < 0.5), *[0] * 12)
               for u in range(1, BOARD_PLAYERS + 1)]
    async with db.transaction() as session:
        await insert_many(session, "player_totals", (
            "guild_id", "user_id", "games", "wins", "win_rate", "points", *STATS), totals)
        await insert_many(session, "matches", (
            "match_id", "guild_id", "channel_id", "ruleset", "started_at", "ended_at",
            "rounds", "winner_id"), matches)
        await insert_many(session, "match_players", (
            "match_id", "user_id", "seat", "guild_id", "ended_at", "is_bot", "points", "won",
            *STATS), players)
    # PostgreSQL's autovacuum would get there on a live server: the visibility map that
    # lets counts read the index alone, and fresh statistics.
    async with db._writing() as session:
        await session.fetch("ANALYZE" if isinstance(session, SqliteSession) else "VACUUM ANALYZE")


def a_saved_state(rng: random.Random) -> dict[str, Any]:
    """About 5 KB of JSON, shaped like a 4-player game in progress."""
    deck = sorted(ALL_CARDS)
    hands = {str(10**17 + seat): rng.choices(deck, k=9) for seat in range(4)}
    return {
        "engine": {
            "seed": rng.getrandbits(64),
            "hands": hands,
            "draw_pile": rng.choices(deck, k=70),
            "discard_pile": rng.choices(deck, k=40),
            "current_color": "r",
            "direction": 1,
            "turn": 3,
            "pending_draw": 0,
            "options": {"seven_o": False, "stacking": False, "target": 500},
            "scores": {player: rng.randint(0, 400) for player in hands},
            "log": [{"player": p, "action": "play", "card": rng.choice(deck), "version": v}
                    for v, p in enumerate(rng.choices(list(hands), k=45))],
        },
        "table_message_id": 10**18 + rng.getrandbits(32),
        "turn_deadline": NOW + 60,
        "catch_window_deadline": None,
        "state_version": 120,
    }


def a_table_in_play(channel_id: int, rng: random.Random) -> Table:
    """A 4-player classic game some 40 legal actions in, with its tally and table log."""
    players = [Player(PlayerId(10**17 + rng.getrandbits(40)), f"player{n}") for n in range(4)]
    options = Options.for_ruleset("classic")
    game = Game.new("classic", options, [str(p.id) for p in players], rng.getrandbits(32))
    table = Table(guild_id=RECORD_GUILD, channel_id=channel_id, host=players[0],
                  ruleset="classic", options=options, turn_seconds=60, version=channel_id,
                  players=players, status=TableStatus.PLAYING, message_id=channel_id,
                  game=game, table_message_id=channel_id + 1, turn_deadline=NOW + 60,
                  started_at=NOW - 600)
    for _ in range(40):
        if game.round_over:
            break
        player = game.waiting_for()[0]
        events = game.apply(rng.choice(game.legal_actions(player)))
        table.tally.observe(events)
        table.recent_actions = [*table.recent_actions, [e.to_dict() for e in events]][-5:]
    return table


Figures = dict[str, str]
"""One backend's figures, by what was measured: what the side-by-side table shows."""


async def restore_benchmark(url: str, rng: random.Random, figures: Figures) -> None:
    async with open_storage(url) as db:
        store = TableStore(db)
        tables = [a_table_in_play(20_000 + n, rng) for n in range(SAVED_GAMES)]
        for table in tables:
            await store.save(table)
        size = statistics.mean(
            len(json.dumps(table_to_dict(t), separators=(",", ":"))) for t in tables)
        samples = []
        for _ in range(5):
            start = time.perf_counter()
            found = await store.recover()
            GameManager(FakeClock(), store=store).restore(found)
            samples.append(time.perf_counter() - start)
            assert len(found.live) == SAVED_GAMES and not found.unreadable
        print(f"restore at start-up, {SAVED_GAMES} saved tables of {size / 1000:.1f} KB "
              f"(recover: load_games, table_from_dict, Game.from_dict; then "
              f"GameManager.restore): median {statistics.median(samples):.3f} s, "
              f"slowest {max(samples):.3f} s")
        figures[f"restore {SAVED_GAMES} tables (median)"] = f"{statistics.median(samples):.3f} s"


def median_ms(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:.3f} ms"


async def measure(url: str, restore_url: str, rng: random.Random) -> Figures:
    figures: Figures = {}
    async with open_storage(url) as opened:
        assert isinstance(opened, SqliteStorage | PostgresStorage)
        db = opened
        trip = await timed([db.read("SELECT 1") for _ in range(MATCHES)])
        print(f"one round trip (SELECT 1): {milliseconds(trip)}")
        figures["one round trip (SELECT 1)"] = median_ms(trip)
        records = [a_match(n, rng) for n in range(MATCHES)]
        record = await timed([db.record_match(r) for r in records])
        print(f"record_match, {MATCHES} matches of 4 players: {milliseconds(record)}")
        figures["record a match"] = median_ms(record)

        fill_start = time.perf_counter()
        await fill_boards(db, rng)
        print(f"(setup: two boards of {BOARD_PLAYERS} players written in "
              f"{time.perf_counter() - fill_start:.1f} s)")
        users = [rng.randint(1, BOARD_PLAYERS) for _ in range(QUERY_RUNS)]
        for ranking in RANKINGS:
            top = await timed([db.leaderboard(BOARD_GUILD, ranking) for _ in users])
            rank = await timed([db.player_rank(BOARD_GUILD, PlayerId(u), ranking) for u in users])
            print(f"all-time by {ranking}, {BOARD_PLAYERS} players: "
                  f"top 10 (with total) {milliseconds(top)}; one player's rank "
                  f"{milliseconds(rank)}")
            figures[f"top 10 by {ranking}, {BOARD_PLAYERS:,} players"] = median_ms(top)
            figures[f"a rank by {ranking}, {BOARD_PLAYERS:,} players"] = median_ms(rank)
        week_users = users[:WEEK_RUNS]
        week_top = await timed(
            [db.leaderboard(WEEK_GUILD, "points", "week") for _ in week_users]
        )
        week_rank = await timed(
            [db.player_rank(WEEK_GUILD, PlayerId(u), "points", "week") for u in week_users]
        )
        print(f"this week by points, {BOARD_PLAYERS} players with a match this week: "
              f"top 10 {milliseconds(week_top)}; one player's rank {milliseconds(week_rank)}")
        figures[f"top 10 this week, {BOARD_PLAYERS:,} players"] = median_ms(week_top)
        figures[f"a rank this week, {BOARD_PLAYERS:,} players"] = median_ms(week_rank)

        states = [a_saved_state(rng) for _ in range(SAVED_GAMES)]
        size = statistics.mean(len(json.dumps(s, separators=(",", ":"))) for s in states)
        channels = range(10_000, 10_000 + SAVED_GAMES)
        save = await timed(
            [db.save_game(c, RECORD_GUILD, s, version=1, replaces=NEW_TABLE)
             for c, s in zip(channels, states, strict=True)]
        )
        states.reverse()
        resave = await timed(
            [db.save_game(c, RECORD_GUILD, s, version=2, replaces=1)
             for c, s in zip(channels, states, strict=True)]
        )
        print(f"save_game, {size / 1000:.1f} KB of JSON: first save {milliseconds(save)}; "
              f"update (compare-and-set) {milliseconds(resave)}")
        figures[f"save a game ({size / 1000:.1f} KB): insert"] = median_ms(save)
        figures[f"save a game ({size / 1000:.1f} KB): compare-and-set update"] = median_ms(resave)
        restores = await timed([db.load_games() for _ in range(5)])
        games, bad = await db.load_games()
        assert len(games) == SAVED_GAMES and not bad
        print(f"load_games, {SAVED_GAMES} saved games: median "
              f"{statistics.median(restores):.3f} s, slowest {max(restores):.3f} s")
    await restore_benchmark(restore_url, rng, figures)
    return figures


@contextlib.contextmanager
def postgres_databases(url: str | None) -> Iterator[tuple[str, str] | None]:
    """Two empty databases (the boards, the restore): on ``url``'s server when given
    (both in that one database, the restore's tables in another channel range), else on
    a throwaway server; None when PostgreSQL is not installed."""
    if url is not None:
        yield url, url
        return
    bin_dir = binaries()
    if bin_dir is None:
        print("PostgreSQL is not installed (apt-get install -y postgresql): SQLite only")
        yield None
        return
    server = PostgresServer(bin_dir)
    try:
        server.start()
        yield server.new_database(), server.new_database()
    finally:
        server.stop()


def side_by_side(results: dict[str, Figures]) -> None:
    names = list(results)
    rows = list(next(iter(results.values())))
    width = max(len(row) for row in rows)
    print(f"\n{'median':<{width}}  " + "  ".join(f"{name:>12}" for name in names))
    for row in rows:
        print(f"{row:<{width}}  " + "  ".join(f"{results[n].get(row, '-'):>12}" for n in names))


async def main(postgres: str | None) -> None:
    results: dict[str, Figures] = {}
    with tempfile.TemporaryDirectory() as folder:
        print("== SQLite (a temporary file)")
        results["SQLite"] = await measure(
            sqlite_url(Path(folder) / "bench.sqlite3"),
            sqlite_url(Path(folder) / "restore.sqlite3"),
            random.Random(7),
        )
    with postgres_databases(postgres) as urls:
        if urls is not None:
            print("== PostgreSQL (loopback)")
            results["PostgreSQL"] = await measure(*urls, random.Random(7))
    side_by_side(results)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--postgres", metavar="URL",
                        help="an empty PostgreSQL database (default: a throwaway server)")
    asyncio.run(main(parser.parse_args().postgres))
