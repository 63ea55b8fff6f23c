"""The game: one match of UNO between players seated in order, played round by round.

``Game`` holds the whole state and applies actions. Every action is checked in full
before anything changes, so a refused action (``IllegalAction``) leaves the state exactly
as it was. The turn flow lives here; what cards do is in ``effects``, the table's own
actions (dealing, timeouts, leaving) in ``table``, the list of legal actions in ``legal``.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from typing import TYPE_CHECKING, Any

from bot.engine import legal, refusals, table
from bot.engine.actions import PLAYER_ACTIONS, TABLE_ACTIONS, Action, ActionKind
from bot.engine.cards import CARD_COLOR, Card, CardColor, Color, full_deck, hand_points
from bot.engine.errors import IllegalAction
from bot.engine.events import NO_EFFECT, Event
from bot.engine.moves import PLAYER_HANDLERS, Handler
from bot.engine.options import RULESETS, Options
from bot.engine.phase import Phase, Waiting, waiting
from bot.engine.rng import SeedCounter

if TYPE_CHECKING:
    from bot.engine.view import PlayerView

_STALE: dict[str, list[Action]] = {}
"""What ``Game._legal`` holds once the state has changed. Never read or written: its
version no longer matches, and ``_new_version`` puts a fresh dict in its place first."""

TURN = "turn"
ROUND_OVER = "round_over"
MATCH_OVER = "match_over"


class Game:
    """A match in progress. Build one with ``Game.new`` (a fresh, dealt match) or
    ``Game.from_position`` (a mid-round position, as rule vectors give them)."""

    __slots__ = (
        "_legal", "_legal_version", "_waiting", "answerable_draw_two",
        "catch_window", "choosing_start_color", "color", "current", "dealer", "direction",
        "discard_pile",
        "discards_owed", "draw_pile", "draw_three_for", "drawn", "hands", "hands_shown_until",
        "joke_by", "late_voters", "match_winner", "options", "pending_draw", "pending_kind",
        "phase", "players", "rng", "round_number", "round_points", "round_winner", "ruleset",
        "scores", "seed", "timeouts", "top_by", "uno_called", "uno_with_two", "version", "voters",
        "wild4_by", "wild4_color", "wild4_guilty",
    )

    def __init__(self, ruleset: str, options: Options, players: list[str], seed: int) -> None:
        if ruleset not in RULESETS:
            raise ValueError(f"unknown ruleset {ruleset!r}")
        if not 2 <= len(players) <= 10 or len(set(players)) != len(players):
            raise ValueError("a game needs 2 to 10 different players")
        self.ruleset = ruleset
        self.options = options
        self.seed = seed
        self.rng = SeedCounter(seed)
        self.players: list[str] = list(players)
        """Seating order of the players still in the match."""
        self.hands: dict[str, list[Card]] = {p: [] for p in players}
        self.draw_pile: list[Card] = []
        """Face down; the top card is the LAST item."""
        self.discard_pile: list[Card] = []
        """Face up, bottom first; the top card is the last item."""
        self.color: CardColor = ""
        self.top_by: str | None = None
        """Who laid the top card of the discard pile (None for the start card): no
        jump-in on one's own card (RULES.md 11)."""
        self.direction = 1
        self.current = players[0]
        self.dealer = players[-1]
        self.phase = TURN
        self.round_number = 1
        self.scores: dict[str, int] = {p: 0 for p in players}
        self.round_winner: str | None = None
        self.round_points: dict[str, int] = {}
        self.match_winner: str | None = None
        # A draw waiting on the current player: how many cards, and from which card.
        self.pending_draw = 0
        self.pending_kind = ""
        # The last Wild Draw Four, for a challenge: who laid it, the colour in force before
        # it (a wild's chosen colour when a wild lay under it) and whether they were guilty.
        self.wild4_by: str | None = None
        self.wild4_color: CardColor = ""
        self.wild4_guilty = False
        self.drawn: list[Card] = []
        """Cards the current player drew this turn and may still play (play_drawn/keep)."""
        self.choosing_start_color = False
        self.uno_called: set[str] = set()
        self.uno_with_two: set[str] = set()
        self.catch_window: set[str] = set()
        self.draw_three_for: str | None = None
        self.hands_shown_until: str | None = None
        """House rule 7: every hand is shown until this player's next turn."""
        self.discards_owed: dict[str, int] = {}
        """House rules 5, 6, 8: the hand size each of these players must discard down to."""
        self.joke_by: str | None = None
        self.voters: list[str] = []
        self.late_voters: list[str] = []
        """House rule 8: players whose vote a laugh made needless; theirs changes nothing."""
        self.timeouts: dict[str, int] = {}
        self.answerable_draw_two = (options.stacking or options.stack_draws
                                    or "bff" in full_deck(ruleset))
        """A Draw Two waits for its victim when they could answer it (RULES.md 5)."""
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
    def top(self) -> Card:
        return self.discard_pile[-1]

    @property
    def round_over(self) -> bool:
        return self.phase != TURN

    @property
    def match_over(self) -> bool:
        return self.phase == MATCH_OVER

    def seat_after(self, player: str, steps: int = 1) -> str:
        """The player ``steps`` seats on from ``player`` in the direction of play."""
        seats = self.players
        return seats[(seats.index(player) + steps * self.direction) % len(seats)]

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

    def catchable(self) -> list[str]:
        """Players who hold one card without a call and can be caught right now."""
        if not self.catch_window:
            return []
        return [
            p
            for p in self.players
            if p in self.catch_window and p not in self.uno_called and len(self.hands[p]) == 1
        ]

    def uno_call_counts(self, player: str) -> bool:
        """Whether an UNO call by ``player`` now would count (RULES.md 8)."""
        size = len(self.hands[player])
        return size == 1 or (size == 2 and player == self.current and self.phase == TURN)

    def card_count(self) -> int:
        """Every card in the game, for the conservation check."""
        return len(self.draw_pile) + len(self.discard_pile) + sum(map(len, self.hands.values()))

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
        from bot.engine.view import player_view

        return player_view(self, player)

    def view(self, player: str | None) -> dict[str, Any]:
        """``seat_view`` as a JSON-able dict (what the computer players read)."""
        return self.seat_view(player).to_dict()

    def to_dict(self) -> dict[str, Any]:
        from bot.engine.state_io import game_to_dict

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        from bot.engine.state_io import game_from_dict

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

    # -- shared mechanics (used by effects and table too) ------------------------------

    def draw_cards(self, player: str, count: int, events: list[Event], reason: str) -> list[Card]:
        """``player`` draws up to ``count`` cards, reshuffling the discard pile when the
        draw pile runs out; with nothing left anywhere, they take what there is."""
        pile = self.draw_pile
        if 0 < count <= len(pile):
            taken = pile[-count:]
            del pile[-count:]
            taken.reverse()
        else:
            taken = []
            for _ in range(count):
                if not pile and not self.reshuffle(events):
                    break
                taken.append(pile.pop())
        if taken:
            self.hands[player] += taken
            self.hand_changed(player)
        events.append(
            Event("drew", player, tuple(taken), len(taken), None, None, (player,),
                  {"reason": reason})
        )
        return taken

    def draw_until(
        self, player: str, wanted: Container[Card], events: list[Event], reason: str
    ) -> list[Card]:
        """``player`` draws card by card until one of ``wanted`` (the last card drawn)
        or until nothing is left to draw; every card drawn joins the hand."""
        taken: list[Card] = []
        while True:
            card = self.draw_cards(player, 1, events, reason)
            taken += card
            if not card or card[0] in wanted:
                return taken

    def reshuffle(self, events: list[Event]) -> bool:
        """Shuffle the discard pile but its top card into a new draw pile."""
        if len(self.discard_pile) < 2:
            return False
        pile = self.discard_pile[:-1]
        del self.discard_pile[:-1]
        self.rng.shuffle(pile)
        self.draw_pile[:0] = pile
        events.append(Event("reshuffled", count=len(pile)))
        return True

    def hand_changed(self, player: str) -> None:
        """Keep UNO calls and the catch window true to the hand's new size (RULES.md 8):
        a call stands while its caller holds one card (or still the two they called
        with); a player left holding one card without a call can be caught."""
        size = len(self.hands[player])
        if size > 2 and player not in self.uno_called:
            if player in self.catch_window:
                self.catch_window.discard(player)
            return
        if player in self.uno_called:
            if size == 1:
                self.uno_with_two.discard(player)
            elif not (size == 2 and player in self.uno_with_two):
                self.uno_called.discard(player)
                self.uno_with_two.discard(player)
        if size == 1 and player not in self.uno_called:
            self.catch_window.add(player)
        else:
            self.catch_window.discard(player)

    def begin_turn_action(self) -> None:
        """The player to act has begun their turn: earlier catch windows close."""
        if self.catch_window:
            self.catch_window.clear()
        if self.late_voters:
            self.late_voters.clear()

    def pass_turn(self, from_player: str, skips: int, events: list[Event]) -> None:
        """Move the turn ``skips + 1`` seats on from ``from_player`` (RULES.md 5: the same
        arithmetic gives the two-player rules), naming each player skipped."""
        seats = self.players
        seat = seats.index(from_player)
        direction = self.direction
        if skips:
            for step in range(1, skips + 1):
                events.append(Event("skipped", seats[(seat + step * direction) % len(seats)]))
        self.set_current(seats[(seat + (skips + 1) * direction) % len(seats)])

    def set_current(self, player: str) -> None:
        if self.draw_three_for is not None and self.draw_three_for == self.current:
            self.draw_three_for = None
        self.current = player
        if self.drawn:
            self.drawn = []
        if self.hands_shown_until is not None and self.hands_shown_until == player:
            self.hands_shown_until = None

    def end_round(self, winner: str, events: list[Event]) -> None:
        """Score the round (RULES.md 9) and end the match when someone reaches the target."""
        self.phase = ROUND_OVER
        self.round_winner = winner
        self.pending_draw, self.pending_kind = 0, ""
        self.drawn, self.discards_owed, self.voters, self.joke_by = [], {}, [], None
        self.late_voters = []
        left_in_hands = {p: hand_points(self.hands[p]) for p in self.players}
        if self.options.scoring == "alternative":
            self.round_points = {p: left_in_hands[p] for p in self.players}
        else:
            self.round_points = {winner: sum(left_in_hands.values())}
        for player, points in self.round_points.items():
            self.scores[player] = self.scores.get(player, 0) + points
        events.append(
            Event("round_over", winner, data={"round_points": dict(self.round_points),
                                             "hand_points": left_in_hands,
                                             "scores": dict(self.scores)})
        )
        if any(self.scores.get(p, 0) >= self.options.target for p in self.players):
            self.end_match(self._match_leader(winner), events)

    def end_match(self, winner: str | None, events: list[Event], forfeit: bool = False) -> None:
        self.phase = MATCH_OVER
        self.match_winner = winner
        events.append(Event("match_over", winner, data={"scores": dict(self.scores),
                                                         "forfeit": forfeit}))

    def _match_leader(self, round_winner: str) -> str:
        """Standard scoring: whoever reached the target (only the round winner scores).
        Alternative: the lowest total; among equals, the round winner, else seating order."""
        if self.options.scoring != "alternative":
            return round_winner
        lowest = min(self.scores[p] for p in self.players)
        tied = [p for p in self.players if self.scores[p] == lowest]
        return round_winner if round_winner in tied else tied[0]


_TABLE_HANDLERS: dict[ActionKind, Handler] = {
    "timeout": table.timeout,
    "leave": table.leave,
    "next_round": table.next_round,
}
assert set(PLAYER_HANDLERS) == PLAYER_ACTIONS and set(_TABLE_HANDLERS) == TABLE_ACTIONS
