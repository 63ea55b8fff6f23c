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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

from bot.game.ports import MatchRecord

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

    user_id: int
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
    players = list(places_of)
    skills = [before.get(user_id) or Skill.new() for user_id in players]
    teams = [[model().create_rating([skill.mu, skill.sigma])] for skill in skills]
    rated = model().rate(teams, ranks=[float(places_of[p]) for p in players])
    return {
        user_id: Skill(team[0].mu, team[0].sigma, skill.matches + 1)
        for user_id, skill, team in zip(players, skills, rated, strict=True)
    }


def match_places(record: MatchRecord) -> dict[int, int] | None:
    """The people's places in a finished match; None if it is not rated."""
    people = [Standing(p.user_id, p.points, p.won, p.left) for p in record.players
              if not p.is_bot]
    return places(people, record.scoring)
