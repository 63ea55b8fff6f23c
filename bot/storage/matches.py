"""Finished matches: recording each one exactly once, and the match history."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from functools import cache

from bot.engine.cards import COLOR_NAMES, COLORS
from bot.engine.options import RULESETS
from bot.storage.connection import Connected

log = logging.getLogger(__name__)

COLOUR_COLUMNS: tuple[str, ...] = tuple(f"{COLOR_NAMES[c]}_played" for c in COLORS)
"""Cards played per colour, in the order of ``COLORS``: red_played, yellow_played, ..."""

SUMMED_COLUMNS: tuple[str, ...] = (
    "round_wins",
    "uno_calls",
    "catches_made",
    "catches_suffered",
    "challenges_won",
    "challenges_lost",
    "cards_played",
    *COLOUR_COLUMNS,
)
"""The per-player counts that add up over matches (best_round takes the maximum)."""


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's part in a finished match."""

    user_id: int
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
    winner_id: int | None
    """None for a match that ended with no winner."""
    players: tuple[PlayerResult, ...]
    """In seating order; history lists them in this order."""

    def __post_init__(self) -> None:
        user_ids = [p.user_id for p in self.players]
        if not user_ids or len(set(user_ids)) != len(user_ids):
            raise ValueError(f"match {self.match_id} needs players, each listed once")
        if self.winner_id is not None and self.winner_id not in user_ids:
            raise ValueError(f"match {self.match_id}: winner {self.winner_id} did not play")
        if self.ruleset not in RULESETS:
            raise ValueError(f"match {self.match_id}: unknown ruleset {self.ruleset!r}")
        if any(p.won != (p.user_id == self.winner_id) for p in self.players):
            raise ValueError(
                f"match {self.match_id}: the players marked won must be exactly the winner "
                f"{self.winner_id}"
            )


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


_INSERT_MATCH = """
    INSERT INTO matches
        (match_id, guild_id, channel_id, ruleset, started_at, ended_at, rounds, winner_id)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (match_id) DO NOTHING
    RETURNING match_id
"""
_PLAYER_COLUMNS = (
    "match_id", "user_id", "seat", "guild_id", "ended_at", "is_bot", "points", "won",
    "best_round", *SUMMED_COLUMNS,
)


# One multi-row INSERT rather than executemany: each statement is one trip to aiosqlite's
# thread, and record_match makes four of them in all.
@cache
def _insert_players(players: int) -> str:
    return f"""
        INSERT INTO match_players ({", ".join(_PLAYER_COLUMNS)})
        VALUES {_rows(len(_PLAYER_COLUMNS), players)}
    """


def _rows(width: int, count: int) -> str:
    row = f"({', '.join('?' * width)})"
    return ", ".join([row] * count)


class MatchStore(Connected):
    async def record_match(self, record: MatchRecord) -> bool:
        """Record a finished match, in one transaction; a trigger adds each human
        player's row to their all-time totals (``player_totals``) in the same transaction.

        Returns False, changing nothing, when ``record.match_id`` is already recorded:
        the manager may safely retry after a crash.
        """
        async with self._transaction() as connection:
            inserted = await connection.execute_fetchall(
                _INSERT_MATCH,
                (
                    record.match_id,
                    record.guild_id,
                    record.channel_id,
                    record.ruleset,
                    record.started_at,
                    record.ended_at,
                    record.rounds,
                    record.winner_id,
                ),
            )
            if not inserted:
                log.info(
                    "match %s (guild %s, channel %s) was already recorded",
                    record.match_id, record.guild_id, record.channel_id,
                )
                return False
            await connection.execute_fetchall(
                _insert_players(len(record.players)),
                [
                    value
                    for seat, p in enumerate(record.players)
                    for value in (
                        record.match_id, p.user_id, seat, record.guild_id, record.ended_at,
                        p.is_bot, p.points, p.won, p.best_round, *p.summed_counts(),
                    )
                ],
            )
        log.info(
            "match %s recorded (guild %s, channel %s, winner %s)",
            record.match_id, record.guild_id, record.channel_id, record.winner_id,
        )
        return True

    async def history(
        self, guild_id: int, channel_id: int | None = None, limit: int = 10
    ) -> list[MatchSummary]:
        """The last ``limit`` matches of the server, or of one of its channels, newest first."""
        if limit < 1:
            raise ValueError("history holds at least one match")
        where, params = "guild_id = ?", [guild_id]
        if channel_id is not None:
            where, params = "guild_id = ? AND channel_id = ?", [guild_id, channel_id]
        connection = self._reader
        matches = list(await connection.execute_fetchall(
            f"""SELECT match_id, channel_id, ruleset, started_at, ended_at, rounds, winner_id
                FROM matches WHERE {where}
                ORDER BY ended_at DESC, match_id DESC LIMIT ?""",
            (*params, limit),
        ))
        players = await connection.execute_fetchall(
            f"""SELECT match_id, user_id, is_bot, points, won FROM match_players
                WHERE match_id IN {_rows(len(matches), 1)} ORDER BY seat""",
            [m[0] for m in matches],
        )
        seated: dict[str, list[MatchPlayer]] = {m[0]: [] for m in matches}
        for match_id, user_id, is_bot, points, won in players:
            seated[match_id].append(MatchPlayer(user_id, bool(is_bot), points, bool(won)))
        return [
            MatchSummary(
                match_id, channel, ruleset, started_at, ended_at, rounds, winner_id,
                tuple(seated[match_id]),
            )
            for match_id, channel, ruleset, started_at, ended_at, rounds, winner_id in matches
        ]
