"""Computer players at a table: their seats in the lobby, and their moves in the game.

In the lobby the host adds computer players (``/uno addbot``) and removes them
(``/uno removebot``). Each takes a seat like a person (it counts toward the ten seats
and the two needed to start), with a negative id (-1, -2, ...) that no Discord user
can have, and a seat name such as "🤖 Normal bot 1". The engine knows it as ``"-1"``.

In the game they act through the same path as people (``Turns.computer_move``: the
table's lock, the engine, a new version, the timers, the save, the UI). After every
change, under the lock, :meth:`Computers.changed` shows each computer player the events
redacted for it (``bot.ai.show_events``) and, when any of them has a legal action,
schedules one move on the manager's clock after a short, human-looking pause. The move
is decided when it falls due, under the lock, from each player's own view and legal
actions; so a move scheduled before the state moved on decides afresh, and a computer
player the game waits on is always scheduled (the game never stalls on it).

With the table's ``autoplay`` option, a person whose turn timer runs out is played by a
stand-in computer player (level ``normal``) instead of drawing and passing, until any
click of theirs reaches the game again.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.ai import LEVELS, ComputerPlayer, computer_action, show_events
from bot.clock import Handle
from bot.engine import Action, Event, Game
from bot.lobby_errors import LobbyError, TableFull
from bot.table_state import Phase, Player, Table

if TYPE_CHECKING:
    from bot.manager import GameManager

log = logging.getLogger(__name__)

PAUSE_SECONDS = (1.0, 2.5)
"""How long a computer player seems to think before it acts."""
STAND_IN_LEVEL = "normal"

Publish = Callable[[Table], Awaitable[None]]


class NotHostForComputers(LobbyError):
    code = "not_host_for_computers"

    def __init__(self, host_name: str) -> None:
        super().__init__(f"Only the host, {host_name}, can add or remove computer players.")


class UnknownLevel(LobbyError):
    code = "unknown_level"

    def __init__(self, level: str) -> None:
        super().__init__(
            f"There is no computer level called {level!r}; choose one of {', '.join(LEVELS)}."
        )


class NoComputerToRemove(LobbyError):
    code = "no_computer_to_remove"

    def __init__(self, number: int | None) -> None:
        super().__init__(
            "There is no computer player in this lobby to remove." if number is None
            else f"There is no computer player number {number} in this lobby."
        )


def computer_name(level: str, number: int) -> str:
    return f"🤖 {level.capitalize()} bot {number}"


class Computers:
    """Owned by the :class:`~bot.manager.GameManager`; shares its locks, clock and seeds."""

    def __init__(self, manager: GameManager, pause: Callable[[], float] | None = None) -> None:
        self.manager = manager
        self._random = random.Random()
        self.pause = pause or (lambda: self._random.uniform(*PAUSE_SECONDS))
        self._moves: dict[int, Handle] = {}

    # -- the lobby ---------------------------------------------------------------------

    async def add(self, channel_id: int, by: int, level: str, publish: Publish) -> Player:
        """The host seats a computer player at ``level`` in the lowest free number."""
        from bot.manager import MAX_PLAYERS

        async with self.manager._lock(channel_id):
            table = self.manager._lobby(channel_id)
            if table.host.id != by:
                raise NotHostForComputers(table.host.name)
            if level not in LEVELS:
                raise UnknownLevel(level)
            if len(table.players) >= MAX_PLAYERS:
                raise TableFull(MAX_PLAYERS)
            taken = {p.id for p in table.players}
            number = next(n for n in range(1, MAX_PLAYERS + 1) if -n not in taken)
            player = Player(-number, computer_name(level, number))
            table.players.append(player)
            table.computers[str(player.id)] = ComputerPlayer(
                str(player.id), level, self.manager._seeds())
            await self._lobby_changed(table, publish)
            log.info("computer player added guild=%s channel=%s player=%s level=%s",
                     table.guild_id, channel_id, player.id, level)
            return player

    async def remove(
        self, channel_id: int, by: int, number: int | None, publish: Publish
    ) -> Player:
        """The host takes away computer player ``number`` (its name's number), or the
        last one added."""
        async with self.manager._lock(channel_id):
            table = self.manager._lobby(channel_id)
            if table.host.id != by:
                raise NotHostForComputers(table.host.name)
            seated = [p for p in table.players if p.is_computer]
            if number is not None:
                seated = [p for p in seated if p.id == -number]
            if not seated:
                raise NoComputerToRemove(number)
            player = seated[-1]
            table.players.remove(player)
            table.computers.pop(str(player.id), None)
            await self._lobby_changed(table, publish)
            log.info("computer player removed guild=%s channel=%s player=%s",
                     table.guild_id, channel_id, player.id)
            return player

    async def _lobby_changed(self, table: Table, publish: Publish) -> None:
        self.manager._changed(table)
        self.manager._touch(table)
        await self.manager._save(table)
        await publish(table)

    # -- the game ----------------------------------------------------------------------

    def changed(self, table: Table, events: list[Event]) -> None:
        """After every change to the game, under the lock: every computer player sees
        the events as it may, and the next move is scheduled if one is to be made."""
        game = table.game
        assert game is not None
        for player in [p for p in table.stand_ins if p not in game.hands]:
            del table.stand_ins[player]
        show_events(game, [*table.computers.values(), *table.stand_ins.values()], events)
        self.schedule(table)

    def schedule(self, table: Table) -> None:
        """Schedule one move after a pause when a computer player (or a stand-in) has
        anything to do now; a move already scheduled for the table is replaced."""
        channel_id = table.channel_id
        self.stop(channel_id)
        game = table.game
        if table.phase is not Phase.PLAYING or game is None or game.round_over:
            return
        if not any(game.legal_actions(p) for p in self._seated(table, game)):
            return
        clock = self.manager.clock
        handle: Handle | None = None

        async def move() -> None:
            if self._moves.get(channel_id) is handle:
                del self._moves[channel_id]
            await self.manager.turns.computer_move(channel_id, self._decide)

        handle = self._moves[channel_id] = clock.call_at(clock.now() + self.pause(), move)

    def run_out(self, table: Table, game: Game, player: str) -> list[Event]:
        """``player``'s turn timer ran out: with autoplay, a stand-in acts for a person
        (and keeps playing for them); otherwise the engine's timeout applies."""
        if table.autoplay and player not in table.computers:
            stand_in = table.stand_ins.get(player)
            if stand_in is None:
                stand_in = ComputerPlayer(player, STAND_IN_LEVEL, self.manager._seeds())
                stand_in.observe([], game.view(player))
                table.stand_ins[player] = stand_in
                log.info("autoplay takes over guild=%s channel=%s player=%s",
                         table.guild_id, table.channel_id, player)
            action = stand_in.choose(game.view(player), game.legal_actions(player))
            if action is not None:
                return [Event("timed_out", player), *game.apply(action)]
        return game.apply(Action(player, "timeout"))

    def person_back(self, table: Table, player: str) -> bool:
        """A click of ``player``'s reached the game: any takeover of their seat ends.
        Returns whether one did."""
        if table.stand_ins.pop(player, None) is None:
            return False
        log.info("autoplay hands back guild=%s channel=%s player=%s",
                 table.guild_id, table.channel_id, player)
        return True

    def stop(self, channel_id: int) -> None:
        move = self._moves.pop(channel_id, None)
        if move is not None:
            move.cancel()

    def stop_all(self) -> None:
        for channel_id in list(self._moves):
            self.stop(channel_id)

    def _decide(self, table: Table, game: Game) -> Action | None:
        return computer_action(game, self._seated(table, game))

    @staticmethod
    def _seated(table: Table, game: Game) -> dict[str, ComputerPlayer]:
        """Every seat a computer plays now: computer players, then stand-ins."""
        seated = {p: c for p, c in table.computers.items() if p in game.hands}
        return seated | {p: c for p, c in table.stand_ins.items() if p in game.hands}


def first_person(table: Table, game: Game) -> Player | None:
    """The first person (not a computer player) still in the match, in seating order."""
    people = {str(p.id): p for p in table.players if not p.is_computer}
    return next((people[seat] for seat in game.players if seat in people), None)
