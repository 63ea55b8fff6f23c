"""The whole game state, random generator included, as a JSON-able dict and back.

A saved game resumes identically: the same later actions give the same events. Sets
are written in seating order so the same state always gives the same dict. The random
generator is a seed and a counter (``rng.SeedCounter``): two numbers, not 2.5 KB.

A state is read back as the parts of a position and built by ``Game.from_position``,
as every position is. How the round and the match ended (``results``) is saved as
the fields it was before it became a value (``phase``, ``round_winner``,
``round_points``, ``match_winner``), so a state saves as it always did; only what those
fields cannot say is added, and only when it is so (``match_how`` of a forfeit). The
teams of partners (``teams``, saved under partners only) say the rest: the winner's
team, and the match's winners (the match winner's team, those of it still seated).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bot.engine.cards import ALL_CARDS
from bot.engine.options import Options
from bot.engine.results import MatchEnding, MatchResult, RoundResult
from bot.engine.state import GameState
from bot.engine.teams import Teams, checked_teams, team_in

S = TypeVar("S", bound=GameState)

FORMAT_VERSION = 2
_FORFEIT: MatchEnding = "forfeit"
"""``match_how`` of a match won by forfeit, saved only then: a state saved without it
(a match won at the target, or any state saved before it was) reads as won at the target."""


class StateError(ValueError):
    """A saved state that cannot be read back (corrupted, or from a newer version)."""


def game_to_dict(state: GameState) -> dict[str, Any]:
    """Every field of ``state``; the keys and their order are those format 2 always had
    (``wild4_color`` and ``top_by`` came later), then ``teams`` under partners and
    ``match_how`` when it is a forfeit."""
    ended, won = state.round_result, state.match_result
    data: dict[str, Any] = {
        "format": FORMAT_VERSION,
        "options": state.options.to_dict(),
        "ruleset": state.ruleset,
        "seed": state.seed,
        "players": list(state.players),
        "hands": {p: list(hand) for p, hand in state.hands.items()},
        "draw_pile": list(state.draw_pile),
        "discard_pile": list(state.discard_pile),
        "color": state.color,
        "direction": state.direction,
        "current": state.current,
        "dealer": state.dealer,
        "phase": state.stage,
        "round_number": state.round_number,
        "scores": dict(state.scores),
        "round_winner": None if ended is None else ended.winner,
        "round_points": {} if ended is None else dict(ended.points),
        "match_winner": None if won is None else won.winner,
        "pending_draw": state.pending_draw,
        "pending_kind": state.pending_kind,
        "wild4_by": state.wild4_by,
        "wild4_guilty": state.wild4_guilty,
        "drawn": list(state.drawn),
        "choosing_start_color": state.choosing_start_color,
        "draw_three_for": state.draw_three_for,
        "hands_shown_until": state.hands_shown_until,
        "discards_owed": dict(state.discards_owed),
        "joke_by": state.joke_by,
        "voters": list(state.voters),
        "late_voters": list(state.late_voters),
        "timeouts": dict(state.timeouts),
        "uno_called": _in_seating_order(state, state.uno_called),
        "uno_with_two": _in_seating_order(state, state.uno_with_two),
        "catch_window": _in_seating_order(state, state.catch_window),
        "wild4_color": state.wild4_color,
        "top_by": state.top_by,
    }
    if state.teams:
        data["teams"] = [list(team) for team in state.teams]
    if won is not None and won.how == _FORFEIT:
        data["match_how"] = _FORFEIT
    data["rng"] = state.rng.getstate()
    return data


def _in_seating_order(state: GameState, members: set[str]) -> list[str]:
    return [p for p in state.players if p in members]


def game_from_dict(build: Callable[..., S], data: dict[str, Any]) -> S:
    """The saved state, built by ``build`` (``Game.from_position``, whose module
    imports this one) from its parts."""
    try:
        if data.get("format") not in (1, FORMAT_VERSION):
            raise StateError(f"unknown state format {data.get('format')!r}")
        players = list(data["players"])
        if set(data["hands"]) != set(players):
            raise StateError("hands and players disagree")
        seed, counter = _rng_state(data)
        if seed != int(data["seed"]):
            raise StateError("the random generator is not the game's")
        teams = checked_teams(data["teams"], players) if "teams" in data else ()
        round_result, match_result = _results(data, teams, players)
        state = build(
            data["ruleset"], Options.from_dict(data["options"]), players,
            hands=data["hands"], discard=data["discard_pile"], draw=data["draw_pile"][::-1],
            current=data["current"], direction=data["direction"], color=data["color"],
            top_by=data.get("top_by"), dealer=data["dealer"],
            round_number=data["round_number"], scores=data["scores"],
            round_result=round_result, match_result=match_result, teams=teams,
            pending_draw=data["pending_draw"], pending_kind=data["pending_kind"],
            wild4_by=data["wild4_by"], wild4_color=data.get("wild4_color", ""),
            wild4_guilty=data["wild4_guilty"], drawn=data["drawn"],
            choosing_start_color=data["choosing_start_color"],
            uno_called=data["uno_called"], uno_with_two=data["uno_with_two"],
            catch_window=data["catch_window"], draw_three_for=data["draw_three_for"],
            hands_shown_until=data["hands_shown_until"],
            discards_owed=data["discards_owed"], joke_by=data["joke_by"],
            voters=data["voters"], late_voters=data["late_voters"],
            timeouts=data["timeouts"], seed=seed, rng_counter=counter,
        )
    except StateError:
        raise
    except (KeyError, TypeError, ValueError) as error:
        raise StateError(f"unreadable game state: {error}") from error
    _check_cards(state)
    return state


def _results(
    data: dict[str, Any], teams: Teams, players: list[str]
) -> tuple[RoundResult | None, MatchResult | None]:
    """How the round and the match ended, from the fields they are saved as; a
    ``phase`` they contradict is refused."""
    winner, match_winner = data["round_winner"], data["match_winner"]
    round_result = (None if winner is None else
                    RoundResult(winner, team_in(teams, winner), dict(data["round_points"])))
    how: MatchEnding = _FORFEIT if data.get("match_how") == _FORFEIT else "target"
    match_result = None
    if match_winner is not None:
        team = team_in(teams, match_winner)
        winners = tuple(p for p in players if p in team)
        if not winners:
            raise StateError("the match winner has left")
        match_result = MatchResult(winners, how)
    stage = "match_over" if match_result else "round_over" if round_result else "turn"
    if data["phase"] != stage:
        raise StateError(f"phase {data['phase']!r} but the results say {stage!r}")
    return round_result, match_result


def _rng_state(data: dict[str, Any]) -> tuple[int, int]:
    """The seed and the counter. Format 1 saved the Twister's whole state; such a game
    goes on from its seed and a counter taken from that state, so its later shuffles
    are new but still fixed."""
    if data["format"] == 1:
        return int(data["seed"]), sum(data["rng"][1]) % (1 << 32)
    seed, counter = data["rng"]
    return int(seed), int(counter)


def _check_cards(state: GameState) -> None:
    """Refuse a state holding a card no deck has rather than play it wrongly."""
    every_card = [*state.draw_pile, *state.discard_pile,
                  *(c for h in state.hands.values() for c in h)]
    if any(card not in ALL_CARDS for card in every_card):
        raise StateError("unknown card in state")
