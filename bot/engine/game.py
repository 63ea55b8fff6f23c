"""The game: one match of UNO between players seated in order, played round by round.

``Game`` is the state (``GameState``) with what applies actions to it. Every action is
checked in full before anything changes, so a refused action (``IllegalAction``) leaves
the state exactly as it was. Here are ``apply``, the dispatch of each action to its
handler and the caches worked out once per version (the legal actions, what the game
waits for); what a player's action does is in ``moves``, what cards do in ``effects``,
the table's own actions (dealing, timeouts, leaving) in ``table``, the list of legal
actions in ``legal``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.engine import legal, refusals, table
from bot.engine.actions import PLAYER_ACTIONS, TABLE_ACTIONS, Action, ActionKind
from bot.engine.cards import CARD_COLOR, Card, Color
from bot.engine.errors import IllegalAction
from bot.engine.events import NO_EFFECT, Event
from bot.engine.moves import PLAYER_HANDLERS, Handler
from bot.engine.options import Options
from bot.engine.phase import Phase, Waiting, waiting
from bot.engine.state import GameState
from bot.engine.state_io import game_from_dict, game_to_dict
from bot.engine.view import PlayerView, player_view

_STALE: dict[str, list[Action]] = {}
"""What ``Game._legal`` holds once the state has changed. Never read or written: its
version no longer matches, and ``_new_version`` puts a fresh dict in its place first."""


class Game(GameState):
    """A match in progress. Build one with ``Game.new`` (a fresh, dealt match) or
    ``Game.from_position`` (a mid-round position, as rule vectors give them)."""

    __slots__ = ("_legal", "_legal_version", "_waiting", "version")

    def __init__(self, ruleset: str, options: Options, players: list[str], seed: int) -> None:
        super().__init__(ruleset, options, players, seed)
        self.version = 0
        """Counts the changes ``apply`` made (not saved): the key of the legal actions."""
        self._legal: dict[str, list[Action]] = {}
        self._legal_version = -1
        """The version ``_legal`` and ``_waiting`` were worked out for."""
        self._waiting = Waiting(Phase.TURN, ())

    # -- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, ruleset: str, options: Options, players: list[str], seed: int) -> Game:
        """A new match: the dealer is chosen by drawing, and the first round is dealt."""
        game = cls(ruleset, options, players, seed)
        game.begin()
        return game

    def begin(self) -> list[Event]:
        """Choose the first dealer by drawing and deal the first round; the events say
        what happened (the start card and its effect included)."""
        events = [*table.choose_first_dealer(self), *table.deal_round(self)]
        self.version += 1
        return events

    @classmethod
    def from_position(
        cls,
        ruleset: str,
        options: Options,
        players: list[str],
        *,
        hands: dict[str, list[Card]],
        discard: list[Card],
        draw: list[Card],
        current: str,
        direction: int = 1,
        color: Color | None = None,
        uno_called: Iterable[str] = (),
        scores: dict[str, int] | None = None,
        pending_draw: int = 0,
        seed: int = 0,
    ) -> Game:
        """A mid-round position. ``draw`` lists the draw pile top first, ``discard``
        bottom to top; ``pending_draw`` is a Draw Two / Wild Draw Four (from the top
        card) waiting on ``current``. For a pending Wild Draw Four the previous player
        is taken as its player, judged against the colour of the card beneath it."""
        game = cls(ruleset, options, players, seed)
        if current not in game.hands or not discard:
            raise ValueError("the current player must be seated and the discard pile not empty")
        for player in players:
            game.hands[player] = list(hands.get(player, []))
        game.discard_pile = list(discard)
        game.draw_pile = list(reversed(draw))
        game.current = current
        game.direction = direction
        game.color = color or CARD_COLOR[discard[-1]]
        game.dealer = game.seat_after(current, -1)
        if scores:
            game.scores.update(scores)
        for player in uno_called:
            game.uno_called.add(player)
            if len(game.hands[player]) == 2:
                game.uno_with_two.add(player)
        if pending_draw:
            game.pending_draw = pending_draw
            game.pending_kind = "wild4" if discard[-1] == "wild4" else "draw2"
            if game.pending_kind == "wild4":
                by = game.seat_after(current, -1)
                before = CARD_COLOR[discard[-2]] if len(discard) > 1 else ""
                game.wild4_by, game.wild4_color = by, before
                game.wild4_guilty = any(CARD_COLOR[c] == before for c in game.hands[by])
        return game

    # -- questions ---------------------------------------------------------------------

    @property
    def waiting(self) -> Waiting:
        """What the game waits for and from whom (``phase.waiting``), worked out once
        per state version."""
        if self._legal_version != self.version:
            self._new_version()
        return self._waiting

    def waiting_for(self) -> list[str]:
        """The players the game is waiting on now (none once the round is over)."""
        if self._legal_version != self.version:
            self._new_version()
        return list(self._waiting.players)

    def legal_actions(self, player: str) -> list[Action]:
        """Every action ``player`` may take now, out-of-turn ones included. Worked out
        once per state version and player; each caller gets its own copy of the list."""
        return list(self._legal_for(player))

    def _legal_for(self, player: str) -> list[Action]:
        if self._legal_version != self.version:
            self._new_version()
        listed = self._legal.get(player)
        if listed is None:
            listed = self._legal[player] = legal.legal_actions(self, player, self._waiting.phase)
        return listed

    def _new_version(self) -> None:
        """Forget what was worked out for the previous version of the state."""
        self._legal = {}
        self._legal_version = self.version
        self._waiting = waiting(self)

    def seat_view(self, player: str | None) -> PlayerView:
        """What ``player`` may see (``None``: a spectator), as a typed value."""
        seated = player is not None and player in self.hands
        legal_now = tuple(self.legal_actions(player)) if seated and player is not None else ()
        return player_view(self, player, self.waiting, legal_now)

    def view(self, player: str | None) -> dict[str, Any]:
        """``seat_view`` as a JSON-able dict (what the computer players read)."""
        return self.seat_view(player).to_dict()

    def to_dict(self) -> dict[str, Any]:
        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        return game_from_dict(cls, data)

    # -- applying actions --------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` and return the events it caused, or raise ``IllegalAction``
        and leave the state untouched.

        A player's action applies when ``legal_actions`` lists it (``legal.canonical``
        names the card a ``play_drawn`` may leave out); any other is refused
        with the reason (``refusals``), except the few the rules accept unlisted: those
        with no effect (which change nothing at all) and a discard of several cards.
        The table's actions (``timeout``, ``leave``, ``next_round``) check themselves.

        A listed action is applied straight away: the list is worked out once per
        version, so an action just offered is found in it without a second look.
        """
        listed = self._legal.get(action.player) if self._legal_version == self.version else None
        if listed is None or action not in listed:
            table_action = _TABLE_HANDLERS.get(action.do)
            if table_action is not None:
                return self._apply_table_action(table_action, action)
            action = self._accepted(action)
        events: list[Event] = []
        PLAYER_HANDLERS[action.do](self, action, events)
        if events[-1].kind in NO_EFFECT:
            return events
        if self.timeouts:
            self.timeouts.pop(action.player, None)
        self._changed()
        return events

    def _accepted(self, action: Action) -> Action:
        """``action`` as it applies (``legal.canonical``) when it is listed or one of the
        few the rules accept unlisted; else the refusal (``refusals``) is raised."""
        if action.do == "play_drawn" and action.card is None:
            action = legal.canonical(self, action)
        if action not in self._legal_for(action.player):
            refusals.check(self, action)
        return action

    def _apply_table_action(self, handler: Handler, action: Action) -> list[Event]:
        if action.player not in self.hands:
            raise IllegalAction("not_a_player", action.player)
        events: list[Event] = []
        handler(self, action, events)
        self._changed()
        return events

    def _changed(self) -> None:
        """A new version of the state: the lists of the last one are let go, so a game
        at rest keeps none (``_STALE`` is never read: its version no longer matches)."""
        self.version += 1
        self._legal = _STALE


_TABLE_HANDLERS: dict[ActionKind, Handler] = {
    "timeout": table.timeout,
    "leave": table.leave,
    "next_round": table.next_round,
}
assert set(PLAYER_HANDLERS) == PLAYER_ACTIONS and set(_TABLE_HANDLERS) == TABLE_ACTIONS
