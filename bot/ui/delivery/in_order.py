"""Replies that show the same message, sent in the order of the changes they show.

Each lobby operation returns the lobby as its change left it (``bot.game.lobby``),
once the table's lock is released; the reply showing it (an edit of the lobby message,
or the click's answer updating it) is composed from that snapshot and put in order at
once, before anything is awaited: the changes of a table hand over their snapshots in
the order they held its lock, so the replies go out in that order too, and the lobby
message never ends up showing an older state than the newest.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

Reply = Callable[[], Awaitable[object]]
"""A message composed, to be sent."""


class InOrder:
    """The replies of each channel, each sent once those put in order before it are."""

    def __init__(self) -> None:
        self._sending: dict[int, asyncio.Future[None]] = {}
        """Per channel, the last reply put in order and not yet sent."""

    def __call__(self, channel_id: int, reply: Reply) -> Reply:
        """``reply``, to be sent only once every reply put in order before it for the
        channel has been sent (or has failed to be). It must be awaited: sending it, or
        failing to, lets the next one go."""
        previous = self._sending.get(channel_id)
        sent: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._sending[channel_id] = sent

        async def send() -> object:
            try:
                if previous is not None:
                    await asyncio.shield(previous)
                return await reply()
            finally:
                sent.set_result(None)
                if self._sending.get(channel_id) is sent:
                    del self._sending[channel_id]

        return send
