"""The questions the table options of RULES.md 11 ask, shared by the list of legal
actions, the refusals and the turn flow: who may jump in with what, whether a hand must
play, whether a Wild Draw Four may be laid, and which cards answer a pending draw.
"""

from __future__ import annotations

from bot.engine.cards import CARD_COLOR, CARD_VALUE, Card, CardColor
from bot.engine.checks import PLAYABLE
from bot.engine.options import Options
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


def wild4_allowed(options: Options, hand: list[Card], color: CardColor) -> bool:
    """No bluffing: a Wild Draw Four only from a hand with nothing of ``color``."""
    return not options.no_bluff or not holds_color(hand, color)


def must_play(cards: list[Card], hand: list[Card], color: CardColor, top: Card) -> bool:
    """Force play: whether one of ``cards`` (of ``hand``) may be laid on ``top`` when
    ``color`` is to match, a Wild Draw Four counting only when the hand holds nothing of
    that colour."""
    playable = PLAYABLE[color][top]
    return any(c in playable and (c != "wild4" or not holds_color(hand, color)) for c in cards)


def playable_now(
    options: Options, hand: list[Card], color: CardColor, top: Card
) -> frozenset[Card]:
    """The cards ``hand`` may lay on ``top`` when ``color`` is to match (``PLAYABLE``,
    less a Wild Draw Four that no bluffing forbids)."""
    playable = PLAYABLE[color][top]
    if options.no_bluff and holds_color(hand, color):
        return playable - _WILD4
    return playable


def answers_draw(
    options: Options, card: Card, hand: list[Card], color: CardColor, pending_kind: str
) -> bool:
    """Whether ``card`` (of ``hand``) may answer (be the first card of an answer to) a
    pending draw from a ``pending_kind`` card, ``color`` in force: with stack draws a
    Draw Two or a Wild Draw Four, a Draw Two on a Wild Draw Four only in the colour
    named; with stacking alone, a card of the pending card's value. No bluffing holds
    for a Wild Draw Four laid as an answer too (RULES.md 11)."""
    value = CARD_VALUE[card]
    if options.stack_draws:
        if value == "draw2":
            return pending_kind == "draw2" or CARD_COLOR[card] == color
        if value != "wild4":
            return False
    elif not options.stacking or value != pending_kind:
        return False
    return value != "wild4" or wild4_allowed(options, hand, color)


def longest_answer(options: Options) -> int:
    """Stacking lays up to 3 cards of one value; stack draws alone answers with one."""
    return 3 if options.stacking else 1 if options.stack_draws else 0
