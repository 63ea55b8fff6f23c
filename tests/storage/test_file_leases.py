"""Shard leases of processes on one SQLite file: one owner per shard, none left behind
by a process that died."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

from bot.game.ports import Shards
from bot.storage.leases import FileLeases


def shards(*ids: int, count: int = 4) -> Shards:
    return Shards(count, frozenset(ids))


async def test_two_processes_never_hold_the_same_shard(db_path: Path) -> None:
    first, second = FileLeases(db_path), FileLeases(db_path)
    assert await first.try_take(shards(0, 1))
    assert not await second.try_take(shards(1, 2))  # shard 1 is taken: none of it is held
    assert await second.try_take(shards(2, 3))
    await first.release()
    third = FileLeases(db_path)
    assert await third.try_take(shards(0, 1))
    await second.release()
    await third.release()


async def test_a_process_running_every_shard_excludes_all_others(db_path: Path) -> None:
    everything, sharded = FileLeases(db_path), FileLeases(db_path)
    assert await everything.try_take(None)
    assert not await sharded.try_take(shards(3))
    await everything.release()
    assert await sharded.try_take(shards(3))
    assert not await everything.try_take(None)
    await sharded.release()


HOLDER = """
import asyncio, sys
from pathlib import Path
from bot.game.ports import Shards
from bot.storage.leases import FileLeases

async def hold():
    assert await FileLeases(Path(sys.argv[1])).try_take(Shards(4, frozenset({0})))
    print("held", flush=True)
    await asyncio.Event().wait()

asyncio.run(hold())
"""


async def test_a_killed_process_leaves_its_shards_free_at_once(db_path: Path) -> None:
    holder = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HOLDER, str(db_path), stdout=asyncio.subprocess.PIPE)
    assert holder.stdout is not None
    assert await asyncio.wait_for(holder.stdout.readline(), 30) == b"held\n"
    leases = FileLeases(db_path)
    assert not await leases.try_take(shards(0))
    holder.send_signal(signal.SIGKILL)
    assert await holder.wait() == -signal.SIGKILL
    assert await leases.try_take(shards(0))  # no expiry to wait for
    await leases.release()
