"""Who plays: one id type from storage to the UI, and the one place that says a seat is
a computer player's.

A ``PlayerId`` is a Discord user's id, or a negative number for a computer player (no
Discord user has one). The engine knows players as opaque strings, its seats (its rule
vectors name them "ana", "ben"); at a table, a player's engine id is their ``PlayerId``
in decimal, and ``engine_id`` and ``player_id`` are the only ways across. Every function
takes one of the two, never either: what comes from the engine (its views and events)
names seats; the seats of a table (``Player``), storage and Discord name ``PlayerId`` s.
"""

from __future__ import annotations

from typing import NewType

PlayerId = NewType("PlayerId", int)
"""A Discord user's id, or a negative number for a computer player."""


def is_computer(player: PlayerId) -> bool:
    """Computer players are seated with negative ids; real Discord users never have one."""
    return player < 0


def is_computer_seat(seat: str) -> bool:
    """Whether the engine's ``seat`` is a computer player's (:func:`is_computer`)."""
    return is_computer(player_id(seat))


def engine_id(player: PlayerId) -> str:
    """The player as the engine knows them (a seat of ``Game.players``)."""
    return str(player)


def player_id(seat: str) -> PlayerId:
    """The ``PlayerId`` an engine id names."""
    return PlayerId(int(seat))
