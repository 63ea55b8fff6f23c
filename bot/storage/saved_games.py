"""Games in progress, saved on every change so that they survive a restart."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from bot.game.ports import NEW_TABLE, BadRow, SaveConflict, SavedGame, Shards
from bot.storage.session import Connected, Session

log = logging.getLogger(__name__)

SAVED_GAME_FORMAT = 1
"""The newest layout of a saved state this code can read; the manager owns its meaning
and raises it when the layout changes (bumping this constant with it)."""

SAVED_GAME_COLUMNS = (
    "guild_id", "format_version", "state", "updated_at", "version", "channel_id"
)
_INSERT = f"""INSERT INTO saved_games ({", ".join(SAVED_GAME_COLUMNS)})
              VALUES (?, ?, ?, ?, ?, ?)"""
_OVERWRITE = """ ON CONFLICT (channel_id) DO UPDATE SET
                    guild_id = excluded.guild_id,
                    format_version = excluded.format_version,
                    state = excluded.state,
                    updated_at = excluded.updated_at,
                    version = excluded.version"""
_FIRST = " ON CONFLICT (channel_id) DO NOTHING RETURNING version"
"""A first save (``NEW_TABLE``): written only where no row exists."""
_REPLACE = """UPDATE saved_games
              SET guild_id = ?, format_version = ?, state = ?, updated_at = ?, version = ?
              WHERE channel_id = ? AND version = ? RETURNING version"""
_SET_TABLE_MESSAGE = """UPDATE saved_games SET state = {state}, updated_at = ?
                        WHERE channel_id = ? AND version = ? RETURNING version"""


class SavedGameStore(Connected):
    async def save_game(
        self,
        channel_id: int,
        guild_id: int,
        state: dict[str, Any] | str,
        *,
        version: int = 0,
        replaces: int | None = None,
        format_version: int = SAVED_GAME_FORMAT,
    ) -> None:
        """Save the channel's game at ``version`` in one statement: over whatever row
        was there, or with ``replaces`` only over that version (``NEW_TABLE``: only
        where there is no row), else ``SaveConflict``. ``state`` must be
        JSON-serialisable (anything else raises ``TypeError`` and saves nothing), or
        be its JSON already."""
        blob = state if isinstance(state, str) else json.dumps(state, separators=(",", ":"))
        row: tuple[object, ...] = (guild_id, format_version, blob, time.time(), version, channel_id)
        if replaces is None:
            statement = _INSERT + _OVERWRITE
        elif replaces == NEW_TABLE:
            statement = _INSERT + _FIRST
        else:
            statement, row = _REPLACE, (*row, replaces)
        async with self._writing() as session:
            written = await session.fetch(statement, row)
            if replaces is not None and not written:
                raise await self._conflict(session, channel_id, replaces)

    async def save_table_message(self, channel_id: int, message_id: int, *, version: int
                                 ) -> None:
        """Set ``table_message_id`` in the channel's game saved at ``version``, the rest
        of its state as it is (a table posted afresh changes that value alone), else
        ``SaveConflict``."""
        statement = _SET_TABLE_MESSAGE.format(state=self.state_with_table_message)
        async with self._writing() as session:
            written = await session.fetch(statement,
                                          (message_id, time.time(), channel_id, version))
            if not written:
                raise await self._conflict(session, channel_id, version)

    async def delete_game(self, channel_id: int, *, replaces: int | None = None) -> None:
        """Delete the channel's game; with ``replaces``, only at that version (else
        ``SaveConflict``, and nothing deleted)."""
        statement = "DELETE FROM saved_games WHERE channel_id = ?"
        values: tuple[int, ...] = (channel_id,)
        if replaces is not None:
            statement += " AND version = ? RETURNING version"
            values += (replaces,)
        async with self._writing() as session:
            deleted = await session.fetch(statement, values)
            if replaces is not None and not deleted:
                raise await self._conflict(session, channel_id, replaces)

    async def _conflict(self, session: Session, channel_id: int, replaces: int
                        ) -> SaveConflict:
        """The conflict, with the version the row holds now (for the log); in a damaged
        database, ``StorageDamaged`` instead (see ``_check_damage``)."""
        await self._check_damage(session)
        found = await session.fetch(
            "SELECT version FROM saved_games WHERE channel_id = ?", (channel_id,)
        )
        return SaveConflict(channel_id, replaces, found[0][0] if found else None)

    async def load_games(
        self, *, newest_format: int = SAVED_GAME_FORMAT, shards: Shards | None = None
    ) -> tuple[list[SavedGame], list[BadRow]]:
        """Every saved game (of the guilds on ``shards`` only, if given), and apart from
        them the rows that cannot be restored (unreadable JSON, not a JSON object, or a
        format newer than ``newest_format``). Never raises on bad data: each bad row is
        logged with its ids and returned."""
        where, values = "", ()  # type: tuple[str, tuple[int, ...]]
        if shards is not None:
            ids = sorted(shards.ids)
            where = f"WHERE (guild_id >> 22) % ? IN ({', '.join('?' * len(ids))})"
            values = (shards.count, *ids)
        rows = await self.read(
            f"""SELECT channel_id, guild_id, format_version, {self.raw_state}, updated_at,
                       version
                FROM saved_games {where} ORDER BY channel_id""",
            values,
        )
        games: list[SavedGame] = []
        bad: list[BadRow] = []
        for channel_id, guild_id, format_version, blob, updated_at, version in rows:
            state = _read_state(format_version, blob, newest_format)
            if isinstance(state, dict):
                games.append(
                    SavedGame(channel_id, guild_id, state, format_version, updated_at, version)
                )
                continue
            log.warning(
                "saved game in channel %s (guild %s) cannot be restored: %s",
                channel_id, guild_id, state,
            )
            bad.append(BadRow(channel_id, guild_id, state))
        return games, bad


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
