"""How Discord behaves on the wire: each REST call takes time, and some count against the
bot token's global limit of 50 requests a second.

Latency is set per kind of route, since Discord's answers differ (an interaction callback
is quick, a message edit slower) and a bot should not hold a lock across any of them.
A request reaches Discord after half its delay (that is when it takes effect, is recorded
and is checked against the 3-second deadline) and its answer reaches the bot after the
other half, as a round trip would.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field


class RouteKind(enum.Enum):
    CALLBACK = "callback"
    """``POST /interactions/{id}/{token}/callback``."""
    WEBHOOK = "webhook"
    """``/webhooks/{app}/{token}...``: followups, edits and deletes of interaction messages."""
    CHANNEL = "channel"
    """``/channels/{id}/messages...``: posts, edits and deletes of channel messages."""
    OTHER = "other"
    """Everything else: users, applications, commands, gateway."""


def route_kind(path: str) -> RouteKind:
    """The kind of a REST path (without the ``/api/v10`` prefix)."""
    parts = path.strip("/").split("/")
    if parts[0] == "interactions" and parts[-1] == "callback":
        return RouteKind.CALLBACK
    if parts[0] == "webhooks":
        return RouteKind.WEBHOOK
    if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
        return RouteKind.CHANNEL
    return RouteKind.OTHER


def uses_bot_token(path: str) -> bool:
    """Whether a call is authorized with the bot token, so counts against the global
    50 requests a second. Interaction callbacks and webhook calls with an interaction
    token do not."""
    return path.strip("/").split("/")[0] not in ("interactions", "webhooks")


@dataclass
class Latency:
    """The delay of each kind of route, in seconds: ``base[kind]`` plus, with ``jitter``,
    a uniform draw from ``jitter`` (low, high) added on top, from a seeded random so a
    run can be repeated. The default is no delay at all (unit tests)."""

    base: dict[RouteKind, float] = field(default_factory=dict)
    jitter: tuple[float, float] | None = None
    seed: int = 0
    _random: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    @classmethod
    def fixed(cls, seconds: float) -> Latency:
        """The same delay on every route (benchmarks: 0.08)."""
        return cls({kind: seconds for kind in RouteKind})

    @classmethod
    def uniform(cls, low: float, high: float, seed: int = 0) -> Latency:
        """A delay drawn uniformly between ``low`` and ``high`` on every route."""
        return cls({}, (low, high), seed)

    def delay(self, kind: RouteKind) -> float:
        seconds = self.base.get(kind, 0.0)
        if self.jitter is not None:
            seconds += self._random.uniform(*self.jitter)
        return seconds
