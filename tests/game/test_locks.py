"""The tables' locks know who holds them: what must never wait inside one refuses to."""

from __future__ import annotations

import asyncio

import pytest

from bot.game.locks import TableLocks, UnderTableLock, outside_table_locks


async def test_only_the_task_holding_a_lock_is_refused_and_only_while_it_holds_it() -> None:
    locks = TableLocks()
    outside_table_locks("a Discord request")  # nobody holds a lock: no refusal
    async with locks.hold(7):
        with pytest.raises(UnderTableLock, match="a Discord request under a table's lock"):
            outside_table_locks("a Discord request")
        later = asyncio.create_task(asyncio.sleep(0, result="sent"))  # made under it
        spawned = asyncio.create_task(asyncio.to_thread(lambda: None))
    async with locks.hold(8):
        pass
    outside_table_locks("a Discord request")  # released
    assert await later == "sent"
    await spawned


async def test_a_task_waiting_for_a_lock_is_not_refused_before_it_holds_it() -> None:
    locks = TableLocks()
    refused: list[bool] = []

    async def wait_then_ask() -> None:
        outside_table_locks("a picture waited for")  # queued, not holding: allowed
        async with locks.hold(7):
            try:
                outside_table_locks("a picture waited for")
            except UnderTableLock:
                refused.append(True)

    async with locks.hold(7):
        waiting = asyncio.create_task(wait_then_ask())
        await asyncio.sleep(0)
        assert locks.busy(7) and not refused
    await waiting
    assert refused == [True] and not locks
