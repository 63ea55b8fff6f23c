"""Every action a player may take now: the one question a UI or a computer player asks.

The list is exact: each listed action applies, and an action left out is refused, with
two exceptions the rules make harmless (RULES.md 8): an UNO call that would not count
and a wrong catch are accepted with no effect, so they are not offered. A discard of
several cards is offered as single-card discards, which add up to the same.
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from bot.engine.actions import Action
from bot.engine.cards import CARD_COLOR, CARD_VALUE, COLORS
from bot.engine.checks import matches
from bot.engine.effects import needs_target

if TYPE_CHECKING:
    from bot.engine.game import Game


def legal_actions(game: Game, player: str) -> list[Action]:
    if game.phase != "turn" or player not in game.hands:
        return []
    actions: list[Action] = []
    if player not in game.uno_called and game.uno_call_counts(player):
        actions.append(Action(player, "uno"))
    actions.extend(Action(player, "catch", target=t) for t in game.catchable() if t != player)
    if player in game.discards_owed:
        actions.extend(Action(player, "discard", cards=(c,)) for c in _distinct(game.hands[player]))
    if player in game.voters:
        actions += [Action(player, "vote", laughed=True), Action(player, "vote", laughed=False)]
    if game.discards_owed or game.voters or player != game.current:
        return actions
    if game.choosing_start_color:
        actions.extend(Action(player, "color", color=c) for c in COLORS)
    elif game.pending_draw:
        actions.extend(_answers_to_draw(game, player))
    elif game.has_drawn:
        for card in _distinct(game.drawn):
            actions.extend(_with_choices(game, player, "play_drawn", (card,)))
        actions.append(Action(player, "keep"))
    else:
        actions.extend(_plays(game, player))
        actions.append(Action(player, "draw"))
    return actions


def _distinct(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))


def _answers_to_draw(game: Game, player: str) -> list[Action]:
    actions = [Action(player, "accept"), Action(player, "draw")]
    hand = game.hands[player]
    if game.pending_kind == "wild4" and game.wild4_by is not None:
        actions.append(Action(player, "challenge"))
    if "bff" in hand:
        actions.extend(Action(player, "bff", color=c) for c in COLORS)
    if game.options.stacking:
        answers = [c for c in hand if CARD_VALUE[c] == game.pending_kind]
        for stack in _stacks(answers):
            actions.extend(_with_choices(game, player, "play", stack))
    return actions


def _plays(game: Game, player: str) -> list[Action]:
    hand = game.hands[player]
    top, color = game.top, game.color
    actions: list[Action] = []
    for card in _distinct(hand):
        if not matches(card, top, color):
            continue
        if not game.options.stacking:
            actions.extend(_with_choices(game, player, "play", (card,)))
            continue
        rest = list(hand)
        rest.remove(card)
        same = [c for c in rest if CARD_VALUE[c] == CARD_VALUE[card]]
        for tail in [(), *_stacks(same, longest=2)]:
            actions.extend(_with_choices(game, player, "play", (card, *tail)))
    return actions


def _stacks(cards: list[str], longest: int = 3) -> list[tuple[str, ...]]:
    """Distinct ordered stacks of 1 to ``longest`` of ``cards`` (order sets the top)."""
    found: dict[tuple[str, ...], None] = {}
    for size in range(1, min(longest, len(cards)) + 1):
        found.update(dict.fromkeys(permutations(cards, size)))
    return list(found)


def _with_choices(game: Game, player: str, do: str, cards: tuple[str, ...]) -> list[Action]:
    """The play of ``cards`` with every colour and target it needs (none when it is the
    last card in hand, which ends the round)."""
    single = len(cards) == 1
    card, stack = (cards[0], None) if single else (None, cards)
    last = cards[-1]
    if len(game.hands[player]) == len(cards):
        colors: tuple[str | None, ...] = (None,)
        targets: tuple[str | None, ...] = (None,)
    else:
        colors = (None,) if CARD_COLOR[last] else COLORS
        wants_target = needs_target(game, last)
        targets = tuple(p for p in game.players if p != player) if wants_target else (None,)
    return [
        Action(player, do, card=card, cards=stack, color=c, target=t)
        for c in colors
        for t in targets
    ]
