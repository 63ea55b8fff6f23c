"""discord.py's rate-limit buckets on the fake Discord's clock.

The fake counts Discord's per-channel windows on its clock (``ratelimits.py``), in the
tests the test's :class:`FakeClock`, which stands still until the test moves it. discord.py
waits out a window it is told of (``X-RateLimit-Reset-After``) by sleeping on the event
loop: five real seconds, at whose end the test's clock, and so the window, has not
moved. :func:`wait_on` gives a client in the tests' process buckets whose time is the
clock's: their windows end when the clock says, and waiting one out lets its time pass
on the clock at once (``FakeClock.pass_time``). The client still waits exactly as long
as Discord asks, on the clock both sides read, and never sends into a full window.

It relies on discord.py's bucket internals (``tests/test_discord_internals.py`` checks
them): the client's bucket table ``HTTPClient._buckets``, in which ``get_ratelimit`` looks
a route's bucket up, and a bucket's ``_loop`` (its time), ``expires`` and ``_refresh``
(the wait for the window's end, which then wakes the requests held back).
"""

from __future__ import annotations

import asyncio
from typing import cast

import discord
from discord.http import Ratelimit

from bot.game.clock import Clock, FakeClock


def wait_on(client: discord.Client, clock: Clock) -> None:
    """Let ``client`` keep its rate-limit buckets on ``clock``, the fake Discord's.
    On the real clock discord.py's own sleeps already agree with the fake's windows."""
    if isinstance(clock, FakeClock):
        client.http._buckets = BucketsOnTheClock(clock, client.http.max_ratelimit_timeout)


class BucketsOnTheClock(dict[str, Ratelimit]):
    """A client's bucket table: discord.py looks a route's bucket up in it and finds one
    on the clock where it had none (it makes its own only on a ``KeyError``)."""

    def __init__(self, clock: FakeClock, max_ratelimit_timeout: float | None) -> None:
        super().__init__()
        self.clock = clock
        self.max_ratelimit_timeout = max_ratelimit_timeout

    def __missing__(self, key: str) -> Ratelimit:
        bucket = self[key] = BucketOnTheClock(self.max_ratelimit_timeout, self.clock)
        return bucket


class BucketOnTheClock(Ratelimit):
    """discord.py's bucket, its time read from the clock (when its window ends, whether
    it has, how long a request held back may wait), its wait passing on the clock."""

    __slots__ = ("_clock",)

    def __init__(self, max_ratelimit_timeout: float | None, clock: FakeClock) -> None:
        super().__init__(max_ratelimit_timeout)
        self._clock = clock
        self._loop = cast(asyncio.AbstractEventLoop, _LoopOnTheClock(self._loop, clock))

    async def _refresh(self) -> None:
        """Wait out the window on the clock, then let discord.py refresh the bucket and
        wake its held requests, with nothing left to sleep. (A ``max_ratelimit_timeout``
        would not turn a long wait into ``RateLimited`` here; neither the bot nor the
        tests set one.)"""
        if self.expires is not None:
            self._clock.pass_time(max(0.0, self.expires - self._clock.now()))
        self.reset_after = 0.0
        await super()._refresh()


class _LoopOnTheClock:
    """The event loop as a bucket uses it (``time``, ``create_future``), with the clock's
    time."""

    def __init__(self, loop: asyncio.AbstractEventLoop, clock: FakeClock) -> None:
        self._loop = loop
        self._clock = clock

    def time(self) -> float:
        return self._clock.now()

    def create_future(self) -> asyncio.Future[None]:
        return self._loop.create_future()
