"""Skill ratings per server: rated with each recorded match, read by the boards and
the profile, and computed once from the recorded history on upgrade.

``ratings`` holds each person's skill on each board of a server: the all-time board
(season ``""``) and one per season. ``rating_changes`` holds what each rated match did to
it (the 7-day change, the profile's chart, the match-end message). ``listed_by_rating``
counts, per shown rating, the players listed on a board (``SETTLED_AFTER`` rated
matches or more), kept by triggers: a board's size and a player's place are sums over a
few hundred rows, whatever the number of players.

A match is rated in the transaction that records it (``MatchStore.record_match``), so a
crash leaves both or neither; the update is serialised per server (SQLite: one writer;
PostgreSQL: a transaction lock on the server), so two tables ending together both count.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence, Set
from functools import cache
from itertools import groupby
from typing import Any

from bot.game.players import PlayerId
from bot.game.ports import MatchRecord
from bot.game.rating import SETTLED_AFTER, Skill, Standing, match_places, places, rate
from bot.game.seasons import ALL_TIME, DEFAULT_SEASON_LENGTH, SEASON_LENGTHS, season_of
from bot.game.standings import (
    HeadToHead,
    PlayerRating,
    RatingChange,
    RatingPage,
    RatingRow,
    shared_ranks,
)
from bot.storage.session import Connected, Session, Statement, value_rows

WEEK = 7 * 24 * 3600
BATCH = 500
"""Rows per INSERT when the history is rated at once."""

SkillBook = dict[tuple[int, str, int], Skill]
"""Skills by (guild, board, user): what a rating reads and updates."""
ChangeRow = tuple[int, str, int, float, str, int, int, int]
"""A ``rating_changes`` row: guild, board, user, ended_at, match, before, after, matches."""

CHANGE_COLUMNS = ("guild_id", "season", "user_id", "ended_at", "match_id", "rating_before",
                   "rating", "matches")
SKILL_COLUMNS = ("guild_id", "season", "user_id", "mu", "sigma", "rating", "matches", "name")


def rate_into(book: SkillBook, guild_id: int, match_id: str, ended_at: float,
              places_of: dict[int, int], boards: Sequence[str]) -> list[ChangeRow]:
    """Rate one match on each of ``boards``, updating ``book``; the changes made.

    The update is a function of the skills before: where every player stands the same on
    a season's board as on the all-time board (a server's first season, say), it is
    computed once."""
    changes: list[ChangeRow] = []
    new = Skill.new()
    rated: tuple[dict[int, Skill], dict[int, Skill]] | None = None
    for board in boards:
        before = {u: book.get((guild_id, board, u), new) for u in places_of}
        if rated is None or rated[0] != before:
            rated = before, rate(places_of, before)
        for user_id, skill in rated[1].items():
            changes.append((guild_id, board, user_id, ended_at, match_id,
                            before[user_id].shown, skill.shown, skill.matches))
            book[(guild_id, board, user_id)] = skill
    return changes


def boards_of(ended_at: float, season_length: str) -> tuple[str, ...]:
    season = season_of(ended_at, season_length)
    return (ALL_TIME, season) if season else (ALL_TIME,)


def rating_writes(book: SkillBook, changes: list[ChangeRow],
                  names: dict[int, str] | None = None,
                  known_seasons: Set[tuple[int, str]] = frozenset()) -> list[Statement]:
    """The statements that save the skills in ``book`` (with the players' ``names``,
    where known) and the ``changes`` that made them, and name the seasons played (but
    the ``known_seasons``, already named); each table's, and each batch's, rows apart
    from the others', so they may run in one trip."""
    names = names or {}
    skills = [(g, b, u, s.mu, s.sigma, s.shown, s.matches, names.get(u, ""))
              for (g, b, u), s in book.items()]
    seasons = sorted({(g, b) for g, b, *_ in changes if b != ALL_TIME} - known_seasons)
    return [*_batches(_save_skills, skills), *_batches(_add_changes, changes),
            *_batches(_name_seasons, seasons)]


def _batches(sql: Callable[[int], str], rows: Sequence[Sequence[Any]]) -> list[Statement]:
    return [(sql(len(batch)), [value for row in batch for value in row])
            for batch in (rows[start:start + BATCH] for start in range(0, len(rows), BATCH))]


@cache
def _save_skills(rows: int) -> str:
    return f"""INSERT INTO ratings ({", ".join(SKILL_COLUMNS)}) VALUES
                   {value_rows(len(SKILL_COLUMNS), rows)}
               ON CONFLICT (guild_id, season, user_id) DO UPDATE SET
                   mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating,
                   matches = excluded.matches,
                   name = CASE WHEN excluded.name = '' THEN ratings.name
                               ELSE excluded.name END"""


@cache
def _add_changes(rows: int) -> str:
    return f"""INSERT INTO rating_changes ({", ".join(CHANGE_COLUMNS)}) VALUES
                   {value_rows(len(CHANGE_COLUMNS), rows)}"""


@cache
def _name_seasons(rows: int) -> str:
    return f"""INSERT INTO rated_seasons (guild_id, season) VALUES {value_rows(2, rows)}
               ON CONFLICT (guild_id, season) DO NOTHING"""


# One trip for all a match's reads: whether it is recorded already; for a rated match, the
# season length, the players' skills on the all-time board and on each season the match
# could fall in (by any length), and which of those seasons the server already has (a new
# one is named with the match's writes).
_RECORDED = "SELECT 'recorded', NULL, NULL, NULL, NULL, NULL FROM matches WHERE match_id = ?"
_BEFORE_RATING = """
    SELECT 'skill', season, user_id, mu, sigma, matches FROM ratings
    WHERE guild_id = ? AND season IN {boards} AND user_id IN {players}
    UNION ALL
    SELECT 'length', season_length, NULL, NULL, NULL, NULL FROM guild_settings
    WHERE guild_id = ?
    UNION ALL
    SELECT 'season', season, NULL, NULL, NULL, NULL FROM rated_seasons
    WHERE guild_id = ? AND season IN {seasons}"""


async def record_rated(session: Session, record: MatchRecord,
                       rows: Sequence[Statement]) -> bool:
    """Write a match's own ``rows`` and rate it, inside one transaction (the server's
    matches serialised by the caller); False, writing nothing, if the match is recorded
    already. Two trips on PostgreSQL: every read, then every write."""
    places_of = match_places(record)
    if places_of is None:
        found = await session.fetch(_RECORDED, (record.match_id,))
    else:
        guild_id = record.guild_id
        seasons = sorted({season for length in SEASON_LENGTHS
                          if (season := season_of(record.ended_at, length))})
        found = await session.fetch(
            _BEFORE_RATING.format(boards=value_rows(len(seasons) + 1, 1),
                                  players=value_rows(len(places_of), 1),
                                  seasons=value_rows(len(seasons), 1))
            + " UNION ALL " + _RECORDED,
            [guild_id, ALL_TIME, *seasons, *places_of, guild_id, guild_id, *seasons,
             record.match_id])
    if any(kind == "recorded" for kind, *_ in found):
        return False
    writes = [*rows, *([] if places_of is None else _rating(record, places_of, found))]
    await session.fetch_after(writes[:-1], *writes[-1])
    return True


def _rating(record: MatchRecord, places_of: dict[int, int],
            found: Iterable[Sequence[Any]]) -> list[Statement]:
    """The writes that rate a match, from what was read before it."""
    guild_id = record.guild_id
    length, known, book = DEFAULT_SEASON_LENGTH, set(), SkillBook()
    for kind, season, user_id, mu, sigma, matches in found:
        if kind == "skill":
            book[(guild_id, season, user_id)] = Skill(mu, sigma, matches)
        elif kind == "length":
            length = season
        else:
            known.add((guild_id, season))
    changes = rate_into(book, guild_id, record.match_id, record.ended_at, places_of,
                        boards_of(record.ended_at, length))
    return rating_writes({key: book[key] for key in ((g, b, u) for g, b, u, *_ in changes)},
                         changes, {p.user_id: p.name for p in record.players}, known)


async def rate_history(session: Session) -> None:
    """Rate every recorded match, in the order they ended, on the all-time board and
    their season's (by each server's season length now), and count the players listed:
    the upgrade's backfill, before the triggers that keep that count exist."""
    lengths: dict[int, str] = dict(
        await session.fetch("SELECT guild_id, season_length FROM guild_settings"))
    people = await session.fetch(
        """SELECT m.match_id, m.guild_id, m.ended_at, m.scoring,
                  p.user_id, p.points, p.won, p.left_early
           FROM matches AS m JOIN match_players AS p ON p.match_id = m.match_id
           WHERE p.is_bot = 0
           ORDER BY m.ended_at, m.match_id""")
    book: SkillBook = {}
    changes: list[ChangeRow] = []
    for (match_id, guild_id, ended_at, scoring), rows in groupby(people, lambda r: r[:4]):
        standings = [Standing(r[4], r[5], bool(r[6]), bool(r[7])) for r in rows]
        places_of = places(standings, scoring)
        if places_of is not None:
            boards = boards_of(ended_at, lengths.get(guild_id, DEFAULT_SEASON_LENGTH))
            changes += rate_into(book, guild_id, match_id, ended_at, places_of, boards)
    for sql, params in rating_writes(book, changes):
        await session.fetch(sql, params)
    # Counted once here: the triggers that keep the count come in the next step, as a
    # counter row updated once per player in one transaction slows PostgreSQL down.
    await session.fetch(
        """INSERT INTO listed_by_rating (guild_id, season, rating, players)
           SELECT guild_id, season, rating, COUNT(*) FROM ratings WHERE matches >= ?
           GROUP BY guild_id, season, rating""", (SETTLED_AFTER,))


_WEEK_CHANGE = """rating - COALESCE((
    SELECT c.rating_before FROM rating_changes AS c
    WHERE c.guild_id = r.guild_id AND c.season = r.season AND c.user_id = r.user_id
      AND c.ended_at >= ?
    ORDER BY c.ended_at, c.match_id LIMIT 1), rating)"""
_LISTED_ABOVE = """SELECT COALESCE(SUM(players), 0) FROM listed_by_rating
                   WHERE guild_id = ? AND season = ? AND rating > ?"""


class RatingQueries(Connected):
    async def rating_board(self, guild_id: int, season: str = ALL_TIME, offset: int = 0,
                           limit: int = 10, *, now: float | None = None) -> RatingPage:
        """One page of a rating board: the players listed on it, best first."""
        if offset < 0 or limit < 1:
            raise ValueError("a page starts at offset 0 or later and holds at least one row")
        week_ago = (time.time() if now is None else now) - WEEK
        rows = await self.read(
            f"""SELECT user_id, rating, matches, {_WEEK_CHANGE}, name FROM ratings AS r
                WHERE guild_id = ? AND season = ? AND matches >= ?
                ORDER BY rating DESC, user_id LIMIT ? OFFSET ?""",
            (week_ago, guild_id, season, SETTLED_AFTER, limit, offset))
        top = rows[0][1] if rows else 0
        ((total, above),) = await self.read(
            f"""SELECT (SELECT COALESCE(SUM(players), 0) FROM listed_by_rating
                        WHERE guild_id = ? AND season = ?), ({_LISTED_ABOVE})""",
            (guild_id, season, guild_id, season, top))
        ranks = shared_ranks([row[1] for row in rows], offset, above + 1)
        return RatingPage(season, offset, total, tuple(
            RatingRow(rank, *row) for rank, row in zip(ranks, rows, strict=True)))

    async def player_rating(self, guild_id: int, user_id: PlayerId,
                            season: str = ALL_TIME) -> PlayerRating | None:
        """A player's rating and place on a board; None if never rated on it."""
        found = await self.read(
            """SELECT rating, matches FROM ratings
               WHERE guild_id = ? AND season = ? AND user_id = ?""",
            (guild_id, season, user_id))
        if not found:
            return None
        rating, matches = found[0]
        provisional = matches < SETTLED_AFTER
        rank = None
        if not provisional:
            ((above,),) = await self.read(_LISTED_ABOVE, (guild_id, season, rating))
            rank = above + 1
        return PlayerRating(rating, matches, provisional, rank)

    async def rating_history(self, guild_id: int, user_id: PlayerId, limit: int = 50
                             ) -> list[int]:
        """The all-time rating after each of the player's last ``limit`` rated
        matches, oldest first."""
        found = await self.read(
            """SELECT rating FROM rating_changes
               WHERE guild_id = ? AND season = ? AND user_id = ?
               ORDER BY ended_at DESC, match_id DESC LIMIT ?""",
            (guild_id, ALL_TIME, user_id, limit))
        return [rating for (rating,) in reversed(found)]

    async def match_ratings(self, match_id: str) -> list[RatingChange]:
        """What a match did to each person's all-time rating; empty if unrated."""
        found = await self.read(
            """SELECT user_id, rating_before, rating, matches FROM rating_changes
               WHERE match_id = ? AND season = ? ORDER BY user_id""",
            (match_id, ALL_TIME))
        return [RatingChange(user_id, before, after, matches < SETTLED_AFTER)
                for user_id, before, after, matches in found]

    async def seasons(self, guild_id: int) -> list[str]:
        """The server's rated seasons, newest first."""
        found = await self.read(
            "SELECT season FROM rated_seasons WHERE guild_id = ? ORDER BY season DESC",
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
