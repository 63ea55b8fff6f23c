"""Interactions per second at p99 under 250 ms: the same load through one bot process
running both shards and through two processes running one shard each, on one database
(the steady load of ``benchmarks/table_load.py``: tables of 4 whose players think 1 to
3 s, 80 ms of wire latency, two guilds, one per shard, the tables dealt among them).

    .venv/bin/python -m benchmarks.shard_load --tables 50 100 200 300
    .venv/bin/python -m benchmarks.shard_load --env DATABASE_URL=postgresql://user@host/postgres

With a PostgreSQL URL, each run makes a database of its own on that server (connecting
to the URL's database to do so) and drops it afterwards.

For each set-up the table counts run in order, each with fresh processes and database,
until one's p99 (INTERACTION_CREATE to the callback reaching Discord) passes the bound;
each run's report is printed, then per set-up the highest rate whose p99 stayed under it.
"""

from __future__ import annotations

import argparse
import asyncio

from benchmarks.table_load import Plan, Report, run_one

P99_BOUND = 0.250
SHARDS = 2


async def best_rate(processes: int, args: argparse.Namespace) -> Report | None:
    """The run with the most interactions a second whose p99 stayed under the bound."""
    best: Report | None = None
    for tables in args.tables:
        plan = Plan("steady", tables, args.latency, args.seconds, think=(1.0, 3.0),
                    images=args.images == "on", seed=args.seed, shards=SHARDS,
                    processes=processes, env=tuple(args.env))
        report = await run_one(plan)
        print("\n".join(report.lines()), flush=True)
        if report.quantile(0.99) > P99_BOUND or report.unanswered:
            break
        if best is None or rate(report) > rate(best):
            best = report
    return best


def rate(report: Report) -> float:
    return report.interactions / report.seconds if report.seconds else 0.0


async def main_async(args: argparse.Namespace) -> None:
    results = {processes: await best_rate(processes, args) for processes in (1, 2)}
    for processes, best in results.items():
        setup = ("one process, both shards" if processes == 1
                 else "two processes, one shard each")
        if best is None:
            print(f"{setup}: p99 above {P99_BOUND * 1000:.0f} ms at every load tried")
            continue
        print(f"{setup}: {rate(best):.1f} interactions/s at p99 "
              f"{best.quantile(0.99) * 1000:.0f} ms ({best.plan.tables} tables)")


def setting(text: str) -> tuple[str, str]:
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError("a setting is NAME=VALUE")
    return name, value


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", nargs="+", type=int, default=[50, 100, 200, 300],
                        help="table counts to try, in order, for each set-up")
    parser.add_argument("--env", nargs="*", type=setting, default=[], metavar="NAME=VALUE",
                        help="settings for every bot process (the database to share)")
    parser.add_argument("--latency", type=float, default=0.08)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--images", choices=["on", "off"], default="on")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if any(not 1 <= count <= 450 for count in args.tables):
        parser.error("tables must be between 1 and 450")
    return args


def main() -> None:
    asyncio.run(main_async(parse()))


if __name__ == "__main__":
    main()
