"""Turns to identify for processes sharing one SQLite file: a file per rate-limit bucket
beside it, holding the time of the bucket's last identify.

A process takes the bucket's file with ``flock`` (tried every ``POLL`` seconds: a lock
waited for in a thread could not be given up when the bot stops), waits until the time
in it is ``spacing`` seconds old, writes the time of its own identify and lets go of the
file. The times are of the monotonic clock, which every process on the host shares and
no change of the wall clock moves; they outlive the process, so a process killed and
started again at once still waits for its bucket's turn.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.game.ports import StorageUnavailable
from bot.storage.identify import wait_before_turn

POLL = 0.05
"""Seconds between two tries for a bucket's file that another turn holds."""


class FileIdentifyTurns:
    """The :class:`~bot.game.ports.IdentifyTurns` of one SQLite database file."""

    def __init__(self, database_path: Path,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.database_path = database_path
        self._sleep = sleep
        """How a turn waits for the bucket's last identify to be old enough."""

    def bucket_file(self, bucket: int) -> Path:
        return self.database_path.with_name(f"{self.database_path.name}.identify-{bucket}")

    async def take(self, bucket: int, spacing: float) -> None:
        try:
            await self._take(bucket, spacing)
        except OSError as error:
            raise StorageUnavailable(
                f"the turn to identify in {self.bucket_file(bucket)} was not taken: "
                f"{error}") from error

    async def _take(self, bucket: int, spacing: float) -> None:
        descriptor = os.open(self.bucket_file(bucket), os.O_RDWR | os.O_CREAT, 0o644)
        try:
            while not _locked(descriptor):
                await asyncio.sleep(POLL)
            last = _time_in(descriptor)
            elapsed = None if last is None else time.monotonic() - last
            await self._sleep(wait_before_turn(elapsed, spacing))
            os.ftruncate(descriptor, 0)
            os.pwrite(descriptor, f"{time.monotonic():.6f}".encode(), 0)
        finally:
            os.close(descriptor)  # lets go of the lock


def _locked(descriptor: int) -> bool:
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _time_in(descriptor: int) -> float | None:
    """The time the file holds; ``None`` for a new (empty) file."""
    try:
        return float(os.pread(descriptor, 64, 0))
    except ValueError:
        return None
