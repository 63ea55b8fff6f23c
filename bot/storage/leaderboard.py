"""Per-server leaderboards, a player's own rank, and a player's all-time stats (with the
partner they played with most).

The all-time board reads ``player_totals`` (one row per human per server, kept by a
trigger as ``record_match`` writes match rows) through an index per ranking, and its size
from ``players_by_games``, so the top 10 stays fast with 100,000 players; a rank counts
the index entries above the player. The month and week boards add up the period's
``match_players`` rows, read from a covering index on (guild, ended_at): their cost grows
with the number of players who played in the period.

Order and ranks: see ``bot.game.standings``.
"""

from __future__ import annotations

import time
from dataclasses import fields
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.engine.cards import COLORS
from bot.game.players import PlayerId
from bot.game.standings import (
    DEFAULT_MIN_GAMES,
    PERIODS,
    RANKINGS,
    LeaderboardPage,
    Partnership,
    Period,
    PlayerStats,
    Ranking,
    RankRow,
    shared_ranks,
)
from bot.storage.matches import COLOUR_COLUMNS
from bot.storage.session import Connected


def period_bounds(period: Period, now: float) -> tuple[float, float]:
    """Start and end (unix seconds, end excluded) of this calendar month or ISO week, UTC."""
    moment = datetime.fromtimestamp(now, UTC)
    midnight = moment.replace(hour=0, minute=0, second=0, microsecond=0)
    if period == "month":
        start = midnight.replace(day=1)
        end = (start + timedelta(days=32)).replace(day=1)
    elif period == "week":
        start = midnight - timedelta(days=moment.weekday())
        end = start + timedelta(days=7)
    else:
        raise ValueError(f"period {period!r} has no bounds")
    return start.timestamp(), end.timestamp()


def favourite_colour(counts: dict[str, int]) -> str | None:
    most = max(counts.values(), default=0)
    return next((c for c in COLORS if counts.get(c, 0) == most), None) if most else None


def _ranked_players(
    guild_id: int, ranking: Ranking, period: Period, min_games: int, now: float | None
) -> tuple[str, list[Any]]:
    """A subquery of the players on this board: user_id, games, wins, points, win_rate."""
    if ranking not in RANKINGS:
        raise ValueError(f"ranking must be one of {', '.join(RANKINGS)}")
    if period not in PERIODS:
        raise ValueError(f"period must be one of {', '.join(PERIODS)}")
    if period == "all":
        sql = """SELECT user_id, games, wins, points, win_rate
                 FROM player_totals WHERE guild_id = ?"""
        params: list[Any] = [guild_id]
    else:
        sql = """SELECT user_id, COUNT(*) AS games, SUM(won) AS wins, SUM(points) AS points,
                        CAST(SUM(won) AS DOUBLE PRECISION) / COUNT(*) AS win_rate
                 FROM match_players
                 WHERE guild_id = ? AND is_bot = 0 AND ended_at >= ? AND ended_at < ?
                 GROUP BY user_id"""
        params = [guild_id, *period_bounds(period, time.time() if now is None else now)]
    if ranking == "win_rate":
        return f"SELECT * FROM ({sql}) AS played WHERE games >= ?", [*params, min_games]
    return sql, params


_ROW = "user_id, games, wins, points, win_rate"
_ALL_TIME_SIZE = """SELECT COALESCE(SUM(players), 0) FROM players_by_games
                    WHERE guild_id = ? AND games >= ?"""


class LeaderboardQueries(Connected):
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
    ) -> LeaderboardPage:
        """One page of the board. ``min_games`` applies to the win-rate ranking only;
        ``now`` (default: the current time) picks the month or week."""
        if offset < 0 or limit < 1:
            raise ValueError("a page starts at offset 0 or later and holds at least one row")
        board, params = _ranked_players(guild_id, ranking, period, min_games, now)
        rows = await self.read(
            f"""SELECT {_ROW}, {ranking} FROM ({board}) AS board
                ORDER BY {ranking} DESC, user_id LIMIT ? OFFSET ?""",
            [*params, limit, offset],
        )
        if period == "all":
            size = _ALL_TIME_SIZE
            size_params = [guild_id, min_games if ranking == "win_rate" else 1]
        else:
            size, size_params = f"SELECT COUNT(*) FROM ({board}) AS board", params
        # The first row's rank counts everyone above its value, on earlier pages too.
        top_value = rows[0][-1] if rows else None
        ((total, above),) = await self.read(
            f"""SELECT ({size}),
                       (SELECT COUNT(*) FROM ({board}) AS board WHERE {ranking} > ?)""",
            [*size_params, *params, top_value],
        )
        ranks = shared_ranks([value for *_, value in rows], offset, above + 1)
        ranked = tuple(
            RankRow(rank, *columns) for rank, (*columns, _) in zip(ranks, rows, strict=True)
        )
        return LeaderboardPage(ranking, period, offset, total, ranked)

    async def player_rank(
        self,
        guild_id: int,
        user_id: PlayerId,
        ranking: Ranking = "wins",
        period: Period = "all",
        *,
        min_games: int = DEFAULT_MIN_GAMES,
        now: float | None = None,
    ) -> RankRow | None:
        """The player's own row on the board, wherever it is; None if not ranked on it."""
        board, params = _ranked_players(guild_id, ranking, period, min_games, now)
        found = await self.read(
            f"""SELECT {_ROW},
                       (SELECT COUNT(*) FROM ({board}) AS board
                        WHERE {ranking} > mine.{ranking})
                FROM ({board}) AS mine WHERE user_id = ?""",
            [*params, *params, user_id],
        )
        if not found:
            return None
        *columns, above = found[0]
        return RankRow(above + 1, *columns)

    async def player_stats(self, guild_id: int, user_id: PlayerId) -> PlayerStats:
        found = await self.read(
            f"""SELECT {", ".join(_STATS_COLUMNS)}, {", ".join(COLOUR_COLUMNS)}
                FROM player_totals WHERE guild_id = ? AND user_id = ?""",
            (guild_id, user_id),
        )
        if not found:
            return PlayerStats(**dict.fromkeys(_STATS_COLUMNS, 0), favourite_colour=None)
        counts = found[0][: len(_STATS_COLUMNS)]
        colours = dict(zip(COLORS, found[0][len(_STATS_COLUMNS) :], strict=True))
        return PlayerStats(
            **dict(zip(_STATS_COLUMNS, counts, strict=True)),
            favourite_colour=favourite_colour(colours),
        )

    async def favourite_partner(self, guild_id: int, user_id: PlayerId
                                ) -> Partnership | None:
        """The person the player teamed with most (``Leaderboards.favourite_partner``),
        from the match rows of partners matches (``match_players_by_team``)."""
        found = await self.read(
            """SELECT b.user_id, COUNT(*) AS together, SUM(a.won) AS won_together
               FROM match_players AS a JOIN match_players AS b
                   ON b.match_id = a.match_id AND b.team = a.team AND b.user_id <> a.user_id
               WHERE a.guild_id = ? AND a.user_id = ? AND a.team IS NOT NULL
                 AND b.is_bot = 0
               GROUP BY b.user_id
               ORDER BY together DESC, won_together DESC, b.user_id LIMIT 1""",
            (guild_id, user_id))
        return Partnership(*found[0]) if found else None


_STATS_COLUMNS = tuple(f.name for f in fields(PlayerStats) if f.name != "favourite_colour")
