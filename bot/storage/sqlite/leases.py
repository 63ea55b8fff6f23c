"""Shard leases for processes sharing one SQLite file: locks on files beside it.

``flock`` locks belong to the open file, so the kernel drops them the moment the process
ends, however it ends (SIGKILL included): a restarted process takes over at once, and no
lease ever outlives its holder. A process that runs every guild holds the database's
lease file exclusively; a process that runs some shards holds it shared, and each of its
shards' files exclusively. So two processes never run the same shard, nor a sharded
process beside one that runs everything.
"""

from __future__ import annotations

import fcntl
import logging
import os
from collections.abc import Callable
from pathlib import Path

from bot.game.ports import Shards

log = logging.getLogger(__name__)


class FileLeases:
    """The :class:`~bot.game.ports.ShardLeases` of one SQLite database file."""

    def __init__(self, database_path: Path) -> None:
        self.database_path = database_path
        self._held: list[int] = []
        """Open descriptors of the lease files, each locked."""

    def lease_file(self, shard_id: int | None) -> Path:
        """The database's lease file (``None``), or one shard's."""
        suffix = ".lease" if shard_id is None else f".shard-{shard_id}.lease"
        return self.database_path.with_name(self.database_path.name + suffix)

    async def try_take(self, shards: Shards | None) -> bool:
        if self._held:
            raise RuntimeError("the lease is already held")
        wanted: list[tuple[int | None, int]] = [
            (None, fcntl.LOCK_EX if shards is None else fcntl.LOCK_SH)]
        wanted += [(shard_id, fcntl.LOCK_EX) for shard_id in sorted(shards.ids)] if shards else []
        for shard_id, mode in wanted:
            if not self._lock(self.lease_file(shard_id), mode):
                await self.release()
                return False
        log.info("lease taken on %s", "every shard" if shards is None
                 else f"shards {sorted(shards.ids)} of {shards.count}")
        return True

    def _lock(self, path: Path, mode: int) -> bool:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(descriptor, mode | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(descriptor)
            return False
        self._held.append(descriptor)
        return True

    def on_lost(self, callback: Callable[[], None]) -> None:
        """A lock on a file lasts as long as the process that holds it: never lost."""

    async def release(self) -> None:
        """Closing a descriptor drops its lock; the files stay for the next holder."""
        held, self._held = self._held, []
        for descriptor in reversed(held):
            os.close(descriptor)
