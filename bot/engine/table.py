"""The table's own part: choosing the dealer, dealing, the start card (RULES.md 3), the
next round, turn timeouts and players leaving (RULES.md 10)."""

from __future__ import annotations

from bot.engine.actions import Action, ActionKind
from bot.engine.cards import CARD_COLOR, CARD_VALUE, COLORS, Card, build_deck
from bot.engine.effects import costliest_cards
from bot.engine.errors import IllegalAction
from bot.engine.events import Event
from bot.engine.moves import PLAYER_HANDLERS
from bot.engine.options import HAND_SIZE
from bot.engine.phase import Phase, waiting
from bot.engine.state import GameState

TIMEOUTS_BEFORE_REMOVAL = 3


_DEALER_DRAW_VALUE = {card: int(v) if v.isdigit() else 0 for card, v in CARD_VALUE.items()}
"""What a card counts for when drawing for the deal: its number, else zero (RULES.md 3)."""


def choose_first_dealer(state: GameState) -> list[Event]:
    """Each player draws a card; the highest number deals, ties draw again among
    themselves. The cards go back and the deck is reshuffled before the deal.
    (Drawing k cards from a shuffled deck is drawing a random sample of k.)"""
    deck = build_deck(state.ruleset)
    contenders = list(state.players)
    draws: list[dict[str, Card]] = []
    while len(contenders) > 1:
        if len(deck) < len(contenders):
            deck = build_deck(state.ruleset)
        cards = state.rng.sample(deck, len(contenders))
        for card in cards:
            deck.remove(card)
        drawn = dict(zip(contenders, cards, strict=True))
        draws.append(drawn)
        best = max(_DEALER_DRAW_VALUE[c] for c in cards)
        contenders = [p for p in contenders if _DEALER_DRAW_VALUE[drawn[p]] == best]
    state.dealer = contenders[0]
    return [Event("dealer_chosen", state.dealer, data={"draws": draws})]


def deal_round(state: GameState) -> list[Event]:
    """Shuffle the whole deck, deal, and turn the start card (RULES.md 3)."""
    events: list[Event] = []
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
    start = state.draw_pile.pop()
    while start == "wild4":
        state.draw_pile.append(start)
        state.rng.shuffle(state.draw_pile)
        events.append(Event("start_card", cards=(start,), data={"returned": True}))
        start = state.draw_pile.pop()
    state.discard_pile.append(start)
    state.color = CARD_COLOR[start]
    events.append(Event("start_card", cards=(start,), color=state.color or None))
    _start_card_effect(state, start, events)
    return events


def _start_card_effect(state: GameState, start: Card, events: list[Event]) -> None:
    value = CARD_VALUE[start]
    first = state.seat_after(state.dealer)
    state.set_current(first)
    if value == "draw2":
        state.draw_cards(first, 2, events, "draw2")
        state.pass_turn(state.dealer, 1, events)
    elif value == "skip":
        state.pass_turn(state.dealer, 1, events)
    elif value == "reverse":
        state.direction = -1
        events.append(Event("direction_changed", state.dealer, data={"direction": -1}))
        state.set_current(state.dealer)
    elif not state.color:
        state.choosing_start_color = True


def next_round(state: GameState, action: Action, events: list[Event]) -> None:
    """Deal the next round; the deal passes to the next seat (RULES.md 3.5)."""
    if state.stage != "round_over":
        raise IllegalAction("round_not_over")
    state.stage = "turn"
    state.round_number += 1
    state.round_winner, state.round_points = None, {}
    state.uno_called.clear()
    state.uno_with_two.clear()
    state.catch_window.clear()
    state.draw_three_for = state.hands_shown_until = None
    state.direction = 1
    state.dealer = state.seat_after(state.dealer)
    events.extend(deal_round(state))


def timeout(state: GameState, action: Action, events: list[Event]) -> None:
    """The player's time ran out: the table acts for them as the rules ask (a turn's
    draw, taking a pending draw, keeping a drawn card, the discards worth most points,
    no laugh), and three timeouts in a row remove them (RULES.md 10)."""
    player = action.player
    waited = waiting(state)
    if player not in waited.players:
        raise IllegalAction("not_waiting_for_you")
    events.append(Event("timed_out", player))
    phase = waited.phase
    if player in state.discards_owed:
        hand = state.hands[player]
        _apply_for(state, player, "discard", events,
                   cards=tuple(costliest_cards(hand, len(hand) - state.discards_owed[player])))
    elif player in state.voters:
        _apply_for(state, player, "vote", events, laughed=False)
    elif phase is Phase.START_COLOR:
        held = [CARD_COLOR[c] for c in state.hands[player]]
        _apply_for(state, player, "color", events, color=max(COLORS, key=held.count))
    elif phase is Phase.ANSWER_DRAW:
        _apply_for(state, player, "accept", events)
    elif phase is Phase.DRAWN_CARD:
        _apply_for(state, player, "keep", events)
    else:
        _apply_for(state, player, "draw", events)
        if state.current == player and state.drawn:
            _apply_for(state, player, "keep", events)
    count = state.timeouts.get(player, 0) + 1
    state.timeouts[player] = count
    if count >= TIMEOUTS_BEFORE_REMOVAL and state.stage == "turn":
        leave(state, Action(player, "leave"), events)


def _apply_for(
    state: GameState, player: str, do: ActionKind, events: list[Event], **fields: object
) -> None:
    PLAYER_HANDLERS[do](state, Action(player, do, **fields), events)  # type: ignore[arg-type]


def leave(state: GameState, action: Action, events: list[Event]) -> None:
    """The player leaves: their hand is shuffled into the draw pile; one player left
    wins the match by forfeit, with no points scored (RULES.md 10)."""
    if state.stage == "match_over":
        raise IllegalAction("match_over")
    player = action.player
    was_current = state.current == player and state.stage == "turn"
    after = state.seat_after(player)
    if state.dealer == player:
        state.dealer = state.seat_after(player, -1)
    if state.wild4_by == player:
        state.wild4_by = None
    hand = state.hands.pop(player)
    state.draw_pile.extend(hand)
    state.rng.shuffle(state.draw_pile)
    state.players.remove(player)
    for seen in (state.uno_called, state.uno_with_two, state.catch_window):
        seen.discard(player)
    state.discards_owed.pop(player, None)
    for ballots in (state.voters, state.late_voters):
        if player in ballots:
            ballots.remove(player)
    if state.joke_by == player:
        state.joke_by, state.voters = None, []
    if state.draw_three_for == player:
        state.draw_three_for = None
    if state.hands_shown_until == player:
        state.hands_shown_until = None
    state.timeouts.pop(player, None)
    events.append(Event("left", player, count=len(hand)))
    if len(state.players) == 1:
        state.end_match(state.players[0], events, forfeit=True)
        return
    if state.dealer not in state.hands:
        state.dealer = state.players[0]
    if state.current == player:
        if was_current:  # a draw waiting on the leaver is dropped (RULES.md 10)
            state.drop_pending_draw()
        state.set_current(after)
