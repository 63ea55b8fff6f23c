"""Bot processes started at the same moment, their shards between them, on one database:
the seconds until every shard is ready, and the invalid sessions (op 9) the fake Discord
sent. The fake keeps Discord's rule across every connection: a shard is in rate-limit
bucket ``shard_id % max_concurrency``, each bucket takes one IDENTIFY per 5 s, and one
more is answered with op 9. The processes take their turns through the database, so
the ideal is no op 9 and every shard ready in about ``shards / max_concurrency * 5`` s.

    .venv/bin/python -m benchmarks.identify
    .venv/bin/python -m benchmarks.identify --max-concurrency 16
    .venv/bin/python -m benchmarks.identify --database sqlite
    .venv/bin/python -m benchmarks.identify --env DATABASE_URL=postgresql://user@host/postgres

Each process runs a range of shards (``SHARD_IDS=0-3``, ``4-7``, ...): with a
``max_concurrency`` below the shards of a process, the processes meet in every bucket.
PostgreSQL is a throwaway server on loopback (``tests/pgserver.py``) unless a
``DATABASE_URL`` names one, on which the run makes (and drops) a database of its own;
SQLite is one file in a temporary folder that every process opens.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import tempfile
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from benchmarks.databases import fresh_database
from benchmarks.shard_load import setting
from bot.app.identify import IDENTIFY_SPACING
from bot.game.clock import RealClock
from tests.botprocess import BotProcess, logged_errors
from tests.fakediscord import FakeDiscord
from tests.fakediscord.gateway import IDENTIFY_WINDOW
from tests.pgserver import MISSING, PostgresServer, binaries

Database = Literal["postgres", "sqlite"]


@dataclass(frozen=True)
class Plan:
    processes: int = 4
    shards: int = 16
    max_concurrency: int = 4
    database: Database = "postgres"
    env: tuple[tuple[str, str], ...] = ()
    """Settings for every process; a ``DATABASE_URL`` names the PostgreSQL server."""

    def shard_ids(self, process: int) -> range:
        """The process's range of shards, the shards dealt as evenly as they go."""
        return range(process * self.shards // self.processes,
                     (process + 1) * self.shards // self.processes)


@dataclass
class Report:
    plan: Plan
    ready_after: list[float] = field(default_factory=list)
    """Per process: seconds from the start until every one of its shards was ready."""
    identified: list[tuple[float, int]] = field(default_factory=list)
    """Each IDENTIFY the fake took: seconds from the start, and the shard."""
    invalid_sessions: int = 0
    violations: list[str] = field(default_factory=list)
    bot_errors: list[str] = field(default_factory=list)
    load_average: float = 0.0
    """The machine's 1-minute load average when the run started (other work on it)."""

    def shortest_gap(self) -> float | None:
        """The fewest seconds between two IDENTIFYs of one bucket (None: no bucket had
        two): never below Discord's 5."""
        last: dict[int, float] = {}
        gaps = []
        for at, shard in self.identified:
            bucket = shard % self.plan.max_concurrency
            if bucket in last:
                gaps.append(at - last[bucket])
            last[bucket] = at
        return min(gaps, default=None)

    def lines(self) -> list[str]:
        plan = self.plan
        rounds = -(-plan.shards // plan.max_concurrency)
        first, last = self.identified[0][0], self.identified[-1][0]
        gap = self.shortest_gap()
        return [
            f"{plan.processes} processes, {plan.shards} shards, max_concurrency "
            f"{plan.max_concurrency}, {plan.database} (load average "
            f"{self.load_average:.1f})",
            f"  every shard ready {max(self.ready_after):.1f} s after the start; each "
            "process: " + ", ".join(f"{s:.1f}" for s in self.ready_after) + " s",
            f"  identifies: the first {first:.1f} s after the start (the processes' "
            f"start-up), then {len(self.identified)} in {last - first:.1f} s to the last "
            f"({rounds} round{'s' if rounds > 1 else ''} of {plan.max_concurrency}: "
            f"{(rounds - 1) * IDENTIFY_SPACING:.1f} s at the bot's {IDENTIFY_SPACING:g} s "
            f"per bucket, {rounds * IDENTIFY_WINDOW:g} s by shards / max_concurrency x 5)",
            "  shortest gap between two identifies of one bucket: "
            + ("none had two" if gap is None else f"{gap:.2f} s"),
            f"  invalid sessions (op 9): {self.invalid_sessions}; breaches: "
            f"{len(self.violations)}; bot errors: {len(self.bot_errors)}",
        ]


async def run(plan: Plan) -> Report:
    """Start the processes together, wait until each has every shard ready, stop them."""
    report = Report(plan, load_average=os.getloadavg()[0])
    fake = FakeDiscord(RealClock())
    fake.gateway.shard_count, fake.gateway.max_concurrency = plan.shards, plan.max_concurrency
    await fake.start()
    try:
        with tempfile.TemporaryDirectory(prefix="identify-") as tmp:
            folder = Path(tmp)
            async with database_env(plan, folder) as env, \
                    bot_processes(fake, plan, folder, env) as bots:
                start = asyncio.get_running_loop().time()  # the fake's clock
                report.ready_after = await asyncio.gather(*(ready(bot, start) for bot in bots))
            report.bot_errors = [line for log in sorted(folder.glob("bot*.log"))
                                 for line in logged_errors(log)]
        report.identified = [(at - start, shard) for at, shard in fake.gateway.identified]
        report.invalid_sessions = fake.gateway.invalid_sessions
        report.violations = [f"{v.rule}: {v.detail}" for v in fake.violations]
    finally:
        await fake.stop()
    return report


@contextlib.asynccontextmanager
async def database_env(plan: Plan, folder: Path) -> AsyncIterator[dict[str, str]]:
    """Every process's settings: the one database they share, new for this run."""
    env = dict(plan.env)
    if plan.database == "sqlite":
        yield env | {"DATABASE_PATH": str(folder / "data" / "uno.sqlite3")}
        return
    if "DATABASE_URL" in env:
        async with fresh_database(env) as fresh:
            yield fresh
        return
    with throwaway_server() as server:
        yield env | {"DATABASE_URL": server.new_database()}


@contextlib.contextmanager
def throwaway_server() -> Iterator[PostgresServer]:
    bin_dir = binaries()
    if bin_dir is None:
        raise SystemExit(MISSING)
    server = PostgresServer(bin_dir)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@contextlib.asynccontextmanager
async def bot_processes(fake: FakeDiscord, plan: Plan, folder: Path, env: dict[str, str]
                        ) -> AsyncIterator[list[BotProcess]]:
    """The processes, not started yet, each in a folder of its own; stopped (SIGTERM) on
    the way out."""
    with contextlib.ExitStack() as logs:
        bots = []
        for number in range(plan.processes):
            shards = plan.shard_ids(number)
            own = folder / f"bot{number}"
            own.mkdir()
            log = logs.enter_context((folder / f"bot{number}.log").open("wb"))
            bots.append(BotProcess(fake, own, log, shards=tuple(shards), env=env | {
                "SHARD_COUNT": str(plan.shards), "SHARD_IDS": f"{shards[0]}-{shards[-1]}"}))
        try:
            yield bots
        finally:
            for bot in bots:
                await bot.stop()


async def ready(bot: BotProcess, start: float) -> float:
    """Start ``bot``; the seconds from ``start`` (event-loop time) until every one of its
    shards is ready (the fake has sent its READY)."""
    await bot.start()
    return asyncio.get_running_loop().time() - start


async def main_async(args: argparse.Namespace) -> None:
    plan = Plan(args.processes, args.shards, args.max_concurrency, args.database,
                tuple(args.env))
    report = await run(plan)
    print("\n".join(report.lines()), flush=True)
    for line in report.violations + report.bot_errors:
        print(f"  {line}")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--shards", type=int, default=16)
    parser.add_argument("--max-concurrency", type=int, default=4,
                        help="what Discord's GET /gateway/bot tells (16 for large bots)")
    parser.add_argument("--database", choices=["postgres", "sqlite"], default="postgres")
    parser.add_argument("--env", nargs="*", type=setting, default=[], metavar="NAME=VALUE",
                        help="settings for every bot process (DATABASE_URL: the server)")
    args = parser.parse_args(argv)
    if not 1 <= args.processes <= args.shards:
        parser.error("each process needs a shard: 1 <= processes <= shards")
    return args


def main() -> None:
    asyncio.run(main_async(parse()))


if __name__ == "__main__":
    main()
