"""Lobbies survive a restart: saved in SQLite, buttons are DynamicItems."""

from __future__ import annotations

from pathlib import Path

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.game.table import TableStatus
from tests.conftest import make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import table_at
from tests.ui.test_lobby import button, open_lobby, players_block


async def test_lobby_buttons_work_after_a_restart(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path
) -> None:
    host, guest, late = guild.members[:3]
    lobby = await open_lobby(host)
    await guest.click(lobby, button(lobby, "join"))
    await bot.close()

    async with running_bot(make_settings(fake_discord, tmp_path), clock, fake_discord) as restarted:
        table = restarted.manager.get(guild.channel_id)
        assert table is not None and [p.id for p in table.players] == [host.id, guest.id]
        await late.click(lobby, button(lobby, "join"))
        assert players_block(lobby).startswith("Players (3/10)")
        answer = await host.click(lobby, button(lobby, "start"))
        assert answer.callback_type == 7 and "The game has started" in lobby.text
        assert table_at(restarted, guild.channel_id).status is TableStatus.PLAYING


async def test_closed_lobby_stays_closed_after_a_restart(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path
) -> None:
    host = guild.members[0]
    stale = (await open_lobby(host)).snapshot()
    await host.click(stale, button(stale, "cancel"))
    await bot.close()

    async with running_bot(make_settings(fake_discord, tmp_path), clock, fake_discord) as restarted:
        assert restarted.manager.get(guild.channel_id) is None
        answer = await host.click(stale, button(stale, "start"))  # an unrefreshed client
        assert answer.ephemeral and "no open UNO lobby" in answer.text


async def test_restored_lobby_gets_a_fresh_idle_countdown(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path
) -> None:
    lobby = await open_lobby(guild.members[0])
    await bot.close()
    async with running_bot(make_settings(fake_discord, tmp_path), clock, fake_discord) as restarted:
        await clock.advance(600)
        assert restarted.manager.get(guild.channel_id) is None
        assert "10 minutes" in lobby.text
