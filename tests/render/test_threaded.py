from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any, cast

import pytest

from bot.engine.cards import Card
from bot.render import TableScene, render_hand_async, render_table_async, threaded
from tests.render.conftest import decode


def record_thread(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    """Wrap ``threaded.<name>`` so that it records the thread it runs on."""
    threads: list[int] = []
    real: Callable[..., bytes] = getattr(threaded, name)

    def recording(*args: Any) -> bytes:
        threads.append(threading.get_ident())
        return real(*args)

    monkeypatch.setattr(threaded, name, recording)
    return threads


async def test_hand_renders_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    threads = record_thread(monkeypatch, "render_hand")
    png = await render_hand_async(["r1", "wild4"], {1})
    assert decode(png).width > 0
    assert len(threads) == 1
    assert threads[0] != threading.get_ident()


async def test_table_renders_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    threads = record_thread(monkeypatch, "render_table")
    scene = TableScene("g5", "g", 1, (("A", 1), ("B", 2)), 0, 9)
    png = await render_table_async(scene)
    assert decode(png).width > 0
    assert threads and threads[0] != threading.get_ident()


async def test_async_hand_equals_the_sync_one() -> None:
    from bot.render import render_hand

    cards: list[Card] = ["r1", "b2", "bff"]
    assert await render_hand_async(cards, {0}) == render_hand(cards, {0})


async def test_concurrent_renders_agree_with_sequential_ones() -> None:
    """Worker threads share the face and font caches; they must not disturb each other."""
    from bot.render import render_hand

    codes: list[Card] = ["r1", "g2", "y3"]
    hands: list[list[Card]] = [[code, "wild", cast(Card, f"b{i % 10}"), "rskip"]
                               for i, code in enumerate(codes * 4)]
    results = await asyncio.gather(*(render_hand_async(hand, {0}) for hand in hands))
    assert results == [render_hand(hand, {0}) for hand in hands]
