"""What the game waits for, and from whom: the one place that decides it.

The state keeps what happened (a draw pending, a card drawn, discards owed, a vote);
``waiting`` reads those fields once and names the phase and its players. The list of
legal actions, the table's timeouts and the views all start from it, so nothing else
works out whose move it is, or what kind of move.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from bot.engine.game import Game


class Phase(StrEnum):
    """What the game waits for."""

    TURN = "turn"
    """An ordinary turn: play, or draw."""
    START_COLOR = "start_color"
    """The first player names the colour of a wild start card."""
    ANSWER_DRAW = "answer_draw"
    """A Draw Two or Wild Draw Four waits on its victim: take it, or answer it."""
    DRAWN_CARD = "drawn_card"
    """The player drew a playable card: play it or keep it."""
    DISCARD = "discard"
    """Players owe discards (house rules 5, 6, 8); play goes on once they are done."""
    VOTE = "vote"
    """The other players vote on a joke (house rule 8)."""
    ROUND_OVER = "round_over"
    """The round is over; the table deals the next one."""
    MATCH_OVER = "match_over"


class Waiting(NamedTuple):
    """The phase, and the players the game waits on in it (the discards owed, then the
    voters; none once the round is over). A named tuple: cheap to make on every ask."""

    phase: Phase
    players: tuple[str, ...]


def waiting(game: Game) -> Waiting:
    if game.phase != "turn":
        return Waiting(Phase.MATCH_OVER if game.phase == "match_over" else Phase.ROUND_OVER, ())
    if game.discards_owed or game.voters:
        phase = Phase.DISCARD if game.discards_owed else Phase.VOTE
        return Waiting(phase, (*game.discards_owed, *game.voters))
    current = (game.current,)
    if game.choosing_start_color:
        return Waiting(Phase.START_COLOR, current)
    if game.pending_draw:
        return Waiting(Phase.ANSWER_DRAW, current)
    if game.drawn:
        return Waiting(Phase.DRAWN_CARD, current)
    return Waiting(Phase.TURN, current)
