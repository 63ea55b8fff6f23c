"""The match record of a partners match: its teams, checked as the record is made."""

from __future__ import annotations

import pytest

from bot.game.players import PlayerId
from bot.game.ports import MatchRecord, PlayerResult

A1, B1, A2, B2 = (PlayerId(n) for n in (1, 2, 3, 4))
TEAMS = ((A1, A2), (B1, B2))


def seated(*, a: int = 500, b: int = 120, won: tuple[PlayerId, ...] = (A1, A2),
           left: tuple[PlayerId, ...] = ()) -> tuple[PlayerResult, ...]:
    """Team A (1 and 3) across from team B (2 and 4), each player with their team's score."""
    return tuple(PlayerResult(user, a if user in (A1, A2) else b, won=user in won,
                              left=user in left) for user in (A1, B1, A2, B2))


def record(players: tuple[PlayerResult, ...], teams: tuple[tuple[PlayerId, ...], ...] = TEAMS,
           winner: PlayerId | None = A1) -> MatchRecord:
    return MatchRecord("m", 1, 2, "classic", 0.0, 1.0, 3, winner, players, teams=teams)


def test_a_partners_record_marks_the_whole_winning_team_won() -> None:
    made = record(seated())
    assert made.teams == TEAMS
    assert made.team_of(A2) == (A1, A2) and made.team_of(B1) == (B1, B2)
    with pytest.raises(ValueError, match="exactly the winner 1 and their partners"):
        record(seated(won=(A1,)))
    with pytest.raises(ValueError, match="exactly the winner"):
        record(seated(won=(A1, B1)))


def test_a_free_for_all_player_is_a_team_of_one() -> None:
    players = (PlayerResult(A1, 10, won=True), PlayerResult(B1, 0, won=False))
    assert record(players, teams=()).team_of(B1) == (B1,)


@pytest.mark.parametrize("teams", [
    ((A1, A2, B1, B2),),  # one team
    ((A1, A2), (B1,)),  # a player in none
    ((A1, A2), (B1, B2, A1)),  # a player in two
    ((A1, A2), (B1, B2), ()),  # an empty team
])
def test_teams_hold_every_player_once_in_two_teams_or_more(
    teams: tuple[tuple[PlayerId, ...], ...],
) -> None:
    with pytest.raises(ValueError, match="two or more and hold every player once"):
        record(seated(), teams=teams)


def test_a_team_is_listed_in_seating_order() -> None:
    with pytest.raises(ValueError, match="not in seating order"):
        record(seated(), teams=((A2, A1), (B1, B2)))


def test_the_players_of_a_team_who_stayed_share_its_score() -> None:
    players = list(seated())
    players[2] = PlayerResult(A2, 499, won=True)
    with pytest.raises(ValueError, match="who stayed must have its score"):
        record(tuple(players))
    players[2] = PlayerResult(A2, 0, won=False, left=True)  # left early: kept what it had
    assert record(tuple(players)).players[2].points == 0


def test_a_partner_who_left_does_not_win_with_their_team() -> None:
    assert not record(seated(won=(A1,), left=(A2,))).players[2].won
    with pytest.raises(ValueError, match="exactly the winner"):
        record(seated(left=(A2,)))
