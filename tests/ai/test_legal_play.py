"""Computer players choose only legal actions, in every ruleset and table size, and
their matches end."""

from __future__ import annotations

import pytest

from bot.engine import RULESETS
from bot.engine.options import HOUSE_RULE_CARDS
from tests.ai.tables import new_table, play_checked

SIZES = (2, 3, 4, 6, 10)


@pytest.mark.parametrize("ruleset", list(RULESETS))
@pytest.mark.parametrize("players", SIZES)
def test_whole_matches_with_only_legal_choices(ruleset: str, players: int) -> None:
    game, computers = new_table(ruleset, players, seed=players, overrides={"target": 250})
    log = play_checked(game, computers)
    assert game.match_over and game.match_winner in game.players
    assert max(game.scores.values()) >= 250
    assert sum(a.do == "next_round" for a in log) == game.round_number - 1


@pytest.mark.parametrize("ruleset", ["customizable", "swap", "blank"])
@pytest.mark.parametrize("rule", range(1, 10))
def test_every_house_rule(ruleset: str, rule: int) -> None:
    rules = {card: rule for card in HOUSE_RULE_CARDS}
    for seed in range(3):
        game, computers = new_table(ruleset, 3 + seed, seed=rule * 10 + seed,
                                    overrides={"target": 60, "house_rules": rules})
        play_checked(game, computers)
        assert game.match_over


@pytest.mark.parametrize("levels", [("normal",), ("easy",)])
def test_one_level_at_every_seat(levels: tuple[str, ...]) -> None:
    for seed, ruleset in enumerate(RULESETS):
        game, computers = new_table(ruleset, 4, seed=seed, levels=levels,
                                    overrides={"target": 60, "seven_o": seed % 2 == 0,
                                               "stacking": seed % 3 == 0,
                                               "scoring": "alternative" if seed % 2 else
                                               "standard"})
        play_checked(game, computers)
        assert game.match_over
