"""The questions the table options of RULES.md 11 ask, shared by the list of legal
actions, the refusals and the turn flow: who may jump in with what, whether a hand must
play, whether a Wild Draw Four may be laid, and which cards answer a pending draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.engine.cards import CARD_COLOR, CARD_VALUE, Card, CardColor
from bot.engine.checks import PLAYABLE

if TYPE_CHECKING:
    from bot.engine.game import Game

DRAW_VALUES = ("draw2", "wild4")
"""The values that make the next player draw: what answers a pending draw."""
_WILD4: frozenset[Card] = frozenset({"wild4"})


def holds_color(hand: list[Card], color: CardColor) -> bool:
    return any(CARD_COLOR[c] == color for c in hand)


def jump_in_card(game: Game, player: str) -> Card | None:
    """The card ``player`` may jump in with when the game waits for an ordinary turn:
    one identical to the top card (never a wild), held by someone whose turn it is not
    and who did not lay that top card themselves."""
    top = game.discard_pile[-1]
    if (player != game.current and player != game.top_by and CARD_COLOR[top]
            and top in game.hands[player]):
        return top
    return None


def wild4_allowed(game: Game, player: str) -> bool:
    """No bluffing: a Wild Draw Four only from a hand with nothing of the current colour."""
    return not game.options.no_bluff or not holds_color(game.hands[player], game.color)


def must_play(game: Game, player: str, cards: list[Card]) -> bool:
    """Force play: whether one of ``cards`` (of ``player``'s hand) is playable now, a
    Wild Draw Four counting only when the hand holds nothing of the current colour."""
    playable = PLAYABLE[game.color][game.discard_pile[-1]]
    return any(
        c in playable and (c != "wild4" or not holds_color(game.hands[player], game.color))
        for c in cards
    )


def playable_now(game: Game, player: str) -> frozenset[Card]:
    """The cards ``player`` may lay on the pile now (``PLAYABLE``, less a Wild Draw Four
    that no bluffing forbids)."""
    playable = PLAYABLE[game.color][game.discard_pile[-1]]
    if game.options.no_bluff and holds_color(game.hands[player], game.color):
        return playable - _WILD4
    return playable


def answers_draw(game: Game, player: str, card: Card) -> bool:
    """Whether ``card`` may answer (be the first card of an answer to) the pending draw:
    with stack draws a Draw Two or a Wild Draw Four, a Draw Two on a Wild Draw Four only
    in the colour named; with stacking alone, a card of the pending card's value. No
    bluffing holds for a Wild Draw Four laid as an answer too (RULES.md 11)."""
    value = CARD_VALUE[card]
    if game.options.stack_draws:
        if value == "draw2":
            return game.pending_kind == "draw2" or CARD_COLOR[card] == game.color
        if value != "wild4":
            return False
    elif not game.options.stacking or value != game.pending_kind:
        return False
    return value != "wild4" or wild4_allowed(game, player)


def longest_answer(game: Game) -> int:
    """Stacking lays up to 3 cards of one value; stack draws alone answers with one."""
    return 3 if game.options.stacking else 1 if game.options.stack_draws else 0
