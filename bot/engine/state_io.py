"""The whole game state, random generator included, as a JSON-able dict and back.

A saved game resumes identically: the same later actions give the same events. Sets
are written in seating order so the same state always gives the same dict. The random
generator is a seed and a counter (``rng.SeedCounter``): two numbers, not 2.5 KB.
"""

from __future__ import annotations

from typing import Any, TypeVar

from bot.engine.cards import ALL_CARDS
from bot.engine.options import Options
from bot.engine.results import MatchEnding, MatchResult, RoundResult
from bot.engine.state import GameState

S = TypeVar("S", bound=GameState)

FORMAT_VERSION = 2

_PLAIN_FIELDS = (
    "ruleset", "seed", "players", "hands", "draw_pile", "discard_pile", "color", "direction",
    "current", "dealer", "phase", "round_number", "scores", "round_winner", "round_points",
    "match_winner", "pending_draw", "pending_kind", "wild4_by", "wild4_guilty", "drawn",
    "choosing_start_color", "draw_three_for", "hands_shown_until",
    "discards_owed", "joke_by", "voters", "late_voters", "timeouts",
)
_RESULTS = frozenset({"phase", "round_winner", "round_points", "match_winner"})
"""How the round and the match ended (``results``), saved as the fields they were before
they were values, so a state saves as it always did (``phase`` is ``GameState.stage``)."""
_SET_FIELDS = ("uno_called", "uno_with_two", "catch_window")
_LATER_FIELDS: dict[str, str | None] = {"wild4_color": "", "top_by": None}
"""Fields added after format 2 was written, with the value a state saved without them
reads as (an unknown colour before a Wild Draw Four, nobody known to have laid the top
card)."""
_FORFEIT: MatchEnding = "forfeit"
"""``match_how`` of a match won by forfeit; saved only then, so a match won at the target
saves as it always did, and a state saved before reads as won at the target."""


class StateError(ValueError):
    """A saved state that cannot be read back (corrupted, or from a newer version)."""


def game_to_dict(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = {"format": FORMAT_VERSION, "options": state.options.to_dict()}
    for name in _PLAIN_FIELDS:
        data[name] = _results(state, name) if name in _RESULTS else _copy(getattr(state, name))
    for name in _SET_FIELDS:
        members = getattr(state, name)
        data[name] = [p for p in state.players if p in members]
    for name in _LATER_FIELDS:
        data[name] = getattr(state, name)
    if state.match_result is not None and state.match_result.how == _FORFEIT:
        data["match_how"] = _FORFEIT
    data["rng"] = state.rng.getstate()
    return data


def _results(state: GameState, name: str) -> Any:
    if name == "phase":
        return state.stage
    if name == "round_points":
        return {} if state.round_result is None else dict(state.round_result.points)
    return state.round_winner if name == "round_winner" else state.match_winner


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return list(value)
    return value


def game_from_dict(game_class: type[S], data: dict[str, Any]) -> S:
    """The saved state as a ``game_class`` (``Game``, which imports this module)."""
    try:
        if data.get("format") not in (1, FORMAT_VERSION):
            raise StateError(f"unknown state format {data.get('format')!r}")
        options = Options.from_dict(data["options"])
        state = game_class(data["ruleset"], options, list(data["players"]), int(data["seed"]))
        for name in _PLAIN_FIELDS:
            if name not in _RESULTS:
                setattr(state, name, _copy(data[name]))
        state.round_result, state.match_result = _read_results(data)
        for name in _SET_FIELDS:
            setattr(state, name, set(data[name]))
        for name, missing in _LATER_FIELDS.items():
            setattr(state, name, data.get(name, missing))
        state.rng.setstate(_rng_state(data))
    except StateError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise StateError(f"unreadable game state: {error}") from error
    _check_consistent(state)
    return state


def _read_results(data: dict[str, Any]) -> tuple[RoundResult | None, MatchResult | None]:
    winner, points, match_winner = data["round_winner"], data["round_points"], data["match_winner"]
    round_result = None if winner is None else RoundResult(winner, (winner,), dict(points))
    how: MatchEnding = _FORFEIT if data.get("match_how") == _FORFEIT else "target"
    match_result = None if match_winner is None else MatchResult((match_winner,), how)
    stage = "match_over" if match_result else "round_over" if round_result else "turn"
    if data["phase"] != stage:
        raise StateError(f"phase {data['phase']!r} but the results say {stage!r}")
    return round_result, match_result


def _rng_state(data: dict[str, Any]) -> list[int]:
    """Format 1 saved the Twister's whole state; such a game goes on from its seed and
    a counter taken from that state, so its later shuffles are new but still fixed."""
    if data["format"] == 1:
        return [int(data["seed"]), sum(data["rng"][1]) % (1 << 32)]
    return list(data["rng"])


def _check_consistent(state: GameState) -> None:
    """Refuse a state whose parts contradict each other rather than play it wrongly."""
    if set(state.hands) != set(state.players) or state.current not in state.hands:
        raise StateError("hands and players disagree")
    every_card = [*state.draw_pile, *state.discard_pile,
                  *(c for h in state.hands.values() for c in h)]
    if any(card not in ALL_CARDS for card in every_card):
        raise StateError("unknown card in state")
