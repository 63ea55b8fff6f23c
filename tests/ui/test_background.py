"""Background tasks log the exception they end with, once; cancelled is no failure."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from bot.ui.delivery.background import in_background
from tests.conftest import ErrorRecords


async def test_a_failing_task_is_logged_once_with_its_traceback(
    error_log: ErrorRecords,
) -> None:
    loop = asyncio.get_running_loop()
    unretrieved: list[dict[str, Any]] = []
    loop.set_exception_handler(lambda _, context: unretrieved.append(context))
    keep: set[asyncio.Task[Any]] = set()

    async def sending() -> None:
        raise RuntimeError("the message could not be built")

    task = in_background(sending(), keep)
    await asyncio.wait([task])
    await asyncio.sleep(0)  # done-callbacks run on the loop's next turn
    del task
    gc.collect()  # asyncio would report an exception nobody retrieved now
    loop.set_exception_handler(None)
    assert not keep and not unretrieved
    [record] = error_log.records
    assert record.name == "bot.ui.delivery.background" and record.exc_info is not None
    assert str(record.exc_info[1]) == "the message could not be built"
    error_log.records.clear()  # expected here; any other ERROR still fails the test


async def test_a_cancelled_or_finished_task_logs_nothing(error_log: ErrorRecords) -> None:
    keep: set[asyncio.Task[Any]] = set()
    waiting = in_background(asyncio.Event().wait(), keep)
    finished = in_background(asyncio.sleep(0, "sent"), keep)
    await asyncio.sleep(0)
    waiting.cancel()
    await asyncio.wait([waiting, finished])
    await asyncio.sleep(0)
    assert finished.result() == "sent" and waiting.cancelled()
    assert not keep and not error_log.records
