"""Bots that run some shards each, in this process on one database: each guild is served
by the bot of its shard, a bot restores only its shards' games, a restarted bot waits for
the one it replaces, and a bot whose table was saved by another lets it go. The bots of
a test share SQLite or PostgreSQL (``shared_url``), and their lease with it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.app.client import UnoBot
from bot.app.settings import Settings
from bot.game.clock import FakeClock
from bot.game.errors import TakenOver
from bot.storage import SqliteStorage, open_storage
from bot.storage.urls import sqlite_url
from tests.conftest import IDENTIFY_SPACING, MEMBER_NAMES, make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild, add_guild
from tests.fakediscord.handlers import watch_handlers
from tests.ui.game_helpers import Playing, card_button, position, start_game
from tests.ui.test_game_restart import saved_row

SHARDS = 2


@pytest.fixture
def guilds(fake_discord: FakeDiscord) -> tuple[FakeGuild, FakeGuild]:
    """A guild on each of the bot's two shards."""
    fake_discord.gateway.shard_count = SHARDS
    return (add_guild(fake_discord, MEMBER_NAMES[:3], shard=0),
            add_guild(fake_discord, MEMBER_NAMES[:3], shard=1))


@pytest.fixture(params=["sqlite", "postgres"])
def shared_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The database the test's bots share."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "data" / "uno.sqlite3")
    url: str = request.getfixturevalue("postgres_url")
    return url


def on_shard(fake: FakeDiscord, tmp_path: Path, shard: int, url: str) -> Settings:
    return make_settings(fake, tmp_path, shard_count=SHARDS, shard_ids=(shard,),
                         database_url=url)


async def saved_version(settings: Settings, channel_id: int) -> int:
    """The version of the channel's table as saved, read on a connection of the test's."""
    async with open_storage(settings.database_url) as db:
        games, _ = await db.load_games()
    (game,) = [g for g in games if g.channel_id == channel_id]
    return game.version


async def a_known_position(session: Playing) -> None:
    a, b = session.game.players
    await session.set_position(position(
        "classic", [a, b], hands={a: ["r3", "y7", "b5"], b: ["b1", "y2"]},
        discard=["r9"], draw=["g1", "g2", "g3", "g4"], current=a))


async def play_r3(session: Playing) -> None:
    ana = session.member(session.game.players[0])
    hand = await session.open_hand(ana)
    await session.click(ana, hand, card_button(hand, "play", "r3"))
    await session.settle()
    assert "r3" not in session.game.hands[str(ana.id)]


async def test_each_guild_is_served_by_the_bot_of_its_shard(
    fake_discord: FakeDiscord, guilds: tuple[FakeGuild, FakeGuild], clock: FakeClock,
    endpoints: None, tmp_path: Path, shared_url: str,
) -> None:
    first_guild, second_guild = guilds
    first_settings, second_settings = (on_shard(fake_discord, tmp_path, n, shared_url)
                                       for n in (0, 1))
    async with running_bot(first_settings, clock, fake_discord) as first, \
            running_bot(second_settings, clock, fake_discord) as second:
        assert sorted(s.shard for s in fake_discord.gateway.sessions) == [(0, 2), (1, 2)]
        assert [g.id for g in first.guilds] == [first_guild.id]
        assert [g.id for g in second.guilds] == [second_guild.id]
        for guild, mine, other in ((first_guild, first, second), (second_guild, second, first)):
            lobby = (await guild.members[0].slash("uno new")).response
            assert lobby is not None and "Players (1/" in lobby.text
            assert mine.manager.get(guild.channel_id) is not None
            assert other.manager.get(guild.channel_id) is None


async def test_a_restarted_bot_takes_back_only_its_shards_games(
    fake_discord: FakeDiscord, guilds: tuple[FakeGuild, FakeGuild], clock: FakeClock,
    endpoints: None, tmp_path: Path, shared_url: str,
) -> None:
    first_guild, second_guild = guilds
    settings = on_shard(fake_discord, tmp_path, 0, shared_url)
    second_settings = on_shard(fake_discord, tmp_path, 1, shared_url)
    async with running_bot(second_settings, clock, fake_discord) as second:
        others = await start_game(second_guild, second, fake_discord, clock, 2)
        others_table = others.table
        async with running_bot(settings, clock, fake_discord) as first:
            mine = await start_game(first_guild, first, fake_discord, clock, 2)
            saved_version = mine.table.version
        calls_before = len(fake_discord.calls)
        async with running_bot(settings, clock, fake_discord) as again:
            restored = again.manager.get(first_guild.channel_id)
            assert restored is not None and restored.version == saved_version
            assert again.manager.get(second_guild.channel_id) is None
            assert again.restore_queue is not None
            await again.restore_queue.shown(1)
            assert again.restore_queue.done == 1  # only its own game was shown again
            touched = {c.path.split("/")[2] for c in fake_discord.calls[calls_before:]
                       if c.path.startswith("/channels/")}
            assert str(second_guild.channel_id) not in touched
            assert second.manager.get(second_guild.channel_id) is others_table
            await a_known_position(others)  # the other bot's game never paused
            await play_r3(others)


class Logged(logging.Handler):
    """Sets ``seen`` once a record with ``words`` in its message is logged."""

    def __init__(self, words: str) -> None:
        super().__init__(logging.INFO)
        self.words = words
        self.seen = asyncio.Event()

    def emit(self, record: logging.LogRecord) -> None:
        if self.words in record.getMessage():
            self.seen.set()


@pytest.fixture
def waiting_logged() -> Iterator[Logged]:
    handler = Logged("waiting for another process to let go of shards [0]")
    logger = logging.getLogger("bot.app.client")
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.INFO)
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(level)


async def test_a_bot_started_before_the_old_one_stops_waits_for_its_last_save(
    fake_discord: FakeDiscord, guilds: tuple[FakeGuild, FakeGuild], clock: FakeClock,
    endpoints: None, tmp_path: Path, waiting_logged: Logged, shared_url: str,
) -> None:
    guild = guilds[0]
    settings = on_shard(fake_discord, tmp_path, 0, shared_url)
    new = UnoBot(settings, clock=clock, guild_ready_timeout=0.05,
                 identify_spacing=IDENTIFY_SPACING)
    watch_handlers(fake_discord, new)
    async with running_bot(settings, clock, fake_discord) as old:
        session = await start_game(guild, old, fake_discord, clock, 2)
        await a_known_position(session)
        logging_in = asyncio.create_task(new.login(fake_discord.token))
        await asyncio.wait_for(waiting_logged.seen.wait(), 30)
        assert not new.tables_loaded and not logging_in.done()  # nothing loaded
        await play_r3(session)  # the old bot's last change, while the new one waits
        last_saved = await saved_version(settings, guild.channel_id)
    await asyncio.wait_for(logging_in, 30)  # the old one stopped: the lease is free
    restored = new.manager.get(guild.channel_id)
    assert restored is not None and restored.version == last_saved
    assert restored.game is not None and "r3" not in restored.game.hands[
        str(session.members[0].id)] + restored.game.hands[str(session.members[1].id)]
    connection = asyncio.create_task(new.connect())
    try:
        await new.wait_until_ready()
        assert [s.shard for s in fake_discord.gateway.sessions] == [(0, 2)]
    finally:
        await new.close()
        await connection


async def test_a_bot_whose_table_another_process_saved_lets_it_go(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock,
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    await a_known_position(session)
    ana = session.member(session.game.players[0])
    hand = await session.open_hand(ana)
    async with SqliteStorage.open(bot.settings.database_path) as other_process:
        games, _ = await other_process.load_games()
        (game,) = games
        moved_on = game.state | {"version": game.version + 1}
        await other_process.save_game(game.channel_id, game.guild_id, moved_on,
                                      version=game.version + 1)
    edits_before = len(fake_discord.calls_to("PATCH", f"/channels/{guild.channel_id}/"))
    answer = await session.click(ana, hand, card_button(hand, "play", "r3"))
    await bot.board.idle()
    assert answer.ephemeral and answer.said == TakenOver().message
    assert saved_row(bot.settings.database_path, guild.channel_id) == moved_on
    assert bot.manager.get(guild.channel_id) is None  # let go: no timer, no table here
    assert len(fake_discord.calls_to("PATCH", f"/channels/{guild.channel_id}/")) == edits_before


async def test_a_bot_stopped_while_it_waits_for_the_lease_stops_cleanly(
    fake_discord: FakeDiscord, guilds: tuple[FakeGuild, FakeGuild], clock: FakeClock,
    endpoints: None, tmp_path: Path, waiting_logged: Logged, shared_url: str,
) -> None:
    settings = on_shard(fake_discord, tmp_path, 0, shared_url)
    async with running_bot(settings, clock, fake_discord) as old:
        lobby = (await guilds[0].members[0].slash("uno new")).response
        assert lobby is not None
        new = UnoBot(settings, clock=clock, guild_ready_timeout=0.05)
        starting = asyncio.create_task(new.start(fake_discord.token))
        await asyncio.wait_for(waiting_logged.seen.wait(), 30)
        await new.close()  # SIGTERM while it waits
        await asyncio.wait_for(starting, 30)
        assert not new.tables_loaded and new.leases is None
        assert [s.shard for s in fake_discord.gateway.sessions] == [(0, 2)]  # the old one
        assert old.manager.get(guilds[0].channel_id) is not None
