"""What both databases' turns to identify share: how long a turn waits."""

from __future__ import annotations


def wait_before_turn(elapsed: float | None, spacing: float) -> float:
    """Seconds to wait for a bucket whose last identify was ``elapsed`` seconds ago
    (``None``: never), so that this one comes ``spacing`` seconds after it. Never more
    than ``spacing``: a clock that went back (the monotonic clock after a reboot, the
    server's wall clock set back) must not hold the turn for longer than one spacing."""
    if elapsed is None:
        return 0.0
    return min(spacing, max(0.0, spacing - elapsed))
