"""What the game waits for, and from whom: the one place that decides it.

The state keeps what happened (a draw pending, a card drawn, discards owed, a vote);
``waiting`` reads those fields once and names the phase and its players. The list of
legal actions, the table's timeouts and the views all start from it, so nothing else
works out whose move it is, or what kind of move.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from bot.engine.state import GameState


class Phase(StrEnum):
    """What the game waits for."""

    TURN = "turn"
    """An ordinary turn: play, or draw (with jump-in, RULES.md 11, another player holding
    a card identical to the top card may play it instead)."""
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


_TURN, _START_COLOR, _ANSWER_DRAW, _DRAWN_CARD = (
    Phase.TURN, Phase.START_COLOR, Phase.ANSWER_DRAW, Phase.DRAWN_CARD)
_ROUND_OVER = Waiting(Phase.ROUND_OVER, ())
_MATCH_OVER = Waiting(Phase.MATCH_OVER, ())
_ONE_PLAYER: dict[tuple[Phase, str], Waiting] = {}
"""Waitings on one player, shared: asked for on every new state, built once each."""
_SHARED_LIMIT = 1 << 14


def waiting(state: GameState) -> Waiting:
    if state.match_result is not None:
        return _MATCH_OVER
    if state.round_result is not None:
        return _ROUND_OVER
    if state.discards_owed or state.voters:
        phase = Phase.DISCARD if state.discards_owed else Phase.VOTE
        return Waiting(phase, (*state.discards_owed, *state.voters))
    if state.choosing_start_color:
        phase = _START_COLOR
    elif state.pending_draw:
        phase = _ANSWER_DRAW
    elif state.drawn:
        phase = _DRAWN_CARD
    else:
        phase = _TURN
    key = (phase, state.current)
    found = _ONE_PLAYER.get(key)
    if found is None:
        if len(_ONE_PLAYER) >= _SHARED_LIMIT:
            _ONE_PLAYER.clear()
        found = _ONE_PLAYER[key] = Waiting(phase, (state.current,))
    return found
