"""Partners matches on both databases: their teams in the record and the history, and
the upgrade of a database of the schema before them, its data intact."""

from __future__ import annotations

from bot.game.players import PlayerId
from bot.storage import PostgresStorage, SqliteStorage, open_storage
from bot.storage.opening import Opening
from bot.storage.postgres.migrations import MIGRATIONS as PG_MIGRATIONS
from bot.storage.sqlite.migrations import MIGRATIONS as SQLITE_MIGRATIONS
from bot.storage.urls import sqlite_path
from tests.storage.backends import Backend, StorageUnderTest
from tests.storage.builders import GUILD, match, partners, record_before_ratings

BEFORE_PARTNERS = {"sqlite": 11, "postgres": 8}
"""The schema version of the last release before partners matches."""


def old_storage(backend: Backend, version: int
                ) -> Opening[SqliteStorage] | Opening[PostgresStorage]:
    """The database opened with the steps up to ``version`` only."""
    if backend.kind == "sqlite":
        return SqliteStorage.open(sqlite_path(backend.url) or "",
                                  migrations=SQLITE_MIGRATIONS[:version])
    return PostgresStorage.open(backend.url, migrations=PG_MIGRATIONS[:version])


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
    async with old_storage(backend, BEFORE_PARTNERS[backend.kind] - 3):
        pass
    for number in range(12):
        await record_before_ratings(backend, match(
            f"m{number}", {1: 100 + number, 2: 50, 3: 7 * number}, winner=1,
            ended_at=1_700_000_000.0 + number))
    async with old_storage(backend, BEFORE_PARTNERS[backend.kind]) as today:
        await today.save_game(10, GUILD, {"turn": 3}, version=4)
    before = await table_contents(backend)
    assert len(before["rating_changes"]) == 72  # 12 matches, 3 people, 2 boards

    async with open_storage(backend.url) as upgraded:
        after = await table_contents(backend)
        assert (await upgraded.history(GUILD, limit=1))[0].teams == ()
        assert await upgraded.record_match(partners("p", ((1, 3), (2, 4)), (500, 20),
                                                       ended_at=1_800_000_000.0)) is True
        assert (await upgraded.history(GUILD, limit=1))[0].teams == ((1, 3), (2, 4))
    for table, rows in before.items():
        width = len(rows[0]) if rows else 0
        assert [row[:width] for row in after[table]] == rows, table
    assert {row[-1] for row in after["match_players"]} == {None}  # the team: none
