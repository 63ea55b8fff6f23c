"""The lobby: opening a table, seats (people and computer players), start and cancel.

A lobby action runs under its table's lock: check, change the table, bump its
``version``, save it, and take the :class:`~bot.game.snapshot.TableSnapshot` it
returns; the UI composes and sends the new lobby message from it once the lock is
released. A lobby nobody touches for ten minutes closes by itself (the watcher is told).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from bot.ai import LEVELS, ComputerPlayer
from bot.engine import Game
from bot.engine.options import Options, OptionsError
from bot.engine.teams import PARTNER_COUNTS
from bot.game.clock import Clock, Handle
from bot.game.errors import (
    AlreadyJoined,
    BadSetting,
    GameAlreadyRunning,
    NoComputerToRemove,
    NoLobby,
    NotAllowedToCancel,
    NotEnoughPlayers,
    NotHost,
    NotHostForComputers,
    NotInLobby,
    NotSaved,
    OutOfDate,
    TableFull,
    TeamsNotFull,
    TooManyTables,
    UnknownLevel,
)
from bot.game.guild_settings import DEFAULT_TURN_SECONDS, MAX_TURN_SECONDS, MIN_TURN_SECONDS
from bot.game.players import PlayerId, engine_id
from bot.game.registry import TableRegistry
from bot.game.snapshot import TableSnapshot, Watcher
from bot.game.table import CloseReason, Player, Table, TableStatus, computer_name
from bot.game.turns import Turns
from bot.i18n import N_

log = logging.getLogger(__name__)

MIN_PLAYERS = 2
MAX_PLAYERS = 10
IDLE_CLOSE_SECONDS = 600.0

PostLobby = Callable[[TableSnapshot], Awaitable[int]]
"""Posts the new lobby message (once the lock is released); returns the message's id."""


def checked_options(ruleset: str, overrides: dict[str, Any], turn_seconds: int) -> Options:
    """The table's options, or ``BadSetting`` saying what does not work (checked before
    anything is made for the table, a thread included)."""
    if not MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS:
        raise BadSetting(N_("The turn timer must be between {low} and {high} seconds."),
                         low=MIN_TURN_SECONDS, high=MAX_TURN_SECONDS)
    try:
        return Options.for_ruleset(ruleset, overrides)
    except OptionsError as error:
        # i18n: {problem} is one of the option errors ("target must be a whole number")
        raise BadSetting(N_("That rule setting does not work: {problem}."),
                         problem=error) from None


@dataclass(frozen=True, slots=True)
class SeatChange:
    """A computer player seated or taken away, and the lobby after it."""

    player: Player
    table: TableSnapshot


@dataclass(frozen=True, eq=False)
class Opening:
    """A member's ``/uno new`` on its way (``Lobby.opening``), counted against
    their limit until its lobby is registered."""

    key: tuple[int, int]
    """The server and the member."""


class Lobby:
    def __init__(
        self,
        registry: TableRegistry,
        clock: Clock,
        turns: Turns,
        watcher: Watcher | None = None,
        *,
        idle_seconds: float = IDLE_CLOSE_SECONDS,
    ) -> None:
        """``watcher`` is told of a lobby that closed by itself (idle)."""
        self.registry = registry
        self.clock = clock
        self.turns = turns
        self.watcher = watcher
        self.idle_seconds = idle_seconds
        self._idle_timers: dict[int, Handle] = {}
        self._opening: dict[tuple[int, int], set[Opening]] = {}
        """Per server and member, the ``/uno new`` commands between their check and
        the registering of their lobby (``opening``)."""

    def restore(self, table: Table) -> None:
        """A lobby taken back after a restart: monotonic time does not survive a
        restart, so it gets a fresh idle countdown."""
        self._touch(table)

    def reverted(self, table: Table) -> None:
        """The table was put back as last saved: a lobby counts its idle time afresh."""
        if table.status is TableStatus.LOBBY:
            self._touch(table)

    def stop_all(self) -> None:
        for channel_id in list(self._idle_timers):
            self.stop_idle_timer(channel_id)

    def _lobby(self, channel_id: int, version: int | None = None) -> Table:
        table = self.registry.tables.get(channel_id)
        if table is None or table.status is not TableStatus.LOBBY:
            raise NoLobby()
        if version is not None and version != table.version:
            raise OutOfDate()
        return table

    @contextmanager
    def opening(self, guild_id: int, host_id: PlayerId, limit: int) -> Iterator[Opening]:
        """Around a member's ``/uno new`` (its thread, then its lobby): ``TooManyTables``
        when they already host ``limit`` open lobbies and games on the server. Each
        command is counted from its check on, so a burst of them (each waiting for its
        thread) cannot all pass before the first lobby is open; handed to ``create``,
        it stops counting once its lobby does (while the lobby is posted, it would
        otherwise count twice, and refuse a command the limit allows)."""
        key = (guild_id, host_id)
        hosted = sum(1 for table in self.registry.tables.values()
                     if table.guild_id == guild_id and table.host.id == host_id
                     and table.status is not TableStatus.ENDED)
        if hosted + len(self._opening.get(key, ())) >= limit:
            raise TooManyTables(limit)
        claim = Opening(key)
        self._opening.setdefault(key, set()).add(claim)
        try:
            yield claim
        finally:
            self._counted(claim)

    def _counted(self, claim: Opening) -> None:
        """``claim`` counts no more against its member's limit."""
        pending = self._opening.get(claim.key)
        if pending is not None:
            pending.discard(claim)
            if not pending:
                del self._opening[claim.key]

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
        language: str = "en-US",
        post: PostLobby,
        claim: Opening | None = None,
    ) -> TableSnapshot:
        """Open a lobby, saved, and ``post`` its message once the lock is released; a
        lobby whose message could not be posted is closed again."""
        options = checked_options(ruleset, overrides, turn_seconds)
        async with self.registry.lock(channel_id):
            existing = self.registry.tables.get(channel_id)
            if existing is not None:
                raise GameAlreadyRunning(existing.link)
            table = Table(
                guild_id=guild_id,
                channel_id=channel_id,
                host=host,
                ruleset=ruleset,
                options=options,
                turn_seconds=turn_seconds,
                version=self.registry.new_version(),
                players=[host],
                autoplay=autoplay,
                images=images,
                language=language,
            )
            self.registry.tables[channel_id] = table  # seen by lock-free readers like /uno rules
            if claim is not None:
                self._counted(claim)  # the lobby counts now
            self._touch(table)
            await self.registry.save(table)
            opened = TableSnapshot.take(table)
        log.info("lobby opened guild=%s channel=%s host=%s ruleset=%s",
                 guild_id, channel_id, host.id, ruleset)
        try:
            message_id = await post(opened)
        except BaseException:  # no lobby message: no lobby
            async with self.registry.lock(channel_id):
                if self.registry.tables.get(channel_id) is table:
                    self.registry.close(table, CloseReason.CANCELLED)
                    await self.registry.save(table)
            raise
        async with self.registry.lock(channel_id):
            if self.registry.tables.get(channel_id) is table:
                table.message_id = message_id
                await self.registry.save(table)
            return TableSnapshot.take(table)

    async def join(self, channel_id: int, player: Player) -> TableSnapshot:
        async with self.registry.lock(channel_id):
            table = self._lobby(channel_id)
            if table.seat_of(player.id) is not None:
                raise AlreadyJoined()
            if len(table.players) >= MAX_PLAYERS:
                raise TableFull(MAX_PLAYERS)
            table.players.append(player)
            self.registry.changed(table)
            self._touch(table)
            await self.registry.save(table)
            shown = TableSnapshot.take(table)
        log.info("player joined guild=%s channel=%s player=%s players=%d",
                 table.guild_id, channel_id, player.id, len(table.players))
        return shown

    async def leave(self, channel_id: int, player_id: PlayerId) -> TableSnapshot:
        """Leave the lobby; the next player becomes host, and the last one out closes it."""
        async with self.registry.lock(channel_id):
            table = self._lobby(channel_id)
            seat = table.seat_of(player_id)
            if seat is None:
                raise NotInLobby()
            del table.players[seat]
            people = [p for p in table.players if not p.is_computer]
            if not people:  # computer players do not keep a lobby open
                self.registry.close(table, CloseReason.EMPTY)
            else:
                if table.host.id == player_id:
                    table.host = people[0]
                self.registry.changed(table)
                self._touch(table)
            await self.registry.save(table)
            shown = TableSnapshot.take(table)
        log.info("player left guild=%s channel=%s player=%s players=%d host=%s",
                 table.guild_id, channel_id, player_id, len(table.players), table.host.id)
        return shown

    async def start(self, channel_id: int, player_id: PlayerId, version: int | None
                    ) -> TableSnapshot:
        """Move the lobby to play. This is where gameplay hooks in: the table returned
        has the status ``playing``, with its players in seating order; the deal is told
        to the watcher as the game's first change."""
        async with self.turns.changing(channel_id) as told:
            table = self._lobby(channel_id, version)
            if not table.may_act_as_host(player_id):
                raise NotHost(table.host.name)
            if len(table.players) < MIN_PLAYERS:
                raise NotEnoughPlayers(MIN_PLAYERS)
            if table.options.partners and len(table.players) not in PARTNER_COUNTS:
                raise TeamsNotFull(PARTNER_COUNTS)
            table.status = TableStatus.PLAYING
            seats = [engine_id(p.id) for p in table.players]
            table.game = Game(table.ruleset, table.options, seats, self.registry.seeds())
            dealt = table.game.begin()
            self.registry.changed(table)
            self.stop_idle_timer(channel_id)
            change = await self.turns.begin(table, dealt)
            told.append(change)
        log.info("game started guild=%s channel=%s players=%d",
                 table.guild_id, channel_id, len(table.players))
        return change.table

    async def cancel(
        self,
        channel_id: int,
        player_id: PlayerId,
        version: int | None,
        *,
        may_moderate: bool,
    ) -> TableSnapshot:
        """Close the lobby; ``may_moderate`` is the Manage Messages permission here."""
        async with self.registry.lock(channel_id):
            table = self._lobby(channel_id, version)
            if not table.may_act_as_host(player_id, may_moderate=may_moderate):
                raise NotAllowedToCancel()
            self.registry.close(table, CloseReason.CANCELLED)
            await self.registry.save(table)
            shown = TableSnapshot.take(table)
        log.info("lobby cancelled guild=%s channel=%s by=%s", table.guild_id, channel_id,
                 player_id)
        return shown

    async def add_computer(self, channel_id: int, by: PlayerId, level: str) -> SeatChange:
        """The host seats a computer player at ``level`` in the lowest free number."""
        async with self.registry.lock(channel_id):
            table = self._lobby(channel_id)
            if not table.may_act_as_host(by):
                raise NotHostForComputers(table.host.name)
            if level not in LEVELS:
                raise UnknownLevel(level)
            if len(table.players) >= MAX_PLAYERS:
                raise TableFull(MAX_PLAYERS)
            taken = {p.id for p in table.players}
            number = next(n for n in range(1, MAX_PLAYERS + 1) if -n not in taken)
            player = Player(PlayerId(-number), computer_name(level, number))
            table.players.append(player)
            seat = engine_id(player.id)
            table.computers[seat] = ComputerPlayer(seat, level, self.registry.seeds())
            shown = await self._lobby_changed(table)
        log.info("computer player added guild=%s channel=%s player=%s level=%s",
                 table.guild_id, channel_id, player.id, level)
        return SeatChange(player, shown)

    async def remove_computer(self, channel_id: int, by: PlayerId, number: int | None
                              ) -> SeatChange:
        """The host takes away computer player ``number`` (its name's number), or the
        last one added."""
        async with self.registry.lock(channel_id):
            table = self._lobby(channel_id)
            if not table.may_act_as_host(by):
                raise NotHostForComputers(table.host.name)
            seated = [p for p in table.players if p.is_computer]
            if number is not None:
                seated = [p for p in seated if p.id == -number]
            if not seated:
                raise NoComputerToRemove(number)
            player = seated[-1]
            table.players.remove(player)
            table.computers.pop(engine_id(player.id), None)
            shown = await self._lobby_changed(table)
        log.info("computer player removed guild=%s channel=%s player=%s",
                 table.guild_id, channel_id, player.id)
        return SeatChange(player, shown)

    async def _lobby_changed(self, table: Table) -> TableSnapshot:
        self.registry.changed(table)
        self._touch(table)
        await self.registry.save(table)
        return TableSnapshot.take(table)

    def _touch(self, table: Table) -> None:
        """Restart the idle countdown: a lobby nobody touches closes by itself."""
        table.last_touched = self.clock.now()
        self.stop_idle_timer(table.channel_id)
        channel_id = table.channel_id

        async def close_if_idle() -> None:
            await self._close_if_idle(channel_id, table)

        self._idle_timers[channel_id] = self.clock.call_at(
            table.last_touched + self.idle_seconds, close_if_idle
        )

    def stop_idle_timer(self, channel_id: int) -> None:
        timer = self._idle_timers.pop(channel_id, None)
        if timer is not None:
            timer.cancel()

    async def _close_if_idle(self, channel_id: int, table: Table) -> None:
        async with self.registry.lock(channel_id):
            if (self.registry.tables.get(channel_id) is not table
                    or table.status is not TableStatus.LOBBY):
                return
            if self.clock.now() < table.last_touched + self.idle_seconds:
                return
            self.registry.close(table, CloseReason.IDLE)
            try:
                await self.registry.save(table)
            except NotSaved:  # put back, with a fresh countdown (``_reverted``)
                return
            log.info("lobby closed idle guild=%s channel=%s", table.guild_id, channel_id)
            closed = TableSnapshot.take(table)
        if self.watcher is not None:
            await self.watcher.lobby_closed(closed)
