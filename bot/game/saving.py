"""Tables (lobbies and games in progress) saved through the storage port, one
row per channel, so a restart loses nothing and the buttons on old messages keep working.

The row's state is :func:`table_to_dict`, whose layout is ``SAVED_GAME_FORMAT`` 1.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field, replace
from typing import Any

from bot.ai import ComputerPlayer
from bot.engine import RULESETS, Game
from bot.engine.options import Options
from bot.game.ports import (
    NEW_TABLE,
    BadRow,
    GameStorage,
    MatchRecord,
    SaveConflict,
    Shards,
    StorageUnavailable,
)
from bot.game.records import match_record
from bot.game.snapshot import TableSnapshot
from bot.game.table import CloseReason, Player, Table, TableStatus
from bot.game.tally import MatchTally

log = logging.getLogger(__name__)


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
        "phase": table.status.value,  # the key saved tables have always had
        "message_id": table.message_id,
        "game": table.game.to_dict() if table.game is not None else None,
        "table_message_id": table.table_message_id,
        "turn_deadline": table.turn_deadline,
        "recent_actions": table.recent_actions,
        "catch_version": table.catch_version,
        "close_reason": table.close_reason.value if table.close_reason else None,
        "started_at": table.started_at,
        "ended_at": table.ended_at,
        "tally": table.tally.to_dict(),
        "autoplay": table.autoplay,
        "computers": {p: c.to_dict() for p, c in table.computers.items()},
        "stand_ins": {p: c.to_dict() for p, c in table.stand_ins.items()},
        "images": table.images,
        "language": table.language,
    }


def table_from_dict(data: dict[str, Any]) -> Table:
    """The saved table; raises ``KeyError``, ``TypeError`` or ``ValueError`` (the engine's
    ``StateError`` and ``OptionsError`` among them) for a state it cannot read. Keys
    added after the first release default, so older rows still load."""
    if data["ruleset"] not in RULESETS:
        raise ValueError(f"unknown ruleset {data['ruleset']!r}")
    close_reason = data.get("close_reason")
    return Table(
        guild_id=data["guild_id"],
        channel_id=data["channel_id"],
        host=Player(*data["host"]),
        players=[Player(*p) for p in data["players"]],
        ruleset=data["ruleset"],
        options=Options.from_dict(data["options"]),
        turn_seconds=data["turn_seconds"],
        version=data["version"],
        status=TableStatus(data["phase"]),
        message_id=data["message_id"],
        game=Game.from_dict(data["game"]) if data.get("game") else None,
        table_message_id=data.get("table_message_id"),
        turn_deadline=data.get("turn_deadline"),
        recent_actions=data.get("recent_actions", []),
        catch_version=data.get("catch_version", 0),
        close_reason=CloseReason(close_reason) if close_reason else None,
        started_at=data.get("started_at", 0.0),
        ended_at=data.get("ended_at"),
        tally=MatchTally.from_dict(data["tally"]) if "tally" in data else MatchTally(),
        autoplay=data.get("autoplay", False),
        computers={p: ComputerPlayer.from_dict(c) for p, c in data.get("computers", {}).items()},
        stand_ins={p: ComputerPlayer.from_dict(c) for p, c in data.get("stand_ins", {}).items()},
        images=data.get("images", True),
        language=str(data.get("language", "en-US")),
    )


@dataclass(frozen=True, slots=True)
class Saved:
    """A table's row as this process last saved it."""

    version: int
    state: str
    """JSON: nothing in it is shared with the live table."""
    table_message_id: int | None
    """Saved apart from ``state`` since (``TableStore.save_table_message``)."""


@dataclass(slots=True)
class Recovered:
    """What start-up finds saved."""

    live: list[Table] = field(default_factory=list)
    """Lobbies and games to take back."""
    ended: list[Table] = field(default_factory=list)
    """Games saved as over (a finished match among them, recorded now) whose channel
    may not have been shown the end; each row stays until it is (``forget_shown``)."""
    unreadable: list[BadRow] = field(default_factory=list)
    """Rows that cannot be restored, deleted (their channels are told by the caller)."""


class TableStore:
    """The game manager's store: tables as saved rows, over the storage ports.

    Every save and delete is a compare-and-set on the version this process last saved
    (``SaveConflict`` if the row moved on): a process that no longer owns a table
    (its shard was taken over) can never overwrite what the new owner saved.
    """

    def __init__(self, db: GameStorage, shards: Shards | None = None) -> None:
        """``shards``: the shards this process runs, whose tables it restores; ``None``
        for all of them."""
        self.db = db
        self.shards = shards
        self._saved: dict[int, Saved] = {}
        """Each table as last saved, to put the table back when a save fails."""

    async def save(self, table: Table) -> None:
        state = json.dumps(table_to_dict(table), separators=(",", ":"))  # once: saved, kept
        replaced = self._saved.get(table.channel_id)
        await self.db.save_game(table.channel_id, table.guild_id, state, version=table.version,
                                replaces=replaced.version if replaced else NEW_TABLE)
        self._saved[table.channel_id] = Saved(table.version, state, table.table_message_id)

    async def save_table_message(self, table: Table) -> None:
        """The table was posted afresh: save its new ``table_message_id`` alone when the
        rest of the table was saved at its version, else the whole table."""
        saved = self._saved.get(table.channel_id)
        message_id = table.table_message_id
        if saved is None or saved.version != table.version or message_id is None:
            await self.save(table)
            return
        await self.db.save_table_message(table.channel_id, message_id, version=table.version)
        self._saved[table.channel_id] = replace(saved, table_message_id=message_id)

    async def delete(self, channel_id: int) -> None:
        replaced = self._saved.get(channel_id)
        await self.db.delete_game(channel_id,
                                  replaces=replaced.version if replaced else None)
        self._saved.pop(channel_id, None)

    def forget(self, channel_id: int) -> None:
        """Another process owns the table now: this one no longer knows its row."""
        self._saved.pop(channel_id, None)

    def last_saved(self, channel_id: int) -> Table | None:
        saved = self._saved.get(channel_id)
        if saved is None:
            return None
        table = table_from_dict(json.loads(saved.state))
        table.table_message_id = saved.table_message_id
        return table

    async def finish(self, table: Table) -> None:
        """Save the ended table and record its match, exactly once even across a crash.

        The row stays, saved as ended, until the channel has been shown the end
        (:meth:`forget_shown`): a crash before that finds it at start-up, which records
        the match if need be and shows the end. Recording is idempotent
        (``record_match`` ignores a ``match_id`` it already has), so the match is never
        counted twice.
        """
        record = match_record(table)
        await self.save(table)
        await self._record(table, record)

    async def _record(self, table: Table, record: MatchRecord) -> None:
        try:
            await self.db.record_match(record)
            table.ratings = tuple(await self.db.match_ratings(record.match_id))
        except StorageUnavailable as error:  # saved as ended: start-up records it
            log.warning("match saved but not yet recorded guild=%s channel=%s: %s",
                        table.guild_id, table.channel_id, error.__cause__ or error)

    async def forget_shown(self, shown: TableSnapshot) -> None:
        """The channel has been shown the end of its table (``shown``): delete its row,
        unless the channel has saved something newer since (a new lobby). A row left
        behind by a failure here is shown once more at the next start, then deleted."""
        saved = self._saved.get(shown.channel_id)
        if saved is None or saved.version != shown.version:
            return
        try:
            await self.delete(shown.channel_id)
        except StorageUnavailable as error:
            log.warning("ended table not deleted guild=%s channel=%s: %s",
                        shown.guild_id, shown.channel_id, error.__cause__ or error)
        except SaveConflict:  # another process has saved the channel since: its row
            self.forget(shown.channel_id)

    async def load(self) -> tuple[list[Table], list[BadRow]]:
        """Every saved table of this process's shards, and apart from them the rows that
        cannot be restored (logged with their ids as warnings): the database's bad rows,
        and those whose state does not make a table (a corrupted engine state, an
        unknown ruleset)."""
        games, bad = await self.db.load_games(shards=self.shards)
        tables: list[Table] = []
        for saved in games:
            try:
                table = table_from_dict(saved.state)
                tables.append(table)
                self._saved[saved.channel_id] = Saved(saved.version, json.dumps(saved.state),
                                                      table.table_message_id)
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                reason = f"the saved table cannot be read ({error!r})"
                log.warning("saved game in channel %s (guild %s) cannot be restored: %s",
                            saved.channel_id, saved.guild_id, reason)
                bad.append(BadRow(saved.channel_id, saved.guild_id, reason))
        return tables, bad

    async def recover(self) -> Recovered:
        """At start-up: the lobbies and games to take back, the games that ended before
        their channel was shown the end, and the rows that cannot be restored (deleted
        here).

        A finished match still saved may be unrecorded: it is recorded now (at most
        once, see :meth:`finish`). An ended game keeps its row until the UI has shown
        its end (:meth:`forget_shown`); one with nothing to show is deleted now.
        """
        tables, bad = await self.load()
        found = Recovered(unreadable=bad)
        for table in tables:
            if table.status is not TableStatus.ENDED:
                found.live.append(table)
                continue
            if table.close_reason is CloseReason.FINISHED:
                try:
                    await self._record(table, match_record(table))
                except ValueError as error:
                    log.warning("finished match in channel %s (guild %s) cannot be recorded: %r",
                                table.channel_id, table.guild_id, error)
            if table.game is not None and table.table_message_id is not None:
                found.ended.append(table)
            else:
                await self.delete(table.channel_id)
        for row in bad:
            await self.delete(row.channel_id)
        return found
