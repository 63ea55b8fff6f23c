"""Tables (lobbies and games in progress) saved in SQLite, so a restart loses nothing
and the lobby buttons on old messages keep working."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aiosqlite

from bot.engine import Game
from bot.engine.options import Options
from bot.manager import Phase, Player, Table

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    channel_id INTEGER PRIMARY KEY,
    state TEXT NOT NULL
)
"""


def table_to_dict(table: Table) -> dict[str, Any]:
    return {
        "guild_id": table.guild_id,
        "channel_id": table.channel_id,
        "host": [table.host.id, table.host.name],
        "players": [[p.id, p.name] for p in table.players],
        "ruleset": table.ruleset,
        "options": table.options.to_dict(),
        "turn_seconds": table.turn_seconds,
        "version": table.version,
        "phase": table.phase.value,
        "message_id": table.message_id,
        "game": table.game.to_dict() if table.game is not None else None,
        "table_message_id": table.table_message_id,
        "turn_deadline": table.turn_deadline,
        "recent_actions": table.recent_actions,
        "catch_version": table.catch_version,
        "images": table.images,
    }


def table_from_dict(data: dict[str, Any]) -> Table:
    return Table(
        guild_id=data["guild_id"],
        channel_id=data["channel_id"],
        host=Player(*data["host"]),
        players=[Player(*p) for p in data["players"]],
        ruleset=data["ruleset"],
        options=Options.from_dict(data["options"]),
        turn_seconds=data["turn_seconds"],
        version=data["version"],
        phase=Phase(data["phase"]),
        message_id=data["message_id"],
        game=Game.from_dict(data["game"]) if data.get("game") else None,
        table_message_id=data.get("table_message_id"),
        turn_deadline=data.get("turn_deadline"),
        recent_actions=data.get("recent_actions", []),
        catch_version=data.get("catch_version", 0),
        images=data.get("images", True),
    )


class TableStore:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: aiosqlite.Connection | None = None

    async def open(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path)
        await self._db.execute(SCHEMA)
        await self._db.commit()

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    @property
    def db(self) -> aiosqlite.Connection:
        assert self._db is not None, "TableStore.open() first"
        return self._db

    async def save(self, table: Table) -> None:
        await self.db.execute(
            "INSERT OR REPLACE INTO tables (channel_id, state) VALUES (?, ?)",
            (table.channel_id, json.dumps(table_to_dict(table))),
        )
        await self.db.commit()

    async def delete(self, channel_id: int) -> None:
        await self.db.execute("DELETE FROM tables WHERE channel_id = ?", (channel_id,))
        await self.db.commit()

    async def load_all(self) -> list[Table]:
        async with self.db.execute("SELECT state FROM tables") as cursor:
            return [table_from_dict(json.loads(row[0])) async for row in cursor]
