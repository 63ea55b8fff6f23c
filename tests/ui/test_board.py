"""The courier's ``idle``, the wait every game test and the shutdown rely on."""

from __future__ import annotations

import asyncio
import threading
from typing import Any, cast

from bot.game.clock import FakeClock
from bot.ui.delivery.board import Board
from bot.ui.delivery.pictures import Pictures


async def deliver(sent: list[str]) -> None:
    sent.append("table")


def test_idle_returns_when_a_finished_delivery_is_still_listed() -> None:
    """A delivery that has finished but whose done callback has not run yet (the state
    between the two) must not keep idle waiting. On 3.12+ it spun without ever yielding,
    so the callback that would end the wait never ran, and no timeout on that event loop
    could fire: the scenario runs on a loop of its own in a thread, watched from here."""
    sent: list[str] = []

    async def scenario() -> None:
        board = Board(cast(Any, None), FakeClock(), Pictures(), cast(Any, None))
        finished = asyncio.get_running_loop().create_task(deliver(sent))
        await finished
        board._tasks.add(finished)  # finished, not yet discarded
        await board.idle()
        sent.append("idle returned")

    thread = threading.Thread(target=asyncio.run, args=(scenario(),), daemon=True)
    thread.start()
    thread.join(timeout=10)
    assert not thread.is_alive(), "Board.idle() still waiting 10 s after its last delivery"
    assert sent == ["table", "idle returned"]


async def test_idle_waits_for_a_delivery_in_flight() -> None:
    board = Board(cast(Any, None), FakeClock(), Pictures(), cast(Any, None))
    release = asyncio.Event()
    sent: list[str] = []

    async def slow_delivery() -> None:
        await release.wait()
        sent.append("table")

    task = asyncio.get_running_loop().create_task(slow_delivery())
    board._tasks.add(task)
    task.add_done_callback(board._tasks.discard)
    waiting = asyncio.get_running_loop().create_task(board.idle())
    release.set()
    await asyncio.wait_for(waiting, timeout=5)
    assert sent == ["table"] and not board._tasks
