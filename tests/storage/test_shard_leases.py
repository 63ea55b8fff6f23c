"""Shard leases of processes on one database (SQLite: locks on files beside it;
PostgreSQL: session advisory locks): one owner per shard, none left behind by a process
that died."""

from __future__ import annotations

import asyncio
import signal
import sys

import asyncpg

from bot.game.ports import ShardLeases, Shards
from bot.storage import open_storage
from tests.conftest import ErrorRecords
from tests.storage.backends import TERMINATE_LEASE_CONNECTIONS, Backend, StorageUnderTest


def shards(*ids: int, count: int = 4) -> Shards:
    return Shards(count, frozenset(ids))


async def test_two_processes_never_hold_the_same_shard(db: StorageUnderTest) -> None:
    first, second = db.shard_leases(), db.shard_leases()
    assert await first.try_take(shards(0, 1))
    assert not await second.try_take(shards(1, 2))  # shard 1 is taken: none of it is held
    assert await second.try_take(shards(2, 3))
    await first.release()
    third = db.shard_leases()
    assert await third.try_take(shards(0, 1))
    await second.release()
    await third.release()


async def test_a_process_running_every_shard_excludes_all_others(db: StorageUnderTest) -> None:
    everything, sharded = db.shard_leases(), db.shard_leases()
    assert await everything.try_take(None)
    assert not await sharded.try_take(shards(3))
    await everything.release()
    assert await sharded.try_take(shards(3))
    assert not await everything.try_take(None)
    await sharded.release()


async def test_a_lease_not_taken_holds_nothing(db: StorageUnderTest) -> None:
    """A process refused one of its shards keeps none of the others: a process that
    wants only those is not kept waiting by it."""
    holder, refused, other = db.shard_leases(), db.shard_leases(), db.shard_leases()
    assert await holder.try_take(shards(3))
    assert not await refused.try_take(shards(0, 1, 2, 3))
    assert await other.try_take(shards(0, 1, 2))
    for leases in (holder, refused, other):
        await leases.release()


HOLDER = """
import asyncio, sys
from bot.game.ports import Shards
from bot.storage import open_storage

async def hold():
    db = await open_storage(sys.argv[1])
    leases = db.shard_leases()
    assert await leases.try_take(Shards(4, frozenset({0})))
    print("held", flush=True)
    await asyncio.Event().wait()

asyncio.run(hold())
"""


async def taken(leases: ShardLeases, wanted: Shards, seconds: float = 10.0) -> bool:
    """Whether ``leases`` takes ``wanted`` within ``seconds``. A killed process's
    connection ends with it, but a PostgreSQL server drops its locks only once it has
    read the end of that connection: a moment later, not at once."""
    for _ in range(round(seconds / 0.05)):
        if await leases.try_take(wanted):
            return True
        await asyncio.sleep(0.05)
    return False


async def test_a_killed_process_leaves_its_shards_free(
    backend: Backend, db: StorageUnderTest
) -> None:
    holder = await asyncio.create_subprocess_exec(
        sys.executable, "-c", HOLDER, backend.url, stdout=asyncio.subprocess.PIPE)
    try:
        assert holder.stdout is not None
        assert await asyncio.wait_for(holder.stdout.readline(), 30) == b"held\n"
        leases = db.shard_leases()
        assert not await leases.try_take(shards(0))
    finally:
        holder.send_signal(signal.SIGKILL)
        await holder.communicate()  # its pipe read to the end: none outlives the loop
        assert holder.returncode == -signal.SIGKILL
    assert await taken(leases, shards(0))  # no expiry to wait for
    await leases.release()


async def test_a_lease_whose_connection_ends_is_lost_and_free_again(
    postgres_url: str, error_log: ErrorRecords
) -> None:
    async with open_storage(postgres_url) as db:
        holder, other = db.shard_leases(), db.shard_leases()
        assert await holder.try_take(shards(0))
        lost = asyncio.Event()
        holder.on_lost(lost.set)
        assert not await other.try_take(shards(0))
        connection = await asyncpg.connect(postgres_url)
        try:
            assert await connection.fetchval(TERMINATE_LEASE_CONNECTIONS) >= 1
        finally:
            await connection.close()
        await asyncio.wait_for(lost.wait(), 10)
        (record,) = error_log.records
        assert record.name == "bot.storage.postgres.leases"
        assert record.getMessage().endswith(" lost: its connection ended")
        error_log.records.clear()  # expected here; any other ERROR still fails the test
        assert await taken(other, shards(0))
        await holder.release()  # nothing left to let go of
        await other.release()
