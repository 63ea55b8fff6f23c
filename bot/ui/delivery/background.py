"""Tasks the UI runs in the background, whose end nobody awaits to see.

An exception such a task ends with would otherwise surface only as asyncio's "Task
exception was never retrieved", when (and if) the task is collected; each is given
:func:`log_failure` as a done-callback instead, which logs it at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")


def log_failure(task: asyncio.Task[Any]) -> None:
    """A done-callback: log the exception ``task`` ended with, at ERROR with its
    traceback (retrieving it, so asyncio does not report it again). Cancelled is not a
    failure: that is how the bot stops its work."""
    if task.cancelled():
        return
    error = task.exception()
    if error is not None:
        log.error("background task %s failed", task.get_name(), exc_info=error)


def in_background(work: Coroutine[Any, Any, T],
                  keep: set[asyncio.Task[Any]] | None = None) -> asyncio.Task[T]:
    """Run ``work`` as a task whose failure is logged; with ``keep``, the task stays in
    that set until it ends (the event loop keeps only weak references to tasks)."""
    task = asyncio.get_running_loop().create_task(work)
    task.add_done_callback(log_failure)
    if keep is not None:
        keep.add(task)
        task.add_done_callback(keep.discard)
    return task
