"""Transitions of a round's end and the match's (RULES.md 9, 10): the round scored, and
the match won when a score reaches the target or everyone else has left.

Like ``GameState``'s own methods, these write the state; when a round or the match
ends is decided by the rule modules that call them (``effects``, ``table``).
"""

from __future__ import annotations

from bot.engine.cards import hand_points
from bot.engine.events import Event
from bot.engine.results import MatchEnding, MatchResult, RoundResult
from bot.engine.state import GameState


def end_round(state: GameState, winner: str, events: list[Event]) -> None:
    """Score the round (RULES.md 9) and end the match when someone reaches the target."""
    state.pending_draw, state.pending_kind = 0, ""
    state.drawn, state.discards_owed, state.voters, state.joke_by = [], {}, [], None
    state.late_voters = []
    left_in_hands = {p: hand_points(state.hands[p]) for p in state.players}
    if state.options.scoring == "alternative":
        points = {p: left_in_hands[p] for p in state.players}
    else:
        points = {winner: sum(left_in_hands.values())}
    state.round_result = RoundResult(winner, (winner,), points)
    for player, scored in points.items():
        state.scores[player] = state.scores.get(player, 0) + scored
    events.append(
        Event("round_over", winner, data={"round_points": dict(points),
                                         "hand_points": left_in_hands,
                                         "scores": dict(state.scores)})
    )
    if any(state.scores.get(p, 0) >= state.options.target for p in state.players):
        end_match(state, _match_leader(state, winner), events, "target")


def end_match(state: GameState, winner: str, events: list[Event], how: MatchEnding) -> None:
    """``winner``'s side wins the match, ``how`` says by what."""
    state.match_result = MatchResult((winner,), how)
    events.append(Event("match_over", winner, data={"scores": dict(state.scores),
                                                     "forfeit": how == "forfeit"}))


def _match_leader(state: GameState, round_winner: str) -> str:
    """Standard scoring: whoever reached the target (only the round winner scores).
    Alternative: the lowest total; among equals, the round winner, else seating order."""
    if state.options.scoring != "alternative":
        return round_winner
    lowest = min(state.scores[p] for p in state.players)
    tied = [p for p in state.players if state.scores[p] == lowest]
    return round_winner if round_winner in tied else tied[0]
