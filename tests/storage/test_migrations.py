import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.game.guild_settings import GuildSettings
from bot.game.players import PlayerId
from bot.storage import SchemaTooNewError, SqliteStorage
from bot.storage.sqlite import MIGRATIONS, Migration
from bot.storage.urls import sqlite_url
from tests.storage.backends import Backend
from tests.storage.builders import GUILD, match, record_before_ratings


@pytest.fixture
def db(sqlite_db: SqliteStorage) -> SqliteStorage:
    """This module's tests are of the SQLite file alone: ``db`` is not parametrized."""
    return sqlite_db


async def user_version(path: Path) -> int:
    async with aiosqlite.connect(path) as connection:
        rows = list(await connection.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0])


async def table_names(path: Path) -> set[str]:
    async with aiosqlite.connect(path) as connection:
        rows = await connection.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table'"
        )
    return {row[0] for row in rows}


async def test_fresh_file_gets_every_step_and_its_folder(db_path: Path) -> None:
    assert not db_path.parent.exists()
    async with SqliteStorage.open(db_path):
        pass
    assert await user_version(db_path) == len(MIGRATIONS)
    assert {
        "matches", "match_players", "player_totals", "guild_settings", "saved_games"
    } <= await table_names(db_path)


async def test_wal_mode_and_foreign_keys_are_on(db: SqliteStorage, db_path: Path) -> None:
    async with db._writing() as connection:
        journal = list(await connection.fetch("PRAGMA journal_mode"))
        keys = list(await connection.fetch("PRAGMA foreign_keys"))
        synchronous = list(await connection.fetch("PRAGMA synchronous"))
    assert journal[0][0] == "wal"
    assert keys[0][0] == 1
    assert synchronous[0][0] == 1  # NORMAL
    assert Path(f"{db_path}-wal").exists()


async def test_reopening_applies_nothing_twice_and_keeps_the_data(db_path: Path) -> None:
    db = await SqliteStorage.open(db_path)
    await db.save_game(10, GUILD, {"turn": 1})
    await db.close()
    async with SqliteStorage.open(db_path) as reopened:
        games, _ = await reopened.load_games()
    assert [g.state for g in games] == [{"turn": 1}]
    assert await user_version(db_path) == len(MIGRATIONS)


async def test_newer_file_is_refused_and_left_untouched(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    async with aiosqlite.connect(db_path) as connection:
        await connection.execute("CREATE TABLE from_the_future (x)")
        await connection.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
        await connection.commit()
    before = db_path.read_bytes()

    with pytest.raises(SchemaTooNewError, match="upgrade the bot") as refused:
        await SqliteStorage.open(db_path)

    assert refused.value.found == len(MIGRATIONS) + 1
    assert refused.value.known == len(MIGRATIONS)
    assert db_path.read_bytes() == before
    assert await table_names(db_path) == {"from_the_future"}


async def test_failed_step_leaves_the_file_at_the_last_whole_version(db_path: Path) -> None:
    broken = Migration(len(MIGRATIONS) + 1, "broken", ("CREATE TABLE t (x)", "NOT SQL"))
    with pytest.raises(sqlite3.OperationalError):
        await SqliteStorage.open(db_path, migrations=(*MIGRATIONS, broken))
    assert await user_version(db_path) == len(MIGRATIONS)
    assert "t" not in await table_names(db_path)


async def test_steps_out_of_order_are_rejected(db_path: Path) -> None:
    with pytest.raises(ValueError, match="in order"):
        await SqliteStorage.open(db_path, migrations=(Migration(2, "two", ()), *MIGRATIONS))


async def test_a_version_1_file_is_upgraded_step_by_step_and_keeps_its_data(
    db_path: Path,
) -> None:
    async with SqliteStorage.open(db_path, migrations=MIGRATIONS[:1]):
        pass
    await record_before_ratings(Backend("sqlite", sqlite_url(db_path)),
                                match("kept", {1: 120, 2: 0}, winner=1))
    assert await user_version(db_path) == 1
    assert "saved_games" not in await table_names(db_path)

    async with SqliteStorage.open(db_path) as upgraded:
        assert [m.match_id for m in await upgraded.history(GUILD)] == ["kept"]
        assert (await upgraded.player_stats(GUILD, PlayerId(1))).points == 120
        assert [c.user_id for c in await upgraded.match_ratings("kept")] == [1, 2]
        assert await upgraded.record_match(match("kept", {1: 120, 2: 0}, winner=1)) is False
        await upgraded.save_settings(GUILD, GuildSettings(ruleset="bff"))
        await upgraded.save_game(10, GUILD, {"turn": 1})
        assert (await upgraded.get_settings(GUILD)).ruleset == "bff"
        assert len((await upgraded.load_games())[0]) == 1
    assert await user_version(db_path) == len(MIGRATIONS)
