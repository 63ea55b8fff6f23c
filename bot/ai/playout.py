"""Playing a possible world to the end of the round, quickly, for the ``hard`` level.

Every seat of a world is played by ``normal``'s judgement without its memory: UNO
called at once, card plays scored by ``scoring`` (so the search asks what happens
when everyone plays about as ``normal`` does), the colour held most named, a Wild Draw
Four challenged when ``challenge`` finds it likely enough to be a bluff (judged by the
challenger's hand and the discard pile: so a bluff the search weighs risks what it
risks against ``normal``). It reads the world's hands directly (``Context.from_world``):
a world is made of guesses (``determinize``), never of the real hidden cards.

The result of a playout, seen from one seat's side (the seat alone, or its team under
partners: a partner going out is a win): 1 for winning the round; a round lost, with
more than two sides, up to ``NEAR_WIN`` by how many of the other losing sides hold more
cards (a rank, not a win: at four players most playouts are lost, and 0 for all of them
would leave the search almost nothing to compare actions by); and a playout cut off
after ``MAX_ACTIONS`` counts by hand sizes alone. Under partners every seat of a world
plays for its team, reading its partner's hand when the table shows partners theirs.
"""

from __future__ import annotations

from bot.ai.challenge import CHALLENGE_AT, CHALLENGE_RATHER_THAN_BLOCK_AT, guilt_chance
from bot.ai.context import Context
from bot.ai.rng import SplitMix
from bot.ai.scoring import DRAW, FOLLOW, GOING_OUT, colour_worth, score_play
from bot.engine.actions import Action
from bot.engine.cards import CARD_COLOR, CARD_POINTS
from bot.engine.game import Game

MAX_ACTIONS = 400
"""A playout longer than this (a long Seven-O or stacking round) is judged where it stands."""
NEAR_WIN = 0.2
"""A lost round's result when every other loser holds more cards than we do."""
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
    """The playout's result for ``me``'s side: ``me`` alone, or ``me``'s team under
    partners, whose hand sizes count by the smaller hand still seated."""
    ours = game.team_of(me)
    sides = {side: min(len(game.hands[p]) for p in side if p in game.hands)
             for side in game.sides()}
    mine = sides.pop(ours)
    won = None if game.round_result is None else game.round_result.team
    if won == ours:
        return 1.0
    if won is not None:
        losers = [n for side, n in sides.items() if side != won]
        beaten = sum(1.0 if n > mine else 0.5 if n == mine else 0.0 for n in losers)
        return NEAR_WIN * beaten / len(losers) if losers else 0.0
    fewest = min(sides.values())
    return 0.5 + 0.05 * max(-9, min(9, fewest - mine))


def policy(game: Game, player: str, legal: list[Action], rng: SplitMix) -> Action:
    """The fast policy's choice among ``legal`` (never empty for a player waited on)."""
    first = legal[0]
    if len(legal) == 1 or first.do == "uno" or first.do == "catch":
        return first  # the engine lists the UNO call first, then the catches
    ctx = Context.from_world(game, player)
    best: list[Action] = []
    best_score = -1e18
    for action in legal:
        score = (_challenge(game, player) if action.do == "challenge"
                 else _score(action, ctx, game.joke_by))
        if score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


def _score(action: Action, ctx: Context, joke_by: str | None) -> float:
    """``normal``'s scores for card plays; the rest as ``normal`` would rank them."""
    do = action.do
    if do in _PLAYS:
        return score_play(action, ctx)
    if do == "discard":
        return float(CARD_POINTS[action.played_cards()[0]])
    if do == "vote":
        return 1.0 if action.laughed is ctx.laughs_at(joke_by) else 0.0
    if do == "color" or do == "bff":
        return DRAW + 1 + colour_worth(action.color or "", ctx) / FOLLOW
    return DRAW  # draw, keep, accept


def _challenge(game: Game, player: str) -> float:
    """A challenge ranked as ``normal`` ranks it: before any answer when a bluff is very
    likely, before accepting the draw when it is likely enough, else after."""
    color, by = game.wild4_color, game.wild4_by
    assert by is not None  # a challenge is offered only while a Wild Draw Four waits
    chance = guilt_chance(
        ruleset=game.ruleset,
        color=color,
        hand=game.hands[player],
        discarded_of_color=sum(1 for c in game.discard_pile if CARD_COLOR[c] == color),
        discard_size=len(game.discard_pile),
        their_cards=len(game.hands[by]),
        drawn_since=None,
        just_played_color=False,
    )
    if chance >= CHALLENGE_RATHER_THAN_BLOCK_AT:
        return GOING_OUT
    return DRAW + 0.5 if chance >= CHALLENGE_AT else DRAW - 1
