"""Transitions of a round's end and the match's (RULES.md 9, 10, 12): the round scored,
and the match won when a score reaches the target or every other side has left.

A side is a player alone, or under partners a team (``GameState.sides``), whose two
players carry one score: what the side scores, each of them scores. RULES.md 12 says a
team keeps its score when one partner leaves; the engine's choice is that the one who
left carries it on too, so partners' scores never differ. A team with nobody left
seated scores no more.

Like ``GameState``'s own methods, these write the state; when a round or the match
ends is decided by the rule modules that call them (``effects``, ``table``).
"""

from __future__ import annotations

from bot.engine.cards import hand_points
from bot.engine.events import Event
from bot.engine.results import MatchEnding, MatchResult, RoundResult
from bot.engine.state import GameState


def end_round(state: GameState, winner: str, events: list[Event]) -> None:
    """``winner`` went out: their side wins the round, which is scored (RULES.md 9, 12),
    and the match ends when a score reaches the target. Standard scoring: the winning
    side scores the cards left in the other sides' hands; alternative: each side
    scores those left in its own."""
    state.pending_draw, state.pending_kind = 0, ""
    state.drawn, state.discards_owed, state.voters, state.joke_by = [], {}, [], None
    state.late_voters = []
    left_in_hands = {p: hand_points(state.hands[p]) for p in state.players}
    team = state.team_of(winner)
    if state.options.scoring == "alternative":
        points = {player: sum(left_in_hands.get(p, 0) for p in side)
                  for side in state.sides() for player in side}
    else:
        points = dict.fromkeys(team, sum(v for p, v in left_in_hands.items() if p not in team))
    state.round_result = RoundResult(winner, team, points)
    for player, scored in points.items():
        state.scores[player] = state.scores.get(player, 0) + scored
    data: dict[str, object] = {"round_points": dict(points), "hand_points": left_in_hands,
                               "scores": dict(state.scores)}
    if state.teams:
        data["team"] = list(team)
    events.append(Event("round_over", winner, data=data))
    if any(state.scores.get(p, 0) >= state.options.target for p in state.players):
        end_match(state, _match_leader(state, winner), events, "target")


def end_match(state: GameState, winner: str, events: list[Event], how: MatchEnding) -> None:
    """``winner``'s side wins the match, its players still seated (``how`` says by what)."""
    team = state.team_of(winner)
    winners = tuple(p for p in state.players if p in team)
    state.match_result = MatchResult(winners, how)
    data: dict[str, object] = {"scores": dict(state.scores), "forfeit": how == "forfeit"}
    if state.teams:
        data["winners"] = list(winners)
    events.append(Event("match_over", winners[0], data=data))


def _match_leader(state: GameState, round_winner: str) -> str:
    """Standard scoring: whoever reached the target (only the round winner's side
    scores). Alternative: the lowest total; among equals, the round winner, else seating
    order (partners carry one total, so this is the team's)."""
    if state.options.scoring != "alternative":
        return round_winner
    lowest = min(state.scores[p] for p in state.players)
    tied = [p for p in state.players if state.scores[p] == lowest]
    return round_winner if round_winner in tied else tied[0]
