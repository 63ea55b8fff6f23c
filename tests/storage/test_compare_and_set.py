"""Saves that several processes may race for: a table's first save, compare-and-set
deletes, a file saved before tables had versions, and loading only the games of some
shards' guilds. (Compare-and-set over a version: test_saved_games.py.)"""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiosqlite
import pytest

from bot.game.ports import NEW_TABLE, SaveConflict, Shards
from bot.storage import SqliteStorage
from bot.storage.sqlite import MIGRATIONS
from tests.fakediscord.gateway import shard_of
from tests.storage.backends import StorageUnderTest


def state(version: int, note: str = "") -> dict[str, object]:
    return {"version": version, "note": note}


async def saved(db: StorageUnderTest) -> dict[int, tuple[int, dict[str, object]]]:
    games, _ = await db.load_games()
    return {g.channel_id: (g.version, g.state) for g in games}


async def test_a_first_save_never_replaces_a_table_saved_by_another(
    db: StorageUnderTest,
) -> None:
    await db.save_game(10, 1, state(5), version=5, replaces=NEW_TABLE)
    with pytest.raises(SaveConflict) as raised:
        await db.save_game(10, 1, state(9, "other"), version=9, replaces=NEW_TABLE)
    assert (raised.value.expected, raised.value.found) == (NEW_TABLE, 5)
    assert await saved(db) == {10: (5, state(5))}
    await db.save_game(10, 1, state(6), version=6, replaces=5)  # its owner goes on
    assert await saved(db) == {10: (6, state(6))}


async def test_of_two_first_saves_of_a_table_only_one_is_written(db: StorageUnderTest) -> None:
    results = await asyncio.gather(
        db.save_game(10, 1, state(5, "one"), version=5, replaces=NEW_TABLE),
        db.save_game(10, 1, state(7, "two"), version=7, replaces=NEW_TABLE),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["NoneType", "SaveConflict"]
    written = (5, state(5, "one")) if results[0] is None else (7, state(7, "two"))
    assert await saved(db) == {10: written}


async def test_a_table_deleted_elsewhere_is_not_saved_back(db: StorageUnderTest) -> None:
    await db.save_game(10, 1, state(5), version=5, replaces=NEW_TABLE)
    await db.delete_game(10, replaces=5)
    with pytest.raises(SaveConflict):  # its old owner does not bring it back
        await db.save_game(10, 1, state(6), version=6, replaces=5)
    assert await saved(db) == {}


async def test_a_delete_takes_only_the_version_it_names(db: StorageUnderTest) -> None:
    await db.save_game(10, 1, state(5), version=5)
    with pytest.raises(SaveConflict) as raised:
        await db.delete_game(10, replaces=4)
    assert (raised.value.expected, raised.value.found) == (4, 5)
    assert await saved(db) == {10: (5, state(5))}
    await db.delete_game(10)  # unconditional: closing an unreadable row
    assert await saved(db) == {}


def guild_on(shard: int, count: int, base: int = 1_000) -> int:
    """A guild id on ``shard`` of ``count`` (time part ``base`` ms, moved up)."""
    millisecond = base + (shard - base) % count
    guild_id = (millisecond << 22) | 12345
    assert shard_of(guild_id, count) == shard
    return guild_id


async def test_only_the_games_of_the_given_shards_are_loaded(db: StorageUnderTest) -> None:
    guilds = {shard: guild_on(shard, 4) for shard in range(4)}
    for shard, guild_id in guilds.items():
        await db.save_game(100 + shard, guild_id, state(1), version=1)
    games, _ = await db.load_games(shards=Shards(4, frozenset({1, 3})))
    assert sorted(g.guild_id for g in games) == [guilds[1], guilds[3]]
    one, _ = await db.load_games(shards=Shards(4, frozenset({2})))
    assert [g.guild_id for g in one] == [guilds[2]]
    everything, _ = await db.load_games()
    assert len(everything) == 4


async def test_a_game_saved_before_versions_takes_its_tables_version(db_path: Path) -> None:
    """A file of the bot before compare-and-set: its saved games' next compare-and-set
    save replaces the version in their state, not a first save's 0."""
    async with SqliteStorage.open(db_path, migrations=MIGRATIONS[:5]) as old:
        await old.save_game(10, 1, state(1_700_000_000_123))
        await old.save_game(11, 1, {"no": "version"})
    async with aiosqlite.connect(db_path) as connection:  # a row no table would make
        await connection.execute(
            "INSERT INTO saved_games VALUES (12, 1, 1, 'not json', 0, 0)")
        await connection.commit()
    async with SqliteStorage.open(db_path) as upgraded:
        assert {c: v for c, (v, _) in (await saved(upgraded)).items()} == {
            10: 1_700_000_000_123, 11: 0}
        await upgraded.save_game(10, 1, state(1_700_000_000_124),
                                 version=1_700_000_000_124, replaces=1_700_000_000_123)
        assert (await saved(upgraded))[10] == (1_700_000_000_124, state(1_700_000_000_124))
