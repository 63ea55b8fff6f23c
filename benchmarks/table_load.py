"""Many UNO tables against the bot run as an operator runs it: ``python -m bot`` in its own
process, talking to a fake Discord in this process over loopback, with a wire latency on
every REST answer (80 ms by default). The players live here too and know only what
Discord shows them (see ``benchmarks/players.py``).

    .venv/bin/python -m benchmarks.table_load --mode steady --tables 50 100 200 400
    .venv/bin/python -m benchmarks.table_load --mode burst --tables 200
    .venv/bin/python -m benchmarks.table_load --mode steady burst   # both, default sizes
    .venv/bin/python -m benchmarks.table_load --tables 200 --hard-tables 20

steady: tables of 4 whose players think 1 to 3 s before each move, for ``--seconds``
(or until every table made ``--moves`` moves). burst: at every table the player to move
clicks the same card three times, Draw twice and Catch! twice at the same instant.
``--hard-tables N``: N of the tables (steady) seat one person and three ``hard`` computer
players, whose searches run in the bot's worker processes; the people's clicks at those
tables and at the others are timed apart (aim: the same p99 within 10%).

Each run starts a fresh bot (its own database) and prints: interactions per second,
p50/p99/max from INTERACTION_CREATE to the callback reaching Discord, unanswered clicks,
the bot's CPU per applied move (/proc/<pid>/stat over the measured window; its worker
processes', which draw the pictures and search for hard players, apart), its resident
memory per table (/proc/<pid>/statm, growth while the tables open, after a warm-up
table), its REST calls per move that count against Discord's global 50 a second
(calls with the bot token: all but interaction callbacks and interaction webhooks) and
the ceiling they imply: tables per bot token = 50 / (calls per move x moves a second per
table), whatever the processes and shards; all its REST calls per state change, by kind
(``call_kind``: a callback of type 7 or 4 answers a click in one call, 6 or 5
acknowledges it first and an edit of ``@original`` completes it; a hand refresh is such
an edit too); steady: p50/p99 from a click to the table message showing its move.
Aims: burst: all answered, p99 <= 1 s, no move applied twice; steady 200 tables:
p99 <= 150 ms; at most 0.1 bot-token calls per move, the move shown
within 1 s at p99.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import gc
import os
import random
import tempfile
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from benchmarks import burst
from benchmarks.databases import fresh_database
from benchmarks.players import Clicks, Seats, table_message
from benchmarks.procstat import children_cpu_seconds, cpu_seconds, resident_bytes
from benchmarks.saved import changes_between, saved_game, saved_versions
from bot.game.clock import RealClock
from tests.botprocess import BotProcess, logged_errors
from tests.fakediscord import FakeDiscord, FakeGuild, Latency, add_guild
from tests.fakediscord.records import RestCall
from tests.fakediscord.wire import RouteKind, route_kind

PLAYERS = 4
BOT_TOKEN_RATE = 50.0
"""Requests a second Discord allows a bot token, in all its processes and shards."""
OPENING_AT_ONCE = 25
"""Tables being opened at the same time (people do not all type /uno new at once)."""
TABLE_OPTIONS = {"ruleset": "classic", "turn_seconds": 600}
"""A long turn timer: no timer plays for anyone during a run."""


def call_kind(call: RestCall) -> str:
    """A REST call as the figures count it: its method and route kind, a callback's type
    (6 and 5 acknowledge a click, 7 and 4 answer it) and whether an edit completes an
    acknowledged interaction (``@original``)."""
    path = call.path.removeprefix("/api/v10")
    kind = route_kind(path)
    if kind is RouteKind.CALLBACK and isinstance(call.json, dict):
        return f"{call.method} callback{call.json.get('type')}"
    original = "@original" if path.endswith("/messages/@original") else ""
    return f"{call.method} {kind.value}{original}"


@dataclass(frozen=True)
class Plan:
    """One run: a fresh bot, ``tables`` tables, one mode."""

    mode: str
    tables: int
    latency: float = 0.08
    seconds: float = 30.0
    """steady: the measured window."""
    settle: float = 0.0
    """steady: seconds of play before the window opens, so that what a game does once
    (each player's first look at their hand) falls before it, not in the per-move
    figures."""
    moves: int = 1000
    """steady: a table stops after this many moves."""
    think: tuple[float, float] = (1.0, 3.0)
    images: bool = True
    """Card pictures on the tables (the server default) or text only."""
    seed: int = 1
    shards: int = 1
    """More than 1: the bot has this many shards (``SHARD_COUNT``), a guild on each,
    the tables dealt among them in turn."""
    processes: int = 1
    """Bot processes sharing the shards (process ``p`` runs shards ``p``, ``p +
    processes``, ...) and the database."""
    env: tuple[tuple[str, str], ...] = ()
    """More settings for every bot process (``DATABASE_URL``, say)."""
    hard_tables: int = 0
    """Tables (the first ones) of one person and three ``hard`` computer players."""

    @property
    def table_options(self) -> dict[str, object]:
        return {**TABLE_OPTIONS, "images": self.images}
DEFAULT_TABLES = {"steady": [50, 100, 200, 400], "burst": [200]}
T = TypeVar("T")


@dataclass
class Report:
    plan: Plan
    opened: int = 0
    seconds: float = 0.0
    interactions: int = 0
    unanswered: int = 0
    moves: int = 0
    """Moves the players saw applied (the answer showed their hand after the move)."""
    changes: int = 0
    """State changes the bot saved in the window (moves, UNO calls, next rounds), its
    answer in time or not: what the per-move figures divide by."""
    latencies: list[float] = field(default_factory=list)
    shown_after: list[float] = field(default_factory=list)
    """steady: seconds from each applied move's click to the table message showing it."""
    hard_latencies: list[float] = field(default_factory=list)
    """The part of ``latencies`` sent at the tables with hard players."""
    cpu_seconds: float = 0.0
    workers_cpu_seconds: float = 0.0
    """Of the bot's worker processes (pictures; hard players' searches)."""
    players_cpu_seconds: float = 0.0
    """This process's CPU over the window (fake Discord and players): near a whole core,
    the figures measure the load generator as much as the bot."""
    rss_per_table: float = 0.0
    bot_token_calls: int = 0
    rest_calls: Counter[str] = field(default_factory=Counter)
    """Every REST call the bot made in the window (any token), by method."""
    violations: Counter[str] = field(default_factory=Counter)
    bot_errors: list[str] = field(default_factory=list)
    """ERROR lines the bot logged before it was asked to stop."""
    shutdown_errors: list[str] = field(default_factory=list)
    """ERROR lines the bot logged while stopping (SIGTERM)."""
    burst_tables: int = 0
    """Tables whose player got to a plain playable card and Draw (burst)."""
    applied_twice: int = 0
    """Burst tables where the saved game shows a card played or drawn twice."""
    burst_outcomes: Counter[tuple[int, int]] = field(default_factory=Counter)
    """(cards played, cards drawn) -> burst tables that ended so."""
    tables_behind: int = 0
    """Burst tables with a move whose table message did not show it within 10 s."""
    load_average: float = 0.0
    """The machine's 1-minute load average when the run started (other work on it)."""

    def quantile(self, q: float, of: list[float] | None = None) -> float:
        ordered = sorted(self.latencies if of is None else of)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def ceiling(self) -> str:
        """Tables the bot token's 50 requests a second carry at this pace of play:
        50 / (bot-token calls per move x moves a second per table)."""
        if not self.bot_token_calls or not self.changes:
            return "no bot-token call in the window: no ceiling measured"
        per_move = self.bot_token_calls / self.changes
        per_table = self.changes / max(self.seconds, 1e-9) / max(self.opened, 1)
        return f"{BOT_TOKEN_RATE / (per_move * per_table):.0f} tables per bot token"

    def hard_lines(self) -> list[str]:
        """The people's clicks at the tables with hard players and at the others."""
        if not self.plan.hard_tables:
            return []
        hard = self.hard_latencies
        others = list((Counter(self.latencies) - Counter(hard)).elements())
        cells = [f"{label} clicks={len(values)} p50={self.quantile(0.5, values) * 1000:.0f} ms"
                 f" p99={self.quantile(0.99, values) * 1000:.0f} ms"
                 for label, values in (("hard tables", hard), ("other tables", others))]
        return [f"  people at {self.plan.hard_tables} tables with three hard players: "
                f"{cells[0]}; {cells[1]}"]

    def lines(self) -> list[str]:
        per_move = max(self.changes, 1)
        rate = self.interactions / self.seconds if self.seconds else 0.0
        plan = self.plan
        lines = [
            f"{plan.mode} tables={plan.tables} (opened {self.opened}) "
            f"processes={plan.processes} shards={plan.shards} latency="
            f"{plan.latency * 1000:.0f} ms images={'on' if plan.images else 'off'} "
            f"window={self.seconds:.1f} s "
            f"(load average at start {self.load_average:.1f})",
            f"  interactions={self.interactions} ({rate:.1f}/s) unanswered={self.unanswered} "
            f"moves seen applied={self.moves} state changes saved={self.changes}",
            f"  INTERACTION_CREATE->callback p50={self.quantile(0.5) * 1000:.0f} ms "
            f"p99={self.quantile(0.99) * 1000:.0f} ms "
            f"max={max(self.latencies, default=0) * 1000:.0f} ms",
            *self.hard_lines(),
            f"  bot CPU per state change={self.cpu_seconds * 1000 / per_move:.1f} ms "
            f"(bot CPU {self.cpu_seconds:.1f} s = {self.cpu_seconds / max(self.seconds, 1e-9):.0%}"
            f" of a core; fake Discord and players "
            f"{self.players_cpu_seconds / max(self.seconds, 1e-9):.0%})",
            f"  bot's worker processes CPU per state change="
            f"{self.workers_cpu_seconds * 1000 / per_move:.1f} ms "
            f"({self.workers_cpu_seconds / max(self.seconds, 1e-9):.0%} of a core)",
            f"  bot resident memory per table={self.rss_per_table / 1024:.1f} KiB",
            f"  bot-token REST calls per move={self.bot_token_calls / per_move:.3f} "
            f"({self.bot_token_calls} calls, {self.bot_token_calls / max(self.seconds, 1e-9):.1f}"
            f"/s) ceiling={self.ceiling()}",
            f"  REST calls per state change={sum(self.rest_calls.values()) / per_move:.2f} ("
            + " ".join(f"{kind}={count / per_move:.2f}"
                       for kind, count in sorted(self.rest_calls.items())) + ")",
        ]
        if self.shown_after:
            lines.append(f"  click->table shows the move p50="
                         f"{self.quantile(0.5, self.shown_after) * 1000:.0f} ms "
                         f"p99={self.quantile(0.99, self.shown_after) * 1000:.0f} ms "
                         f"(of {len(self.shown_after)} moves)")
        if plan.mode == "burst":
            lines.append(f"  burst tables ready={self.burst_tables} "
                         f"tables with a move applied twice={self.applied_twice} "
                         f"(played, drawn) -> tables: {dict(sorted(self.burst_outcomes.items()))}"
                         f" table messages behind={self.tables_behind}")
        lines.append(f"  fake Discord violations={dict(self.violations)} "
                     f"bot log errors={len(self.bot_errors)} "
                     f"(and {len(self.shutdown_errors)} while stopping)")
        return lines


@dataclass
class Bench:
    """A fake Discord with a guild per shard, each with a channel per table dealt to it
    plus one (the first, for its warm-up table), and the bot processes connected to it."""

    fake: FakeDiscord
    guilds: list[FakeGuild]
    bots: list[BotProcess]
    clicks: Clicks
    rng: random.Random

    database_url: str | None = None
    """The processes' ``DATABASE_URL``; ``None``: the SQLite file in the first one's folder."""

    @property
    def database(self) -> Path | str:
        """Where the test reads what was saved: the URL or the SQLite file."""
        return self.database_url or self.bots[0].database_path

    def seats(self, table: int, computers: tuple[str, ...] = ()) -> Seats:
        """Table ``table`` (1 on; 0 is the warm-up table of the first guild); the tables
        are dealt to the guilds in turn. ``computers`` take the last seats."""
        guild = self.guilds[(table - 1) % len(self.guilds)]
        return self.seats_at(guild, (table - 1) // len(self.guilds) + 1, computers)

    def seats_at(self, guild: FakeGuild, channel: int, computers: tuple[str, ...] = ()
                 ) -> Seats:
        members = guild.members[channel * PLAYERS:(channel + 1) * PLAYERS - len(computers)]
        return Seats(self.fake, guild.channel_ids[channel], members, self.clicks,
                     random.Random(self.rng.random()), computers)

    def process_of(self) -> dict[int, int]:
        """channel id -> the index of the bot process that runs its guild's shard."""
        owner = {}
        for shard, guild in enumerate(self.guilds):
            for channel_id in guild.channel_ids:
                owner[channel_id] = shard % len(self.bots)
        return owner


@contextlib.asynccontextmanager
async def bench(plan: Plan, folder: Path) -> AsyncIterator[Bench]:
    fake = FakeDiscord(RealClock())
    fake.latency = Latency.fixed(plan.latency)
    fake.gateway.shard_count = plan.shards
    guilds = []
    for shard in range(plan.shards):
        channels = len(range(shard, plan.tables, plan.shards)) + 1
        guilds.append(add_guild(fake, [f"p{n}" for n in range(channels * PLAYERS)],
                                channels=channels, shard=shard if plan.shards > 1 else None))
    await fake.start()
    try:
        async with fresh_database(dict(plan.env)) as env:
            with contextlib.ExitStack() as logs:
                bots = []
                for number in range(plan.processes):
                    log = logs.enter_context((folder / f"bot{number or ''}.log").open("wb"))
                    bots.append(BotProcess(fake, folder, log, log_level="WARNING",
                                           env=env | shard_settings(plan, number),
                                           shards=tuple(shards_of(plan, number))
                                           if plan.shards > 1 else None))
                try:
                    for bot in bots:
                        await bot.start()
                    yield Bench(fake, guilds, bots, Clicks(), random.Random(plan.seed),
                                env.get("DATABASE_URL"))
                finally:
                    for bot in bots:
                        await bot.stop()
    finally:
        await fake.stop()


def shards_of(plan: Plan, process: int) -> range:
    return range(process, plan.shards, plan.processes)


def shard_settings(plan: Plan, process: int) -> dict[str, str]:
    if plan.shards == 1:
        return {}
    return {"SHARD_COUNT": str(plan.shards)} | (
        {"SHARD_IDS": ",".join(map(str, shards_of(plan, process)))}
        if plan.processes > 1 else {})


async def bounded(count: int, jobs: Sequence[Callable[[], Awaitable[T]]]) -> list[T]:
    """Run the jobs, at most ``count`` at a time, results in order."""
    gate = asyncio.Semaphore(count)

    async def one(job: Callable[[], Awaitable[T]]) -> T:
        async with gate:
            return await job()

    return await asyncio.gather(*(one(job) for job in jobs))


async def warm_up(run: Bench, plan: Plan) -> None:
    """A table opened and played a little in each guild (so in each process), so
    start-up work (card faces, first imports, caches) is done before anything is
    measured."""
    for guild in run.guilds:
        seats = run.seats_at(guild, 0)
        assert await seats.open_table(**plan.table_options), "the warm-up table did not open"
        await run.fake.until(functools.partial(table_message, run.fake, seats.channel_id))
        for _ in range(3):
            await seats.step()
            await asyncio.sleep(1.0)  # a player thinking; the table message catches up


async def open_tables(run: Bench, plan: Plan, report: Report) -> list[Seats]:
    """Open the tables; the bot's memory growth per table goes into the report."""
    before = sum(resident_bytes(bot.pid) for bot in run.bots)
    hard = ("hard",) * (PLAYERS - 1)
    everyone = [run.seats(n, hard if n <= plan.hard_tables else ())
                for n in range(1, plan.tables + 1)]
    jobs = [functools.partial(s.open_table, **plan.table_options) for s in everyone]
    opened = [s for s, ok in zip(everyone, await bounded(OPENING_AT_ONCE, jobs), strict=True)
              if ok]
    await run.fake.until(
        lambda: all(table_message(run.fake, s.channel_id) for s in opened) or None, 120)
    report.opened = len(opened)
    report.rss_per_table = (sum(resident_bytes(bot.pid) for bot in run.bots) - before
                            ) / max(len(opened), 1)
    return opened


class Window:
    """The measured stretch: clicks sent, REST calls and bot CPU from its start."""

    def __init__(self, run: Bench, hard_channels: frozenset[int] = frozenset()) -> None:
        self.run = run
        self.hard_channels = hard_channels
        self.loop = asyncio.get_running_loop()
        self.started = self.loop.time()
        self.cpu = self.bots_cpu()
        self.workers_cpu = self.bots_workers_cpu()
        self.players_cpu = cpu_seconds(os.getpid())
        self.calls = len(run.fake.calls)
        self.sent = len(run.clicks.sent)
        self.unanswered = run.clicks.unanswered
        self.versions = saved_versions(run.database)

    def bots_cpu(self) -> float:
        return sum(cpu_seconds(bot.pid) for bot in self.run.bots)

    def bots_workers_cpu(self) -> dict[int, float]:
        return {pid: cpu for bot in self.run.bots
                for pid, cpu in children_cpu_seconds(bot.pid).items()}

    def changes(self) -> int:
        """State changes saved since the start: each process draws versions from its
        own counter, so they are counted process by process."""
        after = saved_versions(self.run.database)
        owner = self.run.process_of()
        return sum(changes_between(
            {c: v for c, v in self.versions.items() if owner[c] == process},
            {c: v for c, v in after.items() if owner[c] == process})
            for process in range(len(self.run.bots)))

    def close(self, report: Report) -> None:
        run = self.run
        report.seconds = self.loop.time() - self.started
        report.cpu_seconds = self.bots_cpu() - self.cpu
        report.workers_cpu_seconds = sum(cpu - self.workers_cpu.get(pid, 0.0)
                                         for pid, cpu in self.bots_workers_cpu().items())
        report.players_cpu_seconds = cpu_seconds(os.getpid()) - self.players_cpu
        report.bot_token_calls = run.fake.bot_token_calls(self.calls)
        report.rest_calls = Counter(call_kind(call) for call in run.fake.calls[self.calls:])
        report.interactions = len(run.clicks.sent) - self.sent
        report.unanswered = run.clicks.unanswered - self.unanswered
        report.latencies = run.clicks.latencies(self.sent)
        report.hard_latencies = run.clicks.latencies(self.sent, self.hard_channels)
        report.changes = self.changes()
        report.shown_after = run.clicks.shown_after(self.started)


@contextlib.contextmanager
def instrument_still() -> Iterator[None]:
    """Around a measured window. This process is the instrument (the fake Discord and
    the players), and it keeps every call and message of the run: Python's cycle
    collector stopped it for 100 to 300 ms every ten seconds or so, and every click in
    flight meanwhile was counted as that much slower to answer. So it collects nothing
    while the window is open (the bot process collects as it always does)."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


async def steady(run: Bench, plan: Plan, opened: list[Seats], report: Report) -> None:
    loop = asyncio.get_running_loop()
    stop_at = loop.time() + plan.settle + plan.seconds
    made = [0]

    async def play(seats: Seats) -> None:
        mine = 0
        while loop.time() < stop_at and mine < plan.moves and not seats.finished:
            await asyncio.sleep(seats.rng.uniform(*plan.think))  # a person thinking
            moved = await seats.step()
            mine += moved
            made[0] += moved

    playing = asyncio.gather(*(play(s) for s in opened))
    await asyncio.sleep(plan.settle)
    with instrument_still():
        window = Window(run, frozenset(s.channel_id for s in opened if s.computers))
        before = made[0]
        await playing
        report.moves = made[0] - before
        window.close(report)


async def burst_run(run: Bench, opened: list[Seats], report: Report) -> None:
    jobs = [functools.partial(burst.prepare, s) for s in opened]
    aims = [a for a in await bounded(OPENING_AT_ONCE, jobs) if a is not None]
    report.burst_tables = len(aims)
    before = [saved_game(run.database, a.seats.channel_id) for a in aims]
    with instrument_still():
        window = Window(run)
        await burst.fire(aims, run.clicks)
        await burst_outcome(run, aims, before, report)
        window.close(report)


async def burst_outcome(run: Bench, aims: list[burst.Aim], before: list[dict[str, Any]],
                        report: Report) -> None:
    """What the burst did at each table, once every table message shows its move."""
    database = run.database
    moved = []
    for aim, old in zip(aims, before, strict=True):
        did = burst.applied(old, saved_game(database, aim.seats.channel_id),
                            str(aim.member.id))
        report.moves += did.played + min(did.drawn, 1)
        report.applied_twice += did.twice
        report.burst_outcomes[did.played, did.drawn] += 1
        if did.played or did.drawn:
            moved.append(aim)
    # The window ends once every table message shows its move: its edit is part of the cost.
    report.tables_behind = await burst.tables_behind(moved)


async def run_one(plan: Plan) -> Report:
    """One fresh bot process and its report."""
    report = Report(plan, load_average=os.getloadavg()[0])
    with tempfile.TemporaryDirectory(prefix="table_load-") as tmp:
        folder = Path(tmp)
        async with bench(plan, folder) as run:
            await warm_up(run, plan)
            opened = await open_tables(run, plan, report)
            if plan.mode == "steady":
                await steady(run, plan, opened, report)
            else:
                await burst_run(run, opened, report)
            report.violations = Counter(v.rule for v in run.fake.violations)
            stopping = {log: log.stat().st_size for log in folder.glob("bot*.log")}
        for log, size in stopping.items():
            report.bot_errors += logged_errors(log, 0, size)
            report.shutdown_errors += logged_errors(log, size)
    return report


async def main_async(args: argparse.Namespace) -> list[Report]:
    reports = []
    for mode in args.mode:
        for tables in args.tables or DEFAULT_TABLES[mode]:
            plan = Plan(mode, tables, args.latency, args.seconds, args.settle, args.moves,
                        tuple(args.think), args.images == "on", args.seed,
                        hard_tables=args.hard_tables if mode == "steady" else 0)
            report = await run_one(plan)
            print("\n".join(report.lines()), flush=True)
            reports.append(report)
    return reports


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", nargs="+", choices=["steady", "burst"], default=["steady"])
    parser.add_argument("--tables", nargs="+", type=int,
                        help="numbers of tables, one run each (default: steady 50 100 200 "
                             "400, burst 200)")
    parser.add_argument("--latency", type=float, default=0.08,
                        help="seconds of wire latency on every REST answer")
    parser.add_argument("--seconds", type=float, default=30.0,
                        help="steady: the measured window")
    parser.add_argument("--settle", type=float, default=10.0,
                        help="steady: seconds of play before the window opens (each "
                             "player's first look at their hand falls before it)")
    parser.add_argument("--moves", type=int, default=1000,
                        help="steady: a table stops after this many moves")
    parser.add_argument("--think", nargs=2, type=float, default=[1.0, 3.0],
                        metavar=("LOW", "HIGH"), help="seconds a player thinks before a move")
    parser.add_argument("--images", choices=["on", "off"], default="on",
                        help="card pictures on the tables (on: the server default)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hard-tables", type=int, default=0,
                        help="steady: this many of the tables seat one person and three "
                             "hard computer players")
    args = parser.parse_args(argv)
    for count in args.tables or []:
        if not 1 <= count <= 450:
            parser.error("tables must be between 1 and 450 (one guild's channels)")
        if not 0 <= args.hard_tables <= count:
            parser.error("--hard-tables must be between 0 and the number of tables")
    if not 0 < args.seconds <= 300:
        parser.error("--seconds must be between 0 and 300")
    return args


def main() -> None:
    asyncio.run(main_async(parse()))


if __name__ == "__main__":
    main()
