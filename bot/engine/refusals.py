"""Why an action is refused: the code and reason for an action ``legal_actions`` does not list.

``Game.apply`` applies an action listed by ``legal_actions`` without asking anything
here. Every other action comes here, and ``check`` raises the refusal that says why,
in the order a player would want to hear it: a field that does not fit the action
(``bad_action``), a stranger, the round being over, then the rule it breaks.

Three unlisted kinds of action are let through, because the rules accept them:
an UNO call that would not count and a wrong catch (RULES.md 8), and a late vote
(house rule 8) change nothing; a discard of several cards is the listed one-card
discards in a row. Anything else that gets to the end is refused as ``not_offered``,
so nothing unlisted is ever applied by mistake.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine.actions import PLAYER_ACTIONS, TURN_ACTIONS, Action, ActionKind
from bot.engine.cards import CARD_COLOR, CARD_VALUE, COLORS, Card
from bot.engine.checks import matches
from bot.engine.effects import needs_target
from bot.engine.errors import IllegalAction
from bot.engine.phase import Phase, waiting
from bot.engine.state import GameState
from bot.engine.table_rules import answers_draw, longest_answer, must_play, wild4_allowed

_FIELDS: dict[ActionKind, frozenset[str]] = {
    "play": frozenset({"card", "cards", "color", "target"}),
    "play_drawn": frozenset({"card", "color", "target"}),
    "catch": frozenset({"target"}),
    "bff": frozenset({"color"}),
    "color": frozenset({"color"}),
    "discard": frozenset({"cards"}),
    "vote": frozenset({"laughed"}),
}
"""The fields each kind of action takes; the kinds not named take none."""

_MISFITS = {"card": "takes_no_card", "cards": "takes_no_card", "color": "takes_no_color",
            "target": "takes_no_target", "laughed": "laughed_not_vote"}


def check(state: GameState, action: Action) -> None:
    """Raise the refusal of an unlisted ``action``; return for the few the rules accept."""
    _check_fields(state, action)
    if action.player not in state.hands:
        raise IllegalAction("not_a_player", action.player)
    if state.round_over:
        raise IllegalAction("match_over" if state.match_over else "round_over")
    if action.do in TURN_ACTIONS and action.player != state.current:
        if action.do == "play" and state.options.jump_in:
            _check_jump_in(state, action)
        raise IllegalAction("not_your_turn")
    if not _KIND_CHECKS[action.do](state, action):
        raise IllegalAction("not_offered", str(action.to_dict()))


# -- fields ----------------------------------------------------------------------------


def _check_fields(state: GameState, action: Action) -> None:
    """``bad_action``: a field the action does not take (FORMAT.md)."""
    if action.do not in PLAYER_ACTIONS:
        raise IllegalAction("unknown_action", action.do)
    takes = _FIELDS.get(action.do, frozenset())
    for name, reason in _MISFITS.items():
        if getattr(action, name) is not None and name not in takes:
            raise IllegalAction(reason, action.do)
    if action.do == "play":
        if action.card is not None and action.cards is not None:
            raise IllegalAction("card_and_cards")
        if action.cards is not None and len(action.cards) < 2:
            raise IllegalAction("one_card_as_list")
    if action.do == "vote" and action.laughed is None:
        raise IllegalAction("vote_needs_laughed")
    if action.do in ("play", "play_drawn"):
        _check_card_fields(state, action)


def _check_card_fields(state: GameState, action: Action) -> None:
    """A colour only for a wild, a target only for a card that swaps hands, and never
    the player themselves."""
    cards = action.played_cards()
    if not cards or cards[-1] not in CARD_COLOR:
        return
    last = cards[-1]
    if action.color is not None and CARD_COLOR[last]:
        raise IllegalAction("color_not_wild", last)
    if action.target is not None:
        if not needs_target(state.options, last):
            raise IllegalAction("takes_no_target", last)
        if action.target == action.player:
            raise IllegalAction("target_is_self")


# -- the rules, kind by kind: each raises, or says whether the rules accept the action --


def _check_waiting_on_turn(state: GameState) -> None:
    if state.discards_owed or state.voters:
        raise IllegalAction("waiting_for_table")
    if state.choosing_start_color:
        raise IllegalAction("choose_start_color")


def _check_play(state: GameState, action: Action) -> bool:
    _check_waiting_on_turn(state)
    if state.drawn:
        raise IllegalAction("already_drew")
    cards = action.played_cards()
    if not cards:
        raise IllegalAction("no_card_named")
    if len(cards) > 1 and not state.options.stacking:
        raise IllegalAction("stacking_off")
    if len(cards) > 3:
        raise IllegalAction("stack_too_big")
    hand = state.hands[action.player]
    _check_in_hand(hand, cards)
    if state.pending_draw:
        _check_answer(state, action.player, cards)
    elif not matches(cards[0], state.top, state.color):
        raise IllegalAction("does_not_match")
    elif cards[0] == "wild4" and not wild4_allowed(state.options, hand, state.color):
        raise IllegalAction("no_bluffing")
    if any(CARD_VALUE[c] != CARD_VALUE[cards[0]] for c in cards[1:]):
        raise IllegalAction("stack_values_differ")
    _check_choices(state, action.player, cards[-1], action)
    return False


def _check_answer(state: GameState, player: str, cards: tuple[Card, ...]) -> None:
    """An answer to a pending draw (RULES.md 7, 11): a card of the right value is refused
    as not matching when it is a Draw Two of another colour than a Wild Draw Four named,
    or a Wild Draw Four that no bluffing forbids; anything else is no answer at all."""
    first = cards[0]
    if (not longest_answer(state.options)
            or any(CARD_VALUE[c] != CARD_VALUE[first] for c in cards[1:])):
        raise IllegalAction("answer_the_draw")
    if answers_draw(state.options, first, state.hands[player], state.color,
                    state.pending_kind):
        return
    if state.options.stack_draws or CARD_VALUE[first] == state.pending_kind:
        if first == "wild4" and not wild4_allowed(state.options, state.hands[player], state.color):
            raise IllegalAction("no_bluffing")
        if CARD_VALUE[first] == "draw2" and state.pending_kind == "wild4":
            raise IllegalAction("draw_two_wrong_colour")
    raise IllegalAction("answer_the_draw")


def _check_jump_in(state: GameState, action: Action) -> None:
    """Jump-in (RULES.md 11): a play of cards identical to a coloured top card, out of
    turn, is refused for what keeps it from being a jump-in now; any other play out of
    turn is not the player's turn (``check``)."""
    cards = action.played_cards()
    top = state.top
    if not cards or not CARD_COLOR[top] or any(c != top for c in cards):
        return
    _check_in_hand(state.hands[action.player], cards)
    if len(cards) > 1:
        raise IllegalAction("jump_in_one_card")
    if action.player == state.top_by:
        raise IllegalAction("jump_in_own_card")
    if waiting(state).phase is not Phase.TURN:
        raise IllegalAction("jump_in_not_now")
    _check_choices(state, action.player, top, action)


def _check_draw(state: GameState, action: Action) -> bool:
    if not state.pending_draw:
        _check_waiting_on_turn(state)
        if state.drawn:
            raise IllegalAction("already_drew")
        hand = state.hands[action.player]
        if state.options.force_play and must_play(hand, hand, state.color, state.top):
            raise IllegalAction("must_play")
    return False


def _check_play_drawn(state: GameState, action: Action) -> bool:
    if not state.drawn:
        raise IllegalAction("nothing_drawn")
    card = action.card
    if card is None:
        if len(set(state.drawn)) > 1:
            raise IllegalAction("name_drawn_card")
        card = state.drawn[0]
    if card not in state.drawn:
        raise IllegalAction("not_the_drawn_card", card)
    hand = state.hands[action.player]
    if card == "wild4" and not wild4_allowed(state.options, hand, state.color):
        raise IllegalAction("no_bluffing")
    _check_choices(state, action.player, card, action)
    return False


def _check_keep(state: GameState, action: Action) -> bool:
    if not state.drawn:
        raise IllegalAction("nothing_drawn")
    hand = state.hands[action.player]
    if state.options.force_play and must_play(state.drawn, hand, state.color, state.top):
        raise IllegalAction("must_play")
    return False


def _check_choices(state: GameState, player: str, last: Card, action: Action) -> None:
    """A wild needs a colour and a swap needs another player, even as the last card."""
    if not CARD_COLOR[last] and action.color not in COLORS:
        raise IllegalAction("needs_color")
    if needs_target(state.options, last):
        if action.target is None:
            raise IllegalAction("needs_target")
        if action.target not in state.hands:
            raise IllegalAction("not_a_player", action.target)


def _check_victim(state: GameState, action: Action) -> bool:
    if not state.pending_draw:
        raise IllegalAction("nothing_to_answer")
    if action.player != state.current:
        raise IllegalAction("not_your_draw")
    return False


def _check_challenge(state: GameState, action: Action) -> bool:
    _check_victim(state, action)
    if state.options.no_bluff:
        raise IllegalAction("no_bluffing_no_challenge")
    if state.pending_kind != "wild4" or state.wild4_by is None:
        raise IllegalAction("nothing_to_challenge")
    return False


def _check_bff(state: GameState, action: Action) -> bool:
    _check_victim(state, action)
    _check_in_hand(state.hands[action.player], ("bff",))
    if action.color not in COLORS:
        raise IllegalAction("needs_color")
    return False


def _check_uno(state: GameState, action: Action) -> bool:
    """A call that would not count is accepted and changes nothing (RULES.md 8); one
    that would count is listed, so it never comes here."""
    return True


def _check_catch(state: GameState, action: Action) -> bool:
    """A wrong catch is accepted and changes nothing (RULES.md 8); catching oneself,
    one's partner (RULES.md 12) or a stranger is refused."""
    target = action.target
    if target is None or target not in state.hands:
        raise IllegalAction("not_a_player", str(target))
    if target == action.player:
        raise IllegalAction("catch_self")
    if target == state.partner_of(action.player):
        raise IllegalAction("not_allowed_now", "a partner is not caught")
    return True


def _check_color(state: GameState, action: Action) -> bool:
    if not state.choosing_start_color or action.player != state.current:
        raise IllegalAction("no_color_to_choose")
    if action.color not in COLORS:
        raise IllegalAction("needs_color")
    return False


def _check_discard(state: GameState, action: Action) -> bool:
    """A discard of several cards is accepted: it is the one-card discards in a row."""
    size = state.discards_owed.get(action.player)
    if size is None:
        raise IllegalAction("no_discard_owed")
    cards = action.played_cards()
    hand = state.hands[action.player]
    if not cards:
        raise IllegalAction("no_card_named")
    _check_in_hand(hand, cards)
    if len(hand) - len(cards) < size:
        raise IllegalAction("discard_too_many", f"down to {size} cards")
    return True


def _check_vote(state: GameState, action: Action) -> bool:
    """A vote after a laugh decided it is accepted and changes nothing (house rule 8)."""
    if action.player not in state.late_voters:
        raise IllegalAction("no_vote")
    return True


def _check_in_hand(hand: list[Card], cards: tuple[Card, ...]) -> None:
    """Every card named is in ``hand`` (as a multiset: two r5 need two r5)."""
    remaining = list(hand)
    for card in cards:
        if card not in remaining:
            raise IllegalAction("not_in_hand", card)
        remaining.remove(card)


_KIND_CHECKS: dict[ActionKind, Callable[[GameState, Action], bool]] = {
    "play": _check_play,
    "draw": _check_draw,
    "play_drawn": _check_play_drawn,
    "keep": _check_keep,
    "accept": _check_victim,
    "challenge": _check_challenge,
    "bff": _check_bff,
    "uno": _check_uno,
    "catch": _check_catch,
    "color": _check_color,
    "discard": _check_discard,
    "vote": _check_vote,
}
