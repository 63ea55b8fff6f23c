"""Computer players with the table options of RULES.md 11: they jump in, stack draws,
never bluff where bluffing is off and play when force play says so, in whole matches
and in crafted positions."""

from __future__ import annotations

import pytest

from bot.engine import RULESETS, Action
from bot.engine.cards import Card
from bot.engine.options import TABLE_OPTIONS
from tests.ai.positions import act, decide, position
from tests.ai.tables import new_table, play_checked

CALM: list[Card] = ["g1", "g2", "b3", "b4", "y5", "y6"]
ALL_ON = dict.fromkeys(TABLE_OPTIONS, True)


@pytest.mark.parametrize("option", [*TABLE_OPTIONS, "all"])
@pytest.mark.parametrize("levels", [("normal",), ("easy",), ("normal", "easy")])
def test_whole_matches_with_only_legal_choices(option: str, levels: tuple[str, ...]) -> None:
    switched = ALL_ON if option == "all" else {option: True}
    for seed, ruleset in enumerate(RULESETS):
        game, computers = new_table(ruleset, 2 + seed, seed=seed, levels=levels,
                                    overrides={"target": 60, **switched})
        play_checked(game, computers)
        assert game.match_over and game.match_winner in game.players


def test_jumps_in_out_of_turn_with_an_identical_card() -> None:
    game, ais = position({"ana": list(CALM), "ben": ["r3", *CALM], "cy": list(CALM)},
                         top="r3", overrides={"jump_in": True})
    assert decide(game, ais, "ben") == Action("ben", "play", card="r3")
    act(game, ais, Action("ben", "play", card="r3"))
    assert game.current == "cy"


def test_does_not_jump_in_where_the_option_is_off() -> None:
    game, ais = position({"ana": list(CALM), "ben": ["r3", *CALM], "cy": list(CALM)},
                         top="r3")
    assert decide(game, ais, "ben") is None


def test_does_not_jump_in_with_a_card_that_would_cost_it() -> None:
    """A Seven-O 0 would hand it the bigger hand of the player before it."""
    game, ais = position({"ana": CALM * 2, "ben": ["r0", "g1"], "cy": list(CALM)},
                         top="r0", ruleset="seven-o", overrides={"jump_in": True})
    assert game.legal_actions("ben") == [Action("ben", "play", card="r0")]
    assert decide(game, ais, "ben") is None


def test_stacks_a_draw_two_rather_than_taking_it() -> None:
    game, ais = position({"ana": ["rdraw2", *CALM], "ben": ["gdraw2", *CALM], "cy": list(CALM)},
                         overrides={"stack_draws": True})
    act(game, ais, Action("ana", "play", card="rdraw2"))
    assert decide(game, ais, "ben") == Action("ben", "play", card="gdraw2")


def test_answers_with_a_wild_draw_four_though_it_holds_the_colour() -> None:
    """An answer needs no check of the hand: holding red is no reason to take 2."""
    game, ais = position({"ana": ["rdraw2", *CALM], "ben": ["wild4", "r7", *CALM],
                          "cy": list(CALM)}, overrides={"stack_draws": True})
    act(game, ais, Action("ana", "play", card="rdraw2"))
    choice = decide(game, ais, "ben")
    assert choice is not None and choice.card == "wild4"


def test_does_not_challenge_or_bluff_without_bluffing() -> None:
    game, ais = position({"ana": ["wild4", *CALM], "ben": ["wild4", "r1", *CALM],
                          "cy": list(CALM)}, overrides={"no_bluff": True})
    act(game, ais, Action("ana", "play", card="wild4", color="r"))
    assert decide(game, ais, "ben") == Action("ben", "accept")
    assert all(a.card != "wild4" for a in game.legal_actions("ben"))


def test_plays_a_card_it_would_rather_not_when_force_play_forbids_drawing() -> None:
    """A Seven-O 7 would trade its two other cards for twelve: it draws instead, unless it
    may not."""
    hands: dict[str, list[Card]] = {"ana": ["r7", "g1", "b2"], "ben": CALM * 2, "cy": CALM * 2}
    free, ais = position(hands, ruleset="seven-o")
    assert decide(free, ais, "ana") == Action("ana", "draw")
    forced, ais = position(hands, ruleset="seven-o", overrides={"force_play": True})
    choice = decide(forced, ais, "ana")
    assert choice is not None and choice.card == "r7"
