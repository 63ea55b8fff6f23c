"""What the table service needs from storage, and the records that cross that line.

The game layer speaks to storage only through these ``Protocol`` ports;
``bot.storage`` implements them (and imports nothing else of ``bot.game``), so the
service can be tested, and later run, over any implementation.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.engine.cards import COLORS
from bot.engine.options import RULESETS
from bot.game.guild_settings import GuildSettings
from bot.game.players import PlayerId
from bot.game.standings import (
    DEFAULT_MIN_GAMES,
    FREE_FOR_ALL,
    HeadToHead,
    LeaderboardPage,
    MatchSummary,
    Partnership,
    Period,
    PlayerRating,
    PlayerStats,
    Ranking,
    RankRow,
    RatingChange,
    RatingKind,
    RatingPage,
)


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's part in a finished match."""

    user_id: PlayerId
    points: int
    """Match total, as the scoring mode counts it."""
    won: bool
    is_bot: bool = False
    """A computer player: its match is recorded, but it never appears on a leaderboard."""
    round_wins: int = 0
    best_round: int = 0
    """Most points scored in one round."""
    uno_calls: int = 0
    catches_made: int = 0
    catches_suffered: int = 0
    challenges_won: int = 0
    challenges_lost: int = 0
    cards_played: int = 0
    colours_played: dict[str, int] = field(default_factory=dict)
    """Cards played per colour letter (``"r"``, ``"y"``, ``"g"``, ``"b"``); missing is 0."""
    left: bool = False
    """Left the match, or was removed from it, before its end."""
    name: str = ""
    """The name the player had at the table, for the pictures of the rating board."""

    def __post_init__(self) -> None:
        unknown = set(self.colours_played) - set(COLORS)
        if unknown:
            raise ValueError(f"colours_played has unknown colours {sorted(unknown)}")

    def summed_counts(self) -> tuple[int, ...]:
        """The values of ``SUMMED_COLUMNS``, in that order."""
        return (
            self.round_wins,
            self.uno_calls,
            self.catches_made,
            self.catches_suffered,
            self.challenges_won,
            self.challenges_lost,
            self.cards_played,
            *(self.colours_played.get(c, 0) for c in COLORS),
        )


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A finished match, as the game manager reports it once the match is over."""

    match_id: str
    """Unique per match and stable across retries (e.g. channel id + start time)."""
    guild_id: int
    channel_id: int
    ruleset: str
    started_at: float
    ended_at: float
    rounds: int
    winner_id: PlayerId | None
    """None for a match that ended with no winner; in a partners match, the first of the
    winning team's players still seated (the engine's first match winner)."""
    players: tuple[PlayerResult, ...]
    """In seating order; history lists them in this order."""
    scoring: str = "standard"
    """How points were counted: ``standard`` (more is better) or ``alternative`` (fewer
    is better), for the order the rating reads."""
    teams: tuple[tuple[PlayerId, ...], ...] = ()
    """A partners match's teams, fixed at the deal: every player in one team, those who
    left included, each team in seating order. The winning team's players still seated
    are marked won (a partner who left is not), and the players of a team who stayed to
    the end have its score as their points. Empty for a free-for-all."""

    def __post_init__(self) -> None:
        user_ids = [p.user_id for p in self.players]
        if not user_ids or len(set(user_ids)) != len(user_ids):
            raise ValueError(f"match {self.match_id} needs players, each listed once")
        if self.winner_id is not None and self.winner_id not in user_ids:
            raise ValueError(f"match {self.match_id}: winner {self.winner_id} did not play")
        if self.ruleset not in RULESETS:
            raise ValueError(f"match {self.match_id}: unknown ruleset {self.ruleset!r}")
        if self.teams:
            self._check_teams(user_ids)
        winners = self.team_of(self.winner_id) if self.winner_id is not None else ()
        if any(p.won != (p.user_id in winners and not (self.teams and p.left))
               for p in self.players):
            raise ValueError(
                f"match {self.match_id}: the players marked won must be exactly the winner "
                f"{self.winner_id}{' and their partners still seated' if self.teams else ''}"
            )

    def team_of(self, user_id: PlayerId) -> tuple[PlayerId, ...]:
        """The player's team in a partners match; the player alone in a free-for-all."""
        return next((team for team in self.teams if user_id in team), (user_id,))

    def _check_teams(self, user_ids: list[PlayerId]) -> None:
        seated = [user_id for team in self.teams for user_id in team]
        if len(self.teams) < 2 or not all(self.teams) or sorted(seated) != sorted(user_ids):
            raise ValueError(
                f"match {self.match_id}: teams must be two or more and hold every player once")
        seat = {user_id: number for number, user_id in enumerate(user_ids)}
        by_id = {p.user_id: p for p in self.players}
        for team in self.teams:
            if [seat[u] for u in team] != sorted(seat[u] for u in team):
                raise ValueError(f"match {self.match_id}: team {team} is not in seating order")
            if len({by_id[u].points for u in team if not by_id[u].left}) > 1:
                raise ValueError(
                    f"match {self.match_id}: the players of team {team} who stayed must "
                    "have its score")


@dataclass(frozen=True, slots=True)
class SavedGame:
    channel_id: int
    guild_id: int
    state: dict[str, Any]
    """Whatever the manager saved: engine state, table message id, timer deadlines."""
    format_version: int
    updated_at: float
    version: int = 0
    """The table's version the row was saved at: what the next compare-and-set save of
    this table names as the one it replaces."""


@dataclass(frozen=True, slots=True)
class BadRow:
    """A saved game that cannot be restored; the caller closes that game, nothing else."""

    channel_id: int
    guild_id: int
    reason: str


NEW_TABLE = 0
"""What a table's first save ``replaces``: no row may exist yet. Real versions
are positive (milliseconds since 1970 when the process started, then counted up)."""


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards one process runs: it restores, times and saves the tables of their
    guilds only, those on shard ``(guild_id >> 22) % count`` for one of its ``ids``.
    Every process of the bot is given the same ``count``."""

    count: int
    ids: frozenset[int]


class StorageUnavailable(Exception):
    """A write did not happen: the disk is full, the database stayed locked past its
    busy timeout, the connection to the database server was lost, or an I/O error.
    Storage raises it (with the cause chained) so the table service can put the table
    back as it was and tell the player."""


class StorageDamaged(StorageUnavailable):
    """A write found the database damaged (corrupt pages, a file that is no longer a
    database, a damaged table or index): no write will succeed until an operator
    restores it from a backup."""


class SaveConflict(Exception):
    """A compare-and-set save found another version of the table than the one it
    replaces (someone else saved it, or deleted it): nothing was written."""

    def __init__(self, channel_id: int, expected: int, found: int | None) -> None:
        stored = "no saved table" if found is None else f"version {found}"
        super().__init__(
            f"the table in channel {channel_id} was not saved: it replaces version "
            f"{expected}, but the database holds {stored}"
        )
        self.channel_id = channel_id
        self.expected = expected
        self.found = found


class SavedGames(Protocol):
    """Tables in progress, one row per channel, saved on every change."""

    async def save_game(
        self,
        channel_id: int,
        guild_id: int,
        state: dict[str, Any] | str,
        *,
        version: int = 0,
        replaces: int | None = None,
    ) -> None:
        """Save the table at ``version``: ``state``, or its JSON already written. With
        ``replaces``, only over the row saved at that version, or for ``NEW_TABLE`` only
        if there is no row (compare-and-set): anything else raises
        :class:`SaveConflict`, writing nothing; without it the row is written whatever
        it held. Raises :class:`StorageUnavailable` when the row could not be written."""
        ...

    async def save_table_message(self, channel_id: int, message_id: int, *, version: int
                                 ) -> None:
        """Set the table message id in the row saved at ``version``, nothing else of it,
        else :class:`SaveConflict`; :class:`StorageUnavailable` as :meth:`save_game`."""
        ...

    async def delete_game(self, channel_id: int, *, replaces: int | None = None) -> None:
        """Delete the channel's row; with ``replaces``, only the row at that version,
        else :class:`SaveConflict`."""
        ...

    async def load_games(self, *, shards: Shards | None = None
                         ) -> tuple[list[SavedGame], list[BadRow]]:
        """The saved games (of the guilds on ``shards`` only, if given)."""
        ...


class MatchArchive(Protocol):
    """Finished matches, each recorded exactly once by its ``match_id``."""

    async def record_match(self, record: MatchRecord) -> bool: ...

    async def match_ratings(self, match_id: str) -> list[RatingChange]:
        """What a recorded match did to each person's all-time rating of its kind (the
        partners rating for a partners match), by user id; empty for a match not rated
        (or not recorded)."""
        ...


class GameStorage(SavedGames, MatchArchive, Protocol):
    """Everything the table service keeps: its tables and its finished matches."""


class MatchHistory(Protocol):
    async def history(
        self, guild_id: int, channel_id: int | None = None, limit: int = 10
    ) -> list[MatchSummary]:
        """The last ``limit`` matches of the server, or of one of its channels, newest
        first."""
        ...


class Leaderboards(Protocol):
    """Per-server boards and stats, read from the recorded matches."""

    async def leaderboard(
        self,
        guild_id: int,
        ranking: Ranking = "wins",
        period: Period = "all",
        offset: int = 0,
        limit: int = 10,
        *,
        min_games: int = DEFAULT_MIN_GAMES,
        now: float | None = None,
    ) -> LeaderboardPage: ...

    async def player_rank(
        self,
        guild_id: int,
        user_id: PlayerId,
        ranking: Ranking = "wins",
        period: Period = "all",
        *,
        min_games: int = DEFAULT_MIN_GAMES,
        now: float | None = None,
    ) -> RankRow | None: ...

    async def player_stats(self, guild_id: int, user_id: PlayerId) -> PlayerStats: ...

    async def favourite_partner(self, guild_id: int, user_id: PlayerId
                                ) -> Partnership | None:
        """The person the player played the most partners matches with, as one team
        (ties: more wins together, then the lower user id); None if they never had a
        person as partner."""
        ...


class Ratings(Protocol):
    """Skill ratings per server (``bot.game.rating``), on the all-time board (season
    ``""``) and each season's; a match is rated when it is recorded. Each ``kind`` of
    rating (free-for-all, partners) has boards and seasons of its own."""

    async def rating_board(self, guild_id: int, season: str = "", offset: int = 0,
                           limit: int = 10, *, now: float | None = None,
                           kind: RatingKind = FREE_FOR_ALL) -> RatingPage: ...

    async def player_rating(self, guild_id: int, user_id: PlayerId,
                            season: str = "", *, kind: RatingKind = FREE_FOR_ALL
                            ) -> PlayerRating | None: ...

    async def rating_history(self, guild_id: int, user_id: PlayerId, limit: int = 50,
                             *, kind: RatingKind = FREE_FOR_ALL) -> list[int]: ...

    async def seasons(self, guild_id: int, *, kind: RatingKind = FREE_FOR_ALL
                      ) -> list[str]: ...

    async def head_to_head(self, guild_id: int, user_id: PlayerId, other_id: PlayerId
                           ) -> HeadToHead: ...


class ServerSettings(Protocol):
    """What a new game on each server starts with."""

    async def get_settings(self, guild_id: int) -> GuildSettings: ...

    async def save_settings(self, guild_id: int, settings: GuildSettings) -> None: ...


class ShardLeases(Protocol):
    """Which process runs which shards' tables. A process takes its lease before it
    loads a table and keeps it until it stops, so a rolling restart (the new process
    started before the old one stopped) never gives a table two owners; a process that
    dies loses its lease at once (PostgreSQL: an advisory lock held by its connection;
    SQLite: a lock on a file beside the database, held by the process)."""

    async def try_take(self, shards: Shards | None) -> bool:
        """Take the lease on ``shards`` (``None``: every guild) if no other process
        holds any of it; returns whether it did. Never waits."""
        ...

    async def release(self) -> None: ...

    def on_lost(self, callback: Callable[[], None]) -> None:
        """Have ``callback`` called once should the lease held now end without
        ``release``, when another process may take it (PostgreSQL: the lock's connection
        ended; a file lock lasts as long as the process, so it is never lost)."""
        ...


class IdentifyTurns(Protocol):
    """Turns to identify a shard on Discord's gateway, shared by every process on the
    database. Discord takes one IDENTIFY per rate-limit bucket every 5 seconds (a shard
    is in bucket ``shard_id % max_concurrency``) and answers one more with an invalid
    session; the processes of a bot keep to that together, each identify remembered
    where all of them look (PostgreSQL: a row per bucket; SQLite: a file per bucket
    beside the database), so that a process started again at once waits too."""

    async def take(self, bucket: int, spacing: float) -> None:
        """Return once ``bucket``'s last identify by any process is at least ``spacing``
        seconds old (at once if there was none), having made this one the last: the
        caller identifies right after. One turn at a time per bucket; raises
        ``StorageUnavailable`` if the database cannot be reached."""
        ...


class Storage(GameStorage, MatchHistory, Leaderboards, Ratings, ServerSettings, Protocol):
    """Everything the bot keeps, behind one opened database (SQLite or PostgreSQL)."""

    name: str
    """The database for log lines and messages: a path, or a URL without password."""

    async def ping(self, timeout: float = 5.0) -> bool:
        """Whether the database answers a query within ``timeout`` seconds."""
        ...

    async def close(self) -> None: ...

    def shard_leases(self) -> ShardLeases:
        """A new lease holder on this database's shards, holding nothing yet."""
        ...

    def identify_turns(self) -> IdentifyTurns:
        """The turns to identify of the bot's processes on this database."""
        ...
