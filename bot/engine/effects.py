"""What cards do once laid (RULES.md sections 5, 6, 7), and the answers they wait for.

Stacked cards (the stacking rule) add up where RULES.md 7 says so: each Reverse flips
the direction, each Skip skips a player, each Draw Two adds two, each 0 in Seven-O
passes the hands once. Cards whose effect needs a choice or carries a house rule (a 7
in Seven-O, Wild Swap Hands, Wild Customizable, Blank) act once per stack, through the
last card laid, with the one colour and target the play names: the rules give a
stack one set of choices.
"""

from __future__ import annotations

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
from bot.engine.options import FREE_TEXT_RULE, Options
from bot.engine.state import GameState

HOUSE_RULE_VALUES = frozenset({"wildcustom", "blank"})
_OF_COLOR: dict[CardColor, frozenset[Card]] = {
    c: frozenset(card for card in ALL_CARDS if CARD_COLOR[card] == c) for c in COLORS
}
_NO_EFFECT_VALUES = frozenset({*"0123456789", "wild", "bff"})
"""Values that only pass the turn (a 0 and a 7 do more in Seven-O): the common case."""


def needs_target(options: Options, card: Card) -> bool:
    """Whether a play of ``card`` names another player (Wild Swap Hands, a 7 in Seven-O)."""
    return card == "wildswap" or (options.seven_o and CARD_VALUE[card] == "7")


def lay_cards(
    state: GameState,
    player: str,
    cards: tuple[Card, ...],
    color: Color | None,
    target: str | None,
    events: list[Event],
    blocking: bool = False,
) -> None:
    """Move ``cards`` from the hand to the discard pile and carry out their effect."""
    hand = state.hands[player]
    for card in cards:
        hand.remove(card)
    color_before = state.color
    state.discard_pile += cards
    state.top_by = player
    last = cards[-1]
    state.color = CARD_COLOR[last] or color or color_before
    events.append(Event("blocked" if blocking else "played", player, cards, len(cards),
                        state.color))
    state.hand_changed(player)
    value = CARD_VALUE[last]
    if not hand:
        _last_card(state, player, value, len(cards), events)
    elif value in _NO_EFFECT_VALUES and not (value in "07" and state.options.seven_o):
        state.pass_turn(player, 0, events)
    else:
        _card_effect(state, player, cards, value, color_before, target, events)


def _card_effect(
    state: GameState,
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
        _wild_draw_four(state, player, len(cards), color_before, events)
    elif value == "draw2":
        _draw_two(state, player, len(cards), events)
    elif value == "skip":
        state.pass_turn(player, len(cards), events)
    elif value == "reverse":
        for _ in cards:
            state.direction = -state.direction
            events.append(Event("direction_changed", player, data={"direction": state.direction}))
        state.pass_turn(player, len(cards) if len(state.players) == 2 else 0, events)
    elif value == "0" and state.options.seven_o:
        for _ in cards:  # each 0 passes the hands once (RULES.md 7)
            _pass_hands(state, events)
        state.pass_turn(player, 0, events)
    elif needs_target(state.options, last):
        _swap_hands(state, player, target or "", events)
        state.pass_turn(player, 0, events)
    elif value in HOUSE_RULE_VALUES:
        _house_rule(state, player, last, events)
    else:
        state.pass_turn(player, 0, events)


def _last_card(state: GameState, player: str, value: str, count: int, events: list[Event]) -> None:
    """The round ends; a last Draw Two or Wild Draw Four is still drawn (RULES.md 9)."""
    if value in ("draw2", "wild4"):
        if value == "wild4" and not state.options.stack_draws:
            total = 4
        else:
            total = state.pending_draw + (4 if value == "wild4" else 2) * count
        state.draw_cards(state.seat_after(player), total, events, value)
    state.end_round(player, events)


def _wild_draw_four(
    state: GameState, player: str, count: int, color_before: CardColor, events: list[Event]
) -> None:
    """The draw waits for the victim to accept, challenge, block or stack it. A later
    challenge judges this card against the colour current before it. With stack draws
    (RULES.md 11) each Wild Draw Four adds 4, and one laid as an answer is no bluff."""
    answer = state.pending_draw > 0
    if state.options.stack_draws:
        state.pending_draw += 4 * count
    else:
        state.pending_draw = 4
    state.pending_kind = "wild4"
    if answer and state.options.stack_draws:
        state.wild4_by = None
    else:
        state.wild4_by, state.wild4_color = player, color_before
        state.wild4_guilty = any(CARD_COLOR[c] == color_before for c in state.hands[player])
    _await_answer(state, player, events)


def _draw_two(state: GameState, player: str, count: int, events: list[Event]) -> None:
    if state.answerable_draw_two:
        state.pending_draw += 2 * count
        state.pending_kind = "draw2"
        _await_answer(state, player, events)
        return
    victim = state.seat_after(player)
    state.draw_cards(victim, 2 * count, events, "draw2")
    state.pass_turn(player, 1, events)


def _await_answer(state: GameState, player: str, events: list[Event]) -> None:
    victim = state.seat_after(player)
    state.set_current(victim)
    events.append(Event("draw_pending", victim, count=state.pending_draw,
                        data={"kind": state.pending_kind}))


def _pass_hands(state: GameState, events: list[Event]) -> None:
    """Seven-O 0: every hand moves to the next player in the direction of play."""
    passed = {state.seat_after(p): state.hands[p] for p in state.players}
    for player in state.players:
        state.hands[player] = passed[player]
        state.hand_changed(player)
    events.append(Event("hands_passed", data={"direction": state.direction}))


def _swap_hands(state: GameState, player: str, target: str, events: list[Event]) -> None:
    hands = state.hands
    hands[player], hands[target] = hands[target], hands[player]
    state.hand_changed(player)
    state.hand_changed(target)
    events.append(Event("hands_swapped", player, target=target))


def _house_rule(state: GameState, player: str, card: Card, events: list[Event]) -> None:
    """Carry out the house rule written on ``card`` (RULES.md 6) and move the turn on."""
    rule = state.options.house_rule(card)
    text = state.options.house_rule_texts.get(card, "") if rule == FREE_TEXT_RULE else ""
    events.append(Event("house_rule", player, (card,), data={"rule": rule, "text": text}))
    victim = state.seat_after(player)
    if rule == 1:
        state.draw_until(victim, _OF_COLOR.get(state.color, frozenset()), events, "house_rule")
        state.pass_turn(player, 1, events)
        return
    if rule == 4:
        state.set_current(player)
        return
    state.pass_turn(player, 0, events)
    if rule == 2:
        _discard_wilds(state, player, events)
    elif rule == 3:
        state.draw_three_for = victim
    elif rule == 5:
        _even_hand(state, victim, 7, events)
    elif rule == 6:
        for step in range(1, len(state.players) + 1):
            _even_hand(state, state.seat_after(player, step), 3, events)
    elif rule == 7:
        state.hands_shown_until = player
        events.append(Event("hands_shown", player))
    elif rule == 8:
        state.joke_by = player
        state.voters = [state.seat_after(player, s) for s in range(1, len(state.players))]
        events.append(Event("vote_started", player))


def _put_under_top(state: GameState, cards: list[Card]) -> None:
    state.discard_pile[-1:-1] = cards


def _discard_wilds(state: GameState, player: str, events: list[Event]) -> None:
    """House rule 2. A player left with no card this way has no cards: they go out."""
    gone_out: list[str] = []
    for step in range(1, len(state.players)):
        other = state.seat_after(player, step)
        hand = state.hands[other]
        wilds = [c for c in hand if c in WILD_CARDS]
        if not wilds:
            continue
        hand[:] = [c for c in hand if c not in WILD_CARDS]
        _put_under_top(state, wilds)
        state.hand_changed(other)
        events.append(Event("discarded", other, tuple(wilds), len(wilds)))
        if not hand:
            gone_out.append(other)
    if gone_out:
        state.end_round(gone_out[0], events)


def _even_hand(state: GameState, player: str, size: int, events: list[Event]) -> None:
    """House rules 5 and 6: draw up to ``size`` now, or owe discards down to it."""
    held = len(state.hands[player])
    if held < size:
        state.draw_cards(player, size - held, events, "house_rule")
    elif held > size:
        owe(state, player, size, events)


def owe(state: GameState, player: str, size: int, events: list[Event]) -> None:
    state.discards_owed[player] = size
    events.append(Event("discard_owed", player, count=len(state.hands[player]) - size))


def discard(state: GameState, action: Action, events: list[Event]) -> None:
    """A player who owes discards lays cards of their choice under the top card; a
    discard of several cards is the same as discarding them one by one."""
    player = action.player
    size = state.discards_owed[player]
    cards = action.played_cards()
    hand = state.hands[player]
    for card in cards:
        hand.remove(card)
    _put_under_top(state, list(cards))
    state.hand_changed(player)
    events.append(Event("discarded", player, cards, len(cards)))
    if len(hand) == size:
        del state.discards_owed[player]


def vote(state: GameState, action: Action, events: list[Event]) -> None:
    """House rule 8: one laugh decides at once, and the votes still to come change
    nothing (they are accepted until the next turn begins); when nobody laughed, the
    teller draws 4."""
    if action.player in state.late_voters:
        events.append(Event("vote_late", action.player, data={"laughed": action.laughed}))
        return
    teller = state.joke_by or ""
    state.voters.remove(action.player)
    events.append(Event("voted", action.player, target=teller, data={"laughed": action.laughed}))
    if action.laughed:
        state.late_voters = state.voters
        state.voters = []
        if len(state.hands[teller]) > 1:
            owe(state, teller, 1, events)
    elif not state.voters:
        state.draw_cards(teller, 4, events, "house_rule")
    if not state.voters:
        state.joke_by = None


def costliest_cards(hand: list[Card], count: int) -> list[Card]:
    """The cards a timed-out player discards: the ones worth most points, so the
    table's choice for them is the one that helps them most."""
    return sorted(hand, key=lambda c: CARD_POINTS[c], reverse=True)[:count]
