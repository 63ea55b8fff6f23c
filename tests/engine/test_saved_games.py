"""Games saved by an earlier engine play on exactly as they did then.

``saved/main_games.json`` was written by main's engine (commit 5a3131c) before the
state moved into its own data class: for each game, the saved state mid-match, the
actions taken after it, and what they gave then (each action's events, every seat's
view at the end, and the state saved at the end), all as JSON text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Action, Game

SAVED = json.loads((Path(__file__).parent / "saved" / "main_games.json").read_text())


def _text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


@pytest.mark.parametrize("case", SAVED, ids=lambda case: json.loads(case["state"])["ruleset"])
def test_a_saved_game_plays_on_byte_for_byte(case: dict[str, Any]) -> None:
    game = Game.from_dict(json.loads(case["state"]))
    assert _text(game.to_dict()) == case["state"]
    for raw, expected in zip(case["actions"], case["events"], strict=True):
        events = game.apply(Action.from_dict(raw))
        assert _text([event.to_dict() for event in events]) == expected
    assert {p: _text(game.view(p)) for p in game.players} == case["views"]
    assert _text(game.to_dict()) == case["after"]


def test_the_saved_games_cover_every_ruleset_and_the_table_actions() -> None:
    rulesets = {json.loads(case["state"])["ruleset"] for case in SAVED}
    kinds = {raw["do"] for case in SAVED for raw in case["actions"]}
    assert len(rulesets) == 7 and {"timeout", "next_round", "play", "draw"} <= kinds
