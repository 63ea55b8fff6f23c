"""What the leaderboards, the stats card and the match history read: the records that
cross the storage ports (``bot.game.ports``) on their way to the UI.

Order on a board: by the ranking's value, highest first, then by user id. Players with
equal values share a rank ("1, 2, 2, 4"). Computer players are never on a board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

Ranking = Literal["wins", "points", "win_rate"]
Period = Literal["all", "month", "week"]
RANKINGS: tuple[Ranking, ...] = get_args(Ranking)
PERIODS: tuple[Period, ...] = get_args(Period)
DEFAULT_MIN_GAMES = 5
"""Fewest games a player needs to be ranked by win rate."""


@dataclass(frozen=True, slots=True)
class RankRow:
    rank: int
    user_id: int
    games: int
    wins: int
    points: int
    win_rate: float
    """Wins per game, 0.0 to 1.0."""


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    ranking: Ranking
    period: Period
    offset: int
    total: int
    """How many players are ranked on this board, for "page 3 of 12"."""
    rows: tuple[RankRow, ...]


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's all-time numbers on one server; all zero for someone who never played."""

    games: int
    wins: int
    round_wins: int
    points: int
    best_round: int
    uno_calls: int
    catches_made: int
    catches_suffered: int
    challenges_won: int
    challenges_lost: int
    cards_played: int
    favourite_colour: str | None
    """The colour letter the player played most (ties: in ``COLORS`` order); None if none."""


@dataclass(frozen=True, slots=True)
class MatchPlayer:
    user_id: int
    is_bot: bool
    points: int
    won: bool


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """One line of the match history."""

    match_id: str
    channel_id: int
    ruleset: str
    started_at: float
    ended_at: float
    rounds: int
    winner_id: int | None
    players: tuple[MatchPlayer, ...]
