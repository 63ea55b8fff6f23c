"""The rating boards, a player's place and chart, and what a match did to each rating:
read from the tables ``bot.storage.ratings`` writes, those of the kind asked for
(free-for-all unless ``kind`` says partners)."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from itertools import groupby
from typing import Any

from bot.game.players import PlayerId
from bot.game.rating import SETTLED_AFTER, Standing, places
from bot.game.seasons import ALL_TIME
from bot.game.standings import (
    FREE_FOR_ALL,
    HeadToHead,
    PlayerRating,
    RatingChange,
    RatingKind,
    RatingPage,
    RatingRow,
    shared_ranks,
)
from bot.storage.ratings import RATING_TABLES, RatingTables
from bot.storage.session import Connected

WEEK = 7 * 24 * 3600


def _week_change(tables: RatingTables) -> str:
    return f"""rating - COALESCE((
        SELECT c.rating_before FROM {tables.changes} AS c
        WHERE c.guild_id = r.guild_id AND c.season = r.season AND c.user_id = r.user_id
          AND c.ended_at >= ?
        ORDER BY c.ended_at, c.match_id LIMIT 1), rating)"""


def _listed_above(tables: RatingTables) -> str:
    return f"""SELECT COALESCE(SUM(players), 0) FROM {tables.listed}
               WHERE guild_id = ? AND season = ? AND rating > ?"""


_MATCH_CHANGES = " UNION ALL ".join(
    f"""SELECT '{kind}', user_id, rating_before, rating, matches FROM {tables.changes}
        WHERE match_id = ? AND season = ?""" for kind, tables in RATING_TABLES.items())


class RatingQueries(Connected):
    async def rating_board(self, guild_id: int, season: str = ALL_TIME, offset: int = 0,
                           limit: int = 10, *, now: float | None = None,
                           kind: RatingKind = FREE_FOR_ALL) -> RatingPage:
        """One page of a rating board: the players listed on it, best first."""
        if offset < 0 or limit < 1:
            raise ValueError("a page starts at offset 0 or later and holds at least one row")
        tables = RATING_TABLES[kind]
        week_ago = (time.time() if now is None else now) - WEEK
        rows = await self.read(
            f"""SELECT user_id, rating, matches, {_week_change(tables)}, name
                FROM {tables.skills} AS r
                WHERE guild_id = ? AND season = ? AND matches >= ?
                ORDER BY rating DESC, user_id LIMIT ? OFFSET ?""",
            (week_ago, guild_id, season, SETTLED_AFTER, limit, offset))
        top = rows[0][1] if rows else 0
        ((total, above),) = await self.read(
            f"""SELECT (SELECT COALESCE(SUM(players), 0) FROM {tables.listed}
                        WHERE guild_id = ? AND season = ?), ({_listed_above(tables)})""",
            (guild_id, season, guild_id, season, top))
        ranks = shared_ranks([row[1] for row in rows], offset, above + 1)
        return RatingPage(season, offset, total, tuple(
            RatingRow(rank, *row) for rank, row in zip(ranks, rows, strict=True)), kind)

    async def player_rating(self, guild_id: int, user_id: PlayerId,
                            season: str = ALL_TIME, *, kind: RatingKind = FREE_FOR_ALL
                            ) -> PlayerRating | None:
        """A player's rating and place on a board; None if never rated on it."""
        tables = RATING_TABLES[kind]
        found = await self.read(
            f"""SELECT rating, matches FROM {tables.skills}
                WHERE guild_id = ? AND season = ? AND user_id = ?""",
            (guild_id, season, user_id))
        if not found:
            return None
        rating, matches = found[0]
        provisional = matches < SETTLED_AFTER
        rank = None
        if not provisional:
            ((above,),) = await self.read(_listed_above(tables), (guild_id, season, rating))
            rank = above + 1
        return PlayerRating(rating, matches, provisional, rank)

    async def rating_history(self, guild_id: int, user_id: PlayerId, limit: int = 50,
                             *, kind: RatingKind = FREE_FOR_ALL) -> list[int]:
        """The all-time rating after each of the player's last ``limit`` rated
        matches, oldest first."""
        found = await self.read(
            f"""SELECT rating FROM {RATING_TABLES[kind].changes}
                WHERE guild_id = ? AND season = ? AND user_id = ?
                ORDER BY ended_at DESC, match_id DESC LIMIT ?""",
            (guild_id, ALL_TIME, user_id, limit))
        return [rating for (rating,) in reversed(found)]

    async def match_ratings(self, match_id: str) -> list[RatingChange]:
        """What a match did to each person's all-time rating of its kind (partners for
        a partners match), by user id; empty if unrated."""
        found = await self.read(f"{_MATCH_CHANGES} ORDER BY 2",
                                (match_id, ALL_TIME) * len(RATING_TABLES))
        return [RatingChange(user_id, before, after, matches < SETTLED_AFTER, kind)
                for kind, user_id, before, after, matches in found]

    async def seasons(self, guild_id: int, *, kind: RatingKind = FREE_FOR_ALL) -> list[str]:
        """The server's rated seasons, newest first."""
        found = await self.read(
            f"SELECT season FROM {RATING_TABLES[kind].seasons} WHERE guild_id = ? "
            "ORDER BY season DESC",
            (guild_id,))
        return [season for (season,) in found]

    async def head_to_head(self, guild_id: int, user_id: PlayerId, other_id: PlayerId
                           ) -> HeadToHead:
        """The finished matches two people played together, and who finished ahead."""
        found = await self.read(
            """SELECT m.match_id, m.scoring, p.user_id, p.points, p.won, p.left_early
               FROM match_players AS p JOIN matches AS m ON m.match_id = p.match_id
               WHERE p.guild_id = ? AND p.user_id IN (?, ?) AND p.match_id IN (
                   SELECT a.match_id FROM match_players AS a JOIN match_players AS b
                       ON b.match_id = a.match_id
                   WHERE a.guild_id = ? AND a.user_id = ? AND b.user_id = ?)
               ORDER BY m.match_id""",
            (guild_id, user_id, other_id, guild_id, user_id, other_id))
        return _head_to_head(found, user_id, other_id)


def _head_to_head(rows: Iterable[Sequence[Any]], user_id: PlayerId, other_id: PlayerId
                  ) -> HeadToHead:
    matches = ahead = behind = 0
    for (_, scoring), played in groupby(rows, lambda r: (r[0], r[1])):
        places_of = places([Standing(r[2], r[3], bool(r[4]), bool(r[5])) for r in played],
                           scoring)
        assert places_of is not None  # both played it
        matches += 1
        ahead += places_of[user_id] < places_of[other_id]
        behind += places_of[user_id] > places_of[other_id]
    return HeadToHead(matches, ahead, behind)
