"""The rating maths against openskill itself: standings to places, places to ratings."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.game.players import PlayerId
from bot.game.ports import MatchRecord, PlayerResult
from bot.game.rating import Skill, match_places, rate, shown_rating


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
