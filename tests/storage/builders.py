"""Small makers of match records for the storage tests."""

from datetime import UTC, datetime

from bot.game.players import PlayerId
from bot.game.ports import MatchRecord, PlayerResult
from bot.storage.matches import PLAYER_COLUMNS
from tests.storage.backends import Backend

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
        winner_id=None if winner is None else PlayerId(winner),
        players=tuple(
            PlayerResult(PlayerId(user_id), points, won=user_id == winner, is_bot=user_id in bots)
            for user_id, points in results.items()
        ),
    )


async def record_before_ratings(backend: Backend, record: MatchRecord) -> None:
    """A match as a bot without ratings recorded it (its trigger fills the totals)."""
    await backend.sql(
        """INSERT INTO matches (match_id, guild_id, channel_id, ruleset, started_at,
                                ended_at, rounds, winner_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
        (record.match_id, record.guild_id, record.channel_id, record.ruleset,
         record.started_at, record.ended_at, record.rounds, record.winner_id))
    columns = [c for c in PLAYER_COLUMNS if c not in ("left_early", "team")]
    for seat, p in enumerate(record.players):
        await backend.sql(
            f"INSERT INTO match_players ({', '.join(columns)}) "
            f"VALUES ({', '.join('?' * len(columns))})",
            (record.match_id, p.user_id, seat, record.guild_id, record.ended_at,
             int(p.is_bot), p.points, int(p.won), p.best_round, *p.summed_counts()))


def partners(
    match_id: str,
    teams: tuple[tuple[int, ...], ...],
    scores: tuple[int, ...],
    *,
    winner: int | None = 0,
    bots: frozenset[int] = frozenset(),
    left: frozenset[int] = frozenset(),
    ended_at: float = 1_700_000_000.0,
    guild_id: int = GUILD,
    scoring: str = "standard",
) -> MatchRecord:
    """A partners match: team ``t``'s ``k``-th player in seat ``t + k * len(teams)``
    (partners across the table), each player with their team's score in ``scores``;
    ``winner`` is the number of the winning team, its first player the record's winner
    (who must not be in ``left``)."""
    seats = [team[k] for k in range(len(teams[0])) for team in teams]
    score = {user: scores[number] for number, team in enumerate(teams) for user in team}
    winners = () if winner is None else teams[winner]
    return MatchRecord(
        match_id=match_id,
        guild_id=guild_id,
        channel_id=CHANNEL,
        ruleset="classic",
        started_at=ended_at - 600,
        ended_at=ended_at,
        rounds=3,
        winner_id=None if winner is None else PlayerId(winners[0]),
        players=tuple(
            PlayerResult(PlayerId(user), score[user], won=user in winners and user not in left,
                         is_bot=user in bots, left=user in left, name=f"player {user}")
            for user in seats
        ),
        scoring=scoring,
        teams=tuple(tuple(PlayerId(user) for user in team) for team in teams),
    )
