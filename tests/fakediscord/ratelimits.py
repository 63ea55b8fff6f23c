"""Discord's per-channel limits on the bot token's messages: 5 sends, 5 edits and 5
deletions of messages in a channel in 5 seconds.

Discord counts a bucket per route and channel (sending, editing and deleting messages
are routes of their own, counted apart) in fixed windows and tells the client where it
stands on every answer (``X-RateLimit-Limit``, ``-Remaining``, ``-Reset``,
``-Reset-After``, ``-Bucket``), so a client that reads the headers waits instead of
being refused; a call beyond the limit is answered 429 with ``retry_after``. Interaction
callbacks and interaction webhooks are not counted here (they are not the bot token's).

The windows run on the fake's clock, the bot's: the test's clock for a bot in the tests'
process, whose discord.py waits out a window on that clock too (``client_clock.py``), so
a test whose clock moves on finds the windows past, and none waits real seconds for one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.game.clock import Clock

CHANNEL_LIMIT = 5
CHANNEL_WINDOW = 5.0


@dataclass(slots=True)
class _Window:
    start: float
    used: int = 0


@dataclass(slots=True)
class ChannelLimits:
    """The bot token's message calls per channel: the time of each one on ``clock``, and
    the current window of each channel's bucket."""

    clock: Clock
    sent: dict[tuple[str, int], list[float]] = field(default_factory=dict)
    """(method, channel) -> the clock's time of each call carried out."""
    _windows: dict[tuple[str, int], _Window] = field(default_factory=dict)
    _peaks: dict[tuple[str, int], int] = field(default_factory=dict)
    """(method, channel) -> the most calls carried out in one of its windows."""

    def take(self, method: str, channel_id: int) -> tuple[bool, dict[str, str]]:
        """Count a call now: whether Discord carries it out, and the headers it answers
        with (the bucket after it, or the 429's)."""
        key, now = (method, channel_id), self.clock.now()
        window = self._windows.get(key)
        if window is None or now >= window.start + CHANNEL_WINDOW:
            window = self._windows[key] = _Window(now)
        reset_after = window.start + CHANNEL_WINDOW - now
        if window.used >= CHANNEL_LIMIT:
            return False, self._headers(method, 0, reset_after) | {
                "Retry-After": str(max(1, round(reset_after))), "X-RateLimit-Scope": "user"}
        window.used += 1
        self._peaks[key] = max(self._peaks.get(key, 0), window.used)
        self.sent.setdefault(key, []).append(now)
        return True, self._headers(method, CHANNEL_LIMIT - window.used, reset_after)

    def busiest(self, channel_id: int) -> int:
        """The most calls of one route the channel got in one window, as Discord counts
        them (a sliding count would see a window's late calls and the next one's early
        calls together, more than Discord ever does)."""
        return max((peak for (_, channel), peak in self._peaks.items()
                    if channel == channel_id), default=0)

    def _headers(self, method: str, remaining: int, reset_after: float) -> dict[str, str]:
        """The bucket as Discord tells it; ``-Reset`` is the window's end in Unix seconds
        on the clock's date (``wall()``)."""
        return {
            "X-RateLimit-Limit": str(CHANNEL_LIMIT),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{self.clock.wall() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": f"channel-messages-{method.lower()}",
        }


def too_many(reset_after: str) -> dict[str, Any]:
    """The 429's body."""
    return {"message": "You are being rate limited.", "retry_after": float(reset_after),
            "global": False}
