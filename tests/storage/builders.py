"""Small makers of match records for the storage tests."""

from datetime import UTC, datetime

from bot.game.ports import MatchRecord, PlayerResult

GUILD = 1
CHANNEL = 10


def at(text: str) -> float:
    """Unix seconds of an ISO date-time in UTC: ``at("2024-05-15 12:00")``."""
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


def match(
    match_id: str,
    results: dict[int, int],
    *,
    winner: int | None = None,
    bots: frozenset[int] = frozenset(),
    ended_at: float = 1_700_000_000.0,
    guild_id: int = GUILD,
    channel_id: int = CHANNEL,
    ruleset: str = "classic",
) -> MatchRecord:
    """A match where each user id in ``results`` scored those points; ``winner`` won it."""
    return MatchRecord(
        match_id=match_id,
        guild_id=guild_id,
        channel_id=channel_id,
        ruleset=ruleset,
        started_at=ended_at - 600,
        ended_at=ended_at,
        rounds=3,
        winner_id=winner,
        players=tuple(
            PlayerResult(user_id, points, won=user_id == winner, is_bot=user_id in bots)
            for user_id, points in results.items()
        ),
    )
