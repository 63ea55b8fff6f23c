"""A write the disk or a lock lets down raises StorageUnavailable, rolls back, and leaves
the connection usable for the next write."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from bot.game.ports import NEW_TABLE, SaveConflict, StorageDamaged, StorageUnavailable
from bot.storage import SqliteStorage
from bot.storage.sqlite.errors import SQLITE_CORRUPT, primary_code
from tests.storage.damage import DamagedPage

BIG = "x" * 200_000
"""A state larger than the free pages left once the file is capped."""


@pytest.fixture
def db(sqlite_db: SqliteStorage) -> SqliteStorage:
    """This module's tests are of the SQLite file alone: ``db`` is not parametrized."""
    return sqlite_db


def saved_state(path: Path, channel_id: int) -> str | None:
    with sqlite3.connect(path) as connection:
        row = connection.execute(
            "SELECT state FROM saved_games WHERE channel_id = ?", (channel_id,)).fetchone()
    return None if row is None else str(row[0])


async def cap_pages(db: SqliteStorage, extra: int) -> None:
    """``max_page_count`` set just above the file's size: SQLITE_FULL, no mount needed."""
    async with db._writing() as connection:
        ((pages,),) = list(await connection.fetch("PRAGMA page_count"))
        await connection.fetch(f"PRAGMA max_page_count = {pages + extra}")


async def test_a_full_disk_raises_storage_unavailable_and_keeps_the_row(
    db: SqliteStorage, db_path: Path
) -> None:
    await db.save_game(1, 10, {"turn": 1})
    await cap_pages(db, 2)
    with pytest.raises(StorageUnavailable) as raised:
        await db.save_game(1, 10, {"turn": 2, "padding": BIG})
    assert isinstance(raised.value.__cause__, sqlite3.OperationalError)
    assert raised.value.__cause__.sqlite_errorcode == sqlite3.SQLITE_FULL
    assert saved_state(db_path, 1) == '{"turn":1}'

    await cap_pages(db, 10_000)  # space is back
    await db.save_game(1, 10, {"turn": 2, "padding": BIG})
    assert saved_state(db_path, 1) == '{"turn":2,"padding":"' + BIG + '"}'


async def test_a_full_disk_rolls_back_a_whole_transaction(db: SqliteStorage) -> None:
    await cap_pages(db, 1)
    with pytest.raises(StorageUnavailable):
        async with db.transaction() as connection:
            await connection.fetch(
                "INSERT INTO saved_games VALUES (7, 1, 1, '{}', 0, 0)")
            await connection.fetch(
                "INSERT INTO saved_games VALUES (8, 1, 1, ?, 0, 0)", (BIG,))
    games, _ = await db.load_games()
    assert games == []
    await cap_pages(db, 10_000)
    await db.save_game(7, 1, {})
    assert [g.channel_id for g in (await db.load_games())[0]] == [7]


async def test_a_lock_held_past_the_busy_timeout_raises_storage_unavailable(
    db_path: Path,
) -> None:
    async with SqliteStorage.open(db_path, busy_timeout=0.2) as db:
        await db.save_game(1, 10, {"turn": 1})
        other = sqlite3.connect(db_path, isolation_level=None)
        try:
            other.execute("BEGIN EXCLUSIVE")
            started = time.monotonic()
            with pytest.raises(StorageUnavailable) as raised:
                await db.save_game(1, 10, {"turn": 2})
            assert time.monotonic() - started >= 0.2  # it did wait for the lock
            assert isinstance(raised.value.__cause__, sqlite3.OperationalError)
            assert raised.value.__cause__.sqlite_errorcode & 0xFF == sqlite3.SQLITE_BUSY
            with pytest.raises(StorageUnavailable):
                async with db.transaction():
                    pass
        finally:
            other.execute("ROLLBACK")
            other.close()
        await db.save_game(1, 10, {"turn": 3})
        assert saved_state(db_path, 1) == '{"turn":3}'


async def test_a_bug_in_the_sql_is_not_called_unavailable(db: SqliteStorage) -> None:
    with pytest.raises(sqlite3.IntegrityError):
        async with db._writing() as connection:
            await connection.fetch(
                "INSERT INTO saved_games VALUES (1, 1, 1, NULL, 0, 0)")


async def test_a_damaged_file_raises_storage_damaged_until_it_is_mended(
    db: SqliteStorage,
) -> None:
    await db.save_game(1, 10, {"turn": 1}, version=1, replaces=NEW_TABLE)
    page = DamagedPage(db, "saved_games")
    await page.damage()
    with pytest.raises(StorageDamaged) as raised:
        await db.save_game(1, 10, {"turn": 2}, version=2, replaces=1)
    assert isinstance(raised.value.__cause__, sqlite3.DatabaseError)
    assert primary_code(raised.value.__cause__) == SQLITE_CORRUPT
    page.mend()
    await db.save_game(1, 10, {"turn": 2}, version=2, replaces=1)
    assert [g.state for g in (await db.load_games())[0]] == [{"turn": 2}]


async def test_a_version_that_moved_on_in_a_damaged_file_is_no_conflict(
    db: SqliteStorage,
) -> None:
    """A damaged page can lose a row or change its version: a compare-and-set that
    misses in a damaged file says the file is damaged, not that another process saved."""
    await db.save_game(1, 10, {"turn": 1}, version=1, replaces=NEW_TABLE)
    page = DamagedPage(db, "matches_by_guild")  # elsewhere in the file
    await page.damage()
    with pytest.raises(StorageDamaged):
        await db.save_game(1, 10, {"turn": 2}, version=3, replaces=2)
    page.mend()
    with pytest.raises(SaveConflict):
        await db.save_game(1, 10, {"turn": 2}, version=3, replaces=2)
