"""Random legal play for the engine's property tests. Every choice of a game is a
``rng.choice``: there the ``Random`` is Hypothesis's (``choosers``), which draws each
choice, so a failing game shrinks to a short one of simple choices (the first option of
each); other tests walk games with a seeded ``random.Random``."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from hypothesis import note
from hypothesis import strategies as st

from bot.engine import Action, Event, Game, Options
from bot.engine.actions import ActionKind
from bot.engine.cards import COLORS
from bot.engine.options import HOUSE_RULE_CARDS, RULESETS, TABLE_OPTIONS
from bot.engine.teams import PARTNER_COUNTS

if TYPE_CHECKING:
    from _typeshed import SupportsLenAndGetItem

T = TypeVar("T")
PLAYS = frozenset({"play", "play_drawn"})
ALL_RULESETS = list(RULESETS)

choosers = st.randoms(use_true_random=False)
"""A ``Random`` whose every choice Hypothesis draws (and shrinks towards the first
option). Only ``choice`` is called on it: a choice among a few options is a small draw,
so a long game stays within Hypothesis's budget of choices per example."""


class FirstChoice(random.Random):
    """Always the first option: the choices a drawn game shrinks to."""

    def choice(self, seq: SupportsLenAndGetItem[T]) -> T:
        return seq[0]


@dataclass(frozen=True)
class Deal:
    """A new game: its ruleset, its number of players, the seed of its shuffles and its
    optional rules (in the vector format)."""

    ruleset: str
    players: int
    seed: int
    options: dict[str, object]

    def new(self) -> Game:
        options = Options.for_ruleset(self.ruleset, self.options)
        return Game.new(self.ruleset, options, [f"p{i}" for i in range(self.players)], self.seed)


def optional_rules(ruleset: str) -> st.SearchStrategy[dict[str, object]]:
    """Optional rules switched at random, the table options of RULES.md 11 included, with
    a low target so matches end quickly."""
    return st.fixed_dictionaries({
        "seven_o": st.just(True) if ruleset == "seven-o" else st.booleans(),
        "stacking": st.just(True) if ruleset == "serious" else st.booleans(),
        "scoring": st.sampled_from(["standard", "alternative"]),
        "target": st.sampled_from([60, 150, 300]),
        "house_rules": st.fixed_dictionaries(
            {card: st.integers(1, 9) for card in HOUSE_RULE_CARDS}
        ),
        **{name: st.booleans() for name in TABLE_OPTIONS},
    })


deals = st.sampled_from(ALL_RULESETS).flatmap(
    lambda ruleset: st.builds(
        Deal, st.just(ruleset), st.integers(2, 10), st.integers(0, 2**32 - 1),
        optional_rules(ruleset),
    )
)
"""Every ruleset, 2 to 10 players, any seed, any optional rules."""

partner_deals = st.sampled_from(ALL_RULESETS).flatmap(
    lambda ruleset: st.builds(
        Deal, st.just(ruleset), st.sampled_from(PARTNER_COUNTS), st.integers(0, 2**32 - 1),
        st.tuples(optional_rules(ruleset), st.booleans()).map(
            lambda drawn: {**drawn[0], "partners": True, "partners_see_hands": drawn[1]}),
    )
)
"""Partners (RULES.md 12): every ruleset, 4, 6, 8 or 10 players, any seed, any optional
rules, the partner's hand seen or not."""


def play_on(game: Game, rng: random.Random) -> list[Event]:
    """Applies one action chosen by ``rng`` and returns its events; the action is noted,
    so a failing example's report lists the game's actions."""
    action = step(game, rng)
    note(action)
    return game.apply(action)


def step(game: Game, rng: random.Random) -> Action:
    """One legal action (dealing the next round when a round is over): nine times in ten
    one of a player the game waits on, one in ten anyone's (out-of-turn actions), falling
    back on the waited-on player's when that player has none. One choice most steps."""
    if game.round_over:
        return Action(game.players[0], "next_round")
    waiting = game.waiting_for()
    actor = waiting[0] if len(waiting) == 1 else rng.choice(waiting)
    mostly = mostly_plays(game.legal_actions(actor))
    choice = rng.choice([*mostly * 9, *[None] * len(mostly)])  # None: anyone instead
    if choice is not None:
        return choice
    anyones = mostly_plays(game.legal_actions(rng.choice(game.players)))
    return rng.choice(anyones or mostly)


def mostly_plays(actions: Sequence[Action]) -> list[Action]:
    """``actions`` with each card play four times more, plays first: one choice among them
    is mostly a play (so rounds end in a sensible number of actions), and the first
    choice is the first play."""
    return card_plays(actions) * 4 + list(actions)


def choose_action(actions: list[Action], rng: random.Random) -> Action:
    """Prefer card plays, so rounds end in a sensible number of actions (the walk of a
    seeded ``Random`` in ``tests/ui/test_sentences.py``, which ``step`` does in one
    choice)."""
    plays = card_plays(actions)
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return rng.choice(actions)


def card_plays(actions: Sequence[Action]) -> list[Action]:
    return [a for a in actions if a.do in PLAYS]


def candidate_actions(game: Game, player: str) -> list[Action]:
    """A wide net of actions a player might try, legal or not: fields that fit and
    fields that do not (a colour on a number card, a target on any card, oneself as
    the target, a card on a draw)."""
    others = [p for p in game.players if p != player]
    cards = list(dict.fromkeys(game.hands[player]))
    colors = (None, COLORS[0], COLORS[2])
    targets = (None, player, *others[:2])
    found: list[Action] = []
    plays: tuple[ActionKind, ...] = ("play", "play_drawn")
    for do in plays:
        for card in cards:
            for color in colors:
                for target in targets:
                    found.append(Action(player, do, card=card, color=color, target=target))
    bare: tuple[ActionKind, ...] = ("draw", "keep", "accept", "challenge", "uno", "play_drawn")
    for do in bare:
        found.append(Action(player, do))
        found += [Action(player, do, card=c) for c in cards[:1]]
    found += [Action(player, "bff", color=c) for c in (None, *COLORS)]
    found += [Action(player, "color", color=c) for c in COLORS]
    found += [Action(player, "catch", target=t) for t in (None, *game.players)]
    found += [Action(player, "discard", cards=(c,)) for c in cards]
    found += [Action(player, "vote", laughed=v) for v in (True, False, None)]
    return found
