"""Games in progress, saved on every change so that they survive a restart."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from bot.game.ports import NEW_TABLE, BadRow, SaveConflict, SavedGame, Shards
from bot.storage.connection import Connected

log = logging.getLogger(__name__)

SAVED_GAME_FORMAT = 1
"""The newest layout of a saved state this code can read; the manager owns its meaning
and raises it when the layout changes (bumping this constant with it)."""


class SavedGameStore(Connected):
    async def save_game(
        self,
        channel_id: int,
        guild_id: int,
        state: dict[str, Any],
        *,
        format_version: int = SAVED_GAME_FORMAT,
        replaces: int | None = None,
    ) -> None:
        """Save (or replace) the channel's game in one statement. ``state`` must be
        JSON-serialisable; anything else raises ``TypeError`` and saves nothing. With
        ``replaces`` it is a compare-and-set on the version saved in the row
        (``NEW_TABLE``: no row), raising ``SaveConflict`` if that is not so."""
        blob = json.dumps(state, separators=(",", ":"))
        row: tuple[object, ...] = (channel_id, guild_id, format_version, blob, time.time())
        if replaces is None:
            statement = _INSERT + _REPLACE
        elif replaces == NEW_TABLE:
            statement = _INSERT + " ON CONFLICT (channel_id) DO NOTHING RETURNING channel_id"
        else:
            statement = _UPDATE
            row = (guild_id, format_version, blob, row[-1], channel_id, replaces)
        async with self._writing() as connection:
            written = await connection.execute_fetchall(statement, row)
        if replaces is not None and not written:
            raise await self._conflict(channel_id, replaces)

    async def delete_game(self, channel_id: int, *, replaces: int | None = None) -> None:
        """Delete the channel's game; with ``replaces``, only at that version (else
        ``SaveConflict``, and nothing deleted)."""
        statement = "DELETE FROM saved_games WHERE channel_id = ?"
        values: tuple[int, ...] = (channel_id,)
        if replaces is not None:
            statement += f" AND {_SAVED_VERSION} = ? RETURNING channel_id"
            values += (replaces,)
        async with self._writing() as connection:
            deleted = await connection.execute_fetchall(statement, values)
        if replaces is not None and not deleted:
            raise await self._conflict(channel_id, replaces)

    async def _conflict(self, channel_id: int, replaces: int) -> SaveConflict:
        """The conflict, with the version the row holds now (for the log)."""
        found = list(await self._reader.execute_fetchall(
            f"SELECT {_SAVED_VERSION} FROM saved_games WHERE channel_id = ?", (channel_id,)))
        return SaveConflict(channel_id, replaces, found[0][0] if found else None)

    async def load_games(
        self, *, newest_format: int = SAVED_GAME_FORMAT, shards: Shards | None = None
    ) -> tuple[list[SavedGame], list[BadRow]]:
        """Every saved game (of the guilds on ``shards`` only, if given), and apart from
        them the rows that cannot be restored (unreadable JSON, not a JSON object, or a
        format newer than ``newest_format``). Never raises on bad data: each bad row is
        logged with its ids and returned."""
        connection = self._reader
        where, values = "", ()  # type: tuple[str, tuple[int, ...]]
        if shards is not None:
            ids = sorted(shards.ids)
            where = f"WHERE (guild_id >> 22) % ? IN ({', '.join('?' * len(ids))})"
            values = (shards.count, *ids)
        # As bytes: a state that is not valid UTF-8 must fail its own row, not the query.
        rows = await connection.execute_fetchall(
            f"""SELECT channel_id, guild_id, format_version, CAST(state AS BLOB), updated_at
                FROM saved_games {where} ORDER BY channel_id""",
            values,
        )
        games: list[SavedGame] = []
        bad: list[BadRow] = []
        for channel_id, guild_id, format_version, blob, updated_at in rows:
            state = _read_state(format_version, blob, newest_format)
            if isinstance(state, dict):
                games.append(SavedGame(channel_id, guild_id, state, format_version, updated_at))
                continue
            log.warning(
                "saved game in channel %s (guild %s) cannot be restored: %s",
                channel_id, guild_id, state,
            )
            bad.append(BadRow(channel_id, guild_id, state))
        return games, bad


_INSERT = """INSERT INTO saved_games (channel_id, guild_id, format_version, state, updated_at)
             VALUES (?, ?, ?, ?, ?)"""
_REPLACE = """ ON CONFLICT (channel_id) DO UPDATE SET
                 guild_id = excluded.guild_id,
                 format_version = excluded.format_version,
                 state = excluded.state,
                 updated_at = excluded.updated_at"""
_SAVED_VERSION = "json_extract(state, '$.version')"
"""The table version in the saved row (the table service's ``state["version"]``)."""
_UPDATE = f"""UPDATE saved_games SET guild_id = ?, format_version = ?, state = ?, updated_at = ?
              WHERE channel_id = ? AND {_SAVED_VERSION} = ? RETURNING channel_id"""


def _read_state(format_version: object, blob: bytes, newest_format: int) -> dict[str, Any] | str:
    """The saved state, or the reason it cannot be restored."""
    if not isinstance(format_version, int):
        return f"its format version {format_version!r} is not a number"
    if format_version > newest_format:
        return f"it was saved in format {format_version}, newer than {newest_format}"
    try:
        state = json.loads(blob)
    except (ValueError, RecursionError) as error:  # JSONDecodeError, UnicodeDecodeError
        return f"the saved state is not valid JSON ({error!r})"
    if not isinstance(state, dict):
        return "the saved state is not a JSON object"
    return state
