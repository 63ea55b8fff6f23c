"""The ``normal`` level: plays to win with what its view and its memory show.

Order of business: call UNO, catch, then whatever the game waits on (discards, a vote,
the start colour, an answer to a pending draw, a turn), or, when the game waits on
somebody else, a jump-in worth making. Card plays are scored in ``scoring`` (which
plays for the team under partners); the Wild Draw Four challenge is weighed in
``challenge``. What the table options forbid (a bluff
with no bluffing, a draw with force play) is never offered, so never chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.ai.challenge import CHALLENGE_AT, CHALLENGE_RATHER_THAN_BLOCK_AT, guilt_chance
from bot.ai.context import Context
from bot.ai.memory import Memory
from bot.ai.rng import SplitMix
from bot.ai.scoring import DRAW, colour_to_name, score_play
from bot.engine.actions import Action
from bot.engine.cards import CARD_COLOR, CARD_POINTS, Card

PLAYS = frozenset({"play", "play_drawn"})


def choose_normal(
    view: dict[str, Any], legal: list[Action], memory: Memory, rng: SplitMix
) -> Action | None:
    kinds: dict[str, list[Action]] = {}
    for action in legal:
        kinds.setdefault(action.do, []).append(action)
    if "uno" in kinds:
        return kinds["uno"][0]
    if "catch" in kinds:
        return kinds["catch"][0]
    if "discard" in kinds:
        return _discard(view["hand"], kinds["discard"])
    if "vote" in kinds:
        laugh = Context.from_view(view).laughs_at(view["joke_by"])
        return next(a for a in kinds["vote"] if a.laughed is laugh)
    if "color" in kinds:
        favourite = colour_to_name(Context.from_view(view))
        return next(a for a in kinds["color"] if a.color == favourite)
    if not legal:
        return None
    ctx = Context.from_view(view)
    if view["you"] not in view["waiting_for"]:
        return _jump_in(kinds.get("play", []), ctx, rng)
    if view["pending_draw"]:
        return _answer_draw(view, kinds, ctx, memory, rng)
    return _best_play(legal, ctx, rng)


def _jump_in(plays: list[Action], ctx: Context, rng: SplitMix) -> Action | None:
    """Jump in (RULES.md 11) with a play we would rather make than draw on our own turn."""
    if not plays:
        return None
    best = _best(plays, lambda a: score_play(a, ctx), rng)
    return best if score_play(best, ctx) > DRAW else None


def _discard(hand: list[Card], offered: list[Action]) -> Action:
    """The highest-point card, keeping one wild card (it can always be played) while any
    other card is left to give up; among equals, a card of the colour held least."""
    wilds = [c for c in hand if not CARD_COLOR[c]]
    keep = wilds[0] if len(wilds) == 1 and len(offered) > 1 else None
    held = {c: sum(1 for h in hand if CARD_COLOR[h] == CARD_COLOR[c]) for c in hand}

    def worth(action: Action) -> tuple[int, int]:
        card = action.played_cards()[0]
        return (-1 if card == keep else CARD_POINTS[card], -held[card])

    return max(offered, key=worth)


def _answer_draw(
    view: dict[str, Any], kinds: dict[str, list[Action]], ctx: Context, memory: Memory,
    rng: SplitMix,
) -> Action:
    chance = _guilt(view, ctx, memory) if "challenge" in kinds else 0.0
    if chance >= CHALLENGE_RATHER_THAN_BLOCK_AT:
        return kinds["challenge"][0]
    # With stack draws an answer is never judged as a bluff (RULES.md 11).
    unchecked = view["options"].get("stack_draws", False)
    answers = [a for a in kinds.get("play", []) if unchecked or not _bluff(a, ctx)]
    if answers:
        return _best(answers, lambda a: score_play(a, ctx), rng)
    if "bff" in kinds:
        rest = list(ctx.hand)
        rest.remove("bff")
        color = colour_to_name(ctx, rest)
        return next(a for a in kinds["bff"] if a.color == color)
    if chance >= CHALLENGE_AT:
        return kinds["challenge"][0]
    return kinds["accept"][0]


def _bluff(action: Action, ctx: Context) -> bool:
    return "wild4" in action.played_cards() and ctx.holds_color(ctx.color)


def _guilt(view: dict[str, Any], ctx: Context, memory: Memory) -> float:
    by, color = memory.wild4_by, memory.wild4_before
    if by not in ctx.counts or not color:
        return 0.0
    return guilt_chance(
        ruleset=ctx.ruleset,
        color=color,
        hand=ctx.hand,
        discarded_of_color=memory.discarded_of(color),
        discard_size=view["discard_size"],
        their_cards=ctx.counts[by],
        drawn_since=memory.lacks.get(by, {}).get(color),
        just_played_color=memory.wild4_hint,
    )


def _best_play(legal: list[Action], ctx: Context, rng: SplitMix) -> Action:
    return _best(legal, lambda a: score_play(a, ctx) if a.do in PLAYS else DRAW, rng)


def _best(actions: list[Action], score: Callable[[Action], float], rng: SplitMix) -> Action:
    """The best-scored action; the seeded generator breaks ties."""
    scored = [(score(a), a) for a in actions]
    top = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s == top])
