"""A file the bot cannot start on is refused at open with one sentence saying what to do."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import DatabaseUnusable, SchemaTooNewError, SqliteStorage


def one_sentence(error: BaseException) -> str:
    text = str(error)
    assert "\n" not in text and text.endswith(".") and ". " not in text, text
    return text


async def filled(path: Path, games: int = 300) -> None:
    async with SqliteStorage.open(path) as db:
        for channel_id in range(games):
            await db.save_game(channel_id, 1, {"padding": "x" * 500, "n": channel_id})


def damage(path: Path) -> None:
    """Overwrite pages in the middle of the file (not the header) with garbage."""
    page = 4096
    size = path.stat().st_size
    assert size > 20 * page
    with path.open("r+b") as file:
        for number in range(size // page // 3, size // page // 3 + 4):
            file.seek(number * page)
            file.write(b"\xa5" * page)


async def test_a_damaged_file_is_refused(db_path: Path) -> None:
    await filled(db_path)
    damage(db_path)
    with pytest.raises(DatabaseUnusable) as raised:
        await SqliteStorage.open(db_path)
    sentence = one_sentence(raised.value)
    assert "damaged" in sentence and "backup" in sentence


async def test_a_file_that_is_not_a_database_is_refused(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"this is not SQLite" * 500)
    with pytest.raises(DatabaseUnusable) as raised:
        await SqliteStorage.open(db_path)
    assert "damaged" in one_sentence(raised.value)


async def test_a_locked_file_is_refused_after_the_busy_timeout(db_path: Path) -> None:
    await filled(db_path, games=1)
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(DatabaseUnusable) as raised:
            await SqliteStorage.open(db_path, busy_timeout=0.2)
    finally:
        other.close()
    assert "locked by another program" in one_sentence(raised.value)


async def test_a_folder_nobody_may_write_is_refused() -> None:
    # /proc refuses new files even to root (a chmod'ed folder would not stop root).
    with pytest.raises(DatabaseUnusable) as raised:
        await SqliteStorage.open("/proc/self/uno.sqlite3")
    assert "writable" in one_sentence(raised.value)


async def test_a_folder_that_cannot_be_created_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("")
    with pytest.raises(DatabaseUnusable) as raised:
        await SqliteStorage.open(tmp_path / "a-file" / "uno.sqlite3")
    assert "cannot be created" in one_sentence(raised.value)


async def test_a_newer_schema_is_refused_and_left_untouched(db_path: Path) -> None:
    await filled(db_path, games=1)
    with sqlite3.connect(db_path) as connection:
        connection.execute("PRAGMA user_version = 99")
    before = db_path.read_bytes()
    with pytest.raises(SchemaTooNewError) as raised:
        await SqliteStorage.open(db_path)
    assert "upgrade the bot" in one_sentence(raised.value)
    assert db_path.read_bytes() == before
