"""Saves that several processes may race for: compare-and-set on the table's version,
and loading only the games of some shards' guilds."""

from __future__ import annotations

import pytest

from bot.game.ports import NEW_TABLE, SaveConflict, Shards
from bot.storage import Database
from tests.fakediscord.gateway import shard_of


def state(version: int, note: str = "") -> dict[str, object]:
    return {"version": version, "note": note}


async def saved(db: Database) -> dict[int, dict[str, object]]:
    games, _ = await db.load_games()
    return {g.channel_id: g.state for g in games}


async def test_a_save_replaces_only_the_version_it_names(db: Database) -> None:
    await db.save_game(10, 1, state(5), replaces=NEW_TABLE)
    await db.save_game(10, 1, state(6), replaces=5)
    with pytest.raises(SaveConflict):  # a second writer that still thinks it is 5
        await db.save_game(10, 1, state(7, "stale"), replaces=5)
    assert await saved(db) == {10: state(6)}


async def test_a_first_save_never_replaces_a_table_saved_by_another(db: Database) -> None:
    await db.save_game(10, 1, state(5), replaces=NEW_TABLE)
    with pytest.raises(SaveConflict):
        await db.save_game(10, 1, state(9, "other"), replaces=NEW_TABLE)
    assert await saved(db) == {10: state(5)}


async def test_a_table_deleted_elsewhere_is_not_saved_back(db: Database) -> None:
    await db.save_game(10, 1, state(5), replaces=NEW_TABLE)
    await db.delete_game(10, replaces=5)
    with pytest.raises(SaveConflict):  # its old owner does not bring it back
        await db.save_game(10, 1, state(6), replaces=5)
    assert await saved(db) == {}


async def test_a_delete_takes_only_the_version_it_names(db: Database) -> None:
    await db.save_game(10, 1, state(5))
    with pytest.raises(SaveConflict):
        await db.delete_game(10, replaces=4)
    assert await saved(db) == {10: state(5)}
    await db.delete_game(10)  # unconditional: closing an unreadable row
    assert await saved(db) == {}


def guild_on(shard: int, count: int, base: int = 1_000) -> int:
    """A guild id on ``shard`` of ``count`` (time part ``base`` ms, moved up)."""
    millisecond = base + (shard - base) % count
    guild_id = (millisecond << 22) | 12345
    assert shard_of(guild_id, count) == shard
    return guild_id


async def test_only_the_games_of_the_given_shards_are_loaded(db: Database) -> None:
    guilds = {shard: guild_on(shard, 4) for shard in range(4)}
    for shard, guild_id in guilds.items():
        await db.save_game(100 + shard, guild_id, state(1))
    games, _ = await db.load_games(shards=Shards(4, frozenset({1, 3})))
    assert sorted(g.guild_id for g in games) == [guilds[1], guilds[3]]
    everything, _ = await db.load_games()
    assert len(everything) == 4
