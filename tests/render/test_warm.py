from __future__ import annotations

import logging

import pytest

from bot.engine.cards import ALL_CARDS
from bot.render import hand, table, warm, warm_faces, warm_faces_async
from bot.render.faces import card_face, dimmed_face
from bot.render.png import shared_palette


def test_warming_draws_every_face_and_the_palette(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(warm, "_warm", False)
    for cached in (card_face, dimmed_face, shared_palette, hand._face, table._top_card):
        cached.cache_clear()
    warm_faces()
    assert card_face.cache_info().currsize >= 2 * len(ALL_CARDS)  # in hands, on top
    assert dimmed_face.cache_info().currsize >= len(ALL_CARDS)
    # and each quantised once to the palette, ready to paste
    assert hand._face.cache_info().currsize == 2 * len(ALL_CARDS)  # plain and faded
    assert table._top_card.cache_info().currsize == len(ALL_CARDS)
    assert shared_palette.cache_info().currsize == 1
    shared_palette.cache_clear()
    warm_faces()  # once per process: the caches stay
    assert shared_palette.cache_info().currsize == 0


async def test_the_scripts_no_font_draws_are_logged_once_at_start(
        without_system_fonts: None, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, "bot.render.warm"):
        await warm_faces_async()
    (record,) = caplog.records
    assert "Japanese" in record.getMessage() and "colour emoji" in record.getMessage()


async def test_nothing_is_logged_where_every_script_is_drawn(
        caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, "bot.render.warm"):
        await warm_faces_async()
    assert not caplog.records
