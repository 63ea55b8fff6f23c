"""A shard identifies in its bucket's turn (``bot.app.identify``): a bot stopped while it
waits for one stops at once and cleanly, and one whose database cannot keep the turns
identifies after its own spacing, with a warning."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.app.client import UnoBot
from bot.app.identify import Identifying
from bot.game.clock import FakeClock
from bot.game.ports import IdentifyTurns
from bot.storage import PostgresStorage, Storage, open_storage
from bot.storage.postgres.identify import DatabaseIdentifyTurns
from bot.storage.sqlite.identify import FileIdentifyTurns
from bot.storage.urls import sqlite_url
from tests.conftest import IDENTIFY_SPACING, make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild


class Watched(Identifying):
    """The bot's turns, telling the test once a shard waits for one."""

    def __init__(self) -> None:
        super().__init__(IDENTIFY_SPACING)
        self.asked = asyncio.Event()

    async def wait_for_turn(self, turns: IdentifyTurns, shard_id: int) -> None:
        self.asked.set()
        await super().wait_for_turn(turns, shard_id)


class Held:
    """The sleep of a turn that another process holds open until ``gate`` is set."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.holding = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        self.holding.set()
        await self.gate.wait()


def other_process(db: Storage, sleep: Held) -> IdentifyTurns:
    if isinstance(db, PostgresStorage):
        return DatabaseIdentifyTurns(db, sleep=sleep)
    return FileIdentifyTurns(Path(db.name), sleep=sleep)


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "data" / "uno.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    return url


async def test_a_bot_stopped_while_its_shard_waits_for_its_turn_stops_at_once(
    fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, endpoints: None,
    tmp_path: Path, database_url: str,
) -> None:
    settings = make_settings(fake_discord, tmp_path, database_url=database_url)
    async with open_storage(database_url) as db:
        held = Held()
        holder = asyncio.create_task(other_process(db, held).take(0, IDENTIFY_SPACING))
        await held.holding.wait()
        bot = UnoBot(settings, clock=clock, guild_ready_timeout=0.05)
        bot.identifying = watched = Watched()
        starting = asyncio.create_task(bot.start(fake_discord.token))
        await asyncio.wait_for(watched.asked.wait(), 30)
        await bot.close()  # SIGTERM while shard 0 waits for bucket 0
        done, _ = await asyncio.wait({starting}, timeout=30)  # the turn still held
        assert starting in done and starting.exception() is None
        assert fake_discord.gateway.identified == []
        held.gate.set()
        await holder


async def test_without_the_turns_a_shard_identifies_after_its_spacing_with_a_warning(
    fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, endpoints: None,
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    settings = make_settings(fake_discord, tmp_path)
    bucket_file = FileIdentifyTurns(settings.database_path).bucket_file(0)
    bucket_file.parent.mkdir(parents=True)
    bucket_file.mkdir()  # a folder where the file of bucket 0 should be
    with caplog.at_level(logging.WARNING, logger="bot.app.identify"):
        async with running_bot(settings, clock, fake_discord) as bot:
            assert bot.is_connected()
    (warning,) = [r.getMessage() for r in caplog.records if r.name == "bot.app.identify"]
    assert warning.startswith("shard 0 identifies without its turn: the turn to identify in ")
    assert [shard for _, shard in fake_discord.gateway.identified] == [0]
