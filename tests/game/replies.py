"""Stand-ins for the UI's messages in the game layer's tests, which run without Discord."""

from __future__ import annotations

from bot.game.snapshot import TableSnapshot


async def post(table: TableSnapshot) -> int:
    """A new lobby message, posted as message 999."""
    return 999
