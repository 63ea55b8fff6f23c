"""Seasons: each server's rating starts afresh every month or quarter (UTC), or never.

A season is named by its calendar: ``2026-11`` for a month, ``2026-Q4`` for a quarter.
A match belongs to the season its end falls in, by the server's season length when it
is recorded; the all-time board is the one with the empty name.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

SEASON_LENGTHS: tuple[str, ...] = ("none", "month", "quarter")
DEFAULT_SEASON_LENGTH = "month"
ALL_TIME = ""
"""The board of every rated match, beside the seasons' boards."""
SEASON_NAME = re.compile(r"\d{4}-(0[1-9]|1[0-2]|Q[1-4])")


def season_of(moment: float, length: str) -> str | None:
    """The season a moment (unix seconds) falls in; None when the server has none."""
    if length not in SEASON_LENGTHS:
        raise ValueError(f"season length must be one of {', '.join(SEASON_LENGTHS)}")
    if length == "none":
        return None
    day = datetime.fromtimestamp(moment, UTC)
    if length == "month":
        return f"{day.year}-{day.month:02d}"
    return f"{day.year}-Q{(day.month - 1) // 3 + 1}"


def is_season_name(name: str) -> bool:
    return SEASON_NAME.fullmatch(name) is not None
