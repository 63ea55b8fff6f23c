"""Run rule vectors (shared/vectors/FORMAT.md) against the engine.

    python -m bot.engine.vectors PATH...

Each PATH is a vector file or a folder searched for ``*.json``. One line is printed per
vector, then ``N passed, M failed``; the exit code is 1 if any failed or none was found.

Beside FORMAT.md's keys, a vector may give ``"error"`` beside its ``state``: the engine
must refuse to deal that table, or to build that position, with that code (a
``SeatingError``'s: partners with a number of players that makes no teams of two).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.engine.actions import Action
from bot.engine.errors import IllegalAction, SeatingError
from bot.engine.game import Game
from bot.engine.options import Options


@dataclass(frozen=True)
class VectorResult:
    path: Path
    name: str
    failure: str | None

    @property
    def passed(self) -> bool:
        return self.failure is None


def vector_files(paths: list[Path]) -> Iterator[Path]:
    """The vector files under ``paths``; a path that does not exist is an error."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.json"))
        elif path.is_file():
            yield path
        else:
            raise FileNotFoundError(f"no vector file or folder at {path}")


def build_game(vector: dict[str, Any]) -> Game:
    ruleset = vector["ruleset"]
    options = Options.for_ruleset(ruleset, vector.get("options") or {})
    players = list(vector["players"])
    state = vector["state"]
    if state == "deal":
        return Game.new(ruleset, options, players, int(vector.get("seed", 0)))
    return Game.from_position(
        ruleset,
        options,
        players,
        hands=state["hands"],
        discard=state["discard"],
        draw=state["draw"],
        current=state["current"],
        direction=state.get("direction", 1),
        color=state.get("color"),
        uno_called=state.get("uno_called", ()),
        scores=state.get("scores"),
        pending_draw=state.get("pending_draw", 0),
    )


def run_vector(vector: dict[str, Any]) -> str | None:
    """Play one vector; ``None`` when it passes, else what went wrong."""
    refused = vector.get("error")
    try:
        game = build_game(vector)
    except SeatingError as refusal:
        if refusal.code != refused:
            return f"the table was refused with {refusal.code}, expected {refused}"
        return None
    if refused is not None:
        return f"the table was dealt, expected refusal {refused}"
    for step, raw in enumerate(vector.get("actions", []), start=1):
        action = Action.from_dict(raw)
        expected_error = raw.get("error")
        before = game.to_dict()
        try:
            game.apply(action)
        except IllegalAction as refusal:
            if expected_error is None:
                return f"action {step} {raw} refused: {refusal}"
            if refusal.code != expected_error:
                return f"action {step} refused with {refusal.code}, expected {expected_error}"
            if game.to_dict() != before:
                return f"action {step} was refused but changed the state"
            continue
        if expected_error is not None:
            return f"action {step} {raw} applied, expected refusal {expected_error}"
    return _check_expect(game, vector.get("expect", {}))


def _check_expect(game: Game, expect: dict[str, Any]) -> str | None:
    actual = _observed(game)
    for key, wanted in expect.items():
        if key not in actual:
            continue
        if key == "current" and game.round_over:
            continue
        got = actual[key]
        if key == "hands":
            for player, cards in wanted.items():
                if Counter(got.get(player, [])) != Counter(cards):
                    return f"hand of {player}: expected {sorted(cards)}, got {got.get(player)}"
        elif key in ("hand_sizes", "round_points", "scores"):
            for player, value in wanted.items():
                if got.get(player, 0) != value:
                    return f"{key} of {player}: expected {value}, got {got.get(player, 0)}"
        elif key == "uno_called":
            if set(got) != set(wanted):
                return f"uno_called: expected {sorted(wanted)}, got {sorted(got)}"
        elif got != wanted:
            return f"{key}: expected {wanted!r}, got {got!r}"
    return None


def _observed(game: Game) -> dict[str, Any]:
    ended = game.round_result
    return {
        "hands": game.hands,
        "hand_sizes": {p: len(h) for p, h in game.hands.items()},
        "current": game.current,
        "direction": game.direction,
        "color": game.color,
        "top": game.top,
        "draw_size": len(game.draw_pile),
        "discard_size": len(game.discard_pile),
        "uno_called": sorted(game.uno_called),
        "round_over": game.round_over,
        "winner": None if ended is None else ended.winner,
        "round_points": {} if ended is None else ended.points,
        "scores": game.scores,
        "match_over": game.match_over,
        "match_winner": _match_winner(game),
    }


def _match_winner(game: Game) -> str | list[str] | None:
    """The match's winner; under partners, the list of the winning team's players still
    seated, in seating order (FORMAT.md)."""
    won = game.match_result
    if won is None:
        return None
    return list(won.winners) if game.teams else won.winner


def run_file(path: Path) -> VectorResult:
    try:
        vector = json.loads(path.read_text(encoding="utf-8"))
        name = str(vector.get("name", path.stem))
    except (OSError, ValueError) as error:
        return VectorResult(path, path.stem, f"unreadable vector: {error}")
    try:
        failure = run_vector(vector)
    except Exception as error:  # a broken vector or engine must not stop the run
        failure = f"{type(error).__name__}: {error}"
    return VectorResult(path, name, failure)


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m bot.engine.vectors PATH...", file=sys.stderr)
        return 2
    passed = failed = 0
    try:
        files = list(vector_files([Path(a) for a in argv]))
    except FileNotFoundError as error:
        print(f"FAIL {error}")
        print("0 passed, 1 failed")
        return 1
    for path in files:
        result = run_file(path)
        if result.passed:
            passed += 1
            print(f"PASS {path}: {result.name}")
        else:
            failed += 1
            print(f"FAIL {path}: {result.name}: {result.failure}")
    if not files:
        print("FAIL no vector files found")
        failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
