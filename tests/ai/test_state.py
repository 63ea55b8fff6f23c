"""Determinism and saving: the same seed gives the same choices, and a saved computer
player carries on exactly as the one it was saved from."""

from __future__ import annotations

import json

import pytest

from bot.ai import LEVELS, ComputerPlayer, computer_action, show_events
from bot.engine import Action, Game
from tests.ai.tables import new_table, play_checked


@pytest.mark.parametrize("ruleset", ["classic", "bff", "seven-o", "serious"])
def test_the_same_seeds_give_the_same_match(ruleset: str) -> None:
    logs = []
    for _ in range(2):
        game, computers = new_table(ruleset, 4, seed=11, overrides={"target": 200})
        logs.append(play_checked(game, computers))
    assert logs[0] == logs[1]


def test_another_seed_gives_other_easy_choices() -> None:
    logs = []
    for seed in (1, 2):
        game, _ = new_table("classic", 3, seed=4, levels=("easy",))
        computers = {p: ComputerPlayer(p, "easy", seed) for p in game.players}
        logs.append(play_checked(game, computers, whole_match=False))
    assert logs[0] != logs[1]


def _run(game: Game, computers: dict[str, ComputerPlayer], steps: int) -> list[Action]:
    log = []
    for _ in range(steps):
        if game.round_over:
            break
        action = computer_action(game, computers)
        assert action is not None
        show_events(game, computers.values(), game.apply(action))
        log.append(action)
    return log


@pytest.mark.parametrize("level", LEVELS)
def test_a_restored_player_carries_on_like_the_saved_one(level: str) -> None:
    game, computers = new_table("bff", 4, seed=21, levels=(level,))
    for computer in computers.values():
        computer.playouts = 12  # a setting, not saved: a hard player's budget
    _run(game, computers, 12)
    saved_game = json.dumps(game.to_dict())
    saved = {p: json.dumps(c.to_dict()) for p, c in computers.items()}
    restored_game = Game.from_dict(json.loads(saved_game))
    restored = {p: ComputerPlayer.from_dict(json.loads(s)) for p, s in saved.items()}
    for computer in restored.values():
        computer.playouts = 12
    assert {p: c.to_dict() for p, c in restored.items()} == \
        {p: c.to_dict() for p, c in computers.items()}
    original = _run(game, computers, 10_000)
    assert original and _run(restored_game, restored, 10_000) == original


def test_normal_remembers_what_it_saw() -> None:
    game, computers = new_table("classic", 3, seed=8, levels=("normal",))
    _run(game, computers, 30)
    memory = computers["p0"].to_dict()["memory"]
    assert memory["round"] == 1 and memory["top"] == game.discard_pile[-1]
    assert sum(memory["pile"].values()) == len(game.discard_pile)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level"):
        ComputerPlayer("p0", "expert")
