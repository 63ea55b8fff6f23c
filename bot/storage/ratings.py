"""Skill ratings per server: rated with each recorded match (read by
``bot.storage.rating_boards``), and computed once from the recorded history on upgrade.

``ratings`` holds each person's skill on each board of a server: the all-time board
(season ``""``) and one per season. ``rating_changes`` holds what each rated match did to
it (the 7-day change, the profile's chart, the match-end message). ``listed_by_rating``
counts, per shown rating, the players listed on a board (``SETTLED_AFTER`` rated
matches or more), kept by triggers: a board's size and a player's place are sums over a
few hundred rows, whatever the number of players. ``rated_seasons`` names the seasons
played. Partners matches are rated the same way into tables of their own
(``RATING_TABLES``), never mixed with the free-for-all ones.

A match is rated in the transaction that records it (``MatchStore.record_match``), so a
crash leaves both or neither; the update is serialised per server (SQLite: one writer;
PostgreSQL: a transaction lock on the server), so two tables ending together both count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence, Set
from dataclasses import dataclass
from functools import cache
from itertools import groupby
from typing import Any

from bot.game.ports import MatchRecord
from bot.game.rating import (
    SETTLED_AFTER,
    RatedMatch,
    Skill,
    Standing,
    free_for_all,
    places,
    rated_match,
)
from bot.game.seasons import ALL_TIME, DEFAULT_SEASON_LENGTH, SEASON_LENGTHS, season_of
from bot.game.standings import FREE_FOR_ALL, PARTNERS, RatingKind
from bot.storage.session import Session, Statement, value_rows

BATCH = 500
"""Rows per INSERT when the history is rated at once."""

SkillBook = dict[tuple[int, str, int], Skill]
"""Skills by (guild, board, user): what a rating reads and updates."""
ChangeRow = tuple[int, str, int, float, str, int, int, int]
"""A ``rating_changes`` row: guild, board, user, ended_at, match, before, after, matches."""

CHANGE_COLUMNS = ("guild_id", "season", "user_id", "ended_at", "match_id", "rating_before",
                   "rating", "matches")
SKILL_COLUMNS = ("guild_id", "season", "user_id", "mu", "sigma", "rating", "matches", "name")


@dataclass(frozen=True, slots=True)
class RatingTables:
    """Where one kind of rating is kept: the same columns, in tables of its own."""

    skills: str
    changes: str
    seasons: str
    listed: str


RATING_TABLES: dict[RatingKind, RatingTables] = {
    FREE_FOR_ALL: RatingTables("ratings", "rating_changes", "rated_seasons",
                               "listed_by_rating"),
    PARTNERS: RatingTables("partner_ratings", "partner_rating_changes",
                           "partner_rated_seasons", "partner_listed_by_rating"),
}


def rate_into(book: SkillBook, guild_id: int, match_id: str, ended_at: float,
              match: RatedMatch, boards: Sequence[str]) -> list[ChangeRow]:
    """Rate one match on each of ``boards``, updating ``book``; the changes made.

    The update is a function of the skills before: where every player stands the same on
    a season's board as on the all-time board (a server's first season, say), it is
    computed once."""
    changes: list[ChangeRow] = []
    new = Skill.new()
    rated: tuple[dict[int, Skill], dict[int, Skill]] | None = None
    for board in boards:
        before = {u: book.get((guild_id, board, u), new) for u in match.people}
        if rated is None or rated[0] != before:
            rated = before, match.rate(before)
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
                  known_seasons: Set[tuple[int, str]] = frozenset(),
                  kind: RatingKind = FREE_FOR_ALL) -> list[Statement]:
    """The statements that save the skills in ``book`` (with the players' ``names``,
    where known) and the ``changes`` that made them, and name the seasons played (but
    the ``known_seasons``, already named), in the tables of ``kind``; each table's, and
    each batch's, rows apart from the others', so they may run in one trip."""
    names = names or {}
    tables = RATING_TABLES[kind]
    skills = [(g, b, u, s.mu, s.sigma, s.shown, s.matches, names.get(u, ""))
              for (g, b, u), s in book.items()]
    seasons = sorted({(g, b) for g, b, *_ in changes if b != ALL_TIME} - known_seasons)
    return [*_batches(_save_skills, tables.skills, skills),
            *_batches(_add_changes, tables.changes, changes),
            *_batches(_name_seasons, tables.seasons, seasons)]


def _batches(sql: Callable[[str, int], str], table: str, rows: Sequence[Sequence[Any]]
             ) -> list[Statement]:
    return [(sql(table, len(batch)), [value for row in batch for value in row])
            for batch in (rows[start:start + BATCH] for start in range(0, len(rows), BATCH))]


@cache
def _save_skills(table: str, rows: int) -> str:
    return f"""INSERT INTO {table} ({", ".join(SKILL_COLUMNS)}) VALUES
                   {value_rows(len(SKILL_COLUMNS), rows)}
               ON CONFLICT (guild_id, season, user_id) DO UPDATE SET
                   mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating,
                   matches = excluded.matches,
                   name = CASE WHEN excluded.name = '' THEN {table}.name
                               ELSE excluded.name END"""


@cache
def _add_changes(table: str, rows: int) -> str:
    return f"""INSERT INTO {table} ({", ".join(CHANGE_COLUMNS)}) VALUES
                   {value_rows(len(CHANGE_COLUMNS), rows)}"""


@cache
def _name_seasons(table: str, rows: int) -> str:
    return f"""INSERT INTO {table} (guild_id, season) VALUES {value_rows(2, rows)}
               ON CONFLICT (guild_id, season) DO NOTHING"""


# One trip for all a match's reads: whether it is recorded already; for a rated match, the
# season length, the players' skills on the all-time board and on each season the match
# could fall in (by any length), and which of those seasons the server already has (a new
# one is named with the match's writes).
_RECORDED = "SELECT 'recorded', NULL, NULL, NULL, NULL, NULL FROM matches WHERE match_id = ?"
_BEFORE_RATING = """
    SELECT 'skill', season, user_id, mu, sigma, matches FROM {tables.skills}
    WHERE guild_id = ? AND season IN {boards} AND user_id IN {players}
    UNION ALL
    SELECT 'length', season_length, NULL, NULL, NULL, NULL FROM guild_settings
    WHERE guild_id = ?
    UNION ALL
    SELECT 'season', season, NULL, NULL, NULL, NULL FROM {tables.seasons}
    WHERE guild_id = ? AND season IN {seasons}"""


async def record_rated(session: Session, record: MatchRecord,
                       rows: Sequence[Statement]) -> bool:
    """Write a match's own ``rows`` and rate it, inside one transaction (the server's
    matches serialised by the caller); False, writing nothing, if the match is recorded
    already. Two trips on PostgreSQL: every read, then every write."""
    rated = rated_match(record)
    if rated is None:
        found = await session.fetch(_RECORDED, (record.match_id,))
    else:
        guild_id = record.guild_id
        seasons = sorted({season for length in SEASON_LENGTHS
                          if (season := season_of(record.ended_at, length))})
        found = await session.fetch(
            _BEFORE_RATING.format(tables=RATING_TABLES[rated.kind],
                                  boards=value_rows(len(seasons) + 1, 1),
                                  players=value_rows(len(rated.people), 1),
                                  seasons=value_rows(len(seasons), 1))
            + " UNION ALL " + _RECORDED,
            [guild_id, ALL_TIME, *seasons, *rated.people, guild_id, guild_id, *seasons,
             record.match_id])
    if any(kind == "recorded" for kind, *_ in found):
        return False
    writes = [*rows, *([] if rated is None else _rating(record, rated, found))]
    await session.fetch_after(writes[:-1], *writes[-1])
    return True


def _rating(record: MatchRecord, rated: RatedMatch,
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
    changes = rate_into(book, guild_id, record.match_id, record.ended_at, rated,
                        boards_of(record.ended_at, length))
    return rating_writes({key: book[key] for key in ((g, b, u) for g, b, u, *_ in changes)},
                         changes, {p.user_id: p.name for p in record.players}, known,
                         rated.kind)


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
            changes += rate_into(book, guild_id, match_id, ended_at,
                                 free_for_all(places_of), boards)
    for sql, params in rating_writes(book, changes):
        await session.fetch(sql, params)
    # Counted once here: the triggers that keep the count come in the next step, as a
    # counter row updated once per player in one transaction slows PostgreSQL down.
    await session.fetch(
        """INSERT INTO listed_by_rating (guild_id, season, rating, players)
           SELECT guild_id, season, rating, COUNT(*) FROM ratings WHERE matches >= ?
           GROUP BY guild_id, season, rating""", (SETTLED_AFTER,))
