"""What the bot saved, read from its database (never from its memory): the ground
truth of what a run changed, whatever the players were told in time."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage.postgres.connection import numbered
from bot.storage.urls import is_postgres


def _rows(database: Path | str, where: str = "", args: tuple[Any, ...] = ()
          ) -> list[tuple[int, str]]:
    """``database``: the SQLite file, or a PostgreSQL URL (read on a connection of its
    own in a thread: the readers are called from the benchmark's event loop)."""
    sql = f"SELECT channel_id, state FROM saved_games {where}"
    if isinstance(database, str) and is_postgres(database):
        with ThreadPoolExecutor(1) as thread:
            return thread.submit(asyncio.run, _postgres_rows(database, sql, args)).result()
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        return list(connection.execute(sql, args))


async def _postgres_rows(url: str, sql: str, args: tuple[Any, ...]) -> list[tuple[int, str]]:
    connection = await asyncpg.connect(url)
    try:
        return [(row[0], row[1]) for row in await connection.fetch(numbered(sql), *args)]
    finally:
        await connection.close()


def saved_game(database: Path | str, channel_id: int) -> dict[str, Any]:
    """One channel's game as saved (the ``saved_games`` row's JSON, its ``game``)."""
    rows = _rows(database, "WHERE channel_id = ?", (channel_id,))
    assert rows, f"no saved game in channel {channel_id}"
    game: dict[str, Any] = json.loads(rows[0][1])["game"]
    return game


def saved_versions(database: Path | str) -> dict[int, int]:
    """channel id -> the state version saved for its table."""
    return {channel: int(json.loads(state)["version"]) for channel, state in _rows(database)}


def changes_between(before: dict[int, int], after: dict[int, int]) -> int:
    """How many state changes were saved between two readings. Each change takes a new
    version; the bot draws them from one counter for all tables (so no two tables share
    one, and the newest minus the newest before is the count), or else counts each
    table on its own (then the tables' steps add up)."""
    if not after:
        return 0
    if len(set(after.values())) == len(after) and before:
        return max(after.values()) - max(before.values())
    return sum(version - before.get(channel, version) for channel, version in after.items())
