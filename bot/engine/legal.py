"""Every action a player may take now: the one question a UI or a computer player asks.

The list is exact: ``Game.apply`` applies a listed action (after ``canonical`` names
the one card a ``play_drawn`` may leave out) and refuses one left out,
except the few the rules accept unlisted (``refusals``): an UNO call that would not
count, a wrong catch and a late vote, which change nothing and so are not offered, and
a discard of several cards, offered as the one-card discards that add up to it.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import permutations
from typing import TYPE_CHECKING

from bot.engine.actions import Action
from bot.engine.cards import ALL_CARDS, CARD_COLOR, CARD_VALUE, COLORS
from bot.engine.checks import matches_value
from bot.engine.effects import needs_target
from bot.engine.phase import Phase, waiting

if TYPE_CHECKING:
    from bot.engine.game import Game

_OVER = frozenset({Phase.ROUND_OVER, Phase.MATCH_OVER})
_SHARED_LIMIT = 1 << 16
"""Actions are immutable values, so the same ones are built once and shared between
games; the shared tables are emptied when they reach this size."""
_SINGLE_PLAYS: dict[tuple[str, str], tuple[Action, ...]] = {}
_BARE: dict[tuple[str, str], Action] = {}
_TARGETED = frozenset({"wildswap"})
_TARGETED_SEVEN_O = _TARGETED | {f"{c}7" for c in COLORS}
"""The cards whose play names another player (``effects.needs_target``)."""


def legal_actions(game: Game, player: str) -> list[Action]:
    """Everything ``player`` may do now; the phase (``Game.waiting``) says what that is."""
    hands = game.hands
    phase = waiting(game).phase
    if phase in _OVER or player not in hands:
        return []
    actions: list[Action] = []
    size = len(hands[player])
    if (size == 1 or (size == 2 and player == game.current)) and player not in game.uno_called:
        actions.append(_bare(player, "uno"))
    if game.catch_window:
        actions.extend(Action(player, "catch", target=t) for t in game.catchable() if t != player)
    if phase is Phase.DISCARD or phase is Phase.VOTE:
        if player in game.discards_owed:
            actions.extend(Action(player, "discard", cards=(c,)) for c in _distinct(hands[player]))
        if player in game.voters:
            actions += [Action(player, "vote", laughed=True), Action(player, "vote", laughed=False)]
        return actions
    if player != game.current:
        return actions
    if phase is Phase.TURN:
        if game.options.stacking:
            _stacked_plays(game, player, actions)
        else:
            _plays(game, player, actions)
        actions.append(_bare(player, "draw"))
    elif phase is Phase.START_COLOR:
        actions.extend(Action(player, "color", color=c) for c in COLORS)
    elif phase is Phase.ANSWER_DRAW:
        actions.extend(_answers_to_draw(game, player))
    else:  # Phase.DRAWN_CARD
        for card in _distinct(game.drawn):
            actions.extend(_with_choices(game, player, "play_drawn", (card,)))
        actions.append(_bare(player, "keep"))
    return actions


def canonical(game: Game, action: Action) -> Action:
    """``action`` with what it may leave out filled in: FORMAT.md lets ``play_drawn`` name
    its card only "when several drawn cards could be played", and the list names it."""
    if action.do == "play_drawn" and action.card is None and len(set(game.drawn)) == 1:
        return action._replace(card=game.drawn[0])
    return action


def _distinct(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


def _answers_to_draw(game: Game, player: str) -> list[Action]:
    actions = [_bare(player, "accept"), _bare(player, "draw")]
    hand = game.hands[player]
    if game.pending_kind == "wild4" and game.wild4_by is not None:
        actions.append(_bare(player, "challenge"))
    if "bff" in hand:
        actions.extend(Action(player, "bff", color=c) for c in COLORS)
    if game.options.stacking:
        answers = [c for c in hand if CARD_VALUE[c] == game.pending_kind]
        for stack in _stacks(answers):
            actions.extend(_with_choices(game, player, "play", stack))
    return actions


def _plays(game: Game, player: str, actions: list[Action]) -> None:
    """One card at a time: the hot path of every game, hence the shared actions."""
    top = game.discard_pile[-1]
    playable = _playable(game.color, CARD_VALUE[top] if CARD_COLOR[top] else "")
    targeted = _TARGETED_SEVEN_O if game.options.seven_o else _TARGETED
    shared = _SINGLE_PLAYS
    for card in dict.fromkeys(game.hands[player]):
        if card not in playable:
            continue
        if card in targeted:
            actions += _with_choices(game, player, "play", (card,))
            continue
        key = (player, card)
        plays = shared.get(key)
        if plays is None:
            if len(shared) >= _SHARED_LIMIT:
                shared.clear()
            plays = shared[key] = _choices(player, "play", (card,), not CARD_COLOR[card], ())
        actions += plays


@cache
def _playable(color: str, top_value: str) -> frozenset[str]:
    """Every card that may be laid when ``color`` is to match on a top card of
    ``top_value`` ('' for a wild): the one question ``checks.matches`` answers."""
    return frozenset(c for c in ALL_CARDS if matches_value(c, top_value, color))


def _stacked_plays(game: Game, player: str, actions: list[Action]) -> None:
    hand = game.hands[player]
    top = game.discard_pile[-1]
    color = game.color
    top_value = CARD_VALUE[top] if CARD_COLOR[top] else None
    for card in dict.fromkeys(hand):
        card_color = CARD_COLOR[card]
        if card_color and card_color != color and CARD_VALUE[card] != top_value:
            continue
        rest = list(hand)
        rest.remove(card)
        same = [c for c in rest if CARD_VALUE[c] == CARD_VALUE[card]]
        for tail in [(), *_stacks(same, longest=2)]:
            actions += _with_choices(game, player, "play", (card, *tail))


def _stacks(cards: list[str], longest: int = 3) -> list[tuple[str, ...]]:
    """Distinct ordered stacks of 1 to ``longest`` of ``cards`` (order sets the top)."""
    found: dict[tuple[str, ...], None] = {}
    for size in range(1, min(longest, len(cards)) + 1):
        found.update(dict.fromkeys(permutations(cards, size)))
    return list(found)


def _with_choices(game: Game, player: str, do: str, cards: tuple[str, ...]) -> tuple[Action, ...]:
    """The play of ``cards`` with every colour and target it takes. A last card takes
    them too, though it ends the round with no effect: a wild always names a colour."""
    last = cards[-1]
    others = tuple(p for p in game.players if p != player) if needs_target(game, last) else ()
    return _choices(player, do, cards, not CARD_COLOR[last], others)


def _bare(player: str, do: str) -> Action:
    """An action with no fields (draw, keep, uno, ...), built once per player and kind."""
    key = (player, do)
    action = _BARE.get(key)
    if action is None:
        if len(_BARE) >= _SHARED_LIMIT:
            _BARE.clear()
        action = _BARE[key] = Action(player, do)
    return action


@lru_cache(maxsize=1 << 16)
def _choices(
    player: str, do: str, cards: tuple[str, ...], wild: bool, targets: tuple[str, ...]
) -> tuple[Action, ...]:
    """Actions are immutable values, so the same choices are built once and shared."""
    card, stack = (cards[0], None) if len(cards) == 1 else (None, cards)
    colors: tuple[str | None, ...] = COLORS if wild else (None,)
    return tuple(
        Action(player, do, card=card, cards=stack, color=c, target=t)
        for c in colors
        for t in (targets or (None,))
    )
