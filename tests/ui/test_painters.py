"""The painters: pictures drawn off the event loop, by a worker process (the default,
``RENDER_WORKERS=1``) or a worker thread (``0``), the same bytes either way; a killed
worker is replaced, and a painter that cannot start leaves the drawing to a thread."""

from __future__ import annotations

import functools
import logging
import os
import signal
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.engine.cards import Card
from bot.game.clock import FakeClock
from bot.render import render_hand, render_table, warm_faces
from bot.ui.delivery.pictures import HAND_FILE, Picture, Pictures
from bot.workers import Workers
from tests.conftest import make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import card_button, position, start_game
from tests.ui.test_game_cards import FILL
from tests.ui.test_game_pictures import button_cards, scene, table_picture

START = 60.0
"""Seconds a picture may wait in these tests: the first one starts a Python process."""


def where_drawn(tag: str) -> bytes:
    """A 'picture' that says which process and thread drew it (``tag`` keeps apart
    the cache keys of pictures that would otherwise be the same)."""
    return f"{os.getpid()} {threading.get_ident()} {tag}".encode()


def drawn_only_by(pid: int, tag: str) -> bytes:
    """``where_drawn``, in process ``pid``; any other process that tries dies."""
    if os.getpid() != pid:
        os.kill(os.getpid(), signal.SIGKILL)
    return where_drawn(tag)


def fail_to_start() -> None:
    raise RuntimeError("this painter cannot start")


def where(tag: str) -> Picture:
    return Picture(("where", tag), functools.partial(where_drawn, tag), HAND_FILE, tag)


async def drawn_at(pictures: Pictures, tag: str) -> tuple[int, int]:
    """The process and thread that drew the picture ``where(tag)``."""
    file = await pictures.file(where(tag), START)
    assert file is not None
    pid, thread, _ = file.fp.read().split()
    return int(pid), int(thread)


@pytest.fixture
async def painted() -> AsyncIterator[Pictures]:
    made = Pictures(painters=Workers("picture", 1, warm_faces))
    try:
        await made.warm()
        yield made
    finally:
        made.close()


async def test_a_painter_process_draws_what_this_process_would(painted: Pictures) -> None:
    cards: list[Card] = ["r1", "wild4", "b7", "r1"]
    picture = Picture(("hand", "a"), functools.partial(render_hand, cards, {0, 1}, None),
                      HAND_FILE, "a hand")
    file = await painted.file(picture, START)
    assert file is not None and file.fp.read() == render_hand(cards, {0, 1}, None)
    pid, _ = await drawn_at(painted, "1")
    assert pid != os.getpid()


async def test_without_painters_a_thread_of_this_process_draws() -> None:
    pid, thread = await drawn_at(Pictures(), "1")
    assert pid == os.getpid() and thread != threading.get_ident()


async def test_a_killed_painter_is_replaced_and_the_next_picture_still_comes(
    painted: Pictures, caplog: pytest.LogCaptureFixture
) -> None:
    first, _ = await drawn_at(painted, "1")
    os.kill(first, signal.SIGKILL)
    with caplog.at_level(logging.WARNING, "bot.workers"):
        second, _ = await drawn_at(painted, "2")
    assert second not in (first, os.getpid())
    assert "a picture worker stopped: starting a new one" in caplog.text


async def test_a_painter_that_cannot_start_leaves_the_pictures_to_a_thread(
    caplog: pytest.LogCaptureFixture
) -> None:
    pictures = Pictures(painters=Workers("picture", 1, fail_to_start))
    try:
        with caplog.at_level(logging.WARNING):
            await pictures.warm()
            pid, thread = await drawn_at(pictures, "1")
    finally:
        pictures.close()
    assert pid == os.getpid() and thread != threading.get_ident()
    assert "the painters could not start" in caplog.text


async def test_until_the_painters_are_up_a_thread_draws() -> None:
    """A restart's first tables do not wait a second or two for a process to start."""
    pictures = Pictures(painters=Workers("picture", 1, warm_faces))
    try:
        before, _ = await drawn_at(pictures, "before")
        await pictures.warm()
        after, _ = await drawn_at(pictures, "after")
    finally:
        pictures.close()
    assert before == os.getpid() and after != os.getpid()


async def test_a_painter_that_dies_for_good_leaves_the_picture_to_a_thread(
    painted: Pictures, caplog: pytest.LogCaptureFixture
) -> None:
    fatal = Picture(("fatal",), functools.partial(drawn_only_by, os.getpid(), "fatal"),
                    HAND_FILE, "fatal")
    with caplog.at_level(logging.WARNING):
        file = await painted.file(fatal, START)  # kills a painter, then its replacement
    assert file is not None and int(file.fp.read().split()[0]) == os.getpid()
    assert "a picture is drawn in a thread" in caplog.text
    pid, _ = await drawn_at(painted, "next")  # and the next picture, a new painter
    assert pid != os.getpid()


async def test_a_game_shows_the_pictures_its_painter_process_drew(
    fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, endpoints: None,
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    settings = make_settings(fake_discord, tmp_path, render_workers=1)
    async with running_bot(settings, clock, fake_discord) as client:
        assert client.warming is not None
        await client.warming  # the painter process is up, its faces drawn
        session = await start_game(guild, client, fake_discord, clock, 2, images=True)
        a, b = (str(m.id) for m in session.members)
        await session.set_position(position("classic", [a, b], hands={a: ["r3", "b5"],
                                                                      b: ["r1", "y2"]},
                                            discard=["r9"], draw=FILL, current=a))
        assert table_picture(session.table_message()) == render_table(
            scene(session, "r9", "r", [2, 2], 0, len(FILL), 1))
        ana = session.member(a)
        hand = await session.open_hand(ana)
        hand_b = await session.open_hand(session.member(b))
        await session.click(ana, hand, card_button(hand, "play", "r3"))
        await session.settle()
        assert table_picture(session.table_message()) == render_table(
            scene(session, "r3", "r", [1, 2], 1, len(FILL), 1))
        cards_b, counts_b, playable_b = button_cards(hand_b)  # refreshed: b's turn
        assert playable_b == {0}
        assert hand_b.attachment("hand.png").data == render_hand(cards_b, playable_b, counts_b)
        painters = client.pictures._painters
        assert isinstance(painters, Workers) and painters.pids()  # started, never replaced
    assert "stopped" not in caplog.text and "in a thread" not in caplog.text
