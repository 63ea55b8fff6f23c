"""What cards do once laid (RULES.md sections 5, 6, 7), and the answers they wait for.

Stacked cards (the stacking rule) add up where RULES.md 7 says so: each Reverse flips
the direction, each Skip skips a player, each Draw Two adds two, each 0 in Seven-O
passes the hands once. Cards whose effect needs a choice or carries a house rule (a 7
in Seven-O, Wild Swap Hands, Wild Customizable, Blank) act once per stack, through the
last card laid, with the one colour and target the play names: the rules give a
stack one set of choices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.engine.actions import Action
from bot.engine.cards import (
    ALL_CARDS,
    CARD_COLOR,
    CARD_POINTS,
    CARD_VALUE,
    COLORS,
    WILD_CARDS,
    Card,
    CardColor,
    Color,
)
from bot.engine.events import Event
from bot.engine.options import FREE_TEXT_RULE

if TYPE_CHECKING:
    from bot.engine.game import Game

HOUSE_RULE_VALUES = frozenset({"wildcustom", "blank"})
_OF_COLOR: dict[CardColor, frozenset[Card]] = {
    c: frozenset(card for card in ALL_CARDS if CARD_COLOR[card] == c) for c in COLORS
}
_NO_EFFECT_VALUES = frozenset({*"0123456789", "wild", "bff"})
"""Values that only pass the turn (a 0 and a 7 do more in Seven-O): the common case."""


def needs_target(game: Game, card: Card) -> bool:
    return card == "wildswap" or (game.options.seven_o and CARD_VALUE[card] == "7")


def lay_cards(
    game: Game,
    player: str,
    cards: tuple[Card, ...],
    color: Color | None,
    target: str | None,
    events: list[Event],
    blocking: bool = False,
) -> None:
    """Move ``cards`` from the hand to the discard pile and carry out their effect."""
    hand = game.hands[player]
    for card in cards:
        hand.remove(card)
    color_before = game.color
    game.discard_pile += cards
    game.top_by = player
    last = cards[-1]
    game.color = CARD_COLOR[last] or color or color_before
    events.append(Event("blocked" if blocking else "played", player, cards, len(cards),
                        game.color))
    game.hand_changed(player)
    value = CARD_VALUE[last]
    if not hand:
        _last_card(game, player, value, len(cards), events)
    elif value in _NO_EFFECT_VALUES and not (value in "07" and game.options.seven_o):
        game.pass_turn(player, 0, events)
    else:
        _card_effect(game, player, cards, value, color_before, target, events)


def _card_effect(
    game: Game,
    player: str,
    cards: tuple[Card, ...],
    value: str,
    color_before: CardColor,
    target: str | None,
    events: list[Event],
) -> None:
    """What a card that does more than pass the turn does (``value`` is the last card's)."""
    last = cards[-1]
    if value == "wild4":
        _wild_draw_four(game, player, len(cards), color_before, events)
    elif value == "draw2":
        _draw_two(game, player, len(cards), events)
    elif value == "skip":
        game.pass_turn(player, len(cards), events)
    elif value == "reverse":
        for _ in cards:
            game.direction = -game.direction
            events.append(Event("direction_changed", player, data={"direction": game.direction}))
        game.pass_turn(player, len(cards) if len(game.players) == 2 else 0, events)
    elif value == "0" and game.options.seven_o:
        for _ in cards:  # each 0 passes the hands once (RULES.md 7)
            _pass_hands(game, events)
        game.pass_turn(player, 0, events)
    elif needs_target(game, last):
        _swap_hands(game, player, target or "", events)
        game.pass_turn(player, 0, events)
    elif value in HOUSE_RULE_VALUES:
        _house_rule(game, player, last, events)
    else:
        game.pass_turn(player, 0, events)


def _last_card(game: Game, player: str, value: str, count: int, events: list[Event]) -> None:
    """The round ends; a last Draw Two or Wild Draw Four is still drawn (RULES.md 9)."""
    if value in ("draw2", "wild4"):
        if value == "wild4" and not game.options.stack_draws:
            total = 4
        else:
            total = game.pending_draw + (4 if value == "wild4" else 2) * count
        game.draw_cards(game.seat_after(player), total, events, value)
    game.end_round(player, events)


def _wild_draw_four(
    game: Game, player: str, count: int, color_before: CardColor, events: list[Event]
) -> None:
    """The draw waits for the victim to accept, challenge, block or stack it. A later
    challenge judges this card against the colour current before it. With stack draws
    (RULES.md 11) each Wild Draw Four adds 4, and one laid as an answer is no bluff."""
    answer = game.pending_draw > 0
    if game.options.stack_draws:
        game.pending_draw += 4 * count
    else:
        game.pending_draw = 4
    game.pending_kind = "wild4"
    if answer and game.options.stack_draws:
        game.wild4_by = None
    else:
        game.wild4_by, game.wild4_color = player, color_before
        game.wild4_guilty = any(CARD_COLOR[c] == color_before for c in game.hands[player])
    _await_answer(game, player, events)


def _draw_two(game: Game, player: str, count: int, events: list[Event]) -> None:
    if game.answerable_draw_two:
        game.pending_draw += 2 * count
        game.pending_kind = "draw2"
        _await_answer(game, player, events)
        return
    victim = game.seat_after(player)
    game.draw_cards(victim, 2 * count, events, "draw2")
    game.pass_turn(player, 1, events)


def _await_answer(game: Game, player: str, events: list[Event]) -> None:
    victim = game.seat_after(player)
    game.set_current(victim)
    events.append(Event("draw_pending", victim, count=game.pending_draw,
                        data={"kind": game.pending_kind}))


def _pass_hands(game: Game, events: list[Event]) -> None:
    """Seven-O 0: every hand moves to the next player in the direction of play."""
    passed = {game.seat_after(p): game.hands[p] for p in game.players}
    for player in game.players:
        game.hands[player] = passed[player]
        game.hand_changed(player)
    events.append(Event("hands_passed", data={"direction": game.direction}))


def _swap_hands(game: Game, player: str, target: str, events: list[Event]) -> None:
    hands = game.hands
    hands[player], hands[target] = hands[target], hands[player]
    game.hand_changed(player)
    game.hand_changed(target)
    events.append(Event("hands_swapped", player, target=target))


def _house_rule(game: Game, player: str, card: Card, events: list[Event]) -> None:
    """Carry out the house rule written on ``card`` (RULES.md 6) and move the turn on."""
    rule = game.options.house_rule(card)
    text = game.options.house_rule_texts.get(card, "") if rule == FREE_TEXT_RULE else ""
    events.append(Event("house_rule", player, (card,), data={"rule": rule, "text": text}))
    victim = game.seat_after(player)
    if rule == 1:
        game.draw_until(victim, _OF_COLOR.get(game.color, frozenset()), events, "house_rule")
        game.pass_turn(player, 1, events)
        return
    if rule == 4:
        game.set_current(player)
        return
    game.pass_turn(player, 0, events)
    if rule == 2:
        _discard_wilds(game, player, events)
    elif rule == 3:
        game.draw_three_for = victim
    elif rule == 5:
        _even_hand(game, victim, 7, events)
    elif rule == 6:
        for step in range(1, len(game.players) + 1):
            _even_hand(game, game.seat_after(player, step), 3, events)
    elif rule == 7:
        game.hands_shown_until = player
        events.append(Event("hands_shown", player))
    elif rule == 8:
        game.joke_by = player
        game.voters = [game.seat_after(player, s) for s in range(1, len(game.players))]
        events.append(Event("vote_started", player))


def _put_under_top(game: Game, cards: list[Card]) -> None:
    game.discard_pile[-1:-1] = cards


def _discard_wilds(game: Game, player: str, events: list[Event]) -> None:
    """House rule 2. A player left with no card this way has no cards: they go out."""
    gone_out: list[str] = []
    for step in range(1, len(game.players)):
        other = game.seat_after(player, step)
        hand = game.hands[other]
        wilds = [c for c in hand if c in WILD_CARDS]
        if not wilds:
            continue
        hand[:] = [c for c in hand if c not in WILD_CARDS]
        _put_under_top(game, wilds)
        game.hand_changed(other)
        events.append(Event("discarded", other, tuple(wilds), len(wilds)))
        if not hand:
            gone_out.append(other)
    if gone_out:
        game.end_round(gone_out[0], events)


def _even_hand(game: Game, player: str, size: int, events: list[Event]) -> None:
    """House rules 5 and 6: draw up to ``size`` now, or owe discards down to it."""
    held = len(game.hands[player])
    if held < size:
        game.draw_cards(player, size - held, events, "house_rule")
    elif held > size:
        owe(game, player, size, events)


def owe(game: Game, player: str, size: int, events: list[Event]) -> None:
    game.discards_owed[player] = size
    events.append(Event("discard_owed", player, count=len(game.hands[player]) - size))


def discard(game: Game, action: Action, events: list[Event]) -> None:
    """A player who owes discards lays cards of their choice under the top card; a
    discard of several cards is the same as discarding them one by one."""
    player = action.player
    size = game.discards_owed[player]
    cards = action.played_cards()
    hand = game.hands[player]
    for card in cards:
        hand.remove(card)
    _put_under_top(game, list(cards))
    game.hand_changed(player)
    events.append(Event("discarded", player, cards, len(cards)))
    if len(hand) == size:
        del game.discards_owed[player]


def vote(game: Game, action: Action, events: list[Event]) -> None:
    """House rule 8: one laugh decides at once, and the votes still to come change
    nothing (they are accepted until the next turn begins); when nobody laughed, the
    teller draws 4."""
    if action.player in game.late_voters:
        events.append(Event("vote_late", action.player, data={"laughed": action.laughed}))
        return
    teller = game.joke_by or ""
    game.voters.remove(action.player)
    events.append(Event("voted", action.player, target=teller, data={"laughed": action.laughed}))
    if action.laughed:
        game.late_voters = game.voters
        game.voters = []
        if len(game.hands[teller]) > 1:
            owe(game, teller, 1, events)
    elif not game.voters:
        game.draw_cards(teller, 4, events, "house_rule")
    if not game.voters:
        game.joke_by = None


def costliest_cards(hand: list[Card], count: int) -> list[Card]:
    """The cards a timed-out player discards: the ones worth most points, so the
    table's choice for them is the one that helps them most."""
    return sorted(hand, key=lambda c: CARD_POINTS[c], reverse=True)[:count]
