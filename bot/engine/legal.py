"""Every action a player may take now: the one question a UI or a computer player asks.

The list is exact: ``Game.apply`` applies a listed action (after ``canonical`` names
the one card a ``play_drawn`` may leave out) and refuses one left out,
except the few the rules accept unlisted (``refusals``): an UNO call that would not
count, a wrong catch and a late vote, which change nothing and so are not offered, and
a discard of several cards, offered as the one-card discards that add up to it.

Actions are immutable values, so a player's actions that name no other player are
built once (``Offers``) and shared by every list and every game they sit in: listing a
turn looks cards up in two tables and builds nothing but the list.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from bot.engine.actions import Action, ActionKind
from bot.engine.cards import CARD_COLOR, CARD_VALUE, COLORS, Card, Color
from bot.engine.checks import PLAYABLE
from bot.engine.effects import needs_target
from bot.engine.phase import Phase
from bot.engine.state import GameState
from bot.engine.table_rules import (
    DRAW_VALUES,
    answers_draw,
    jump_in_card,
    longest_answer,
    must_play,
    playable_now,
)

_SHARED_LIMIT = 1 << 9
"""The shared offers are emptied when this many players have some: ids come and go.
One player's offers for every card of every deck take about 50 KB, so at most ~25 MB."""
_TURN, _START_COLOR, _ANSWER_DRAW, _DISCARD, _VOTE, _ROUND_OVER, _MATCH_OVER = (
    Phase.TURN, Phase.START_COLOR, Phase.ANSWER_DRAW, Phase.DISCARD, Phase.VOTE,
    Phase.ROUND_OVER, Phase.MATCH_OVER)
"""The phases as plain names: looking a member up on its Enum class is slow."""
_TARGETED = frozenset({"wildswap"})
_TARGETED_SEVEN_O = _TARGETED | {f"{c}7" for c in COLORS}
"""The cards whose play names another player (``effects.needs_target``)."""


class Offers:
    """The actions of one player that name no other player, built once and shared:
    the bare ones, and the plays of each card (a wild's with each colour)."""

    __slots__ = ("accept", "challenge", "draw", "drawn_plays", "keep", "plays", "uno")

    def __init__(self, player: str) -> None:
        self.draw = Action(player, "draw")
        self.keep = Action(player, "keep")
        self.uno = Action(player, "uno")
        self.accept = Action(player, "accept")
        self.challenge = Action(player, "challenge")
        self.plays = _Plays(player, "play")
        self.drawn_plays = _Plays(player, "play_drawn")


class _Plays(dict[Card, tuple[Action, ...]]):
    """Card code to its plays, filled on first ask."""

    __slots__ = ("do", "player")

    def __init__(self, player: str, do: ActionKind) -> None:
        super().__init__()
        self.player, self.do = player, do

    def __missing__(self, card: Card) -> tuple[Action, ...]:
        plays = self[card] = _choices(self.player, self.do, (card,), not CARD_COLOR[card], ())
        return plays


_OFFERS: dict[str, Offers] = {}


def offers(player: str) -> Offers:
    """The shared ``Offers`` of ``player``."""
    found = _OFFERS.get(player)
    if found is None:
        if len(_OFFERS) >= _SHARED_LIMIT:
            _OFFERS.clear()
        found = _OFFERS[player] = Offers(player)
    return found


def legal_actions(state: GameState, player: str, phase: Phase) -> list[Action]:
    """Everything ``player`` may do now in ``phase`` (``GameState.waiting``)."""
    hand = state.hands.get(player)
    if hand is None or phase is _ROUND_OVER or phase is _MATCH_OVER:
        return []
    mine = _OFFERS.get(player) or offers(player)
    size = len(hand)
    if (size == 1 or (size == 2 and player == state.current)) and player not in state.uno_called:
        actions = [mine.uno]
    else:
        actions = []
    if state.catch_window:
        partner = state.partner_of(player)  # only an opponent catches (RULES.md 12)
        actions.extend(Action(player, "catch", target=t) for t in state.catchable()
                       if t != player and t != partner)
    if phase is _TURN:
        if player != state.current:
            if state.options.jump_in:
                _jump_in(state, player, mine, actions)
            return actions
        if state.options.stacking:
            _stacked_plays(state, player, actions)
        else:
            _plays(state, player, hand, mine, actions)
        if not (state.options.force_play and must_play(hand, hand, state.color, state.top)):
            actions.append(mine.draw)
    elif phase is _DISCARD or phase is _VOTE:
        if player in state.discards_owed:
            actions.extend(Action(player, "discard", cards=(c,)) for c in dict.fromkeys(hand))
        if player in state.voters:
            actions += [Action(player, "vote", laughed=True), Action(player, "vote", laughed=False)]
    elif player != state.current:
        return actions
    elif phase is _START_COLOR:
        actions.extend(Action(player, "color", color=c) for c in COLORS)
    elif phase is _ANSWER_DRAW:
        _answers_to_draw(state, player, mine, actions)
    else:  # Phase.DRAWN_CARD
        drawn_plays = mine.drawn_plays
        playable = (playable_now(state.options, hand, state.color, state.top)
                    if state.options.no_bluff else None)
        for card in dict.fromkeys(state.drawn):
            if playable is not None and card not in playable:
                continue
            if needs_target(state.options, card):
                actions += _with_choices(state, player, "play_drawn", (card,))
            else:
                actions += drawn_plays[card]
        drawn = state.drawn
        if not (state.options.force_play and must_play(drawn, hand, state.color, state.top)):
            actions.append(mine.keep)
    return actions


def _jump_in(state: GameState, player: str, mine: Offers, actions: list[Action]) -> None:
    """Jump-in (RULES.md 11): one card identical to the top card, out of turn."""
    card = jump_in_card(state, player)
    if card is not None:
        targeted = needs_target(state.options, card)
        actions += (_with_choices(state, player, "play", (card,)) if targeted
                    else mine.plays[card])


def canonical(state: GameState, action: Action) -> Action:
    """``action`` with what it may leave out filled in: FORMAT.md lets ``play_drawn`` name
    its card only "when several drawn cards could be played", and the list names it."""
    if action.do == "play_drawn" and action.card is None and len(set(state.drawn)) == 1:
        return action._replace(card=state.drawn[0])
    return action


def _answers_to_draw(state: GameState, player: str, mine: Offers, actions: list[Action]) -> None:
    actions += (mine.accept, mine.draw)
    hand = state.hands[player]
    if state.pending_kind == "wild4" and state.wild4_by is not None and not state.options.no_bluff:
        actions.append(mine.challenge)
    if "bff" in hand:
        actions.extend(Action(player, "bff", color=c) for c in COLORS)
    longest = longest_answer(state.options)
    if longest:
        for value in DRAW_VALUES:
            answers = [c for c in hand if CARD_VALUE[c] == value]
            for stack in _stacks(answers, longest):
                if answers_draw(state.options, stack[0], hand, state.color,
                                state.pending_kind):
                    actions.extend(_with_choices(state, player, "play", stack))


def _plays(
    state: GameState, player: str, hand: list[Card], mine: Offers, actions: list[Action]
) -> None:
    """One card at a time: the hot path of every game. A second copy of a card adds
    nothing: its plays are the very objects already listed."""
    playable = PLAYABLE[state.color][state.discard_pile[-1]]
    if state.options.no_bluff:
        playable = playable_now(state.options, hand, state.color, state.top)
    targeted = _TARGETED_SEVEN_O if state.options.seven_o else _TARGETED
    plays = mine.plays
    for card in hand:
        if card in playable:
            choices = (_with_choices(state, player, "play", (card,)) if card in targeted
                       else plays[card])
            if choices[0] not in actions:
                actions += choices


def _stacked_plays(state: GameState, player: str, actions: list[Action]) -> None:
    hand = state.hands[player]
    playable = playable_now(state.options, hand, state.color, state.top)
    for card in dict.fromkeys(hand):
        if card not in playable:
            continue
        rest = list(hand)
        rest.remove(card)
        same = [c for c in rest if CARD_VALUE[c] == CARD_VALUE[card]]
        for tail in [(), *_stacks(same, longest=2)]:
            actions += _with_choices(state, player, "play", (card, *tail))


def _stacks(cards: list[Card], longest: int = 3) -> list[tuple[Card, ...]]:
    """Distinct ordered stacks of 1 to ``longest`` of ``cards`` (order sets the top)."""
    found: dict[tuple[Card, ...], None] = {}
    for size in range(1, min(longest, len(cards)) + 1):
        found.update(dict.fromkeys(permutations(cards, size)))
    return list(found)


def _with_choices(
    state: GameState, player: str, do: ActionKind, cards: tuple[Card, ...]
) -> tuple[Action, ...]:
    """The play of ``cards`` with every colour and target it takes. A last card takes
    them too, though it ends the round with no effect: a wild always names a colour."""
    last = cards[-1]
    targeted = needs_target(state.options, last)
    others = tuple(p for p in state.players if p != player) if targeted else ()
    return _choices(player, do, cards, not CARD_COLOR[last], others)


@lru_cache(maxsize=1 << 16)
def _choices(
    player: str, do: ActionKind, cards: tuple[Card, ...], wild: bool, targets: tuple[str, ...]
) -> tuple[Action, ...]:
    """Actions are immutable values, so the same choices are built once and shared."""
    card, stack = (cards[0], None) if len(cards) == 1 else (None, cards)
    colors: tuple[Color | None, ...] = COLORS if wild else (None,)
    return tuple(
        Action(player, do, card=card, cards=stack, color=c, target=t)
        for c in colors
        for t in (targets or (None,))
    )
