"""How a round and the match ended, each one value.

A round ends the moment a player has no cards left (RULES.md 9); the match when a score
reaches the target (RULES.md 9) or when nobody else is left (RULES.md 10). The state
holds each ending whole (``GameState.round_result``, ``GameState.match_result``), so who
won is never read apart from how, or from what it scored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

MatchEnding = Literal["target", "forfeit"]
"""How a match ended: a score reached the target, or the winners were the only ones left."""


@dataclass(frozen=True, slots=True)
class RoundResult:
    """``winner`` went out, and their side (``team``: the winner alone, or the winner's
    team under partners, RULES.md 12) won the round; ``points`` is what each player
    scored in it (standard scoring: the winning side, the points left in the other
    hands; alternative scoring: every side, the points left in its own)."""

    winner: str
    team: tuple[str, ...]
    points: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class MatchResult:
    """``winners``: the winning side's players still seated, in seating order (one
    player, or a team under partners); ``how`` the match ended."""

    winners: tuple[str, ...]
    how: MatchEnding

    @property
    def winner(self) -> str:
        """The first of ``winners`` (the only one without partners)."""
        return self.winners[0]
