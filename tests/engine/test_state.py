"""Saved state: JSON round-trip, and refusal of a state that cannot be right."""

from __future__ import annotations

import dataclasses
import inspect
import json
from collections.abc import Callable
from typing import Any

import pytest

from bot.engine import Action, Game, Options, StateError
from bot.engine.results import MatchResult, RoundResult
from bot.engine.state import GameState


def test_state_survives_json_and_resumes_the_same_draws() -> None:
    game = Game.new("serious", Options.for_ruleset("serious"), ["a", "b", "c"], seed=5)
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    for twin in (game, restored):
        twin.apply(Action(twin.current, "draw")) if not twin.choosing_start_color else None
    assert restored.to_dict() == game.to_dict()


@pytest.mark.parametrize("corrupt", [
    lambda d: d.pop("hands"),
    lambda d: d.update(format=99),
    lambda d: d.update(ruleset="mystery"),
    lambda d: d["hands"].update(a=["purple9"]),
    lambda d: d.update(current="nobody"),
    lambda d: d.update(rng="garbage"),
])
def test_a_corrupted_state_is_refused_with_a_state_error(
    corrupt: Callable[[dict[str, Any]], None],
) -> None:
    data = Game.new("classic", Options(), ["a", "b"], seed=1).to_dict()
    corrupt(data)
    with pytest.raises(StateError):
        Game.from_dict(data)


def test_the_random_generator_saves_as_a_seed_and_a_counter() -> None:
    game = Game.new("classic", Options(), ["ana", "ben", "cy", "dan"], seed=5)
    saved = game.to_dict()
    assert saved["rng"] == [5, game.rng.counter] and game.rng.counter >= 2
    restored = Game.from_dict(saved)
    deck = list(range(50))
    twin = list(deck)
    game.rng.shuffle(deck)
    restored.rng.shuffle(twin)
    assert deck == twin


def test_a_game_saved_with_the_whole_twister_state_still_restores() -> None:
    game = Game.new("classic", Options(), ["ana", "ben", "cy"], seed=5)
    old = {**game.to_dict(), "format": 1, "rng": [3, [1, 2, 3], None]}
    restored = Game.from_dict(old)
    assert restored.hands == game.hands and restored.rng.getstate() == [5, 6]


def test_the_colour_before_a_wild_draw_four_is_saved_and_an_older_save_reads_it_unknown() -> None:
    game = Game.from_position("classic", Options(), ["ana", "ben"], hands={
        "ana": ["wild4", "b5"], "ben": ["y1"]}, discard=["r9", "wild"], draw=["g1"] * 9,
        current="ana", color="b")
    game.apply(Action("ana", "play", card="wild4", color="r"))
    assert game.wild4_color == "b" and game.wild4_guilty
    saved = game.to_dict()
    assert Game.from_dict(json.loads(json.dumps(saved))).wild4_color == "b"
    older = {k: v for k, v in saved.items() if k != "wild4_color"}
    assert Game.from_dict(older).wild4_color == ""
    challenged = game.apply(Action("ben", "challenge"))[0]
    assert challenged.kind == "challenged" and challenged.data == {"guilty": True, "color": "b"}
    assert challenged.count == 4


def test_a_round_result_saves_as_the_fields_it_was_before() -> None:
    game = Game.from_position("classic", Options(), ["ana", "ben"], hands={
        "ana": ["r5"], "ben": ["y1", "g9"]}, discard=["r3"], draw=["g1"] * 3, current="ana",
        uno_called=["ana"])
    game.apply(Action("ana", "play", card="r5"))
    assert game.round_result == RoundResult("ana", ("ana",), {"ana": 10})
    saved = game.to_dict()
    assert (saved["phase"], saved["round_winner"], saved["round_points"]) == (
        "round_over", "ana", {"ana": 10})
    assert saved["match_winner"] is None and "match_how" not in saved
    assert Game.from_dict(saved).round_result == game.round_result


@pytest.mark.parametrize("phase", ["turn", "match_over"])
def test_a_phase_the_results_contradict_is_refused(phase: str) -> None:
    game = Game.from_position("classic", Options(), ["ana", "ben"], hands={
        "ana": ["r5"], "ben": ["y1"]}, discard=["r3"], draw=["g1"], current="ana")
    game.apply(Action("ana", "play", card="r5"))
    with pytest.raises(StateError):
        Game.from_dict({**game.to_dict(), "phase": phase})


def _forfeited() -> Game:
    game = Game.new("classic", Options(), ["ana", "ben", "cy"], seed=3)
    game.apply(Action("ben", "leave"))
    game.apply(Action("cy", "leave"))
    return game


def test_how_the_match_ended_is_saved_and_an_older_save_reads_it_won_at_the_target() -> None:
    game = _forfeited()
    assert game.match_result == MatchResult(("ana",), "forfeit") and game.round_result is None
    saved = game.to_dict()
    assert saved["phase"] == "match_over" and saved["match_winner"] == "ana"
    assert saved["match_how"] == "forfeit"
    assert Game.from_dict(json.loads(json.dumps(saved))).match_result == game.match_result
    older = {k: v for k, v in saved.items() if k != "match_how"}
    assert Game.from_dict(older).match_result == MatchResult(("ana",), "target")


PART_OF_FIELD = {"draw_pile": "draw", "discard_pile": "discard", "rng": "rng_counter"}
"""The fields ``Game.from_position`` takes under another name (the piles as vectors
list them, the random generator as its counter); every other field is a part of its
own name."""
WORKED_OUT = {"answerable_draw_two"}
"""Fields worked out from the others (the options and the deck), never given."""
REQUIRED = {"ruleset", "options", "players", "hands", "discard", "draw", "current"}
EVERY_PART: dict[str, Any] = {
    "ruleset": "bff",
    "options": Options.for_ruleset("bff", {"stacking": True, "scoring": "alternative",
                                           "target": 300, "jump_in": True, "partners": True,
                                           "partners_see_hands": True}),
    "players": ["ana", "ben", "cy", "dee"],
    "hands": {"ana": ["r1", "wild4"], "ben": ["g2", "g3"], "cy": ["b4"], "dee": ["y9"]},
    "discard": ["y5", "wild4"],
    "draw": ["r7", "r8"],
    "current": "ben",
    "direction": -1,
    "color": "g",
    "top_by": "ana",
    "dealer": "ana",
    "round_number": 3,
    "scores": {"ana": 40, "ben": 40, "cy": 7, "dee": 7},
    "round_result": RoundResult("cy", ("cy", "dee"), {"cy": 25, "dee": 25}),
    "match_result": MatchResult(("cy", "dee"), "forfeit"),
    "teams": (("ana", "ben"), ("cy", "dee")),
    "pending_draw": 4,
    "pending_kind": "draw2",
    "wild4_by": "ana",
    "wild4_color": "r",
    "wild4_guilty": False,
    "drawn": ["g3"],
    "choosing_start_color": True,
    "uno_called": ["cy", "ben"],
    "uno_with_two": [],
    "catch_window": ["cy"],
    "draw_three_for": "cy",
    "hands_shown_until": "ana",
    "discards_owed": {"ben": 1},
    "joke_by": "ana",
    "voters": ["ben"],
    "late_voters": ["cy"],
    "timeouts": {"ana": 2},
    "seed": 11,
    "rng_counter": 5,
}
"""A position with every part given, each unlike what leaving it out would give (the
rules could never reach it: only the saving is tested)."""


def _built(parts: dict[str, Any]) -> Game:
    positional = [parts[name] for name in ("ruleset", "options", "players")]
    return Game.from_position(*positional, **{
        k: v for k, v in parts.items() if k not in ("ruleset", "options", "players")})


def _field(game: Game, name: str) -> Any:
    value = getattr(game, name)
    return value.getstate() if name == "rng" else value


def test_every_field_of_the_state_is_a_part_of_a_position() -> None:
    fields = {f.name for f in dataclasses.fields(GameState)} - WORKED_OUT
    parts = set(inspect.signature(Game.from_position).parameters)
    assert {PART_OF_FIELD.get(name, name) for name in fields} == parts == set(EVERY_PART)


@pytest.mark.parametrize("part", sorted(set(EVERY_PART) - REQUIRED))
def test_each_part_given_is_unlike_the_part_left_out(part: str) -> None:
    """So the round trip below would see any part the saving lost."""
    field = next((f for f, p in PART_OF_FIELD.items() if p == part), part)
    given = _built(EVERY_PART)
    left_out = _built({k: v for k, v in EVERY_PART.items() if k != part})
    assert _field(given, field) != _field(left_out, field)


def test_every_field_of_the_state_is_saved_and_loaded_again() -> None:
    game = _built(EVERY_PART)
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    for field in dataclasses.fields(GameState):
        assert _field(restored, field.name) == _field(game, field.name), field.name
    assert restored.to_dict() == game.to_dict()


def test_a_match_forfeited_by_the_player_to_move_loads() -> None:
    """The turn stays with the leaver when their leaving ends the match."""
    game = Game.from_position("classic", Options(), ["ana", "ben", "cy"], hands={
        "ana": ["r5", "g1"], "ben": ["y1", "y2"], "cy": ["b1", "b2"]}, discard=["r3"],
        draw=["g2"] * 3, current="ana")
    game.apply(Action("cy", "leave"))
    game.apply(Action("ana", "leave"))
    assert game.match_result == MatchResult(("ben",), "forfeit") and game.current == "ana"
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored.to_dict() == game.to_dict()
