"""Playing a possible world to the end of the round, quickly, for the ``hard`` level.

Every seat of a world is played by one fast policy, a cheap cousin of ``normal``: call
UNO at once, answer a draw when a card can, otherwise play a card rather than draw,
colours held before wild cards, an attack when the next player is close to going out,
and name the colour held most. It reads the world's hands directly: a world is made of
guesses (``determinize``), never of the real hidden cards.

The result of a playout, seen from one seat: 1 for winning the round, else a little
for each card fewer than the winner's opponents (so a lost round still prefers a small
hand), and a playout cut off after ``MAX_ACTIONS`` counts by hand sizes alone.
"""

from __future__ import annotations

from collections import Counter

from bot.ai.rng import SplitMix
from bot.engine.actions import Action
from bot.engine.cards import CARD_COLOR, CARD_POINTS, CARD_VALUE, Card
from bot.engine.game import Game

MAX_ACTIONS = 400
"""A playout longer than this (a long Seven-O or stacking round) is judged where it stands."""
CLOSE_TO_OUT = 2
_ATTACKS = frozenset({"skip", "draw2", "wild4"})
_PLAYS = frozenset({"play", "play_drawn"})


def play_out(game: Game, me: str, rng: SplitMix) -> float:
    """Play ``game`` (a world, changed in place) to the end of the round; its result."""
    for _ in range(MAX_ACTIONS):
        if game.round_over:
            break
        for player in game.catchable():
            game.apply(Action(player, "uno"))
        waiting = game.waiting.players
        if not waiting:
            break
        player = waiting[0]
        game.apply(policy(game, player, game.legal_actions(player), rng))
    return result(game, me)


def result(game: Game, me: str) -> float:
    if game.round_winner is not None:
        return 1.0 if game.round_winner == me else 0.0
    mine = len(game.hands[me])
    fewest = min(len(h) for p, h in game.hands.items() if p != me)
    return 0.5 + 0.05 * max(-9, min(9, fewest - mine))


def policy(game: Game, player: str, legal: list[Action], rng: SplitMix) -> Action:
    """The fast policy's choice among ``legal`` (never empty for a player waited on)."""
    first = legal[0]
    if len(legal) == 1 or first.do == "uno" or first.do == "catch":
        return first  # the engine lists the UNO call first, then the catches
    hand = game.hands[player]
    held: Counter[str] = Counter(map(CARD_COLOR.__getitem__, hand))
    best: list[Action] = []
    best_score = -1e9
    for action in legal:
        score = _score(game, action, hand, held)
        if score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


def _score(game: Game, action: Action, hand: list[Card], held: Counter[str]) -> float:
    do = action.do
    if do in _PLAYS:
        return _play_score(game, action, hand, held)
    if do == "discard":
        return float(CARD_POINTS[action.played_cards()[0]])
    if do == "vote":
        return 1.0 if action.laughed is False else 0.0
    if do == "color" or do == "bff":
        return float(held[action.color or ""])
    if do == "challenge":
        return -5.0
    return 0.0  # draw, keep, accept


def _play_score(game: Game, action: Action, hand: list[Card], held: Counter[str]) -> float:
    cards = action.played_cards()
    if len(cards) >= len(hand):
        return 1000.0
    last = cards[-1]
    score = 10.0 + 2.0 * len(cards)
    color = action.color or CARD_COLOR[last]
    score += held[color] - (len(cards) if CARD_COLOR[last] == color else 0)
    if not CARD_COLOR[last]:
        score -= 8.0
        if last == "wild4" and held[game.color]:
            score -= 4.0
    value = CARD_VALUE[last]
    if value in _ATTACKS:
        victim = game.seat_after(action.player)
        score += 6.0 if len(game.hands[victim]) <= CLOSE_TO_OUT else 0.5
    if action.target is not None:
        score += 2.0 * (len(hand) - len(game.hands[action.target]))
    return score

