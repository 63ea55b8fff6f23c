"""Transitions of the deal (RULES.md 3): the teams of partners (RULES.md 12), the cards
drawn to choose the dealer, the deal itself with its start card, and the deal passing
on to the next round.

Like ``GameState``'s own methods, these write the state; what the table decides (who
deals, what the start card does) is ``table``'s.
"""

from __future__ import annotations

from bot.engine.cards import CARD_COLOR, Card, build_deck
from bot.engine.events import Event
from bot.engine.options import HAND_SIZE
from bot.engine.state import GameState
from bot.engine.teams import seated_across


def form_teams(state: GameState) -> None:
    """Under partners, the teams of the seating, for the whole match; a number of players
    that makes no teams is not dealt to (``SeatingError``)."""
    if state.options.partners:
        state.teams = seated_across(state.players)


def draw_at_random(state: GameState, deck: list[Card], count: int) -> list[Card]:
    """``count`` cards drawn at random from ``deck``, a deck apart from the piles
    (choosing the dealer); the random generator moves on."""
    return state.rng.sample(deck, count)


def give_deal(state: GameState, player: str) -> None:
    state.dealer = player


def deal(state: GameState, events: list[Event]) -> Card:
    """Shuffle the whole deck, deal from the left of the dealer, turn the start card
    (a Wild Draw Four goes back into the deck) and return it (RULES.md 3); a wild
    start card waits for the first player to name a colour."""
    deck = build_deck(state.ruleset)
    state.rng.shuffle(deck)
    state.draw_pile = deck
    state.discard_pile = []
    state.top_by = None
    state.hands = {p: [] for p in state.players}
    state.direction = 1
    size = HAND_SIZE[state.ruleset]
    seats = len(state.players)
    dealt = deck[-size * seats:][::-1]  # one card at a time, from the left of the dealer
    del deck[-size * seats:]
    for step in range(seats):
        state.hands[state.seat_after(state.dealer, step + 1)] = dealt[step::seats]
    events.append(Event("dealt", state.dealer, count=size))
    start = deck.pop()
    while start == "wild4":
        deck.append(start)
        state.rng.shuffle(deck)
        events.append(Event("start_card", cards=(start,), data={"returned": True}))
        start = deck.pop()
    state.discard_pile.append(start)
    state.color = CARD_COLOR[start]
    events.append(Event("start_card", cards=(start,), color=state.color or None))
    if not state.color:
        state.choosing_start_color = True
    return start


def pass_the_deal(state: GameState) -> None:
    """The next round begins, not dealt yet: the last one's result, UNO calls and
    house rules are cleared, and the deal passes to the next seat (RULES.md 3.5)."""
    state.round_number += 1
    state.round_result = None
    state.uno_called.clear()
    state.uno_with_two.clear()
    state.catch_window.clear()
    state.draw_three_for = state.hands_shown_until = None
    state.direction = 1
    state.dealer = state.seat_after(state.dealer)
