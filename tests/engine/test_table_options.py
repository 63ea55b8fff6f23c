"""The table options of RULES.md 11 as options: saved and read back, old saved games
loading with them off, and what legal_actions offers a player whose turn it is not.
(What each option does is pinned by the vectors in tests/engine/vectors.)"""

from __future__ import annotations

import pytest

from bot.engine import Action, Game, Options
from bot.engine.options import TABLE_OPTIONS, OptionsError


def test_a_game_saved_before_the_options_loads_with_them_off() -> None:
    game = Game.new("classic", Options(), ["ana", "ben", "cy"], seed=3)
    saved = game.to_dict()
    assert not set(TABLE_OPTIONS) & set(saved["options"]), "off options are not written"
    restored = Game.from_dict(saved)
    assert restored.options == Options() and restored.options.table_options() == []
    assert restored.to_dict() == saved


@pytest.mark.parametrize("name", list(TABLE_OPTIONS))
def test_each_option_is_saved_and_read_back(name: str) -> None:
    options = Options.for_ruleset("classic", {name: True})
    game = Game.new("classic", options, ["ana", "ben"], seed=4)
    restored = Game.from_dict(game.to_dict())
    assert restored.options == options and getattr(restored.options, name) is True
    assert restored.options.table_options() == [name]


@pytest.mark.parametrize("odd", ["yes", 1, None])
def test_an_option_that_is_not_on_or_off_is_refused(odd: object) -> None:
    with pytest.raises(OptionsError) as refused:
        Options.for_ruleset("classic", {"jump_in": odd})
    assert (refused.value.code, refused.value.params) == ("not_on_or_off", {"option": "jump_in"})


def _jump_in_position(jump_in: bool) -> Game:
    options = Options.for_ruleset("classic", {"jump_in": jump_in})
    return Game.from_position(
        "classic", options, ["ana", "ben", "cy"],
        hands={"ana": ["g1", "g2"], "ben": ["r5", "y1"], "cy": ["r6", "b2"]},
        discard=["r5"], draw=["b9"], current="ana",
    )


def test_a_player_whose_turn_it_is_not_is_offered_the_jump_in() -> None:
    game = _jump_in_position(True)
    assert game.legal_actions("ben") == [Action("ben", "play", card="r5")]
    assert game.legal_actions("cy") == []
    assert _jump_in_position(False).legal_actions("ben") == []


def test_a_jump_in_says_who_jumped_in_and_who_lost_the_turn() -> None:
    game = _jump_in_position(True)
    events = game.apply(Action("ben", "play", card="r5"))
    assert [(e.kind, e.player, e.target) for e in events[:2]] == [
        ("jumped_in", "ben", "ana"), ("played", "ben", None)]
    assert game.current == "cy"
