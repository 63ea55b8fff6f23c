"""Waiting for Discord at start: a network that is not up yet is retried with backoff.

Only the first contact is retried here (a plain ``GET /gateway``, which any answer at
all, even 401, proves reachable); once connected, discord.py reconnects by itself.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from itertools import count

import aiohttp

log = logging.getLogger(__name__)

UNREACHABLE = (aiohttp.ClientConnectionError, OSError, TimeoutError)
"""What an unreachable Discord raises: DNS failure, connection refused, timeout."""


class DiscordUnreachable(Exception):
    """Start-up gave up on Discord; ``str()`` is one sentence for the operator."""


@dataclass(frozen=True, slots=True)
class Backoff:
    """Delays of 1, 2, 4 ... seconds, capped; ``attempts`` 0 tries for ever."""

    attempts: int = 0
    first: float = 1.0
    cap: float = 60.0

    def delay(self, failed: int) -> float:
        """The pause after the ``failed``-th failed attempt (1-based)."""
        return min(self.cap, self.first * 2 ** (failed - 1))


async def probe(api_base: str, timeout: float = 10.0) -> None:
    """One request to Discord's REST API; raises one of ``UNREACHABLE`` if none answers."""
    limits = aiohttp.ClientTimeout(total=timeout)
    async with (
        aiohttp.ClientSession(timeout=limits) as session,
        session.get(api_base.rstrip("/") + "/gateway") as response,
    ):
        await response.read()


async def wait_for_discord(
    api_base: str,
    backoff: Backoff,
    attempt: Callable[[str], Awaitable[None]] = probe,
) -> int:
    """Return the number of attempts once Discord answers; one WARNING line per failed
    attempt. Raises
    :class:`DiscordUnreachable` after ``backoff.attempts`` failures (never with 0)."""
    for failed in count(1):
        try:
            await attempt(api_base)
        except UNREACHABLE as error:
            reason = str(error) or type(error).__name__
            if backoff.attempts and failed >= backoff.attempts:
                raise DiscordUnreachable(
                    f"Discord could not be reached at {api_base} after {failed} attempts "
                    f"({reason}): check the network and DISCORD_API_BASE, then start again."
                ) from error
            delay = backoff.delay(failed)
            log.warning(
                "Discord unreachable at %s (attempt %d: %s); next try in %g s",
                api_base, failed, reason, delay,
            )
            await asyncio.sleep(delay)
        else:
            if failed > 1:
                log.info("Discord reachable at %s after %d attempts", api_base, failed)
            return failed
    raise AssertionError("unreachable: count() never ends")
