"""GameManager: every table the bot runs, one per channel, one lock per table.

A lobby action runs entirely under its table's lock: check, change the table, bump
its ``version``, then ``publish`` the new state (edit the lobby message). Publishing
under the lock keeps two quick clicks from landing their edits in the wrong order.
The manager never speaks discord.py: ``publish`` callbacks come from the UI layer.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from bot.clock import Clock, Handle
from bot.computers import Computers
from bot.engine import Game
from bot.engine.options import Options, OptionsError
from bot.lobby_errors import (
    AlreadyJoined,
    BadSetting,
    GameAlreadyRunning,
    NoLobby,
    NotAllowedToCancel,
    NotEnoughPlayers,
    NotHost,
    NotInLobby,
    OutOfDate,
    TableFull,
)
from bot.table_state import CloseReason, Phase, Player, Table
from bot.turns import Turns

__all__ = ["CloseReason", "GameManager", "Phase", "Player", "Table", "TableStore"]

log = logging.getLogger(__name__)

MIN_PLAYERS = 2
MAX_PLAYERS = 10
IDLE_CLOSE_SECONDS = 600.0
DEFAULT_TURN_SECONDS = 60
TURN_SECONDS_RANGE = (10, 600)


class TableStore(Protocol):
    """Where tables are saved (bot.storage.tables); the manager saves every change."""

    async def save(self, table: Table) -> None: ...

    async def delete(self, channel_id: int) -> None: ...

    async def finish(self, table: Table) -> None:
        """Record a finished match, then forget its table."""
        ...


Publish = Callable[[Table], Awaitable[None]]
SeedSource = Callable[[], int]
PostLobby = Callable[[Table], Awaitable[int]]
"""Posts a new lobby message and returns its id."""


class GameManager:
    def __init__(
        self,
        clock: Clock,
        on_closed: Publish | None = None,
        *,
        store: TableStore | None = None,
        idle_seconds: float = IDLE_CLOSE_SECONDS,
        first_version: int | None = None,
        seeds: SeedSource | None = None,
    ) -> None:
        """``on_closed`` tells the table a lobby closed by itself (idle).

        Versions come from one counter, seeded from the wall clock, so a button left on
        an old message (another lobby, or one from before a restart) never carries the
        version of the current lobby.
        """
        self.clock = clock
        self.on_closed = on_closed
        self.store = store
        self.idle_seconds = idle_seconds
        self.tables: dict[int, Table] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._idle_timers: dict[int, Handle] = {}
        seed = first_version if first_version is not None else time.time_ns() // 1_000_000
        self._versions = itertools.count(seed)
        self._seeds = seeds or (lambda: random.SystemRandom().randrange(1 << 32))
        self.turns = Turns(self)
        self.computers = Computers(self)

    def get(self, channel_id: int) -> Table | None:
        return self.tables.get(channel_id)

    def restore(self, tables: list[Table]) -> None:
        """Take back saved lobbies and games after a restart. Monotonic time does not
        survive a restart, so each restored lobby gets a fresh idle countdown; a game's
        timer runs out at its saved deadline (UNIX time)."""
        for table in tables:
            self.tables[table.channel_id] = table
            if table.phase is Phase.LOBBY:
                self._touch(table)
            else:
                self.turns.resume(table)
                self.computers.schedule(table)
        if tables:
            newest = max(t.version for t in tables)
            self._versions = itertools.count(max(newest + 1, next(self._versions)))

    async def shutdown(self) -> None:
        """Stop the timers and wait until no action is in flight (e.g. a save that
        follows an answer), so the store can close under nobody's feet."""
        for channel_id in list(self._idle_timers):
            self._stop_idle_timer(channel_id)
        self.turns.stop_all()
        for lock in list(self._locks.values()):
            async with lock:
                pass

    async def _save(self, table: Table) -> None:
        if self.store is None:
            return
        if table.phase is not Phase.ENDED:
            await self.store.save(table)
        elif table.close_reason is CloseReason.FINISHED:
            await self.store.finish(table)
        else:
            await self.store.delete(table.channel_id)

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def _changed(self, table: Table) -> None:
        table.version = next(self._versions)

    def _lobby(self, channel_id: int, version: int | None = None) -> Table:
        table = self.tables.get(channel_id)
        if table is None or table.phase is not Phase.LOBBY:
            raise NoLobby()
        if version is not None and version != table.version:
            raise OutOfDate()
        return table

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: Player,
        ruleset: str,
        overrides: dict[str, Any],
        turn_seconds: int = DEFAULT_TURN_SECONDS,
        autoplay: bool = False,
        images: bool = True,
        post: PostLobby,
    ) -> Table:
        low, high = TURN_SECONDS_RANGE
        if not low <= turn_seconds <= high:
            raise BadSetting(f"The turn timer must be between {low} and {high} seconds.")
        try:
            options = Options.for_ruleset(ruleset, overrides)
        except OptionsError as error:
            raise BadSetting(f"That rule setting does not work: {error}.") from None
        async with self._lock(channel_id):
            existing = self.tables.get(channel_id)
            if existing is not None:
                raise GameAlreadyRunning(existing.link)
            table = Table(
                guild_id=guild_id,
                channel_id=channel_id,
                host=host,
                ruleset=ruleset,
                options=options,
                turn_seconds=turn_seconds,
                version=next(self._versions),
                players=[host],
                autoplay=autoplay,
                images=images,
            )
            self.tables[channel_id] = table  # seen by lock-free readers like /uno rules
            try:
                table.message_id = await post(table)
            except BaseException:
                del self.tables[channel_id]
                raise
            self._touch(table)
            await self._save(table)
            log.info(
                "lobby opened guild=%s channel=%s host=%s ruleset=%s",
                guild_id, channel_id, host.id, ruleset,
            )
            return table

    async def join(self, channel_id: int, player: Player, publish: Publish) -> Table:
        async with self._lock(channel_id):
            table = self._lobby(channel_id)
            if table.seat_of(player.id) is not None:
                raise AlreadyJoined()
            if len(table.players) >= MAX_PLAYERS:
                raise TableFull(MAX_PLAYERS)
            table.players.append(player)
            self._changed(table)
            self._touch(table)
            await self._save(table)
            await publish(table)
            log.info(
                "player joined guild=%s channel=%s player=%s players=%d",
                table.guild_id, channel_id, player.id, len(table.players),
            )
            return table

    async def leave(self, channel_id: int, player_id: int, publish: Publish) -> Table:
        """Leave the lobby; the next player becomes host, and the last one out closes it."""
        async with self._lock(channel_id):
            table = self._lobby(channel_id)
            seat = table.seat_of(player_id)
            if seat is None:
                raise NotInLobby()
            del table.players[seat]
            people = [p for p in table.players if not p.is_computer]
            if not people:  # computer players do not keep a lobby open
                self._close(table, CloseReason.EMPTY)
            else:
                if table.host.id == player_id:
                    table.host = people[0]
                self._changed(table)
                self._touch(table)
            await self._save(table)
            await publish(table)
            log.info(
                "player left guild=%s channel=%s player=%s players=%d host=%s",
                table.guild_id, channel_id, player_id, len(table.players), table.host.id,
            )
            return table

    async def start(
        self, channel_id: int, player_id: int, version: int | None, publish: Publish
    ) -> Table:
        """Move the lobby to play. This is where gameplay hooks in: the returned Table is
        in phase ``playing`` with its players in seating order."""
        async with self._lock(channel_id):
            table = self._lobby(channel_id, version)
            if table.host.id != player_id:
                raise NotHost(table.host.name)
            if len(table.players) < MIN_PLAYERS:
                raise NotEnoughPlayers(MIN_PLAYERS)
            table.phase = Phase.PLAYING
            table.game = Game(
                table.ruleset, table.options, [str(p.id) for p in table.players], self._seeds()
            )
            dealt = table.game.begin()
            self._changed(table)
            self._stop_idle_timer(channel_id)
            await self.turns.begin(table, dealt)
            await publish(table)
            log.info(
                "game started guild=%s channel=%s players=%d",
                table.guild_id, channel_id, len(table.players),
            )
            return table

    async def cancel(
        self,
        channel_id: int,
        player_id: int,
        version: int | None,
        publish: Publish,
        *,
        may_moderate: bool,
    ) -> Table:
        """Close the lobby; ``may_moderate`` is the Manage Messages permission here."""
        async with self._lock(channel_id):
            table = self._lobby(channel_id, version)
            if table.host.id != player_id and not may_moderate:
                raise NotAllowedToCancel()
            self._close(table, CloseReason.CANCELLED)
            await self._save(table)
            await publish(table)
            log.info(
                "lobby cancelled guild=%s channel=%s by=%s", table.guild_id, channel_id, player_id
            )
            return table

    def _close(self, table: Table, reason: CloseReason) -> None:
        table.phase = Phase.ENDED
        table.close_reason = reason
        self._changed(table)
        self._stop_idle_timer(table.channel_id)
        self.turns.stop(table.channel_id)
        del self.tables[table.channel_id]

    def _touch(self, table: Table) -> None:
        """Restart the idle countdown: a lobby nobody touches closes by itself."""
        table.last_touched = self.clock.now()
        self._stop_idle_timer(table.channel_id)
        channel_id = table.channel_id

        async def close_if_idle() -> None:
            await self._close_if_idle(channel_id, table)

        self._idle_timers[channel_id] = self.clock.call_at(
            table.last_touched + self.idle_seconds, close_if_idle
        )

    def _stop_idle_timer(self, channel_id: int) -> None:
        timer = self._idle_timers.pop(channel_id, None)
        if timer is not None:
            timer.cancel()

    async def _close_if_idle(self, channel_id: int, table: Table) -> None:
        async with self._lock(channel_id):
            if self.tables.get(channel_id) is not table or table.phase is not Phase.LOBBY:
                return
            if self.clock.now() < table.last_touched + self.idle_seconds:
                return
            self._close(table, CloseReason.IDLE)
            await self._save(table)
            log.info("lobby closed idle guild=%s channel=%s", table.guild_id, channel_id)
            if self.on_closed is not None:
                await self.on_closed(table)
