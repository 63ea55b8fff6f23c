"""The state of one match: one data class, and the code that changes it.

Helpers read, transitions write. ``GameState`` holds every field that is saved
(``state_io``) and most of its transitions: the changes the game makes to it, each
named for what happens at the table (drawing, laying cards on the pile, naming a
colour, reversing the direction, passing or swapping hands, a draw waiting for its
answer, a Wild Draw Four open to challenge, a player leaving...). The transitions of
the deal are in ``dealing``, those of a round's end and the match's in ``scoring``.
The rule modules (``moves``, ``effects``, ``table``, ``legal``, ``refusals``,
``phase``, ``view``) take a ``GameState`` and only read it: they decide what happens
and call the transition that makes it so (``tests/engine/test_state_writes.py`` holds
them to it). ``Game`` (``bot.engine.game``) is the state with ``apply``, the dispatch
of actions and the caches worked out per version, the only other code that writes it.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field
from typing import Literal

from bot.engine.cards import CARD_COLOR, Card, CardColor, full_deck
from bot.engine.events import Event
from bot.engine.options import RULESETS, Options
from bot.engine.results import MatchResult, RoundResult
from bot.engine.rng import SeedCounter
from bot.engine.teams import Teams, team_in

Stage = Literal["turn", "round_over", "match_over"]
"""Where the match stands: a round in play (whose turn it is, ``Phase`` says in
detail), a round over (the next one not dealt yet), or the match over."""


@dataclass(slots=True, eq=False, repr=False)
class GameState:
    """A match as it stands, from the seating, the options and the seed. Built empty
    (no card dealt); ``table.deal_round`` or ``Game.from_position`` fills it (one
    player is left only in a match won by forfeit). Compared by identity, and never
    printed whole: its repr would show every hidden hand."""

    ruleset: str
    options: Options
    players: list[str]
    """Seating order of the players still in the match."""
    seed: int
    rng: SeedCounter = field(init=False)
    hands: dict[str, list[Card]] = field(init=False)
    draw_pile: list[Card] = field(init=False, default_factory=list)
    """Face down; the top card is the LAST item."""
    discard_pile: list[Card] = field(init=False, default_factory=list)
    """Face up, bottom first; the top card is the last item."""
    color: CardColor = field(init=False, default="")
    top_by: str | None = field(init=False, default=None)
    """Who laid the top card of the discard pile (None for the start card): no
    jump-in on one's own card (RULES.md 11)."""
    direction: int = field(init=False, default=1)
    current: str = field(init=False)
    dealer: str = field(init=False)
    round_number: int = field(init=False, default=1)
    scores: dict[str, int] = field(init=False)
    round_result: RoundResult | None = field(init=False, default=None)
    """How the round ended, once it has (cleared when the next one begins)."""
    match_result: MatchResult | None = field(init=False, default=None)
    """How the match ended, once it has."""
    teams: Teams = field(init=False, default=())
    """Partners (RULES.md 12): the teams, fixed at the first deal; none without partners."""
    pending_draw: int = field(init=False, default=0)
    """A draw waiting on the current player: how many cards, and from which card."""
    pending_kind: str = field(init=False, default="")
    wild4_by: str | None = field(init=False, default=None)
    """The last Wild Draw Four, for a challenge: who laid it, the colour in force
    before it (a wild's chosen colour when a wild lay under it) and whether they were
    guilty."""
    wild4_color: CardColor = field(init=False, default="")
    wild4_guilty: bool = field(init=False, default=False)
    drawn: list[Card] = field(init=False, default_factory=list)
    """Cards the current player drew this turn and may still play (play_drawn/keep)."""
    choosing_start_color: bool = field(init=False, default=False)
    uno_called: set[str] = field(init=False, default_factory=set)
    uno_with_two: set[str] = field(init=False, default_factory=set)
    catch_window: set[str] = field(init=False, default_factory=set)
    draw_three_for: str | None = field(init=False, default=None)
    hands_shown_until: str | None = field(init=False, default=None)
    """House rule 7: every hand is shown until this player's next turn."""
    discards_owed: dict[str, int] = field(init=False, default_factory=dict)
    """House rules 5, 6, 8: the hand size each of these players must discard down to."""
    joke_by: str | None = field(init=False, default=None)
    voters: list[str] = field(init=False, default_factory=list)
    late_voters: list[str] = field(init=False, default_factory=list)
    """House rule 8: players whose vote a laugh made needless; theirs changes nothing."""
    timeouts: dict[str, int] = field(init=False, default_factory=dict)
    answerable_draw_two: bool = field(init=False)
    """A Draw Two waits for its victim when they could answer it (RULES.md 5)."""

    def __post_init__(self) -> None:
        players = self.players
        if self.ruleset not in RULESETS:
            raise ValueError(f"unknown ruleset {self.ruleset!r}")
        if not 1 <= len(players) <= 10 or len(set(players)) != len(players):
            raise ValueError("a table seats 1 to 10 different players")
        self.players = list(players)
        self.rng = SeedCounter(self.seed)
        self.hands = {p: [] for p in players}
        self.current = players[0]
        self.dealer = players[-1]
        self.scores = {p: 0 for p in players}
        options = self.options
        self.answerable_draw_two = (options.stacking or options.stack_draws
                                    or "bff" in full_deck(self.ruleset))

    # -- questions ---------------------------------------------------------------------

    @property
    def top(self) -> Card:
        return self.discard_pile[-1]

    @property
    def stage(self) -> Stage:
        """Where the match stands, from how the round and the match ended (``results``)."""
        if self.match_result is not None:
            return "match_over"
        return "turn" if self.round_result is None else "round_over"

    @property
    def round_over(self) -> bool:
        """Whether the round (or the whole match) is over."""
        return self.round_result is not None or self.match_result is not None

    @property
    def match_over(self) -> bool:
        return self.match_result is not None

    @property
    def round_winner(self) -> str | None:
        """Who went out, once the round is over (``round_result`` says the rest)."""
        return None if self.round_result is None else self.round_result.winner

    @property
    def match_winner(self) -> str | None:
        """The first of the match's winners, once it is over (``match_result`` says the
        rest)."""
        return None if self.match_result is None else self.match_result.winner

    def seat_after(self, player: str, steps: int = 1) -> str:
        """The player ``steps`` seats on from ``player`` in the direction of play."""
        seats = self.players
        return seats[(seats.index(player) + steps * self.direction) % len(seats)]

    def partner_of(self, player: str) -> str | None:
        """``player``'s partner, seated or gone (RULES.md 12); None without partners."""
        for first, second in self.teams:
            if player == first:
                return second
            if player == second:
                return first
        return None

    def team_of(self, player: str) -> tuple[str, ...]:
        """``player``'s side: their team under partners (as it was formed), else themselves."""
        return team_in(self.teams, player)

    def sides(self) -> list[tuple[str, ...]]:
        """The sides with a player still seated: the teams under partners (in the order
        they were formed), else each player alone, in seating order."""
        if not self.teams:
            return [(p,) for p in self.players]
        return [team for team in self.teams if any(p in self.hands for p in team)]

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
        return size == 1 or (size == 2 and player == self.current and not self.round_over)

    def card_count(self) -> int:
        """Every card in the game, for the conservation check."""
        return len(self.draw_pile) + len(self.discard_pile) + sum(map(len, self.hands.values()))

    # -- shared mechanics (moves, effects and table use them) --------------------------

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

    def drop_pending_draw(self) -> None:
        """No draw waits any more (taken, challenged, blocked, or its victim left)."""
        self.pending_draw, self.pending_kind, self.wild4_by = 0, "", None

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

    # -- cards laid and what they do (moves and effects decide, these write) ----------

    def lay_on_pile(self, player: str, cards: tuple[Card, ...], color: CardColor | None) -> None:
        """``player`` lays ``cards`` from their hand on the discard pile; the last one
        names the colour in force (a wild's is ``color``, else the colour stays)."""
        hand = self.hands[player]
        for card in cards:
            hand.remove(card)
        self.discard_pile += cards
        self.top_by = player
        self.color = CARD_COLOR[cards[-1]] or color or self.color
        self.hand_changed(player)

    def name_color(self, color: CardColor) -> None:
        """The colour in force is ``color``; a start card waiting for one has it."""
        self.color = color
        self.choosing_start_color = False

    def reverse_direction(self, by: str, events: list[Event]) -> None:
        self.direction = -self.direction
        events.append(Event("direction_changed", by, data={"direction": self.direction}))

    def pass_hands(self, events: list[Event]) -> None:
        """Every hand moves to the next player in the direction of play (Seven-O 0)."""
        passed = {self.seat_after(p): self.hands[p] for p in self.players}
        for player in self.players:
            self.hands[player] = passed[player]
            self.hand_changed(player)
        events.append(Event("hands_passed", data={"direction": self.direction}))

    def swap_hands(self, player: str, target: str, events: list[Event]) -> None:
        hands = self.hands
        hands[player], hands[target] = hands[target], hands[player]
        self.hand_changed(player)
        self.hand_changed(target)
        events.append(Event("hands_swapped", player, target=target))

    def await_draw(self, player: str, total: int, kind: str, events: list[Event]) -> None:
        """A draw of ``total`` cards (``kind``: the card that set it) laid by ``player``
        waits on the next player, whose turn it now is, to take or answer it."""
        self.pending_draw, self.pending_kind = total, kind
        victim = self.seat_after(player)
        self.set_current(victim)
        events.append(Event("draw_pending", victim, count=total, data={"kind": kind}))

    def open_challenge(self, by: str, color_before: CardColor, guilty: bool) -> None:
        """The Wild Draw Four ``by`` laid may be challenged: judged against the colour
        in force before it, of which they held a card (``guilty``) or not."""
        self.wild4_by, self.wild4_color, self.wild4_guilty = by, color_before, guilty

    def drop_challenge(self) -> None:
        """No Wild Draw Four may be challenged (one stacked on a draw, or its player left)."""
        self.wild4_by = None

    def offer_drawn(self, cards: list[Card]) -> None:
        """The player to act drew ``cards`` and may still play one of them this turn."""
        self.drawn = cards

    def call_uno(self, player: str) -> None:
        """``player`` calls UNO, on one card or on the two they are about to play down from."""
        self.uno_called.add(player)
        if len(self.hands[player]) == 2:
            self.uno_with_two.add(player)
        self.catch_window.discard(player)

    # -- house rules (RULES.md 6) -------------------------------------------------------

    def discard_under_top(self, player: str, cards: tuple[Card, ...], events: list[Event]) -> None:
        """``player`` discards ``cards`` under the top card of the discard pile."""
        hand = self.hands[player]
        for card in cards:
            hand.remove(card)
        self.discard_pile[-1:-1] = cards
        self.hand_changed(player)
        events.append(Event("discarded", player, cards, len(cards)))

    def owe_discards(self, player: str, size: int, events: list[Event]) -> None:
        """``player`` must discard cards of their choice until they hold ``size``."""
        self.discards_owed[player] = size
        events.append(Event("discard_owed", player, count=len(self.hands[player]) - size))

    def pay_discards(self, player: str) -> None:
        """``player`` has discarded down to the size they owed."""
        del self.discards_owed[player]

    def owe_draw_three(self, player: str) -> None:
        """House rule 3: ``player`` draws three instead of one on their next turn."""
        self.draw_three_for = player

    def show_hands(self, player: str, events: list[Event]) -> None:
        """House rule 7: every hand is shown until ``player``'s next turn."""
        self.hands_shown_until = player
        events.append(Event("hands_shown", player))

    def start_vote(self, teller: str, voters: list[str], events: list[Event]) -> None:
        """House rule 8: ``teller`` told a joke and ``voters`` say whether they laughed."""
        self.joke_by = teller
        self.voters = voters
        events.append(Event("vote_started", teller))

    def record_vote(self, voter: str, laughed: bool) -> None:
        """``voter`` has voted: a laugh decides at once (the votes still to come are
        late and change nothing), and the vote is over when nobody is left to vote."""
        self.voters.remove(voter)
        if laughed:
            self.late_voters, self.voters = self.voters, []
        if not self.voters:
            self.joke_by = None

    # -- the table: timeouts, leaving ----------------------------------------------------

    def count_timeout(self, player: str) -> int:
        """One more turn of ``player``'s ran out in a row: how many now."""
        count = self.timeouts.get(player, 0) + 1
        self.timeouts[player] = count
        return count

    def unseat(self, player: str, events: list[Event]) -> None:
        """``player`` leaves the table (RULES.md 10): their hand is shuffled into the draw
        pile, the deal passes back if it was theirs, and nothing waits on them or stands
        for them any more. Whose turn it is, and the match's end, are the caller's."""
        if self.dealer == player:
            self.dealer = self.seat_after(player, -1)
        if self.wild4_by == player:
            self.drop_challenge()
        hand = self.hands.pop(player)
        self.draw_pile.extend(hand)
        self.rng.shuffle(self.draw_pile)
        self.players.remove(player)
        for seen in (self.uno_called, self.uno_with_two, self.catch_window):
            seen.discard(player)
        self.discards_owed.pop(player, None)
        for ballots in (self.voters, self.late_voters):
            if player in ballots:
                ballots.remove(player)
        if self.joke_by == player:
            self.joke_by, self.voters = None, []
        if self.draw_three_for == player:
            self.draw_three_for = None
        if self.hands_shown_until == player:
            self.hands_shown_until = None
        self.timeouts.pop(player, None)
        events.append(Event("left", player, count=len(hand)))
        if len(self.players) > 1 and self.dealer not in self.hands:
            self.dealer = self.players[0]
