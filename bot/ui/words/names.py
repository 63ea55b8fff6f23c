"""Players as the messages name them, in the language of the moment.

A person is named by their display name (or mentioned); a computer player by its seat
name, "🤖 Easy bot 2", said at display time in the language of the message. The name
saved with the table (``bot.game.table.computer_name``) is English, and tells the
computer player's level, so tables saved before the bot spoke other languages read the
same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from bot.game.players import is_computer_seat
from bot.game.table import Player
from bot.i18n import N_, _, translate

COMPUTER_NAMES = {
    # i18n: the seat name of a computer player that plays any legal card; {number} is its seat
    "easy": N_("🤖 Easy bot {number}"),
    # i18n: the seat name of a computer player that plays to win; {number} is its seat
    "normal": N_("🤖 Normal bot {number}"),
    # i18n: the seat name of a computer player that thinks moves ahead; {number} is its seat
    "hard": N_("🤖 Hard bot {number}"),
}
"""A computer player's seat name at each level of ``bot.ai.LEVELS``."""


class Seated(Protocol):
    """Whatever knows the seated players: a snapshot of a table."""

    def player_at(self, seat: str) -> Player | None: ...


def player_name(player: Player) -> str:
    """A person's display name; a computer player's seat name in the language of the
    moment."""
    level = player.computer_level
    return player.name if level is None else translate(COMPUTER_NAMES[level],
                                                       number=-player.id)


def name_of(table: Seated, seat: str) -> str:
    """The name of the seated (or once seated) player at the engine's ``seat``."""
    seated = table.player_at(seat)
    return player_name(seated) if seated is not None else seat


def namer(table: Seated) -> Callable[[str], str]:
    """:func:`name_of` for ``table``, for the words that take a naming function
    (``bot.ui.words.words.action_line``)."""
    return lambda player: name_of(table, player)


def mention(table: Seated, seat: str) -> str:
    """The person at the engine's ``seat`` is mentioned (so notified); a computer player
    is named."""
    return name_of(table, seat) if is_computer_seat(seat) else f"<@{seat}>"


def mention_player(player: Player) -> str:
    """A person is mentioned (so notified); a computer player is named."""
    return player_name(player) if player.is_computer else f"<@{player.id}>"


def and_list(items: list[str]) -> str:
    """ "ana", "ana and ben", "ana, ben and cy", in the language of the moment."""
    if len(items) == 1:
        return items[0]
    # i18n: the end of a list: "ana, ben and cy" ({first} is "ana, ben")
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])
