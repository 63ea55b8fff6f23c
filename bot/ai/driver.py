"""Seating computer players at a ``Game``: the table's side, which holds the game.

A table shows each computer player the events redacted for it and asks it to act with
its own view and legal actions; the players themselves never touch the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from bot.ai.hard import Question
from bot.ai.player import ComputerPlayer
from bot.engine import Action, Event, Game


def show_events(game: Game, computers: Iterable[ComputerPlayer], events: list[Event]) -> None:
    """Let each computer player observe ``events`` as it may see them, with its view after
    them. Call it with no events when the players are seated."""
    for computer in computers:
        me = computer.player_id
        view = game.view(me) if me in game.hands else None
        computer.observe([event.redact(me) for event in events], view)


def computer_action(game: Game, computers: Mapping[str, ComputerPlayer]) -> Action | None:
    """The first action a computer player wants to take now, or ``None``. Each one seated
    is asked in seating order: those the game waits on must act, the others may call UNO
    or catch. Apply the action, show its events (``show_events``) and ask again."""
    decided = computer_decision(game, computers, searching=True)
    assert not isinstance(decided, Question)
    return decided


def computer_decision(
    game: Game, computers: Mapping[str, ComputerPlayer], *, searching: bool = False
) -> Action | Question | None:
    """``computer_action``, except that a ``hard`` player's search comes back undone, as
    a ``Question`` (unless ``searching``: then it searches here and now)."""
    for player in game.players:
        computer = computers.get(player)
        if computer is None:
            continue
        legal = game.legal_actions(player)
        if not legal:
            continue
        view = game.view(player)
        decided = computer.choose(view, legal) if searching else computer.decide(view, legal)
        if decided is not None:
            return decided
    return None
