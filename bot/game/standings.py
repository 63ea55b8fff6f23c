"""What the leaderboards, the stats card and the match history read: the records that
cross the storage ports (``bot.game.ports``) on their way to the UI.

Order on a board: by the ranking's value, highest first, then by user id. Players with
equal values share a rank ("1, 2, 2, 4"). Computer players are never on a board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from bot.game.players import PlayerId

Ranking = Literal["wins", "points", "win_rate"]
RatingKind = Literal["free_for_all", "partners"]
"""Which rating: of free-for-all matches, each person for themselves, or of partners
matches, each team of two one side; each kind has boards of its own, never mixed."""
FREE_FOR_ALL: RatingKind = "free_for_all"
PARTNERS: RatingKind = "partners"
RATING_KINDS: tuple[RatingKind, ...] = get_args(RatingKind)
Period = Literal["all", "month", "week"]
RANKINGS: tuple[Ranking, ...] = get_args(Ranking)
PERIODS: tuple[Period, ...] = get_args(Period)
DEFAULT_MIN_GAMES = 5
"""Fewest games a player needs to be ranked by win rate."""


def shared_ranks(values: list[float], offset: int, first_rank: int) -> list[int]:
    """Ranks of one page's values (highest first): a value equal to the one before it
    shares its rank, any other value ranks at its own position."""
    ranks = [first_rank] if values else []
    for position, (value, previous) in enumerate(zip(values[1:], values, strict=False), offset + 2):
        ranks.append(ranks[-1] if value == previous else position)
    return ranks


@dataclass(frozen=True, slots=True)
class RankRow:
    rank: int
    user_id: PlayerId
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
    user_id: PlayerId
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
    winner_id: PlayerId | None
    players: tuple[MatchPlayer, ...]
    teams: tuple[tuple[PlayerId, ...], ...] = ()
    """A partners match's teams, as ``MatchRecord.teams``; empty for a free-for-all."""


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A player listed on a rating board (all time, or one season)."""

    rank: int
    user_id: PlayerId
    rating: int
    matches: int
    """Rated matches on this board."""
    week_change: int
    """The rating's change over the last 7 days (0 when the player has not played)."""
    name: str = ""
    """The name the player last played under; empty if not known (rated on upgrade)."""


@dataclass(frozen=True, slots=True)
class RatingPage:
    season: str
    """The season's name, or ``""`` for all time."""
    offset: int
    total: int
    """How many players are listed on this board."""
    rows: tuple[RatingRow, ...]
    kind: RatingKind = FREE_FOR_ALL


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A player's rating on one board, listed or not yet."""

    rating: int
    matches: int
    provisional: bool
    """Fewer rated matches than a settled rating needs: shown with a "?"."""
    rank: int | None
    """The place on the board; None while the player is not listed."""


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one match did to a person's all-time rating (of the match's kind)."""

    user_id: PlayerId
    before: int
    after: int
    provisional: bool
    kind: RatingKind = FREE_FOR_ALL


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two players' finished matches together on one server."""

    matches: int
    ahead: int
    """Matches the first player finished ahead of the second."""
    behind: int
    """Matches the second player finished ahead of the first; the rest were ties."""


@dataclass(frozen=True, slots=True)
class Partnership:
    """A person's partners matches on one server with one partner, as one team."""

    partner_id: PlayerId
    matches: int
    wins: int

    @property
    def win_rate(self) -> float:
        """Wins per match together, 0.0 to 1.0."""
        return self.wins / self.matches
