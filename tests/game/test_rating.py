"""The rating maths against openskill itself: standings to places, places to ratings,
for people and for teams of partners."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.game.players import PlayerId
from bot.game.ports import MatchRecord, PlayerResult
from bot.game.rating import (
    RatedMatch,
    Skill,
    match_places,
    rate,
    rated_match,
    shown_rating,
    team_places,
)
from bot.game.standings import FREE_FOR_ALL, PARTNERS


def record(*players: PlayerResult, scoring: str = "standard") -> MatchRecord:
    winner = next((p.user_id for p in players if p.won), None)
    return MatchRecord("m", 1, 2, "classic", 0.0, 1.0, 3, winner, players, scoring=scoring)


def test_the_winner_is_first_then_points_with_ties_sharing_a_place() -> None:
    places = match_places(record(
        PlayerResult(PlayerId(1), 40, False), PlayerResult(PlayerId(2), 500, True),
        PlayerResult(PlayerId(3), 90, False),
        PlayerResult(PlayerId(4), 40, False)))
    assert places == {2: 0, 3: 1, 1: 2, 4: 2}


def test_alternative_scoring_ranks_fewer_points_higher() -> None:
    places = match_places(record(
        PlayerResult(PlayerId(1), 40, False), PlayerResult(PlayerId(2), 10, True),
        PlayerResult(PlayerId(3), 90, False),
        scoring="alternative"))
    assert places == {2: 0, 1: 1, 3: 2}


def test_leavers_are_last_and_tied_and_a_forfeit_win_is_first() -> None:
    places = match_places(record(
        PlayerResult(PlayerId(1), 300, False, left=True), PlayerResult(PlayerId(2), 0, True),
        PlayerResult(PlayerId(3), 10, False, left=True)))
    assert places == {2: 0, 1: 1, 3: 1}


def test_computer_players_are_left_out() -> None:
    places = match_places(record(
        PlayerResult(PlayerId(-1), 500, True, is_bot=True), PlayerResult(PlayerId(5), 20, False),
        PlayerResult(PlayerId(6), 70, False)))
    assert places == {6: 0, 5: 1}


@pytest.mark.parametrize("players", [
    (PlayerResult(PlayerId(5), 0, False), PlayerResult(PlayerId(-1), 500, True, is_bot=True)),
    (PlayerResult(PlayerId(5), 500, True),),
])
def test_fewer_than_two_people_is_unrated(players: tuple[PlayerResult, ...]) -> None:
    assert match_places(record(*players)) is None


def test_rate_gives_what_openskill_gives() -> None:
    model = PlackettLuce()
    before = {1: Skill(27.0, 7.5, 4), 2: Skill(24.0, 8.0, 1)}
    after = rate({1: 1, 2: 0, 3: 1}, before)
    expected = model.rate(
        [[model.rating(27.0, 7.5)], [model.rating(24.0, 8.0)], [model.rating()]],
        ranks=[1, 0, 1])
    assert [(after[u].mu, after[u].sigma) for u in (1, 2, 3)] == [
        (team[0].mu, team[0].sigma) for team in expected]
    assert [after[u].matches for u in (1, 2, 3)] == [5, 2, 1]


def test_a_new_player_shows_1000_and_is_provisional_until_ten_matches() -> None:
    assert Skill.new().shown == 1000
    assert shown_rating(26.1) == 1044
    assert Skill(25.0, 8.0, 9).provisional and not Skill(25.0, 8.0, 10).provisional


def partners_record(scores: dict[tuple[int, int], int], winner: tuple[int, int] | None,
                    *, left: frozenset[int] = frozenset(), bots: frozenset[int] = frozenset(),
                    scoring: str = "standard") -> MatchRecord:
    """Teams seated across the table, each player with their team's score."""
    teams = tuple(scores)
    seats = [team[k] for k in (0, 1) for team in teams]
    team_of = {user: team for team in teams for user in team}
    players = tuple(PlayerResult(PlayerId(u), scores[team_of[u]],
                                 won=team_of[u] == winner and u not in left,
                                 is_bot=u in bots, left=u in left) for u in seats)
    return MatchRecord("p", 1, 2, "classic", 0.0, 1.0, 3,
                       None if winner is None else PlayerId(winner[0]), players,
                       scoring=scoring, teams=tuple(tuple(PlayerId(u) for u in t) for t in teams))


def test_teams_are_placed_as_players_are_winner_first_then_by_team_score() -> None:
    record_ = partners_record({(1, 4): 90, (2, 5): 510, (3, 6): 90, (7, 8): 200}, (2, 5))
    assert team_places(record_) == {2: 0, 7: 1, 1: 2, 3: 2}
    alternative = partners_record({(1, 3): 40, (2, 4): 10, (5, 6): 90}, (2, 4),
                                  scoring="alternative")
    assert team_places(alternative) == {2: 0, 1: 1, 5: 2}


def test_a_team_is_gone_only_when_both_its_players_left() -> None:
    record_ = partners_record({(1, 4): 100, (2, 5): 400, (3, 6): 300}, (1, 4),
                              left=frozenset({2, 5, 6}))
    assert team_places(record_) == {1: 0, 3: 1, 2: 2}
    partner_left = partners_record({(1, 3): 500, (2, 4): 20}, (1, 3), left=frozenset({1}))
    assert team_places(partner_left) == {1: 0, 2: 1}


def test_a_partners_match_is_rated_by_teams_and_never_as_a_free_for_all() -> None:
    record_ = partners_record({(1, 3): 500, (2, 4): 20}, (2, 4))
    assert match_places(record_) is None
    rated = rated_match(record_)
    assert rated == RatedMatch(PARTNERS, ((1, 3), (2, 4)), (1, 0))
    model = PlackettLuce()
    before = {1: Skill(30.0, 5.0, 12), 4: Skill(20.0, 7.0, 3)}
    after = rated.rate(before)
    expected = model.rate([[model.rating(30.0, 5.0), model.rating()],
                           [model.rating(), model.rating(20.0, 7.0)]], ranks=[1, 0])
    assert [(after[u].mu, after[u].sigma) for u in (1, 3, 2, 4)] == [
        (r.mu, r.sigma) for team in expected for r in team]
    assert [after[u].matches for u in (1, 2, 3, 4)] == [13, 1, 1, 4]


def test_a_partners_match_with_a_computer_player_is_not_rated() -> None:
    record_ = partners_record({(1, 3): 500, (2, -4): 20}, (1, 3), bots=frozenset({-4}))
    assert team_places(record_) is None and rated_match(record_) is None


def test_a_free_for_all_is_rated_person_by_person() -> None:
    record_ = record(PlayerResult(PlayerId(1), 40, False), PlayerResult(PlayerId(2), 500, True))
    assert team_places(record_) is None
    assert rated_match(record_) == RatedMatch(FREE_FOR_ALL, ((1,), (2,)), (1, 0))
