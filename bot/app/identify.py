"""Each shard's IDENTIFY in its turn, shared with the bot's other processes.

Discord lets a bot identify ``max_concurrency`` shards at a time (``GET /gateway/bot``):
shard ``id`` is in rate-limit bucket ``id % max_concurrency``, each bucket takes one
IDENTIFY per 5 seconds, and one more is answered with an invalid session (op 9), to be
tried again. discord.py spaces only the shards of its own process, 5 seconds apart
whatever the buckets; ``before_identify_hook`` calls :meth:`Identifying.wait_for_turn`
instead, which takes the bucket's turn in the database (``bot.game.ports.IdentifyTurns``),
so that processes started together identify as fast as Discord allows and never too
fast: ready in about ``shards / max_concurrency * 5`` seconds.
"""

from __future__ import annotations

import asyncio
import logging

from bot.game.ports import IdentifyTurns, StorageUnavailable

log = logging.getLogger(__name__)

IDENTIFY_SPACING = 5.5
"""Seconds between two IDENTIFYs of one bucket: Discord's 5, and half a second for what
lies between a turn's record and its IDENTIFY reaching Discord (the commit, the wire)."""


class Identifying:
    """The turns of one bot process's shards."""

    def __init__(self, spacing: float = IDENTIFY_SPACING) -> None:
        self.spacing = spacing
        self.max_concurrency = 1
        """Discord's, read by ``launch_shards`` before the first shard identifies."""
        self._waiting: asyncio.Task[None] | None = None

    def bucket(self, shard_id: int) -> int:
        return shard_id % self.max_concurrency

    async def wait_for_turn(self, turns: IdentifyTurns, shard_id: int) -> None:
        """Return when ``shard_id`` may identify."""
        self._waiting = asyncio.create_task(self._turn(turns, shard_id))
        try:
            await self._waiting
        finally:
            self._waiting = None

    async def _turn(self, turns: IdentifyTurns, shard_id: int) -> None:
        """Without the database, as discord.py would: ``spacing`` seconds of this
        process's own (another process may then identify in the same bucket, and Discord
        answers one of them with an invalid session, tried again in its next turn)."""
        try:
            await turns.take(self.bucket(shard_id), self.spacing)
        except StorageUnavailable as error:
            log.warning("shard %d identifies without its turn: %s", shard_id, error)
            await asyncio.sleep(self.spacing)

    def stop(self) -> None:
        """The bot is closing: a turn waited for is given up (its wait raises
        ``CancelledError``)."""
        if self._waiting is not None:
            self._waiting.cancel()
