"""CPU in the bot's process per call to a worker process: ``bot.workers`` beside
``concurrent.futures.ProcessPoolExecutor`` (what ``bot.workers`` was built on before),
in the same run.

Run: .venv/bin/python -m benchmarks.workers [--calls 3000] [--rounds 3]

Each call sends a table picture's scene and gets back a picture-sized answer (20 KB),
one call at a time, as a painter is used. Printed per round, for each: the CPU time
of this process (all its threads: the executor's two count) and the wall time per call,
in microseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor

from bot.render import TableScene
from bot.workers import Workers

SCENE = TableScene("r5", "r", 1, (("Ana", 3), ("Ben", 7), ("Cleo", 1), ("Dev", 12)), 2, 61)
ANSWER = 20_000
"""Bytes back per call: about a hand picture."""


def draw(scene: TableScene) -> bytes:
    return bytes(ANSWER)


async def with_executor(calls: int) -> tuple[float, float]:
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    loop = asyncio.get_running_loop()
    try:
        await loop.run_in_executor(pool, draw, SCENE)  # started
        return await timed(calls, lambda: loop.run_in_executor(pool, draw, SCENE))
    finally:
        pool.shutdown()


async def with_workers(calls: int) -> tuple[float, float]:
    workers = Workers("benchmark", 1)
    try:
        await workers.run(draw, SCENE)  # started
        return await timed(calls, lambda: workers.run(draw, SCENE))
    finally:
        workers.close()


async def timed(calls: int, call: Callable[[], Awaitable[object]]) -> tuple[float, float]:
    """Microseconds of CPU and of wall time per call."""
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(calls):
        await call()
    return ((time.process_time() - cpu) / calls * 1e6,
            (time.perf_counter() - wall) / calls * 1e6)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    for round_number in range(1, options.rounds + 1):
        for name, run in (("ProcessPoolExecutor", with_executor),
                          ("bot.workers", with_workers)):
            cpu, wall = asyncio.run(run(options.calls))
            print(f"round {round_number} {name:20} CPU per call {cpu:6.0f} us, "
                  f"wall {wall:6.0f} us")


if __name__ == "__main__":
    main()
