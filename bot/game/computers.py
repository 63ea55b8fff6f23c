"""Computer players' moves in the game (their seats are taken in ``bot.game.lobby``).

A computer player has a negative id (-1, -2, ...) that no Discord user can have; the
engine knows it as ``"-1"``.

In the game they act through the same path as people (``Turns.computer_move``: the
table's lock, the engine, a new version, the timers, the save, the UI). After every
change, under the lock, :meth:`Computers.changed` shows each computer player the events
redacted for it (``bot.ai.show_events``) and, when any of them has a legal action,
schedules one move on the clock after a short, human-looking pause. The move
is decided when it falls due, under the lock, from each player's own view and legal
actions; so a move scheduled before the state moved on decides afresh, and a computer
player the game waits on is always scheduled (the game never stalls on it).

A ``hard`` player's search is not made under the lock: ``decide`` hands it back as a
``Question``, the turns release the lock while the ``Thinker`` answers it in a worker
process, and apply the answer if the game has not moved on meanwhile (else the move is
decided afresh); with no answer in time, the player decides as ``normal`` does.

With the table's ``autoplay`` option, a person whose turn timer runs out is played by a
stand-in computer player (level ``normal``) instead of drawing and passing, until any
click of theirs reaches the game again.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Awaitable, Callable

from bot.ai import ComputerPlayer, Question, computer_decision, show_events
from bot.engine import Action, Event, Game
from bot.game.clock import Clock, Handle
from bot.game.players import is_computer_seat
from bot.game.registry import TableRegistry
from bot.game.table import Table, TableStatus
from bot.game.thinking import Thinker

log = logging.getLogger(__name__)

PAUSE_SECONDS = (1.0, 2.5)
"""How long a computer player seems to think before it acts."""
STAND_IN_LEVEL = "normal"

Move = Callable[[int], Awaitable[None]]
"""Makes the computer move due at a channel's table (``Turns.computer_move``)."""


class Computers:
    """The computer players' moves at every table; ``move`` (``Turns.computer_move``,
    whose turns build this) makes a move through the same path as a click."""

    def __init__(
        self, registry: TableRegistry, clock: Clock, move: Move,
        pause: Callable[[], float] | None = None, thinker: Thinker | None = None,
    ) -> None:
        self.registry = registry
        self.clock = clock
        self.move = move
        self.thinker = thinker or Thinker()
        self._random = random.Random()
        self.pause = pause or (lambda: self._random.uniform(*PAUSE_SECONDS))
        self._moves: dict[int, Handle] = {}

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
        if table.status is not TableStatus.PLAYING or game is None or game.round_over:
            return
        if not any(game.legal_actions(p) for p in self._seated(table, game)):
            return
        clock = self.clock
        handle: Handle | None = None

        async def move() -> None:
            if self._moves.get(channel_id) is handle:
                del self._moves[channel_id]
            await self.move(channel_id)

        handle = self._moves[channel_id] = clock.call_at(clock.now() + self.pause(), move)

    def run_out(self, table: Table, game: Game, player: str) -> list[Event]:
        """``player``'s turn timer ran out: with autoplay, a stand-in acts for a person
        (and keeps playing for them); otherwise the engine's timeout applies."""
        if table.autoplay and not is_computer_seat(player):
            stand_in = table.stand_ins.get(player)
            if stand_in is None:
                stand_in = ComputerPlayer(player, STAND_IN_LEVEL, self.registry.seeds())
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

    def decide(self, table: Table, game: Game) -> Action | Question | None:
        """The move of whichever computer player has one now, from its own view; a hard
        player's search comes back undone, for ``thinker`` to answer off the lock."""
        return computer_decision(game, self._seated(table, game))

    def at_once(self, table: Table, game: Game, question: Question) -> Action | None:
        """The move of the player who asked ``question`` without a search (it had no
        answer in time)."""
        player = question.view["you"]
        computer = self._seated(table, game).get(player)
        if computer is None:
            return None
        return computer.choose_at_once(game.view(player), game.legal_actions(player))

    @staticmethod
    def _seated(table: Table, game: Game) -> dict[str, ComputerPlayer]:
        """Every seat a computer plays now: computer players, then stand-ins."""
        seated = {p: c for p, c in table.computers.items() if p in game.hands}
        return seated | {p: c for p, c in table.stand_ins.items() if p in game.hands}
