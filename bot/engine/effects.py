"""What cards do once laid (RULES.md sections 5, 6, 7), and the answers they wait for.

Stacked cards (the stacking rule) add up where RULES.md 7 says so: each Reverse flips
the direction, each Skip skips a player, each Draw Two adds two, each 0 in Seven-O
passes the hands once. Cards whose effect needs a choice or carries a house rule (a 7
in Seven-O, Wild Swap Hands, Wild Customizable, Blank) act once per stack, through the
last card laid, with the one colour and target the play names: the rules give a
stack one set of choices.

Here is what happens, decided from the state as it stands; the state's own transitions
(``GameState.lay_on_pile``, ``reverse_direction``, ``await_draw`` and the rest) make it
happen. Nothing here writes the state.
"""

from __future__ import annotations

from bot.engine import scoring
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
    color_before = state.color
    state.lay_on_pile(player, cards, color)
    events.append(Event("blocked" if blocking else "played", player, cards, len(cards),
                        state.color))
    value = CARD_VALUE[cards[-1]]
    if not state.hands[player]:
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
            state.reverse_direction(player, events)
        state.pass_turn(player, len(cards) if len(state.players) == 2 else 0, events)
    elif value == "0" and state.options.seven_o:
        for _ in cards:  # each 0 passes the hands once (RULES.md 7)
            state.pass_hands(events)
        state.pass_turn(player, 0, events)
    elif needs_target(state.options, last):
        state.swap_hands(player, target or "", events)
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
    scoring.end_round(state, player, events)


def _wild_draw_four(
    state: GameState, player: str, count: int, color_before: CardColor, events: list[Event]
) -> None:
    """The draw waits for the victim to accept, challenge, block or stack it. A later
    challenge judges this card against the colour current before it. With stack draws
    (RULES.md 11) each Wild Draw Four adds 4, and one laid as an answer is no bluff."""
    stacking = state.options.stack_draws
    if stacking and state.pending_draw > 0:
        state.drop_challenge()
    else:
        guilty = any(CARD_COLOR[c] == color_before for c in state.hands[player])
        state.open_challenge(player, color_before, guilty)
    total = state.pending_draw + 4 * count if stacking else 4
    state.await_draw(player, total, "wild4", events)


def _draw_two(state: GameState, player: str, count: int, events: list[Event]) -> None:
    if state.answerable_draw_two:
        state.await_draw(player, state.pending_draw + 2 * count, "draw2", events)
        return
    victim = state.seat_after(player)
    state.draw_cards(victim, 2 * count, events, "draw2")
    state.pass_turn(player, 1, events)


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
        state.owe_draw_three(victim)
    elif rule == 5:
        _even_hand(state, victim, 7, events)
    elif rule == 6:
        for step in range(1, len(state.players) + 1):
            _even_hand(state, state.seat_after(player, step), 3, events)
    elif rule == 7:
        state.show_hands(player, events)
    elif rule == 8:
        voters = [state.seat_after(player, s) for s in range(1, len(state.players))]
        state.start_vote(player, voters, events)


def _discard_wilds(state: GameState, player: str, events: list[Event]) -> None:
    """House rule 2. A player left with no card this way has no cards: they go out."""
    gone_out: list[str] = []
    for step in range(1, len(state.players)):
        other = state.seat_after(player, step)
        wilds = tuple(c for c in state.hands[other] if c in WILD_CARDS)
        if not wilds:
            continue
        state.discard_under_top(other, wilds, events)
        if not state.hands[other]:
            gone_out.append(other)
    if gone_out:
        scoring.end_round(state, gone_out[0], events)


def _even_hand(state: GameState, player: str, size: int, events: list[Event]) -> None:
    """House rules 5 and 6: draw up to ``size`` now, or owe discards down to it."""
    held = len(state.hands[player])
    if held < size:
        state.draw_cards(player, size - held, events, "house_rule")
    elif held > size:
        state.owe_discards(player, size, events)


def discard(state: GameState, action: Action, events: list[Event]) -> None:
    """A player who owes discards lays cards of their choice under the top card; a
    discard of several cards is the same as discarding them one by one."""
    player = action.player
    size = state.discards_owed[player]
    state.discard_under_top(player, action.played_cards(), events)
    if len(state.hands[player]) == size:
        state.pay_discards(player)


def vote(state: GameState, action: Action, events: list[Event]) -> None:
    """House rule 8: one laugh decides at once, and the votes still to come change
    nothing (they are accepted until the next turn begins); when nobody laughed, the
    teller draws 4."""
    if action.player in state.late_voters:
        events.append(Event("vote_late", action.player, data={"laughed": action.laughed}))
        return
    teller = state.joke_by or ""
    state.record_vote(action.player, bool(action.laughed))
    events.append(Event("voted", action.player, target=teller, data={"laughed": action.laughed}))
    if action.laughed:
        if len(state.hands[teller]) > 1:
            state.owe_discards(teller, 1, events)
    elif not state.voters:
        state.draw_cards(teller, 4, events, "house_rule")


def costliest_cards(hand: list[Card], count: int) -> list[Card]:
    """The cards a timed-out player discards: the ones worth most points, so the
    table's choice for them is the one that helps them most."""
    return sorted(hand, key=lambda c: CARD_POINTS[c], reverse=True)[:count]
