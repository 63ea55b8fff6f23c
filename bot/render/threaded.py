"""The renderers for coroutines: the drawing and encoding run in a worker thread.

Rendering a hand takes milliseconds of CPU (tens on a cold face cache); on the event
loop that would stall every other table, so callers in async code use these.
"""

from __future__ import annotations

import asyncio

from bot.engine.cards import Card
from bot.render.hand import render_hand
from bot.render.table import TableScene, render_table


async def render_hand_async(cards: list[Card], playable: set[int] | None = None,
                            counts: list[int] | None = None) -> bytes:
    """``render_hand`` run in a worker thread; the lists are copied first."""
    return await asyncio.to_thread(
        render_hand, list(cards), None if playable is None else set(playable),
        None if counts is None else list(counts),
    )


async def render_table_async(scene: TableScene) -> bytes:
    """``render_table`` run in a worker thread (``TableScene`` is frozen, so shareable)."""
    return await asyncio.to_thread(render_table, scene)
