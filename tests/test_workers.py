"""Worker processes (``bot.workers``): results and errors come back as from a call here,
a call nobody waits for any more never answers the next one, a dead worker is replaced
and closing cancels what is still waiting."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import AsyncIterator

import pytest

from bot.workers import WorkerDied, Workers


def echo(value: object) -> object:
    return value


def napping(seconds: float, value: object) -> object:
    time.sleep(seconds)
    return value


def failing(message: str) -> None:
    raise ValueError(message)


def dying() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


@pytest.fixture
async def one() -> AsyncIterator[Workers]:
    workers = Workers("test", 1)
    try:
        yield workers
    finally:
        workers.close()


async def test_a_call_returns_what_the_function_returns(one: Workers) -> None:
    assert await one.run(echo, {"cards": ["r1", "wild4"]}) == {"cards": ["r1", "wild4"]}
    assert await one.run(os.getpid) != os.getpid()


async def test_an_error_comes_back_and_the_worker_goes_on(one: Workers) -> None:
    with pytest.raises(ValueError, match="no such card"):
        await one.run(failing, "no such card")
    pids = one.pids()
    assert await one.run(echo, 7) == 7
    assert one.pids() == pids


async def test_a_call_given_up_on_never_answers_the_next(one: Workers) -> None:
    with pytest.raises(TimeoutError):
        await one.run(napping, 0.5, "late", until=time.monotonic() + 0.05)
    assert await one.run(echo, "next") == "next"


async def test_a_dead_worker_is_replaced_and_the_call_tried_again(one: Workers) -> None:
    first = await one.run(os.getpid)
    os.kill(first, signal.SIGKILL)
    second = await one.run(os.getpid)
    assert second != first
    with pytest.raises(WorkerDied):
        await one.run(dying)  # it dies on the new worker as well
    assert await one.run(echo, "still here") == "still here"


async def test_calls_wait_for_a_free_worker(one: Workers) -> None:
    results = await asyncio.gather(*(one.run(napping, 0.05, n) for n in range(4)))
    assert results == [0, 1, 2, 3]
    assert len(one.pids()) == 1


async def test_closing_cancels_the_calls_still_waiting() -> None:
    workers = Workers("test", 1)
    await workers.run(echo, 0)  # started
    waiting = asyncio.ensure_future(workers.run(napping, 30, "never"))
    await asyncio.sleep(0)  # one step of the loop: the call is sent
    workers.close()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert workers.pids() == []
    with pytest.raises(WorkerDied):
        await workers.run(echo, "after")
    assert workers.pids() == []  # no worker started again
