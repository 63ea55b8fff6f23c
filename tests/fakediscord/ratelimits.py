"""Discord's per-channel limit on the bot token's messages: 5 sends, edits or deletions
of messages in a channel in any 5 seconds.

Discord counts a bucket per channel in fixed windows and tells the client where it
stands on every answer (``X-RateLimit-Limit``, ``-Remaining``, ``-Reset``,
``-Reset-After``, ``-Bucket``), so a client that reads the headers waits instead of
being refused; a call beyond the limit is answered 429 with ``retry_after``. Interaction
callbacks and interaction webhooks are not counted here (they are not the bot token's).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

CHANNEL_LIMIT = 5
CHANNEL_WINDOW = 5.0
BUCKET = "channel-messages"
"""One bucket hash for POST, PATCH and DELETE of a channel's messages."""


@dataclass(slots=True)
class _Window:
    start: float
    used: int = 0


@dataclass(slots=True)
class ChannelLimits:
    """The bot token's message calls per channel: each one's loop time, and the current
    window of each channel's bucket."""

    sent: dict[int, list[float]] = field(default_factory=dict)
    _windows: dict[int, _Window] = field(default_factory=dict)

    def take(self, channel_id: int, now: float) -> tuple[bool, dict[str, str]]:
        """Count a call now: whether Discord carries it out, and the headers it answers
        with (the bucket after it, or the 429's)."""
        window = self._windows.get(channel_id)
        if window is None or now >= window.start + CHANNEL_WINDOW:
            window = self._windows[channel_id] = _Window(now)
        reset_after = window.start + CHANNEL_WINDOW - now
        if window.used >= CHANNEL_LIMIT:
            return False, _headers(0, reset_after) | {
                "Retry-After": str(max(1, round(reset_after))), "X-RateLimit-Scope": "user"}
        window.used += 1
        self.sent.setdefault(channel_id, []).append(now)
        return True, _headers(CHANNEL_LIMIT - window.used, reset_after)

    def busiest(self, channel_id: int) -> int:
        """The most calls the channel got in any ``CHANNEL_WINDOW`` seconds."""
        times = self.sent.get(channel_id, [])
        return max((sum(1 for t in times[i:] if t - start < CHANNEL_WINDOW)
                    for i, start in enumerate(times)), default=0)


def _headers(remaining: int, reset_after: float) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(CHANNEL_LIMIT),
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": BUCKET,
    }


def too_many(reset_after: str) -> dict[str, Any]:
    """The 429's body."""
    return {"message": "You are being rate limited.", "retry_after": float(reset_after),
            "global": False}
