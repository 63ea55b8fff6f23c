"""Computer players under partners (RULES.md 12): they play legal moves to the end of the
match at every level, the hard level's possible worlds included, and never try to catch
their partner."""

from __future__ import annotations

import pytest

from bot.ai import computer_action, show_events
from bot.ai.hard import answer
from bot.engine import RULESETS, Action
from tests.ai.positions import act, decide, position
from tests.ai.tables import new_table, play_checked
from tests.ai.test_hard import hard_table

PARTNERS: dict[str, object] = {"partners": True, "target": 60}


@pytest.mark.parametrize("see_hands", [False, True])
@pytest.mark.parametrize("levels", [("normal",), ("easy",), ("normal", "easy")])
def test_whole_partner_matches_with_only_legal_choices(
    levels: tuple[str, ...], see_hands: bool
) -> None:
    for seed, ruleset in enumerate(RULESETS):
        players = (4, 6, 8, 10)[seed % 4]
        game, computers = new_table(ruleset, players, seed=seed, levels=levels,
                                    overrides={**PARTNERS, "partners_see_hands": see_hands})
        log = play_checked(game, computers)
        assert game.match_result is not None
        assert set(game.match_result.winners) <= set(game.team_of(game.match_result.winner))
        assert not [a for a in log if a.do == "catch" and a.target == game.partner_of(a.player)]


@pytest.mark.parametrize("ruleset", ["classic", "seven-o", "serious"])
def test_the_hard_level_searches_partner_rounds_with_legal_choices(ruleset: str) -> None:
    game, computers = hard_table(ruleset, 4, seed=5, overrides={**PARTNERS,
                                                                "partners_see_hands": True})
    log = play_checked(game, computers, whole_match=False)
    assert game.round_over and len(log) > 5


def test_the_hard_level_s_worlds_agree_with_a_partner_table() -> None:
    """Every search it asks for finds worlds that offer exactly its legal actions."""
    game, computers = hard_table("classic", 4, seed=5, overrides=PARTNERS)
    hard = next(p for p, c in computers.items() if c.level == "hard")
    searched = 0
    while not game.round_over:
        legal = game.legal_actions(hard)
        question = computers[hard].question(game.view(hard), legal) if legal else None
        if question is not None:
            assert answer(question) is not None
            searched += 1
        action = computer_action(game, computers)
        assert action is not None
        show_events(game, computers.values(), game.apply(action))
    assert searched > 3


def test_an_opponent_catches_and_the_partner_does_not() -> None:
    game, ais = position({"ana": ["g7", "g8"], "ben": ["b1", "b2", "b3"], "cy": ["y1", "y2"],
                          "dee": ["r1", "r2"]}, top="g5", overrides={"partners": True})
    act(game, ais, Action("ana", "play", card="g7"))
    assert game.catchable() == ["ana"]
    assert decide(game, ais, "cy") is None
    assert decide(game, ais, "ben") == Action("ben", "catch", target="ana")
