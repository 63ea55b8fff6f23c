"""The game side of a table: engine actions under the table's lock, and its timers.

Every change follows the same steps, under the table's lock: apply the engine action,
bump the table's version, remember the action for the table's log, restart the turn
timer (or the next-round timer), save the table, take the
:class:`~bot.game.snapshot.TableChange` the UI is told and a
:class:`~bot.game.snapshot.Snapshot` for the player who acted. The lock is released
(:meth:`Turns.changing`), and only then is the UI told (``Watcher.changed``, which only
schedules message edits) and does it compose and send its answer, from those values
alone. So a saved table is never behind what a player was told, no UI code runs inside
a lock, and two clicks carrying the same version are applied once: the second one finds
the version moved on. A save that fails puts the table back as it was
(``TableRegistry.save``) and the player is told nothing changed.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass

from bot.ai import Question
from bot.engine import NO_EFFECT, Action, Event, Game
from bot.game.clock import Clock, Handle
from bot.game.computers import Computers
from bot.game.drafts import Draft, complete
from bot.game.errors import (
    CannotCatchYourself,
    NobodyToCatch,
    NoGame,
    NotAllowedToRun,
    NotHostOfGame,
    NotInGame,
    NotSaved,
    StaleView,
)
from bot.game.players import PlayerId, engine_id
from bot.game.registry import TableRegistry
from bot.game.snapshot import Snapshot, TableChange, TableSnapshot, Watcher
from bot.game.table import CloseReason, Table, TableStatus, first_person
from bot.game.thinking import Thinker
from bot.i18n import N_

log = logging.getLogger(__name__)

NEXT_ROUND_SECONDS = 30.0
RECENT_ACTIONS = 5
QUIET_EVENTS = frozenset({"dealt", "dealer_chosen", "voted", *NO_EFFECT})
"""Events the table's log leaves out: bookkeeping, or things that changed nothing."""

RETRY_SECONDS = 5.0
"""A timer whose change could not be saved tries again after this long."""


@dataclass(frozen=True, slots=True)
class Request:
    """What a player asked for with a click (or ``/uno`` command) in a game."""

    channel_id: int
    player_id: PlayerId
    version: int | None = None
    """The table version the button was drawn at; ``None`` for a command, which always
    sees the current state."""
    draft: Draft | None = None
    """The action asked for, whole or in part; ``None`` to see the hand as it is."""

    @property
    def catch(self) -> bool:
        """A Catch! click aims at a catch window, not at one version (``act``)."""
        return self.draft is not None and self.draft.do == "catch"


class Turns:
    """The game side of every table, over the registry's locks, versions and store."""

    def __init__(self, registry: TableRegistry, clock: Clock, watcher: Watcher | None = None,
                 *, thinker: Thinker | None = None) -> None:
        """``watcher`` (the UI's board) is told of every change; ``None``: nobody is."""
        self.registry = registry
        self.clock = clock
        self.watcher = watcher
        self.computers = Computers(registry, clock, self.computer_move, thinker=thinker)
        self._timers: dict[int, Handle] = {}

    @contextlib.asynccontextmanager
    async def changing(self, channel_id: int) -> AsyncIterator[list[TableChange]]:
        """Hold the table's lock; every change put in the list (each saved) is told to
        the watcher once the lock is released, in order, even should what follows the
        change under the lock fail (a click that ended an autoplay takeover, then refused)."""
        told: list[TableChange] = []
        try:
            async with self.registry.lock(channel_id):
                yield told
        finally:
            if self.watcher is not None:
                for change in told:
                    self.watcher.changed(change)

    # -- entry points ------------------------------------------------------------------

    async def begin(self, table: Table, dealt: list[Event]) -> TableChange:
        """Called by ``Lobby.start`` under the lock (:meth:`changing`), once the game is
        dealt; ``dealt`` tells the table log what the start card did."""
        table.started_at = self.clock.wall()
        return await self._after_change(table, dealt, set())

    async def act(self, request: Request) -> Snapshot:
        """A player's click, applied, or the question it leaves open; returns the
        player's snapshot once the change is saved. A button drawn at another version is
        refused (:class:`StaleView`), except that a Catch! click is current while the
        catch window it was drawn in is still the same one (else nobody is to catch)."""
        async with self.changing(request.channel_id) as told:
            table, game = self._game(request.channel_id)
            player = engine_id(request.player_id)
            if player not in game.hands:
                raise NotInGame()
            if self.computers.person_back(table, player):
                await self.registry.save(table)
                told.append(TableChange.take(table, []))
            version = request.version
            if version is not None and (
                version < table.catch_version if request.catch else version != table.version
            ):
                raise NobodyToCatch() if request.catch else StaleView()
            if request.draft is None:
                return Snapshot.take(table, player)
            decided = complete(request.draft, game.legal_actions(player), player)
            if not isinstance(decided, Action):
                return Snapshot.take(table, player, question=decided)
            if request.catch and not request.draft.target and decided.target is None:
                raise CannotCatchYourself() if player in game.catchable() else NobodyToCatch()
            catchable = set(game.catchable())
            events = game.apply(decided)
            log.info("action guild=%s channel=%s player=%s do=%s", table.guild_id,
                     table.channel_id, player, decided.do)
            if all(event.kind in NO_EFFECT for event in events):
                return Snapshot.take(table, player, events)
            change = await self._after_change(table, events, catchable)
            told.append(change)
            return change.hand(player, events) or Snapshot.take(table, player, events)

    async def computer_move(self, channel_id: int) -> None:
        """A computer player's move (``bot.game.computers``), decided under the lock from the
        game as it is now; the same steps as a click follow."""
        async with self.changing(channel_id) as told:
            table = self.registry.tables.get(channel_id)
            if table is None or table.status is not TableStatus.PLAYING or table.game is None:
                return
            decided = self.computers.decide(table, table.game)
            if not isinstance(decided, Question):
                await self._computer_acts(table, table.game, decided, told)
                return
            version = table.version
        found = await self.computers.thinker.answer(decided)
        async with self.changing(channel_id) as told:
            if self.registry.tables.get(channel_id) is not table or table.version != version:
                return  # the game moved on while it thought: that change scheduled a move
            assert table.game is not None
            game = table.game
            action = found if found in game.legal_actions(decided.view["you"]) else (
                self.computers.at_once(table, game, decided))
            await self._computer_acts(table, game, action, told)

    async def _computer_acts(self, table: Table, game: Game, action: Action | None,
                             told: list[TableChange]) -> None:
        """Under the lock: a computer player's ``action`` follows the path of a click."""
        if action is None:
            return
        catchable = set(game.catchable())
        events = game.apply(action)
        log.info("computer action guild=%s channel=%s player=%s do=%s", table.guild_id,
                 table.channel_id, action.player, action.do)
        with contextlib.suppress(NotSaved):  # put back; it is decided again on retry
            told.append(await self._after_change(table, events, catchable))

    async def leave(self, channel_id: int, player_id: PlayerId,
                    match: int | None = None) -> Snapshot:
        """``/uno leave`` during a game: the engine takes the player out of the match;
        ``match`` (a confirmation's) names the match by its ``match_stamp``."""
        async with self.changing(channel_id) as told:
            table, game = self._game(channel_id)
            if match is not None and table.match_stamp != match:
                raise StaleView()  # a confirmation from an earlier match
            if engine_id(player_id) not in game.hands:
                raise NotInGame()
            return await self._remove(table, game, player_id, engine_id(player_id), told)

    async def kick(
        self, channel_id: int, by: PlayerId, player_id: PlayerId, *, may_moderate: bool
    ) -> Snapshot:
        async with self.changing(channel_id) as told:
            table, game = self._game(channel_id)
            if not table.may_act_as_host(by, may_moderate=may_moderate):
                raise NotAllowedToRun(N_("Only the host or someone who can manage messages "
                                         "here can remove a player."))
            if engine_id(player_id) not in game.hands:
                raise NotInGame()
            return await self._remove(table, game, player_id, engine_id(by), told)

    async def end(self, channel_id: int, by: PlayerId, *, may_moderate: bool) -> Snapshot:
        """``/uno end``: stop the game now; no winner, and not a finished match, so
        nothing is recorded (only a match played to its end or won by forfeit is)."""
        async with self.changing(channel_id) as told:
            table, _ = self._game(channel_id)
            if not table.may_act_as_host(by, may_moderate=may_moderate):
                raise NotAllowedToRun(N_("Only the host or someone who can manage messages "
                                         "here can end the game."))
            table.ended_by = by
            self.registry.close(table, CloseReason.ENDED)
            table.turn_deadline = None
            await self.registry.save(table)
            log.info("game ended guild=%s channel=%s by=%s", table.guild_id, channel_id, by)
            told.append(TableChange.take(table, []))
            return Snapshot.take(table, engine_id(by))

    async def channel_gone(self, shown: TableSnapshot) -> bool:
        """The UI can no longer reach the channel of the game ``shown`` shows (deleted,
        or the bot's access removed): the game ends there, saved as ended with no match
        record, its timers and computer players stopped. Nothing is shown, there being
        nowhere to show it; a new game may be opened there later. Returns whether it
        ended here (not when it had already, nor when its end could not be saved)."""
        async with self.registry.lock(shown.channel_id):
            table = self.registry.tables.get(shown.channel_id)
            if table is None or table.serial != shown.serial \
                    or table.status is not TableStatus.PLAYING:
                return False
            self.registry.close(table, CloseReason.GONE)
            table.turn_deadline = None
            try:
                await self.registry.save(table)
            except NotSaved:  # put back, playing: the next delivery finds the channel gone
                return False
            log.warning("game ended, its channel is gone guild=%s channel=%s",
                        table.guild_id, table.channel_id)
            ended = TableSnapshot.take(table)
        await self.registry.forget_shown(ended)
        return True

    async def next_round(self, channel_id: int, player_id: PlayerId, version: int) -> Snapshot:
        """The host's "Next round" button (anyone's, once the host has left the match)."""
        async with self.changing(channel_id) as told:
            table, game = self._game(channel_id)
            if version != table.version or not game.round_over:
                raise StaleView()
            if not table.may_act_as_host(player_id) and engine_id(table.host.id) in game.hands:
                raise NotHostOfGame(table.host.name)
            self.computers.person_back(table, engine_id(player_id))
            events = game.apply(Action(game.players[0], "next_round"))
            change = await self._after_change(table, events, set())
            told.append(change)
            return change.hand(engine_id(player_id), events) \
                or Snapshot.take(table, engine_id(player_id), events)

    async def table_posted(self, shown: TableSnapshot, message_id: int) -> None:
        """The UI posted the table message of the game ``shown`` shows afresh: remember
        (and save) its id, while the game is the channel's."""
        async with self.registry.lock(shown.channel_id):
            table = self.registry.tables.get(shown.channel_id)
            if table is not None and table.serial == shown.serial:
                table.table_message_id = message_id
                await self.registry.save_table_message(table)

    def resume(self, table: Table) -> None:
        """A game restored after a restart: its turn (or next-round) timer runs out at
        the saved deadline, at once if that has passed meanwhile."""
        if table.turn_deadline is not None:
            self._schedule(table, max(0.0, table.turn_deadline - time.time()))

    def stop(self, channel_id: int) -> None:
        timer = self._timers.pop(channel_id, None)
        if timer is not None:
            timer.cancel()
        self.computers.stop(channel_id)

    def stop_all(self) -> None:
        for channel_id in list(self._timers):
            self.stop(channel_id)
        self.computers.stop_all()

    # -- shared steps ------------------------------------------------------------------

    def _game(self, channel_id: int) -> tuple[Table, Game]:
        table = self.registry.tables.get(channel_id)
        if table is None or table.status is not TableStatus.PLAYING or table.game is None:
            raise NoGame()
        return table, table.game

    async def _remove(self, table: Table, game: Game, player_id: PlayerId, viewer: str,
                      told: list[TableChange]) -> Snapshot:
        """``player_id`` leaves the match (or is removed); ``viewer`` is who asked."""
        catchable = set(game.catchable())
        events = game.apply(Action(engine_id(player_id), "leave"))
        change = await self._after_change(table, events, catchable)
        told.append(change)
        return change.hand(viewer, events) or Snapshot.take(table, viewer, events)

    async def _after_change(self, table: Table, events: list[Event], catchable: set[str]
                            ) -> TableChange:
        """The steps of every change once the engine applied it, ending with its save;
        returns the change to tell once the lock is released (:meth:`changing`)."""
        game = table.game
        assert game is not None
        self.registry.changed(table)
        table.tally.observe(events)
        person = first_person(table, game)
        if engine_id(table.host.id) not in game.hands and person is not None:
            table.host = person  # left, kicked or timed out: host passes on
        shown = [e.redact(None).to_dict() for e in events if e.kind not in QUIET_EVENTS]
        if shown:
            table.recent_actions = [*table.recent_actions, shown][-RECENT_ACTIONS:]
        if set(game.catchable()) != catchable:
            table.catch_version = table.version
        self.stop(table.channel_id)
        if game.match_over or person is None:  # nobody but computer players is left
            self.registry.close(table, CloseReason.FINISHED if game.match_over
                                else CloseReason.EMPTY)
            table.turn_deadline = None
            table.ended_at = self.clock.wall()
            log.info("match over guild=%s channel=%s winner=%s", table.guild_id,
                     table.channel_id, game.match_winner)
        else:
            seconds = NEXT_ROUND_SECONDS if game.round_over else float(table.turn_seconds)
            self._start_timer(table, seconds)
        self.computers.changed(table, events)
        await self.registry.save(table)
        return TableChange.take(table, events)

    def _start_timer(self, table: Table, seconds: float) -> None:
        table.turn_deadline = time.time() + seconds
        self._schedule(table, seconds)

    def _schedule(self, table: Table, seconds: float) -> None:
        clock = self.clock
        channel_id, version = table.channel_id, table.version

        async def run_out() -> None:
            await self._run_out(channel_id, version)

        self._timers[channel_id] = clock.call_at(clock.now() + seconds, run_out)

    async def _run_out(self, channel_id: int, version: int) -> None:
        """The turn timer: every player the game waits for times out (RULES.md 10);
        after a round, the next one is dealt."""
        async with self.changing(channel_id) as told:
            table = self.registry.tables.get(channel_id)
            if table is None or table.version != version or table.game is None:
                return
            game = table.game
            catchable = set(game.catchable())
            events: list[Event] = []
            if game.round_over:
                events += game.apply(Action(game.players[0], "next_round"))
            else:
                for player in game.waiting_for():
                    if player in game.waiting_for():
                        events += self.computers.run_out(table, game, player)
            log.info("timer ran out guild=%s channel=%s", table.guild_id, channel_id)
            with contextlib.suppress(NotSaved):  # put back, and tried again (``reverted``)
                told.append(await self._after_change(table, events, catchable))

    def reverted(self, table: Table) -> None:
        """The table was put back as last saved: its timers follow that state again; a
        deadline already past is tried again after a pause, not in a tight loop."""
        if table.status is not TableStatus.PLAYING:
            return
        self.stop(table.channel_id)
        if table.turn_deadline is not None:
            self._schedule(table, max(RETRY_SECONDS, table.turn_deadline - time.time()))
        self.computers.schedule(table)
