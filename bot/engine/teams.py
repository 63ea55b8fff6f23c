"""Partners (RULES.md 12): teams of two, seated across the table, fixed for the match.

Seat i and seat i + n/2 of the n seats at the first deal are partners, so the next
player either way is always an opponent. Without partners each player is a side alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.engine.errors import SeatingError

Teams = tuple[tuple[str, str], ...]
"""The teams of a match, in the order of their first seats."""

PARTNER_COUNTS = (4, 6, 8, 10)
"""The numbers of players partners are dealt to."""


def seated_across(players: Sequence[str]) -> Teams:
    """The teams of ``players`` in seating order; ``SeatingError`` for a number of
    players that does not make teams of two across the table."""
    if len(players) not in PARTNER_COUNTS:
        raise SeatingError("partners_player_count", players=len(players))
    half = len(players) // 2
    return tuple((players[seat], players[seat + half]) for seat in range(half))


def checked_teams(teams: Iterable[Iterable[str]], players: Iterable[str]) -> Teams:
    """``teams`` as pairs, each player in one of them and every seated player in one
    (partners who left stay in their team); ``ValueError`` otherwise."""
    pairs = tuple(tuple(team) for team in teams)
    members = [p for team in pairs for p in team]
    if any(len(team) != 2 for team in pairs) or len(set(members)) != len(members):
        raise ValueError("teams are pairs of different players")
    if not set(players) <= set(members):
        raise ValueError("every seated player has a team")
    return tuple((a, b) for a, b in pairs)


def team_in(teams: Teams, player: str) -> tuple[str, ...]:
    """``player``'s side: their team, or themselves alone when they have none."""
    for team in teams:
        if player in team:
            return team
    return (player,)
