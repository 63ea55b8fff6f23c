from __future__ import annotations

import asyncio

import pytest

from bot.game.clock import FakeClock, RealClock
from tests.conftest import ErrorRecords


async def test_fake_clock_runs_due_callbacks_in_order_at_their_deadlines() -> None:
    clock = FakeClock(start=100)
    seen: list[tuple[str, float]] = []

    def record(name: str):
        async def callback() -> None:
            seen.append((name, clock.now()))
        return callback

    clock.call_at(130, record("late"))
    clock.call_at(110, record("early"))
    cancelled = clock.call_at(120, record("cancelled"))
    clock.call_at(200, record("later still"))
    cancelled.cancel()
    await clock.advance(29)
    assert seen == [("early", 110)]
    await clock.advance(1)
    assert seen == [("early", 110), ("late", 130)]
    assert clock.now() == 130


async def test_callback_scheduled_by_a_callback_runs_in_the_same_advance() -> None:
    clock = FakeClock(start=0)
    seen: list[float] = []

    async def second() -> None:
        seen.append(clock.now())

    async def first() -> None:
        clock.call_at(clock.now() + 5, second)

    clock.call_at(5, first)
    await clock.advance(10)
    assert seen == [10]


async def test_passed_time_runs_no_callback_until_the_next_advance() -> None:
    clock = FakeClock(start=0)
    seen: list[float] = []

    async def record() -> None:
        seen.append(clock.now())

    clock.call_at(3, record)
    clock.pass_time(5)
    assert (clock.now(), seen) == (5, [])
    await clock.advance(0)
    assert (clock.now(), seen) == (5, [5])


async def test_time_passed_by_a_callback_is_never_taken_back_and_what_fell_due_runs() -> None:
    """A callback waiting on the clock (the bot waiting out a rate-limit window) moves
    time past the advance's end: the advance runs what fell due meanwhile, then ends
    there, not back at its own end."""
    clock = FakeClock(start=0)
    seen: list[tuple[str, float]] = []

    async def wait() -> None:
        seen.append(("wait", clock.now()))
        clock.pass_time(5)

    async def timer() -> None:
        seen.append(("timer", clock.now()))

    clock.call_at(1, wait)
    clock.call_at(4, timer)
    clock.call_at(9, timer)
    await clock.advance(2)
    assert seen == [("wait", 1), ("timer", 6)]
    assert clock.now() == 6
    await clock.advance(3)
    assert seen[-1] == ("timer", 9) and clock.now() == 9


async def test_a_failing_callback_is_logged_and_the_rest_still_run(
    error_log: ErrorRecords,
) -> None:
    clock = FakeClock(start=0)
    seen: list[str] = []

    async def broken() -> None:
        raise RuntimeError("boom")

    async def fine() -> None:
        seen.append("fine")

    clock.call_at(1, broken)
    clock.call_at(2, fine)
    await clock.advance(2)
    assert seen == ["fine"]
    assert [r.name for r in error_log.records] == ["bot.game.clock"]
    error_log.records.clear()  # expected here; any other ERROR still fails the test


async def test_real_clock_calls_back_on_the_loop() -> None:
    clock = RealClock()
    fired = asyncio.Event()
    skipped: list[str] = []

    async def skip() -> None:
        skipped.append("ran")

    async def fire() -> None:
        fired.set()

    clock.call_at(clock.now() + 0.01, skip).cancel()
    start = clock.now()
    clock.call_at(start + 0.02, fire)
    await asyncio.wait_for(fired.wait(), 2)
    assert clock.now() >= start + 0.02
    assert skipped == []


def test_real_clock_needs_a_running_loop() -> None:
    with pytest.raises(RuntimeError):
        RealClock().now()
