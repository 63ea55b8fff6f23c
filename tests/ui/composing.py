"""The bot's messages composed from a table the test built, as the bot composes them
from the snapshots its game service hands over (``bot.game.snapshot``)."""

from __future__ import annotations

from bot.game.snapshot import Snapshot
from bot.game.table import Table
from bot.ui.delivery.pictures import HandCards, cards_seen
from bot.ui.messages.hand import HandMessage, hand_shown


def hand_message(table: Table, player: str, notice: str = "") -> HandMessage:
    """``player``'s hand message as ``table`` is now."""
    return hand_shown(Snapshot.take(table, player), notice)


def hand_cards(table: Table, player: str) -> HandCards | None:
    """What ``player``'s hand picture shows as ``table`` is now."""
    game = table.game
    return cards_seen(game.seat_view(player)) if game is not None else None
