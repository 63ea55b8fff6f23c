"""The game: one match of UNO between players seated in order, played round by round.

``Game`` holds the whole state and applies actions. Every action is checked in full
before anything changes, so a refused action (``IllegalAction``) leaves the state exactly
as it was. The turn flow lives here; what cards do is in ``effects``, the table's own
actions (dealing, timeouts, leaving) in ``table``, the list of legal actions in ``legal``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from bot.engine import effects, legal, table
from bot.engine.actions import PLAYER_ACTIONS, TABLE_ACTIONS, TURN_ACTIONS, Action
from bot.engine.cards import CARD_COLOR, CARD_VALUE, build_deck, hand_points
from bot.engine.checks import check_color, check_in_hand, matches
from bot.engine.errors import IllegalAction
from bot.engine.events import Event
from bot.engine.options import RULESETS, Options

TURN = "turn"
ROUND_OVER = "round_over"
MATCH_OVER = "match_over"

Handler = Callable[["Game", Action, list[Event]], None]


class Game:
    """A match in progress. Build one with ``Game.new`` (a fresh, dealt match) or
    ``Game.from_position`` (a mid-round position, as rule vectors give them)."""

    __slots__ = (
        "answerable_draw_two", "catch_window", "choosing_start_color", "color", "current",
        "dealer", "direction", "discard_pile", "discards_owed", "draw_pile",
        "draw_three_for", "drawn", "hands", "hands_shown_until", "joke_by",
        "late_voters", "match_winner", "options", "pending_draw", "pending_kind", "phase",
        "players",
        "rng", "round_number", "round_points", "round_winner", "ruleset", "scores", "seed",
        "timeouts", "uno_called", "uno_with_two", "voters", "wild4_by", "wild4_guilty",
    )

    def __init__(self, ruleset: str, options: Options, players: list[str], seed: int) -> None:
        if ruleset not in RULESETS:
            raise ValueError(f"unknown ruleset {ruleset!r}")
        if not 2 <= len(players) <= 10 or len(set(players)) != len(players):
            raise ValueError("a game needs 2 to 10 different players")
        self.ruleset = ruleset
        self.options = options
        self.seed = seed
        self.rng = random.Random(seed)
        self.players: list[str] = list(players)
        """Seating order of the players still in the match."""
        self.hands: dict[str, list[str]] = {p: [] for p in players}
        self.draw_pile: list[str] = []
        """Face down; the top card is the LAST item."""
        self.discard_pile: list[str] = []
        """Face up, bottom first; the top card is the last item."""
        self.color = ""
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
        # The last Wild Draw Four, for a challenge: who laid it and whether they were guilty.
        self.wild4_by: str | None = None
        self.wild4_guilty = False
        self.drawn: list[str] = []
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
        self.answerable_draw_two = options.stacking or "bff" in build_deck(ruleset)
        """A Draw Two waits for its victim when they could answer it (RULES.md 5)."""

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
        return [*table.choose_first_dealer(self), *table.deal_round(self)]

    @classmethod
    def from_position(
        cls,
        ruleset: str,
        options: Options,
        players: list[str],
        *,
        hands: dict[str, list[str]],
        discard: list[str],
        draw: list[str],
        current: str,
        direction: int = 1,
        color: str | None = None,
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
                game.wild4_by = by
                game.wild4_guilty = any(CARD_COLOR[c] == before for c in game.hands[by])
        return game

    # -- questions ---------------------------------------------------------------------

    @property
    def top(self) -> str:
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

    def waiting_for(self) -> list[str]:
        """The players the game is waiting on now (none once the round is over)."""
        if self.phase != TURN:
            return []
        if self.discards_owed or self.voters:
            return [*self.discards_owed, *self.voters]
        return [self.current]

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
        """Every action ``player`` may take now, out-of-turn ones included."""
        return legal.legal_actions(self, player)

    def view(self, player: str | None) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator), as a JSON-able dict."""
        from bot.engine.view import player_view

        return player_view(self, player)

    def to_dict(self) -> dict[str, Any]:
        from bot.engine.state_io import game_to_dict

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        from bot.engine.state_io import game_from_dict

        return game_from_dict(cls, data)

    # -- applying actions --------------------------------------------------------------

    def run_handler(self, action: Action, events: list[Event]) -> None:
        """Apply ``action`` unchecked, for the engine's own follow-ups (a timeout's keep)."""
        _HANDLERS[action.do](self, action, events)

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` and return the events it caused, or raise ``IllegalAction``."""
        handler = _HANDLERS.get(action.do)
        if handler is None:
            raise IllegalAction("not_allowed_now", f"unknown action {action.do!r}")
        if action.player not in self.hands:
            raise IllegalAction("not_a_player", action.player)
        if self.phase != TURN and action.do not in ("leave", "next_round"):
            raise IllegalAction("not_allowed_now", "the round is over")
        if action.do in TURN_ACTIONS and action.player != self.current:
            raise IllegalAction("not_your_turn")
        events: list[Event] = []
        handler(self, action, events)
        if action.do in PLAYER_ACTIONS:
            self.timeouts.pop(action.player, None)
        return events

    # -- shared mechanics (used by effects and table too) ------------------------------

    def draw_cards(self, player: str, count: int, events: list[Event], reason: str) -> list[str]:
        """``player`` draws up to ``count`` cards, reshuffling the discard pile when the
        draw pile runs out; with nothing left anywhere, they take what there is."""
        taken: list[str] = []
        for _ in range(count):
            if not self.draw_pile and not self.reshuffle(events):
                break
            taken.append(self.draw_pile.pop())
        if taken:
            self.hands[player].extend(taken)
            self.hand_changed(player)
        events.append(
            Event("drew", player, tuple(taken), len(taken), private_to=(player,),
                  data={"reason": reason})
        )
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
        self.catch_window.clear()
        self.late_voters.clear()

    def pass_turn(self, from_player: str, skips: int, events: list[Event]) -> None:
        """Move the turn ``skips + 1`` seats on from ``from_player`` (RULES.md 5: the same
        arithmetic gives the two-player rules), naming each player skipped."""
        for step in range(1, skips + 1):
            events.append(Event("skipped", self.seat_after(from_player, step)))
        self.set_current(self.seat_after(from_player, skips + 1))

    def set_current(self, player: str) -> None:
        if self.draw_three_for == self.current:
            self.draw_three_for = None
        self.current = player
        self.drawn = []
        if self.hands_shown_until == player:
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


# -- handlers: each checks everything first, then changes the state ----------------------


def _check_not_blocked(game: Game) -> None:
    if game.discards_owed or game.voters or game.choosing_start_color:
        raise IllegalAction("not_allowed_now", "waiting for the table")


def _play(game: Game, action: Action, events: list[Event]) -> None:
    _check_not_blocked(game)
    if game.drawn:
        raise IllegalAction("not_allowed_now", "after drawing, play the drawn card or keep it")
    cards = action.played_cards()
    if not cards:
        raise IllegalAction("not_in_hand", "no card named")
    if len(cards) > 1 and not game.options.stacking:
        raise IllegalAction("not_allowed_now", "stacking is off")
    if len(cards) > 3:
        raise IllegalAction("not_allowed_now", "at most 3 cards at once")
    hand = game.hands[action.player]
    check_in_hand(hand, cards)
    if game.pending_draw:
        answer = game.pending_kind
        if not game.options.stacking or any(CARD_VALUE[c] != answer for c in cards):
            raise IllegalAction("not_allowed_now", "answer the draw or take it")
    elif not matches(cards[0], game.top, game.color):
        raise IllegalAction("does_not_match")
    if any(CARD_VALUE[c] != CARD_VALUE[cards[0]] for c in cards[1:]):
        raise IllegalAction("does_not_match", "stacked cards must share a value")
    effects.check_choices(game, action.player, cards, action.color, action.target)
    game.begin_turn_action()
    effects.lay_cards(game, action.player, cards, action.color, action.target, events)


def _draw(game: Game, action: Action, events: list[Event]) -> None:
    if game.pending_draw:
        _accept(game, action, events)
        return
    _check_not_blocked(game)
    if game.drawn:
        raise IllegalAction("not_allowed_now", "you have drawn this turn")
    player = action.player
    game.begin_turn_action()
    count = 3 if game.draw_three_for == player and not _can_play(game, player) else 1
    taken = game.draw_cards(player, count, events, "turn")
    playable = [c for c in taken if matches(c, game.top, game.color)]
    if playable:
        game.drawn = playable
    else:
        game.pass_turn(player, 0, events)


def _can_play(game: Game, player: str) -> bool:
    top, color = game.top, game.color
    return any(matches(card, top, color) for card in game.hands[player])


def _play_drawn(game: Game, action: Action, events: list[Event]) -> None:
    if not game.drawn:
        raise IllegalAction("not_allowed_now", "no drawn card to play")
    card = action.card
    if card is None:
        if len(set(game.drawn)) > 1:
            raise IllegalAction("not_in_hand", "name which drawn card to play")
        card = game.drawn[0]
    if card not in game.drawn:
        raise IllegalAction("not_in_hand", "only the drawn card may be played")
    effects.check_choices(game, action.player, (card,), action.color, action.target)
    effects.lay_cards(game, action.player, (card,), action.color, action.target, events)


def _keep(game: Game, action: Action, events: list[Event]) -> None:
    if not game.drawn:
        raise IllegalAction("not_allowed_now", "nothing drawn to keep")
    events.append(Event("kept", action.player))
    game.pass_turn(action.player, 0, events)


def _check_victim(game: Game, player: str) -> None:
    if not game.pending_draw or player != game.current:
        raise IllegalAction("not_allowed_now", "only the player made to draw may answer")


def _accept(game: Game, action: Action, events: list[Event]) -> None:
    """Take the pending draw: a forced draw, which does not begin the turn (RULES.md 8)."""
    _check_victim(game, action.player)
    count, kind = game.pending_draw, game.pending_kind
    game.pending_draw, game.pending_kind, game.wild4_by = 0, "", None
    game.draw_cards(action.player, count, events, kind)
    events.append(Event("skipped", action.player))
    game.pass_turn(action.player, 0, events)


def _challenge(game: Game, action: Action, events: list[Event]) -> None:
    _check_victim(game, action.player)
    if game.pending_kind != "wild4" or game.wild4_by is None:
        raise IllegalAction("not_allowed_now", "only a Wild Draw Four can be challenged")
    challenger, challenged, guilty = action.player, game.wild4_by, game.wild4_guilty
    game.begin_turn_action()
    game.pending_draw, game.pending_kind, game.wild4_by = 0, "", None
    events.append(Event("challenged", challenger, target=challenged, data={"guilty": guilty}))
    events.append(Event("hand_revealed", challenged, tuple(game.hands[challenged]),
                        len(game.hands[challenged]), private_to=(challenger,)))
    if guilty:
        game.draw_cards(challenged, 4, events, "challenge")
    else:
        game.draw_cards(challenger, 6, events, "challenge")
        events.append(Event("skipped", challenger))
        game.pass_turn(challenger, 0, events)


def _bff(game: Game, action: Action, events: list[Event]) -> None:
    _check_victim(game, action.player)
    check_in_hand(game.hands[action.player], ("bff",))
    color = check_color(action.color)
    game.begin_turn_action()
    game.pending_draw, game.pending_kind, game.wild4_by = 0, "", None
    effects.lay_cards(game, action.player, ("bff",), color, None, events, blocking=True)


def _uno(game: Game, action: Action, events: list[Event]) -> None:
    player = action.player
    if player in game.uno_called or not game.uno_call_counts(player):
        events.append(Event("uno_needless", player))
        return
    game.uno_called.add(player)
    if len(game.hands[player]) == 2:
        game.uno_with_two.add(player)
    game.catch_window.discard(player)
    events.append(Event("uno_called", player))


def _catch(game: Game, action: Action, events: list[Event]) -> None:
    target = action.target
    if target is None or target not in game.hands:
        raise IllegalAction("not_a_player", str(target))
    if target == action.player:
        raise IllegalAction("not_allowed_now", "you cannot catch yourself")
    if target not in game.catchable():
        events.append(Event("catch_missed", action.player, target=target))
        return
    events.append(Event("caught", action.player, target=target))
    game.draw_cards(target, 2, events, "caught")


def _color(game: Game, action: Action, events: list[Event]) -> None:
    if not game.choosing_start_color or action.player != game.current:
        raise IllegalAction("not_allowed_now", "no colour to choose")
    game.color = check_color(action.color)
    game.choosing_start_color = False
    events.append(Event("color_chosen", action.player, color=game.color))


_HANDLERS: dict[str, Handler] = {
    "play": _play,
    "draw": _draw,
    "play_drawn": _play_drawn,
    "keep": _keep,
    "accept": _accept,
    "challenge": _challenge,
    "bff": _bff,
    "uno": _uno,
    "catch": _catch,
    "color": _color,
    "discard": effects.discard,
    "vote": effects.vote,
    "timeout": table.timeout,
    "leave": table.leave,
    "next_round": table.next_round,
}
assert set(_HANDLERS) == PLAYER_ACTIONS | TABLE_ACTIONS
