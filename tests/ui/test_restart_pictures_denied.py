"""A restart that shows a table before the guilds are known (their GUILD_CREATE not yet
in): the picture is tried, and where Discord refuses the file, sent without it."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.ui.delivery.pictures import TABLE_FILE
from bot.ui.delivery.restart import RESTORED
from tests.conftest import MEMBER_NAMES, make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild, add_guild
from tests.ui.game_helpers import start_game
from tests.ui.test_restart_table import channel_calls, shown


@pytest.fixture
def guild(fake_discord: FakeDiscord) -> FakeGuild:
    """The games' channel denies the bot's role Attach Files."""
    return add_guild(fake_discord, MEMBER_NAMES, channels=2, moderators=1,
                     without_attach_files=(0,))


async def test_before_the_guilds_are_known_a_picture_is_tried_and_dropped_if_refused(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock,
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    text_only = guild
    session = await start_game(text_only, bot, fake_discord, clock, 2)
    table_message = session.table_message()
    await bot.close()
    monkeypatch.setattr("bot.ui.delivery.restart.READY_WAIT", 0.0)  # show before GUILD_CREATE
    since = len(fake_discord.calls)

    with caplog.at_level(logging.INFO, logger="bot.ui.delivery.pictures"):
        async with running_bot(make_settings(fake_discord, tmp_path), clock,
                               fake_discord) as restarted:
            await shown(restarted)
            tried, sent = channel_calls(fake_discord, since, text_only.channel_id)
    assert [f.filename for f in tried.files] == [TABLE_FILE]  # refused: 50013
    assert sent.method == "PATCH" and sent.files == ()
    assert [v.rule for v in fake_discord.take_violations()] == ["missing permission"]
    assert table_message.content.startswith(RESTORED) and table_message.attachments == []
    assert any("text only" in r.getMessage() for r in caplog.records)
