"""Random legal play for the engine's property tests."""

from __future__ import annotations

import random

from bot.engine import Action, Game, Options
from bot.engine.actions import ActionKind
from bot.engine.cards import COLORS
from bot.engine.options import HOUSE_RULE_CARDS, RULESETS, TABLE_OPTIONS

PLAYS = frozenset({"play", "play_drawn"})


def new_game(ruleset: str, players: int, seed: int, extra: dict[str, object]) -> Game:
    options = Options.for_ruleset(ruleset, extra)
    return Game.new(ruleset, options, [f"p{i}" for i in range(players)], seed)


def random_options(rng: random.Random, ruleset: str) -> dict[str, object]:
    """Optional rules switched at random, the table options of RULES.md 11 included,
    with a low target so matches end quickly."""
    return {
        "seven_o": rng.random() < 0.5 if ruleset != "seven-o" else True,
        "stacking": rng.random() < 0.5 if ruleset != "serious" else True,
        "scoring": rng.choice(["standard", "alternative"]),
        "target": rng.choice([60, 150, 300]),
        "house_rules": {card: rng.randint(1, 9) for card in HOUSE_RULE_CARDS},
        **{name: rng.random() < 0.5 for name in TABLE_OPTIONS},
    }


def choose_actor(game: Game, rng: random.Random) -> str:
    """Mostly the player the game waits on; now and then anyone (out-of-turn actions)."""
    if rng.random() < 0.1:
        return rng.choice(game.players)
    return rng.choice(game.waiting_for())


def choose_action(actions: list[Action], rng: random.Random) -> Action:
    """Prefer card plays, so rounds end in a sensible number of actions."""
    plays = [a for a in actions if a.do in PLAYS]
    if plays and rng.random() < 0.8:
        return rng.choice(plays)
    return rng.choice(actions)


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


ALL_RULESETS = list(RULESETS)
