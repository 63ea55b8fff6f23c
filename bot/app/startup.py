"""Waiting for the world at start: Discord (its REST API, then its gateway) and the
PostgreSQL server, each retried with backoff while it cannot be reached.

A failed try is one WARNING line naming the next pause; after ``CONNECT_ATTEMPTS``
failed tries (0: never) start-up gives up with :class:`Unreachable`, which the bot
exits with code 3 (starting again may work). Once connected, discord.py reconnects by
itself.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from itertools import count
from typing import TypeVar

import aiohttp

log = logging.getLogger(__name__)

T = TypeVar("T")

UNREACHABLE = (aiohttp.ClientError, OSError, TimeoutError)
"""What an unreachable Discord raises: DNS failure, connection refused, timeout, a
gateway that refuses the websocket (a proxy's 502)."""

HELLO = 10
"""The gateway's first message on a new connection."""


class Unreachable(Exception):
    """Start-up gave up on a server; ``str()`` is one sentence for the operator."""


@dataclass(frozen=True, slots=True)
class Backoff:
    """Delays of 1, 2, 4 ... seconds, capped; ``attempts`` 0 tries for ever."""

    attempts: int = 0
    first: float = 1.0
    cap: float = 60.0

    def delay(self, failed: int) -> float:
        """The pause after the ``failed``-th failed attempt (1-based)."""
        return min(self.cap, self.first * 2 ** (failed - 1))


def attempts(number: int) -> str:
    return f"{number} attempt" if number == 1 else f"{number} attempts"


@dataclass(frozen=True, slots=True)
class Server:
    """What is tried, for the log: ``Discord`` at its URL, and what to check."""

    name: str
    where: str
    check: str
    failures: tuple[type[BaseException], ...] = UNREACHABLE


async def keep_trying(server: Server, attempt: Callable[[], Awaitable[T]], backoff: Backoff) -> T:
    """``attempt()``'s result once it stops raising one of ``server.failures``; one
    WARNING line per failed attempt. Raises :class:`Unreachable` after
    ``backoff.attempts`` failures (never with 0)."""
    for failed in count(1):
        try:
            result = await attempt()
        except server.failures as error:
            reason = str(getattr(error, "reason", None) or error) or type(error).__name__
            if backoff.attempts and failed >= backoff.attempts:
                raise Unreachable(
                    f"{server.name} could not be reached at {server.where} after "
                    f"{attempts(failed)} ({reason}): check {server.check}, then start again."
                ) from error
            delay = backoff.delay(failed)
            log.warning(
                "%s unreachable at %s (attempt %d: %s); next try in %g s",
                server.name, server.where, failed, reason, delay,
            )
            await asyncio.sleep(delay)
        else:
            if failed > 1:
                log.info("%s reachable at %s after %s", server.name, server.where,
                         attempts(failed))
            return result
    raise AssertionError("unreachable: count() never ends")


async def probe(api_base: str, timeout: float = 10.0) -> None:
    """One request to Discord's REST API; raises one of ``UNREACHABLE`` if none answers."""
    limits = aiohttp.ClientTimeout(total=timeout)
    async with (
        aiohttp.ClientSession(timeout=limits) as session,
        session.get(api_base.rstrip("/") + "/gateway") as response,
    ):
        await response.read()


async def probe_gateway(gateway_url: str, timeout: float = 10.0) -> None:
    """Open a websocket to Discord's gateway and read its HELLO, then close; raises one
    of ``UNREACHABLE`` if that fails."""
    limits = aiohttp.ClientTimeout(total=timeout)
    async with (
        aiohttp.ClientSession(timeout=limits) as session,
        session.ws_connect(gateway_url, params={"v": "10", "encoding": "json"}) as ws,
    ):
        message = await ws.receive(timeout)
        if message.type is not aiohttp.WSMsgType.TEXT or json.loads(message.data).get(
                "op") != HELLO:
            raise ConnectionError(f"the gateway sent {message.type.name} instead of HELLO")


async def wait_for_discord(
    api_base: str,
    backoff: Backoff,
    attempt: Callable[[str], Awaitable[None]] = probe,
) -> int:
    """Return the number of attempts once Discord's REST API answers (any answer at
    all, even 401, proves it reachable). Raises :class:`Unreachable` as
    :func:`keep_trying`."""
    tried = 0

    async def once() -> None:
        nonlocal tried
        tried += 1
        await attempt(api_base)

    await keep_trying(Server("Discord", api_base, "the network and DISCORD_API_BASE"),
                      once, backoff)
    return tried


async def wait_for_gateway(gateway_url: str, backoff: Backoff) -> None:
    """Return once Discord's gateway answers; raises :class:`Unreachable` as
    :func:`keep_trying`. Discord's REST API may answer while its gateway does not."""
    await keep_trying(Server("Discord", gateway_url, "the network and DISCORD_GATEWAY_URL"),
                      lambda: probe_gateway(gateway_url), backoff)
