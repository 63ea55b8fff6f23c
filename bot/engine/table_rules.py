"""The questions the table options of RULES.md 11 ask, shared by the list of legal
actions, the refusals and the turn flow: who may jump in with what, whether a hand must
play, whether a Wild Draw Four may be laid, and which cards answer a pending draw.
"""

from __future__ import annotations

from bot.engine.cards import CARD_COLOR, CARD_VALUE, Card, CardColor
from bot.engine.checks import PLAYABLE
from bot.engine.state import GameState

DRAW_VALUES = ("draw2", "wild4")
"""The values that make the next player draw: what answers a pending draw."""
_WILD4: frozenset[Card] = frozenset({"wild4"})


def holds_color(hand: list[Card], color: CardColor) -> bool:
    return any(CARD_COLOR[c] == color for c in hand)


def jump_in_card(state: GameState, player: str) -> Card | None:
    """The card ``player`` may jump in with when the game waits for an ordinary turn:
    one identical to the top card (never a wild), held by someone whose turn it is not
    and who did not lay that top card themselves."""
    top = state.discard_pile[-1]
    if (player != state.current and player != state.top_by and CARD_COLOR[top]
            and top in state.hands[player]):
        return top
    return None


def wild4_allowed(state: GameState, player: str) -> bool:
    """No bluffing: a Wild Draw Four only from a hand with nothing of the current colour."""
    return not state.options.no_bluff or not holds_color(state.hands[player], state.color)


def must_play(state: GameState, player: str, cards: list[Card]) -> bool:
    """Force play: whether one of ``cards`` (of ``player``'s hand) is playable now, a
    Wild Draw Four counting only when the hand holds nothing of the current colour."""
    playable = PLAYABLE[state.color][state.discard_pile[-1]]
    return any(
        c in playable and (c != "wild4" or not holds_color(state.hands[player], state.color))
        for c in cards
    )


def playable_now(state: GameState, player: str) -> frozenset[Card]:
    """The cards ``player`` may lay on the pile now (``PLAYABLE``, less a Wild Draw Four
    that no bluffing forbids)."""
    playable = PLAYABLE[state.color][state.discard_pile[-1]]
    if state.options.no_bluff and holds_color(state.hands[player], state.color):
        return playable - _WILD4
    return playable


def answers_draw(state: GameState, player: str, card: Card) -> bool:
    """Whether ``card`` may answer (be the first card of an answer to) the pending draw:
    with stack draws a Draw Two or a Wild Draw Four, a Draw Two on a Wild Draw Four only
    in the colour named; with stacking alone, a card of the pending card's value. No
    bluffing holds for a Wild Draw Four laid as an answer too (RULES.md 11)."""
    value = CARD_VALUE[card]
    if state.options.stack_draws:
        if value == "draw2":
            return state.pending_kind == "draw2" or CARD_COLOR[card] == state.color
        if value != "wild4":
            return False
    elif not state.options.stacking or value != state.pending_kind:
        return False
    return value != "wild4" or wild4_allowed(state, player)


def longest_answer(state: GameState) -> int:
    """Stacking lays up to 3 cards of one value; stack draws alone answers with one."""
    return 3 if state.options.stacking else 1 if state.options.stack_draws else 0
