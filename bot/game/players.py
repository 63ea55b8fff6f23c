"""Who plays: one id type from storage to the UI, and the one place that says a seat is
a computer player's.

A ``PlayerId`` is a Discord user's id, or a negative number for a computer player (no
Discord user has one). The engine knows players as opaque strings (its rule vectors
name them "ana", "ben"); at a table, a player's engine id is their ``PlayerId`` in
decimal, and ``engine_id`` and ``player_id`` are the only ways across.
"""

from __future__ import annotations

from typing import NewType

PlayerId = NewType("PlayerId", int)
"""A Discord user's id, or a negative number for a computer player."""


def is_computer(player: PlayerId | str) -> bool:
    """Computer players are seated with negative ids; real Discord users never have one.
    ``player`` is an id, or the engine's id for one."""
    return player < 0 if isinstance(player, int) else player.startswith("-")


def engine_id(player: PlayerId) -> str:
    """The player as the engine knows them (a seat of ``Game.players``)."""
    return str(player)


def player_id(seat: str | PlayerId) -> PlayerId:
    """The ``PlayerId`` an engine id names (a ``PlayerId`` is taken as it is)."""
    return PlayerId(int(seat))
