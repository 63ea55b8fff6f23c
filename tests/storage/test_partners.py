"""Partners matches on both databases: their teams in the record and the history, the
partners rating (openskill's team rating, on boards of its own), and the upgrade of a
database of the schema before them, its data intact."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.game.guild_settings import GuildSettings
from bot.game.players import PlayerId
from bot.game.ports import StorageUnavailable
from bot.game.standings import PARTNERS, Partnership, PlayerRating, RatingChange
from bot.storage import PostgresStorage, SqliteStorage, open_storage
from bot.storage.opening import Opening
from bot.storage.postgres.migrations import MIGRATIONS as PG_MIGRATIONS
from bot.storage.sqlite.migrations import MIGRATIONS as SQLITE_MIGRATIONS
from bot.storage.urls import sqlite_path
from tests.storage.backends import Backend, StorageUnderTest
from tests.storage.builders import GUILD, match, partners, record_before_ratings
from tests.storage.test_ratings import NOV, SERIES, Skills, expected, finished, flat

MIGRATIONS = {"sqlite": SQLITE_MIGRATIONS, "postgres": PG_MIGRATIONS}


def version_before(kind: str, words: str) -> int:
    """The schema version just before the step described with ``words`` (partners
    matches: SQLite 11, PostgreSQL 8, or 9 after the step of the identify turns)."""
    return next(m.version for m in MIGRATIONS[kind] if words in m.description) - 1


def old_storage(backend: Backend, version: int
                ) -> Opening[SqliteStorage] | Opening[PostgresStorage]:
    """The database opened with the steps up to ``version`` only."""
    if backend.kind == "sqlite":
        return SqliteStorage.open(sqlite_path(backend.url) or "",
                                  migrations=MIGRATIONS["sqlite"][:version])
    return PostgresStorage.open(backend.url, migrations=MIGRATIONS["postgres"][:version])


async def test_the_history_lists_each_partners_match_with_its_teams(
    db: StorageUnderTest,
) -> None:
    await db.record_match(match("alone", {5: 30, 6: 0}, winner=5, ended_at=1.0))
    await db.record_match(partners("six", ((1, 4), (2, 5), (3, 6)), (210, 80, 95), winner=2,
                                   ended_at=2.0))
    six, alone = await db.history(GUILD)
    assert six.teams == ((1, 4), (2, 5), (3, 6))
    assert [p.user_id for p in six.players] == [1, 2, 3, 4, 5, 6]
    assert [(p.points, p.won) for p in six.players] == [
        (210, False), (80, False), (95, True), (210, False), (80, False), (95, True)]
    assert six.winner_id == 3
    assert alone.teams == ()
    stats = await db.player_stats(GUILD, PlayerId(6))
    assert (stats.games, stats.wins, stats.points) == (2, 1, 95)


Teams = tuple[tuple[int, ...], ...]
MATCHES: list[tuple[Teams, tuple[int, ...], int, str, frozenset[int], list[int]]] = [
    # teams, their scores, the winning team, scoring, who left, and openskill's ranks
    (((1, 2), (3, 4)), (500, 120), 0, "standard", frozenset(), [0, 1]),
    (((1, 3), (2, 4)), (80, 510), 1, "standard", frozenset(), [1, 0]),
    (((1, 4), (2, 5), (3, 6)), (300, 80, 95), 0, "standard", frozenset(), [0, 2, 1]),
    (((1, 2), (3, 4), (5, 6)), (40, 10, 90), 1, "alternative", frozenset(), [1, 0, 2]),
    (((1, 5), (2, 6), (3, 4)), (500, 60, 60), 0, "standard", frozenset(), [0, 1, 1]),
    (((1, 2), (3, 4), (5, 6)), (100, 300, 400), 0, "standard", frozenset({5, 6}), [0, 1, 2]),
    (((1, 6), (2, 3)), (550, 20), 0, "standard", frozenset({6}), [0, 1]),  # 6 left
] * 2


def partners_series(start: float = NOV) -> list[tuple[str, float]]:
    """``MATCHES`` as recorded matches: their ids and ends, one a second from ``start``."""
    return [(f"p{number}", start + number) for number in range(len(MATCHES))]


def team_rated(matches: list[tuple[Teams, list[int]]]) -> Skills:
    """What openskill itself gives for these matches, each team one team in ``rate``."""
    model = PlackettLuce()
    skills: dict[int, tuple[float, float]] = {}
    for teams, ranks in matches:
        rated = model.rate([[model.rating(*skills.get(p, (25.0, 25 / 3))) for p in team]
                            for team in teams], ranks=[float(r) for r in ranks])
        for team, after in zip(teams, rated, strict=True):
            for player, skill in zip(team, after, strict=True):
                skills[player] = (skill.mu, skill.sigma)
    return flat(skills)


async def record_partners_series(db: StorageUnderTest, start: float = NOV) -> None:
    for (match_id, ended_at), (teams, scores, winner, scoring, left, _) in zip(
            partners_series(start), MATCHES, strict=True):
        assert await db.record_match(partners(match_id, teams, scores, winner=winner,
                                              scoring=scoring, left=left,
                                              ended_at=ended_at)) is True


async def skills_in(db: StorageUnderTest, table: str, season: str = "") -> Skills:
    rows = await db.read(f"SELECT user_id, mu, sigma FROM {table} WHERE guild_id = ? "
                         "AND season = ?", (GUILD, season))
    return flat({user: (mu, sigma) for user, mu, sigma in rows})


async def test_a_series_of_partners_matches_gives_openskills_team_ratings(
    db: StorageUnderTest,
) -> None:
    await record_partners_series(db)
    want = team_rated([(teams, ranks) for teams, *_, ranks in MATCHES])
    assert await skills_in(db, "partner_ratings") == pytest.approx(want)
    assert await skills_in(db, "partner_ratings", "2026-11") == pytest.approx(want)
    assert await db.seasons(GUILD, kind=PARTNERS) == ["2026-11"]

    played = {p: sum(p in team for teams, *_ in MATCHES for team in teams) for p in range(1, 7)}
    shown = {p: round(40 * want[p, "mu"]) for p in played}
    listed = sorted((p for p in played if played[p] >= 10), key=lambda p: (-shown[p], p))
    board = await db.rating_board(GUILD, kind=PARTNERS, now=NOV + 100)
    assert board.kind == PARTNERS and board.total == len(listed) >= 2
    assert [(row.user_id, row.rating, row.matches) for row in board.rows] == [
        (p, shown[p], played[p]) for p in listed]
    assert board.rows[0].name == f"player {listed[0]}"
    assert await db.player_rating(GUILD, PlayerId(listed[1]), kind=PARTNERS) == PlayerRating(
        shown[listed[1]], played[listed[1]], False, 2)
    few = min(played, key=lambda p: played[p])
    assert played[few] < 10
    assert await db.player_rating(GUILD, PlayerId(few), "2026-11", kind=PARTNERS) == (
        PlayerRating(shown[few], played[few], True, None))
    assert (await db.rating_history(GUILD, PlayerId(1), kind=PARTNERS))[-1] == shown[1]

    changes = await db.match_ratings(f"p{len(MATCHES) - 1}")
    before = team_rated([(teams, ranks) for teams, *_, ranks in MATCHES[:-1]])
    assert changes == [
        RatingChange(PlayerId(p), round(40 * before[p, "mu"]), shown[p], played[p] < 10,
                     PARTNERS) for p in (1, 2, 3, 6)]


async def test_partners_matches_leave_the_free_for_all_ratings_alone(
    db: StorageUnderTest,
) -> None:
    for number, order in enumerate(SERIES[:5]):
        await db.record_match(finished(f"m{number}", order, NOV + number))
    free = {table: sorted(await db.read(f"SELECT * FROM {table}"))
            for table in ("ratings", "rating_changes", "rated_seasons", "listed_by_rating")}
    free_board = await db.rating_board(GUILD, now=NOV + 100)

    await record_partners_series(db, NOV + 10)
    for table, rows in free.items():
        assert sorted(await db.read(f"SELECT * FROM {table}")) == rows, table
    assert await db.rating_board(GUILD, now=NOV + 100) == free_board
    assert (await db.player_rating(GUILD, PlayerId(4))) is None  # played partners only
    assert all(c.kind == "free_for_all" for c in await db.match_ratings("m4"))

    await db.record_match(finished("m5", SERIES[5], NOV + 100))
    assert await skills_in(db, "ratings") == pytest.approx(expected(SERIES[:6]))
    assert await skills_in(db, "partner_ratings") == pytest.approx(
        team_rated([(teams, ranks) for teams, *_, ranks in MATCHES]))


async def test_a_partners_match_with_a_computer_player_is_not_rated(
    db: StorageUnderTest, backend: Backend,
) -> None:
    assert await db.record_match(partners("bots", ((1, 2), (3, -4)), (500, 30),
                                          bots=frozenset({-4}))) is True
    assert await db.match_ratings("bots") == []
    for table in ("ratings", "partner_ratings", "rating_changes", "partner_rating_changes"):
        assert await backend.count(table) == 0, table
    assert [m.teams for m in await db.history(GUILD)] == [((1, 2), (3, -4))]


async def test_a_partners_rating_is_in_the_transaction_of_the_match_record(
    db: StorageUnderTest, backend: Backend
) -> None:
    await backend.fail_inserts("partner_rating_changes")
    with pytest.raises((StorageUnavailable, backend.error)):
        await db.record_match(partners("crash", ((1, 2), (3, 4)), (500, 30)))
    assert await backend.count("matches") == 0
    assert await backend.count("partner_ratings") == 0
    await backend.stop_failing("partner_rating_changes")
    assert await db.record_match(partners("crash", ((1, 2), (3, 4)), (500, 30))) is True
    assert await backend.count("partner_ratings") == 8  # all time and the season, each
    assert await db.record_match(partners("crash", ((1, 2), (3, 4)), (500, 30))) is False
    assert await backend.count("partner_rating_changes") == 8


async def test_the_partner_played_with_most_and_their_win_rate(db: StorageUnderTest) -> None:
    played = [  # player 1's partners: 2 three times (two wins), 3 three times (one win)
        (((1, 2), (3, 4)), 0), (((1, 2), (3, 4)), 1), (((1, 2), (5, 6)), 0),
        (((1, 3), (2, 4)), 0), (((1, 3), (2, 4)), 1), (((1, 3), (2, 4)), 1),
        (((1, 4), (2, 3)), 0),
    ] + [(((1, -7), (2, 3)), 0)] * 4  # a computer partner is no one's favourite
    for number, (teams, winner) in enumerate(played):
        await db.record_match(partners(f"p{number}", teams, (500, 30), winner=winner,
                                       bots=frozenset({-7})))
    await db.record_match(match("free", {1: 500, 4: 0}, winner=1))  # no team: not counted

    favourite = await db.favourite_partner(GUILD, PlayerId(1))
    assert favourite == Partnership(PlayerId(2), 3, 2) and favourite.win_rate == 2 / 3
    assert await db.favourite_partner(GUILD, PlayerId(4)) == Partnership(PlayerId(2), 3, 2)
    assert await db.favourite_partner(GUILD, PlayerId(3)) == Partnership(PlayerId(2), 5, 0)
    assert await db.favourite_partner(GUILD, PlayerId(6)) == Partnership(PlayerId(5), 1, 0)
    assert await db.favourite_partner(GUILD, PlayerId(9)) is None
    assert await db.favourite_partner(GUILD + 1, PlayerId(1)) is None


async def table_contents(backend: Backend) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table but the schema's version, in the order of its columns."""
    if backend.kind == "sqlite":
        names = await backend.sql("SELECT name FROM sqlite_master WHERE type = 'table'")
        columns = {name: [c for (c,) in await backend.sql(
            "SELECT name FROM pragma_table_info(?) ORDER BY cid", (name,))]
            for (name,) in names}
    else:
        found = await backend.sql(
            """SELECT table_name, column_name FROM information_schema.columns
               WHERE table_schema = current_schema() AND table_name <> 'schema_version'
               ORDER BY table_name, ordinal_position""")
        columns = {}
        for name, column in found:
            columns.setdefault(name, []).append(column)
    return {name: await backend.sql(
                f"SELECT {', '.join(listed)} FROM {name} ORDER BY {', '.join(listed)}")
            for name, listed in columns.items()}


async def test_the_upgrade_keeps_todays_database_whole(backend: Backend) -> None:
    # Today's database with a rated history: matches recorded before the ratings came,
    # rated by the upgrade to the last release, then one recorded by that release.
    async with old_storage(backend, version_before(backend.kind, "skill ratings")):
        pass
    for number in range(12):
        await record_before_ratings(backend, match(
            f"m{number}", {1: 100 + number, 2: 50, 3: 7 * number}, winner=1,
            ended_at=1_700_000_000.0 + number))
    async with old_storage(backend, version_before(backend.kind, "partners match")) as today:
        await today.save_game(10, GUILD, {"turn": 3}, version=4)
        await today.save_settings(GUILD, GuildSettings(ruleset="bff", season_length="quarter"))
    before = await table_contents(backend)
    assert len(before["rating_changes"]) == 72  # 12 matches, 3 people, 2 boards
    assert all(before[table] for table in ("guild_settings", "saved_games", "player_totals",
                                           "listed_by_rating", "rated_seasons"))

    async with open_storage(backend.url) as upgraded:
        after = await table_contents(backend)
        assert (await upgraded.history(GUILD, limit=1))[0].teams == ()
        assert await upgraded.record_match(partners("p", ((1, 3), (2, 4)), (500, 20),
                                                       ended_at=1_800_000_000.0)) is True
        assert (await upgraded.history(GUILD, limit=1))[0].teams == ((1, 3), (2, 4))
        assert {c.kind for c in await upgraded.match_ratings("p")} == {PARTNERS}
        free = await upgraded.player_rating(GUILD, PlayerId(1))
        partnered = await upgraded.player_rating(GUILD, PlayerId(1), kind=PARTNERS)
        assert free is not None and free.matches == 12 and free.rank == 1
        assert partnered is not None and partnered.matches == 1 and partnered.provisional
    for table, rows in before.items():
        width = len(rows[0]) if rows else 0
        assert [row[:width] for row in after[table]] == rows, table
    assert {row[-1] for row in after["match_players"]} == {None}  # the team: none
