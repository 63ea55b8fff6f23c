"""The skill rating: a finished match's standings, and the openskill update they give.

Pure maths over the records that cross the storage ports, so storage computes a
match's new ratings inside the transaction that records it. The model is openskill's
``PlackettLuce()`` with the library's defaults (mu 25, sigma 25/3). Only people are
rated: computer players are left out, and the humans' order among themselves is what
counts. A match with fewer than two people is not rated (nor is a game stopped with
``/uno end``: it leaves no record at all).

Order of a match: the winner first; those who stayed to the end by their match points
(standard scoring: more is better; alternative: fewer is better), equal points sharing a
place; those who left or were removed after everyone who stayed, tied among themselves.

A partners match is rated apart, on boards of its own (``PARTNERS``), with openskill's
team rating: each team one team, in the same order, a team standing as one player with
the team's score, gone only when both its players left (a partner who left is rated with
the team). It is rated only when every player is a person; it never counts on the
free-for-all boards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

from bot.game.players import PlayerId
from bot.game.ports import MatchRecord, PlayerResult
from bot.game.standings import FREE_FOR_ALL, PARTNERS, RatingKind

RATING_SCALE = 40
"""The rating shown is ``round(40 * mu)``: a new player shows 1000."""
SETTLED_AFTER = 10
"""Rated matches before a rating stops being provisional ("?"), and before its player
is listed on the rating board."""


@cache
def model() -> PlackettLuce:
    return PlackettLuce()


@dataclass(frozen=True, slots=True)
class Skill:
    """A player's rating on one board (all time, or one season) of one server."""

    mu: float
    sigma: float
    matches: int = 0
    """Rated matches that made it."""

    @classmethod
    def new(cls) -> Skill:
        return cls(model().mu, model().sigma)

    @property
    def shown(self) -> int:
        return shown_rating(self.mu)

    @property
    def provisional(self) -> bool:
        return self.matches < SETTLED_AFTER


def shown_rating(mu: float) -> int:
    return round(RATING_SCALE * mu)


@dataclass(frozen=True, slots=True)
class Standing:
    """One person's end of a match, as the rating reads it."""

    user_id: PlayerId
    points: int
    won: bool
    left: bool


def places(standings: Sequence[Standing], scoring: str) -> dict[int, int] | None:
    """Each person's place (0 is first; equal places tie), or None for a match that is
    not rated (fewer than two people)."""
    if len(standings) < 2:
        return None
    sign = -1 if scoring == "alternative" else 1

    def order(standing: Standing) -> tuple[int, int, int]:
        return (standing.left, not standing.won, 0 if standing.left else -sign * standing.points)

    keys = sorted({order(s) for s in standings})
    return {s.user_id: keys.index(order(s)) for s in standings}


def rate(places_of: Mapping[int, int], before: Mapping[int, Skill]) -> dict[int, Skill]:
    """Everyone's skill after the match, from their skill before it (a player missing
    from ``before`` starts new)."""
    return free_for_all(places_of).rate(before)


@dataclass(frozen=True, slots=True)
class RatedMatch:
    """A match as the rating reads it: its sides (a person each in a free-for-all, a
    team each in a partners match) and each side's place, on the boards of its kind."""

    kind: RatingKind
    sides: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]

    @property
    def people(self) -> tuple[int, ...]:
        return tuple(user_id for side in self.sides for user_id in side)

    def rate(self, before: Mapping[int, Skill]) -> dict[int, Skill]:
        """Everyone's skill after the match, from their skill before it (a player
        missing from ``before`` starts new)."""
        skills = {user_id: before.get(user_id) or Skill.new() for user_id in self.people}
        teams = [[model().create_rating([skills[u].mu, skills[u].sigma]) for u in side]
                 for side in self.sides]
        rated = model().rate(teams, ranks=[float(place) for place in self.places])
        return {
            user_id: Skill(after.mu, after.sigma, skills[user_id].matches + 1)
            for side, team in zip(self.sides, rated, strict=True)
            for user_id, after in zip(side, team, strict=True)
        }


def free_for_all(places_of: Mapping[int, int]) -> RatedMatch:
    """The people of a free-for-all match in their places, each a side."""
    return RatedMatch(FREE_FOR_ALL, tuple((user_id,) for user_id in places_of),
                      tuple(places_of.values()))


def match_places(record: MatchRecord) -> dict[int, int] | None:
    """The people's places in a finished free-for-all match; None if it is not rated on
    the free-for-all boards (a partners match never is)."""
    if record.teams:
        return None
    people = [Standing(p.user_id, p.points, p.won, p.left) for p in record.players
              if not p.is_bot]
    return places(people, record.scoring)


def team_places(record: MatchRecord) -> dict[int, int] | None:
    """The teams' places in a finished partners match, each team by its first player;
    None for a match not rated on the partners boards (a free-for-all, or a match with a
    computer player)."""
    if not record.teams or any(p.is_bot for p in record.players):
        return None
    by_id = {p.user_id: p for p in record.players}
    return places([_team_standing([by_id[u] for u in team]) for team in record.teams],
                  record.scoring)


def _team_standing(team: list[PlayerResult]) -> Standing:
    """A team as one player: its score (that of its players who stayed), won when they
    won, gone when all of them left."""
    stayed = [p for p in team if not p.left]
    if not stayed:
        return Standing(team[0].user_id, team[0].points, False, True)
    return Standing(team[0].user_id, stayed[0].points, stayed[0].won, False)


def rated_match(record: MatchRecord) -> RatedMatch | None:
    """How a finished match is rated; None if it is not."""
    if record.teams:
        by_team = team_places(record)
        if by_team is None:
            return None
        return RatedMatch(PARTNERS, record.teams,
                          tuple(by_team[team[0]] for team in record.teams))
    places_of = match_places(record)
    return None if places_of is None else free_for_all(places_of)
