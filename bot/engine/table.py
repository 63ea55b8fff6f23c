"""The table's own part: choosing the dealer, dealing, the start card (RULES.md 3), the
next round, turn timeouts and players leaving (RULES.md 10).

What the table decides (who deals, what a start card does, what is done for a player
whose time ran out) is here; the state's transitions (``dealing.deal``,
``dealing.pass_the_deal``, ``GameState.unseat``...) make the changes: nothing here
writes the state."""

from __future__ import annotations

from bot.engine import dealing, scoring
from bot.engine.actions import Action, ActionKind
from bot.engine.cards import CARD_COLOR, CARD_VALUE, COLORS, Card, build_deck
from bot.engine.effects import costliest_cards
from bot.engine.errors import IllegalAction
from bot.engine.events import Event
from bot.engine.moves import PLAYER_HANDLERS
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
        cards = dealing.draw_at_random(state, deck, len(contenders))
        for card in cards:
            deck.remove(card)
        drawn = dict(zip(contenders, cards, strict=True))
        draws.append(drawn)
        best = max(_DEALER_DRAW_VALUE[c] for c in cards)
        contenders = [p for p in contenders if _DEALER_DRAW_VALUE[drawn[p]] == best]
    dealing.give_deal(state, contenders[0])
    return [Event("dealer_chosen", state.dealer, data={"draws": draws})]


def deal_round(state: GameState) -> list[Event]:
    """Shuffle the whole deck, deal, and turn the start card (RULES.md 3)."""
    events: list[Event] = []
    start = dealing.deal(state, events)
    _start_card_effect(state, start, events)
    return events


def _start_card_effect(state: GameState, start: Card, events: list[Event]) -> None:
    """The first player plays, after the start card's effect (a wild one's colour is
    theirs to name: ``GameState.deal`` leaves it open)."""
    value = CARD_VALUE[start]
    first = state.seat_after(state.dealer)
    state.set_current(first)
    if value == "draw2":
        state.draw_cards(first, 2, events, "draw2")
        state.pass_turn(state.dealer, 1, events)
    elif value == "skip":
        state.pass_turn(state.dealer, 1, events)
    elif value == "reverse":
        state.reverse_direction(state.dealer, events)
        state.set_current(state.dealer)


def next_round(state: GameState, action: Action, events: list[Event]) -> None:
    """Deal the next round; the deal passes to the next seat (RULES.md 3.5)."""
    if state.stage != "round_over":
        raise IllegalAction("round_not_over")
    dealing.pass_the_deal(state)
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
    count = state.count_timeout(player)
    if count >= TIMEOUTS_BEFORE_REMOVAL and not state.round_over:
        leave(state, Action(player, "leave"), events)


def _apply_for(
    state: GameState, player: str, do: ActionKind, events: list[Event], **fields: object
) -> None:
    PLAYER_HANDLERS[do](state, Action(player, do, **fields), events)  # type: ignore[arg-type]


def leave(state: GameState, action: Action, events: list[Event]) -> None:
    """The player leaves: their hand is shuffled into the draw pile; one player left
    wins the match by forfeit, with no points scored (RULES.md 10). Under partners the
    leaver's partner plays on for the team, and the last team with players left wins
    by forfeit (RULES.md 12)."""
    if state.match_over:
        raise IllegalAction("match_over")
    player = action.player
    was_current = state.current == player and not state.round_over
    after = state.seat_after(player)
    state.unseat(player, events)
    if len(state.sides()) == 1:
        scoring.end_match(state, state.players[0], events, "forfeit")
        return
    if state.current == player:
        if was_current:  # a draw waiting on the leaver is dropped (RULES.md 10)
            state.drop_pending_draw()
        state.set_current(after)
