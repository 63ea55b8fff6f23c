"""Turns to identify for processes sharing one PostgreSQL database: a row per rate-limit
bucket, holding the server's time of the bucket's last identify.

A turn is one transaction: the bucket's row locked (``FOR UPDATE``: the next process's
turn waits on the server, with no ``lock_timeout``, until this one has committed), the
wait until its time is ``spacing`` seconds old, then the time of this identify written.
Both times are the server's (``clock_timestamp()``), so the processes' own clocks,
on whatever hosts, never meet; and the row outlives the process, so one killed and
started again at once still waits for its bucket's turn. The transaction holds a
pooled connection for the wait (at most one per process: discord.py identifies its
shards one after the other) and leaves no session state on it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from bot.storage.identify import wait_before_turn
from bot.storage.postgres.connection import PostgresConnected

ENSURE_ROW = "INSERT INTO identify_buckets (bucket) VALUES ($1) ON CONFLICT DO NOTHING"
SINCE_LAST = """SELECT extract(epoch FROM clock_timestamp() - last_identify)::float8
                FROM identify_buckets WHERE bucket = $1 FOR UPDATE"""
MARK_IDENTIFY = "UPDATE identify_buckets SET last_identify = clock_timestamp() WHERE bucket = $1"


class DatabaseIdentifyTurns:
    """The :class:`~bot.game.ports.IdentifyTurns` of one PostgreSQL database."""

    def __init__(self, database: PostgresConnected,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self._database = database
        self._sleep = sleep
        """How a turn waits for the bucket's last identify to be old enough."""

    async def take(self, bucket: int, spacing: float) -> None:
        async with self._database.transaction() as session:
            connection = session.connection
            await connection.execute("SET LOCAL lock_timeout = 0")  # a turn may wait long
            await connection.execute(ENSURE_ROW, bucket)
            elapsed = await connection.fetchval(SINCE_LAST, bucket)
            await self._sleep(wait_before_turn(elapsed, spacing))
            await connection.execute(MARK_IDENTIFY, bucket)
