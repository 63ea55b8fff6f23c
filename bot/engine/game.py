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

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Self

from bot.engine import dealing, legal, refusals, table
from bot.engine.actions import PLAYER_ACTIONS, TABLE_ACTIONS, Action, ActionKind
from bot.engine.cards import CARD_COLOR, Card, CardColor
from bot.engine.errors import IllegalAction
from bot.engine.events import NO_EFFECT, Event
from bot.engine.moves import PLAYER_HANDLERS, Handler
from bot.engine.options import Options
from bot.engine.phase import Phase, Waiting, waiting
from bot.engine.results import MatchResult, RoundResult
from bot.engine.state import GameState
from bot.engine.state_io import game_from_dict, game_to_dict
from bot.engine.teams import checked_teams, seated_across
from bot.engine.view import PlayerView, player_view

_STALE: dict[str, list[Action]] = {}
"""What ``Game._legal`` holds once the state has changed. Never read or written: its
version no longer matches, and ``_new_version`` puts a fresh dict in its place first."""


class Game(GameState):
    """A match in progress. Build one with ``Game.new`` (a fresh, dealt match) or
    ``Game.from_position`` (any position from its parts: a rule vector's, a saved
    game's, a computer player's possible world)."""

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
        if len(self.players) < 2:
            raise ValueError("a match is dealt to 2 to 10 players")
        dealing.form_teams(self)
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
        hands: Mapping[str, Iterable[Card]],
        discard: Iterable[Card],
        draw: Iterable[Card],
        current: str,
        direction: int = 1,
        color: CardColor | None = None,
        top_by: str | None = None,
        dealer: str | None = None,
        round_number: int = 1,
        scores: Mapping[str, int] | None = None,
        round_result: RoundResult | None = None,
        match_result: MatchResult | None = None,
        teams: Sequence[Sequence[str]] | None = None,
        pending_draw: int = 0,
        pending_kind: str = "",
        wild4_by: str | None = None,
        wild4_color: CardColor = "",
        wild4_guilty: bool | None = None,
        drawn: Iterable[Card] = (),
        choosing_start_color: bool = False,
        uno_called: Iterable[str] = (),
        uno_with_two: Iterable[str] | None = None,
        catch_window: Iterable[str] = (),
        draw_three_for: str | None = None,
        hands_shown_until: str | None = None,
        discards_owed: Mapping[str, int] | None = None,
        joke_by: str | None = None,
        voters: Iterable[str] = (),
        late_voters: Iterable[str] = (),
        timeouts: Mapping[str, int] | None = None,
        seed: int = 0,
        rng_counter: int = 0,
    ) -> Self:
        """A position from its parts, each named as the state field it fills: the one
        way to a game but the deal (``new``), taken by rule vectors, saved games
        (``state_io``) and the computer players' possible worlds alike.

        ``discard`` lists the pile bottom to top, ``draw`` top first (as vectors do).
        A part left out is as a round in play has it (nothing pending, drawn, owed,
        voted, called or timed out; round 1, direction 1, no result yet), or follows
        from the others:

        - ``hands``: a player it does not name holds no cards;
        - ``color``: the top card's; ``dealer``: the player before ``current``;
        - ``scores``: 0 for a player it does not name (it may name players who left);
        - ``teams``: under partners, the players seated across (``SeatingError`` for a
          number that makes no teams of two); given, every seated player is in one,
          and a partner who left stays in theirs;
        - ``pending_draw`` (waiting on ``current``) with no ``pending_kind``: the top
          card's, a Wild Draw Four taken as the previous player's, judged against the
          colour of the card beneath it;
        - ``wild4_guilty``: whether ``wild4_by`` holds a card of ``wild4_color``;
        - ``uno_with_two``: those of ``uno_called`` holding two cards (who called on
          the two they play down from);
        - ``seed``, ``rng_counter``: where the random generator stands.

        What is checked is what would break the engine, not whether the rules could
        reach the position (``ValueError``): players seated, a top card, and while the
        match is in play two players or more, ``current`` among them (a match won by
        forfeit may have one left, and the leaver to move)."""
        game = cls(ruleset, options, players, seed)
        game.rng.setstate([seed, rng_counter])
        game.discard_pile = list(discard)
        if not set(hands) <= set(players) or not game.discard_pile:
            raise ValueError("the players must be seated and the discard pile not empty")
        if match_result is None and (len(players) < 2 or current not in game.hands):
            raise ValueError("a match in play has 2 players or more, one of them to play")
        game.hands = {p: list(hands.get(p, ())) for p in players}
        game.draw_pile = list(draw)[::-1]
        game.color = CARD_COLOR[game.discard_pile[-1]] if color is None else color
        game.top_by = top_by
        game.direction = direction
        game.current = current
        game.dealer = game.seat_after(current, -1) if dealer is None else dealer
        game.round_number = round_number
        game.scores = dict(scores or {})
        for player in players:
            game.scores.setdefault(player, 0)
        game.round_result, game.match_result = round_result, match_result
        if options.partners:
            game.teams = checked_teams(seated_across(players) if teams is None else teams,
                                       players)
        elif teams:
            raise ValueError("teams play under partners only")
        if pending_draw and not pending_kind:
            pending_kind = "wild4" if game.discard_pile[-1] == "wild4" else "draw2"
            if pending_kind == "wild4":
                wild4_by = game.seat_after(current, -1)
                beneath = game.discard_pile[-2:-1]
                wild4_color = CARD_COLOR[beneath[0]] if beneath else ""
        game.pending_draw, game.pending_kind = pending_draw, pending_kind
        game.wild4_by, game.wild4_color = wild4_by, wild4_color
        if wild4_guilty is None:
            held = game.hands.get(wild4_by or "", [])
            wild4_guilty = any(CARD_COLOR[c] == wild4_color for c in held)
        game.wild4_guilty = wild4_guilty
        game.drawn = list(drawn)
        game.choosing_start_color = choosing_start_color
        game.uno_called = set(uno_called)
        game.uno_with_two = ({p for p in game.uno_called if len(game.hands[p]) == 2}
                             if uno_with_two is None else set(uno_with_two))
        game.catch_window = set(catch_window)
        game.draw_three_for, game.hands_shown_until = draw_three_for, hands_shown_until
        game.discards_owed = dict(discards_owed or {})
        game.joke_by, game.voters, game.late_voters = joke_by, list(voters), list(late_voters)
        game.timeouts = dict(timeouts or {})
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
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """The saved state (``state_io``) as a game, built by ``from_position``."""
        return game_from_dict(cls.from_position, data)

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
