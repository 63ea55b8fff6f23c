"""Turns to identify on Discord's gateway, shared by the processes on one database
(SQLite: a file per bucket beside it; PostgreSQL: a row per bucket): a bucket's turn
comes ``spacing`` seconds after its last identify, whichever process made it, and one
process's turn waits for another's.

The turns are given a sleep that records how long it was asked to wait (and a gate, to
hold a turn open): nothing here waits out a spacing."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from bot.game.ports import IdentifyTurns
from bot.storage import PostgresStorage
from bot.storage.postgres.identify import DatabaseIdentifyTurns
from bot.storage.sqlite.identify import FileIdentifyTurns
from tests.storage.backends import Backend, StorageUnderTest

SPACING = 60.0
"""Far longer than a test takes: a turn right after another always waits."""


class Waits:
    """A turn's sleep: each wait asked for, in order; ``gate`` (when given) holds it."""

    def __init__(self, gate: asyncio.Event | None = None) -> None:
        self.asked: list[float] = []
        self.gate = gate
        self.waiting = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        self.asked.append(seconds)
        self.waiting.set()
        if self.gate is not None:
            await self.gate.wait()


def turns(db: StorageUnderTest, waits: Waits) -> IdentifyTurns:
    """Turns on ``db`` as one more process would take them."""
    if isinstance(db, PostgresStorage):
        return DatabaseIdentifyTurns(db, sleep=waits)
    return FileIdentifyTurns(Path(db.name), sleep=waits)


async def set_last_identify(backend: Backend, db: StorageUnderTest, bucket: int,
                            seconds_ago: float) -> None:
    """Make ``bucket``'s last identify ``seconds_ago`` old (negative: in the future, as
    after a clock set back)."""
    if isinstance(db, PostgresStorage):
        await backend.sql(
            "UPDATE identify_buckets SET last_identify = clock_timestamp() - "
            "make_interval(secs => ?) WHERE bucket = ?", (seconds_ago, bucket))
        return
    bucket_file = FileIdentifyTurns(Path(db.name)).bucket_file(bucket)
    bucket_file.write_text(f"{time.monotonic() - seconds_ago:.6f}")


async def test_a_bucket_waits_for_its_own_last_identify_only(db: StorageUnderTest) -> None:
    waits = Waits()
    mine = turns(db, waits)
    await mine.take(0, SPACING)
    await mine.take(0, SPACING)
    await mine.take(1, SPACING)
    first, again, other_bucket = waits.asked
    assert first == 0.0 and other_bucket == 0.0
    assert 0.0 < again <= SPACING


async def test_another_process_waits_for_the_identify_of_the_first(
    db: StorageUnderTest,
) -> None:
    await turns(db, Waits()).take(3, SPACING)
    later = Waits()
    await turns(db, later).take(3, SPACING)  # a process started again at once
    (waited,) = later.asked
    assert 0.0 < waited <= SPACING


async def test_an_old_identify_holds_nothing_and_one_in_the_future_a_spacing_at_most(
    backend: Backend, db: StorageUnderTest,
) -> None:
    waits = Waits()
    mine = turns(db, waits)
    await mine.take(0, SPACING)
    await set_last_identify(backend, db, 0, SPACING + 1)
    await mine.take(0, SPACING)
    await set_last_identify(backend, db, 0, -3600.0)  # the clock was set back an hour
    await mine.take(0, SPACING)
    assert waits.asked[1:] == [0.0, SPACING]


async def test_a_turn_waits_until_the_one_before_it_has_identified(
    backend: Backend, db: StorageUnderTest,
) -> None:
    await turns(db, Waits()).take(0, SPACING)
    await set_last_identify(backend, db, 0, SPACING + 1)  # the bucket is free
    gate = asyncio.Event()
    first, second = Waits(gate), Waits()
    holding = asyncio.create_task(turns(db, first).take(0, SPACING))
    await first.waiting.wait()  # in its turn, not identified yet
    taking = asyncio.create_task(turns(db, second).take(0, SPACING))
    done, _ = await asyncio.wait({taking}, timeout=0.5)
    assert not done  # no turn of the bucket while another is open
    gate.set()
    await asyncio.gather(holding, taking)
    assert first.asked == [0.0]
    (waited,) = second.asked  # from the first's identify, not the old one
    assert 0.0 < waited <= SPACING
