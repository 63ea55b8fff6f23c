"""Pictures drawn in worker threads at once (a thread painter, the faces warmed at
start-up, the leaderboard's pictures) share the face and font caches: they must not
disturb each other."""

from __future__ import annotations

import asyncio
from typing import cast

from bot.engine.cards import Card
from bot.render import render_hand


async def test_concurrent_renders_agree_with_sequential_ones() -> None:
    codes: list[Card] = ["r1", "g2", "y3"]
    hands: list[list[Card]] = [[code, "wild", cast(Card, f"b{i % 10}"), "rskip"]
                               for i, code in enumerate(codes * 4)]
    results = await asyncio.gather(*(asyncio.to_thread(render_hand, hand, {0})
                                     for hand in hands))
    assert results == [render_hand(hand, {0}) for hand in hands]
