"""Ratings on both databases: what openskill gives, boards, seasons, one transaction with
the match record, two tables at once, and the backfill of an upgraded database."""

from __future__ import annotations

import asyncio

import pytest
from openskill.models import PlackettLuce

from bot.game.guild_settings import GuildSettings
from bot.game.players import PlayerId
from bot.game.ports import MatchRecord, PlayerResult, StorageUnavailable
from bot.game.standings import HeadToHead, PlayerRating, RatingChange
from bot.storage import PostgresStorage, SqliteStorage, open_storage
from bot.storage.postgres.migrations import MIGRATIONS as PG_MIGRATIONS
from bot.storage.sqlite.migrations import MIGRATIONS as SQLITE_MIGRATIONS
from bot.storage.urls import sqlite_path
from tests.storage.backends import Backend, StorageUnderTest
from tests.storage.builders import GUILD, at, match, record_before_ratings

NOV = at("2026-11-20 12:00")
DEC = at("2026-12-02 12:00")


Skills = dict[tuple[int, str], float]
"""mu and sigma by (user, "mu") and (user, "sigma"): flat, for ``pytest.approx``."""


def flat(skills: dict[int, tuple[float, float]]) -> Skills:
    return {key: value for user, (mu, sigma) in skills.items()
            for key, value in (((user, "mu"), mu), ((user, "sigma"), sigma))}


def expected(series: list[list[int]]) -> Skills:
    """What openskill itself gives for matches listed as finishing orders, best first."""
    model = PlackettLuce()
    skills: dict[int, tuple[float, float]] = {}
    for order in series:
        teams = [[model.rating(*skills.get(p, (25.0, 25 / 3)))] for p in order]
        for player, team in zip(order, model.rate(teams, ranks=list(range(len(order)))),
                                strict=True):
            skills[player] = (team[0].mu, team[0].sigma)
    return flat(skills)


def finished(match_id: str, order: list[int], ended_at: float = NOV) -> MatchRecord:
    """A match won by ``order[0]``, the others behind by points, in that order."""
    points = {player: 100 * (len(order) - place) for place, player in enumerate(order)}
    return match(match_id, points, winner=order[0], ended_at=ended_at)


SERIES = [[1, 2, 3], [2, 1, 3], [3, 2, 1], [1, 3, 2], [2, 3, 1]] * 2 + [[1, 2]]


async def stored_skills(db: StorageUnderTest, season: str = "") -> Skills:
    rows = await db.read("SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? "
                          "AND season = ?", (GUILD, season))
    return flat({user: (mu, sigma) for user, mu, sigma in rows})


async def test_a_series_gives_what_openskill_gives(db: StorageUnderTest) -> None:
    for number, order in enumerate(SERIES):
        await db.record_match(finished(f"m{number}", order, NOV + number))
    assert await stored_skills(db) == pytest.approx(expected(SERIES))
    assert await stored_skills(db, "2026-11") == pytest.approx(expected(SERIES))
    board = await db.rating_board(GUILD, now=NOV + 100)
    assert board.total == 3  # each played 10 or 11 rated matches
    shown = {p: round(40 * expected(SERIES)[p, "mu"]) for p in (1, 2, 3)}
    ranked = sorted(shown, key=lambda p: (-shown[p], p))
    assert [row.user_id for row in board.rows] == ranked
    assert [row.rating for row in board.rows] == [shown[p] for p in ranked]
    assert board.rows[0].week_change == board.rows[0].rating - 1000
    mine = await db.player_rating(GUILD, PlayerId(ranked[1]))
    assert mine == PlayerRating(shown[ranked[1]], sum(ranked[1] in o for o in SERIES), False, 2)
    history = await db.rating_history(GUILD, PlayerId(1), limit=3)
    assert len(history) == 3 and history[-1] == shown[1]
    assert await db.seasons(GUILD) == ["2026-11"]


async def test_computers_leavers_and_lone_people(db: StorageUnderTest) -> None:
    alone = match("alone", {1: 0, -1: 500}, winner=-1, bots=frozenset({-1}))
    await db.record_match(alone)
    assert await db.match_ratings("alone") == []
    forfeit = MatchRecord("forfeit", GUILD, 10, "classic", 0.0, NOV, 2, PlayerId(2), (
        PlayerResult(PlayerId(1), 400, False, left=True),
        PlayerResult(PlayerId(-2), 300, False, is_bot=True),
        PlayerResult(PlayerId(2), 10, True), PlayerResult(PlayerId(3), 200, False, left=True)))
    await db.record_match(forfeit)
    changes = await db.match_ratings("forfeit")
    model = PlackettLuce()
    rated = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 0, 1])
    assert changes == [RatingChange(PlayerId(1), 1000, round(40 * rated[0][0].mu), True),
                       RatingChange(PlayerId(2), 1000, round(40 * rated[1][0].mu), True),
                       RatingChange(PlayerId(3), 1000, round(40 * rated[2][0].mu), True)]
    first = await db.player_rating(GUILD, PlayerId(1))
    assert first == PlayerRating(changes[0].after, 1, True, None)


async def test_seasons_start_afresh_and_finished_ones_stay(db: StorageUnderTest) -> None:
    await db.record_match(finished("nov", [1, 2], NOV))
    await db.record_match(finished("dec", [2, 1], DEC))
    assert await stored_skills(db, "2026-12") == pytest.approx(expected([[2, 1]]))
    assert await stored_skills(db, "2026-11") == pytest.approx(expected([[1, 2]]))
    assert await stored_skills(db) == pytest.approx(expected([[1, 2], [2, 1]]))
    assert await db.seasons(GUILD) == ["2026-12", "2026-11"]

    await db.save_settings(GUILD, GuildSettings(season_length="quarter"))
    await db.record_match(finished("q4", [1, 2], DEC + 1))
    assert await stored_skills(db, "2026-Q4") == pytest.approx(expected([[1, 2]]))
    await db.save_settings(GUILD, GuildSettings(season_length="none"))
    await db.record_match(finished("none", [1, 2], DEC + 2))
    assert await db.seasons(GUILD) == ["2026-Q4", "2026-12", "2026-11"]
    assert len(await db.rating_history(GUILD, PlayerId(1))) == 4


async def test_rating_is_in_the_transaction_of_the_match_record(
    db: StorageUnderTest, backend: Backend
) -> None:
    await backend.fail_inserts("rating_changes")
    with pytest.raises((StorageUnavailable, backend.error)):
        await db.record_match(finished("crash", [1, 2]))
    assert await backend.count("matches") == 0
    assert await backend.count("ratings") == 0
    await backend.stop_failing("rating_changes")
    assert await db.record_match(finished("crash", [1, 2])) is True
    assert await backend.count("ratings") == 4


async def test_two_tables_ending_together_both_count(db: StorageUnderTest) -> None:
    await asyncio.gather(*(db.record_match(finished(f"t{n}", [1, 2, 3 + n], NOV + n))
                           for n in range(6)))
    assert (await db.player_rating(GUILD, PlayerId(1))) is not None
    rows = await db.read("SELECT matches FROM ratings WHERE guild_id = ? AND season = '' "
                          "AND user_id IN (1, 2)", (GUILD,))
    assert sorted(rows) == [(6,), (6,)]


async def test_board_pages_places_and_the_week_change(db: StorageUnderTest) -> None:
    for number in range(10):  # 7 beats 8, 8 beats 9; 9 plays 5 more the week after
        await db.record_match(finished(f"a{number}", [7, 8, 9], NOV - 30 * 86400 + number))
    for number in range(5):
        await db.record_match(finished(f"b{number}", [9, 8], NOV + number))
    page = await db.rating_board(GUILD, offset=1, limit=1, now=NOV + 3600)
    assert page.total == 3 and len(page.rows) == 1 and page.rows[0].rank == 2
    board = await db.rating_board(GUILD, now=NOV + 3600)
    for row in board.rows:
        player = await db.player_rating(GUILD, row.user_id)
        assert player is not None and player.rank == row.rank
    by_user = {row.user_id: row for row in board.rows}
    assert by_user[PlayerId(7)].week_change == 0
    assert by_user[PlayerId(9)].week_change > 0 > by_user[PlayerId(8)].week_change
    assert await db.head_to_head(GUILD, PlayerId(9), PlayerId(8)) == HeadToHead(15, 5, 10)
    assert await db.head_to_head(GUILD, PlayerId(7), PlayerId(1)) == HeadToHead(0, 0, 0)


async def test_the_upgrade_rates_the_recorded_history(backend: Backend) -> None:
    old = (SqliteStorage.open(sqlite_path(backend.url) or "", migrations=SQLITE_MIGRATIONS[:8])
           if backend.kind == "sqlite"
           else PostgresStorage.open(backend.url, migrations=PG_MIGRATIONS[:5]))
    async with old:
        pass
    for number, order in reversed(list(enumerate(SERIES))):  # out of order: ended_at sorts
        await record_before_ratings(backend, finished(f"m{number}", order,
                                                      (DEC if number > 5 else NOV) + number))
    async with open_storage(backend.url) as db:
        assert isinstance(db, SqliteStorage | PostgresStorage)
        assert await stored_skills(db) == pytest.approx(expected(SERIES))
        assert await stored_skills(db, "2026-12") == pytest.approx(expected(SERIES[6:]))
        assert (await db.rating_board(GUILD, now=DEC)).total == 3
        assert len(await db.match_ratings("m10")) == 2
