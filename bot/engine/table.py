"""The table's own part: choosing the dealer, dealing, the start card (RULES.md 3), the
next round, turn timeouts and players leaving (RULES.md 10)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.engine.actions import Action, ActionKind
from bot.engine.cards import CARD_COLOR, CARD_VALUE, COLORS, Card, build_deck
from bot.engine.effects import costliest_cards
from bot.engine.errors import IllegalAction
from bot.engine.events import Event
from bot.engine.moves import PLAYER_HANDLERS
from bot.engine.options import HAND_SIZE
from bot.engine.phase import Phase

if TYPE_CHECKING:
    from bot.engine.game import Game

TIMEOUTS_BEFORE_REMOVAL = 3


_DEALER_DRAW_VALUE = {card: int(v) if v.isdigit() else 0 for card, v in CARD_VALUE.items()}
"""What a card counts for when drawing for the deal: its number, else zero (RULES.md 3)."""


def choose_first_dealer(game: Game) -> list[Event]:
    """Each player draws a card; the highest number deals, ties draw again among
    themselves. The cards go back and the deck is reshuffled before the deal.
    (Drawing k cards from a shuffled deck is drawing a random sample of k.)"""
    deck = build_deck(game.ruleset)
    contenders = list(game.players)
    draws: list[dict[str, Card]] = []
    while len(contenders) > 1:
        if len(deck) < len(contenders):
            deck = build_deck(game.ruleset)
        cards = game.rng.sample(deck, len(contenders))
        for card in cards:
            deck.remove(card)
        drawn = dict(zip(contenders, cards, strict=True))
        draws.append(drawn)
        best = max(_DEALER_DRAW_VALUE[c] for c in cards)
        contenders = [p for p in contenders if _DEALER_DRAW_VALUE[drawn[p]] == best]
    game.dealer = contenders[0]
    return [Event("dealer_chosen", game.dealer, data={"draws": draws})]


def deal_round(game: Game) -> list[Event]:
    """Shuffle the whole deck, deal, and turn the start card (RULES.md 3)."""
    events: list[Event] = []
    deck = build_deck(game.ruleset)
    game.rng.shuffle(deck)
    game.draw_pile = deck
    game.discard_pile = []
    game.top_by = None
    game.hands = {p: [] for p in game.players}
    game.direction = 1
    size = HAND_SIZE[game.ruleset]
    seats = len(game.players)
    dealt = deck[-size * seats:][::-1]  # one card at a time, from the left of the dealer
    del deck[-size * seats:]
    for step in range(seats):
        game.hands[game.seat_after(game.dealer, step + 1)] = dealt[step::seats]
    events.append(Event("dealt", game.dealer, count=size))
    start = game.draw_pile.pop()
    while start == "wild4":
        game.draw_pile.append(start)
        game.rng.shuffle(game.draw_pile)
        events.append(Event("start_card", cards=(start,), data={"returned": True}))
        start = game.draw_pile.pop()
    game.discard_pile.append(start)
    game.color = CARD_COLOR[start]
    events.append(Event("start_card", cards=(start,), color=game.color or None))
    _start_card_effect(game, start, events)
    return events


def _start_card_effect(game: Game, start: Card, events: list[Event]) -> None:
    value = CARD_VALUE[start]
    first = game.seat_after(game.dealer)
    game.set_current(first)
    if value == "draw2":
        game.draw_cards(first, 2, events, "draw2")
        game.pass_turn(game.dealer, 1, events)
    elif value == "skip":
        game.pass_turn(game.dealer, 1, events)
    elif value == "reverse":
        game.direction = -1
        events.append(Event("direction_changed", game.dealer, data={"direction": -1}))
        game.set_current(game.dealer)
    elif not game.color:
        game.choosing_start_color = True


def next_round(game: Game, action: Action, events: list[Event]) -> None:
    """Deal the next round; the deal passes to the next seat (RULES.md 3.5)."""
    if game.phase != "round_over":
        raise IllegalAction("round_not_over")
    game.phase = "turn"
    game.round_number += 1
    game.round_winner, game.round_points = None, {}
    game.uno_called.clear()
    game.uno_with_two.clear()
    game.catch_window.clear()
    game.draw_three_for = game.hands_shown_until = None
    game.direction = 1
    game.dealer = game.seat_after(game.dealer)
    events.extend(deal_round(game))


def timeout(game: Game, action: Action, events: list[Event]) -> None:
    """The player's time ran out: the table acts for them as the rules ask (a turn's
    draw, taking a pending draw, keeping a drawn card, the discards worth most points,
    no laugh), and three timeouts in a row remove them (RULES.md 10)."""
    player = action.player
    waiting = game.waiting
    if player not in waiting.players:
        raise IllegalAction("not_waiting_for_you")
    events.append(Event("timed_out", player))
    phase = waiting.phase
    if player in game.discards_owed:
        hand = game.hands[player]
        _apply_for(game, player, "discard", events,
                   cards=tuple(costliest_cards(hand, len(hand) - game.discards_owed[player])))
    elif player in game.voters:
        _apply_for(game, player, "vote", events, laughed=False)
    elif phase is Phase.START_COLOR:
        held = [CARD_COLOR[c] for c in game.hands[player]]
        _apply_for(game, player, "color", events, color=max(COLORS, key=held.count))
    elif phase is Phase.ANSWER_DRAW:
        _apply_for(game, player, "accept", events)
    elif phase is Phase.DRAWN_CARD:
        _apply_for(game, player, "keep", events)
    else:
        _apply_for(game, player, "draw", events)
        if game.current == player and game.drawn:
            _apply_for(game, player, "keep", events)
    count = game.timeouts.get(player, 0) + 1
    game.timeouts[player] = count
    if count >= TIMEOUTS_BEFORE_REMOVAL and game.phase == "turn":
        leave(game, Action(player, "leave"), events)


def _apply_for(
    game: Game, player: str, do: ActionKind, events: list[Event], **fields: object
) -> None:
    PLAYER_HANDLERS[do](game, Action(player, do, **fields), events)  # type: ignore[arg-type]


def leave(game: Game, action: Action, events: list[Event]) -> None:
    """The player leaves: their hand is shuffled into the draw pile; one player left
    wins the match by forfeit, with no points scored (RULES.md 10)."""
    if game.phase == "match_over":
        raise IllegalAction("match_over")
    player = action.player
    was_current = game.current == player and game.phase == "turn"
    after = game.seat_after(player)
    if game.dealer == player:
        game.dealer = game.seat_after(player, -1)
    if game.wild4_by == player:
        game.wild4_by = None
    hand = game.hands.pop(player)
    game.draw_pile.extend(hand)
    game.rng.shuffle(game.draw_pile)
    game.players.remove(player)
    for seen in (game.uno_called, game.uno_with_two, game.catch_window):
        seen.discard(player)
    game.discards_owed.pop(player, None)
    for ballots in (game.voters, game.late_voters):
        if player in ballots:
            ballots.remove(player)
    if game.joke_by == player:
        game.joke_by, game.voters = None, []
    if game.draw_three_for == player:
        game.draw_three_for = None
    if game.hands_shown_until == player:
        game.hands_shown_until = None
    game.timeouts.pop(player, None)
    events.append(Event("left", player, count=len(hand)))
    if len(game.players) == 1:
        game.end_match(game.players[0], events, forfeit=True)
        return
    if game.dealer not in game.hands:
        game.dealer = game.players[0]
    if game.current == player:
        if was_current:  # a draw waiting on the leaver is dropped (RULES.md 10)
            game.pending_draw, game.pending_kind, game.wild4_by = 0, "", None
        game.set_current(after)
