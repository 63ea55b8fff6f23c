"""Stand-ins for the UI's messages in the game layer's tests, which run without Discord."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.game.registry import Reply
from bot.game.table import Table


async def sent_nothing() -> None:
    """A reply that sends nothing (the stand-in messages record at compose time)."""


def publish(table: Table) -> Reply:
    """A lobby message that shows nothing."""
    return sent_nothing


def post(table: Table) -> Callable[[], Awaitable[int]]:
    """A new lobby message, posted as message 999."""

    async def send() -> int:
        return 999

    return send
