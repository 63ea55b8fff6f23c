"""The 10-minute idle close, driven by the fake clock (no sleeping)."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.game.table import TableStatus
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.test_lobby import button, open_lobby

TEN_MINUTES = 600


async def test_untouched_lobby_closes_after_ten_minutes(
    bot: UnoBot, guild: FakeGuild, clock: FakeClock, fake_discord: FakeDiscord
) -> None:
    lobby = await open_lobby(guild.members[0])
    await clock.advance(TEN_MINUTES - 1)
    assert bot.manager.get(guild.channel_id) is not None
    assert lobby.custom_ids() != []
    await clock.advance(1)
    assert bot.manager.get(guild.channel_id) is None
    assert "Nobody touched this lobby for 10 minutes" in lobby.text
    assert lobby.custom_ids() == []
    # The close went through the channel endpoint: no interaction token is involved.
    assert fake_discord.calls_to("PATCH", f"/channels/{guild.channel_id}/messages/{lobby.id}")


async def test_each_touch_restarts_the_countdown(
    bot: UnoBot, guild: FakeGuild, clock: FakeClock
) -> None:
    lobby = await open_lobby(guild.members[0])
    await clock.advance(TEN_MINUTES - 60)
    await guild.members[1].click(lobby, button(lobby, "join"))
    await clock.advance(TEN_MINUTES - 60)
    assert bot.manager.get(guild.channel_id) is not None
    await clock.advance(60)
    assert bot.manager.get(guild.channel_id) is None
    assert "10 minutes" in lobby.text


async def test_refusals_do_not_count_as_touches(
    bot: UnoBot, guild: FakeGuild, clock: FakeClock
) -> None:
    host = guild.members[0]
    lobby = await open_lobby(host)
    await clock.advance(TEN_MINUTES - 1)
    await host.click(lobby, button(lobby, "start"))  # refused: alone at the table
    await clock.advance(1)
    assert bot.manager.get(guild.channel_id) is None


async def test_started_game_does_not_idle_close(
    bot: UnoBot, guild: FakeGuild, clock: FakeClock
) -> None:
    host = guild.members[0]
    lobby = await open_lobby(host, turn_seconds=600)
    await guild.members[1].click(lobby, button(lobby, "join"))
    await host.click(lobby, button(lobby, "start"))
    # Two turns time out (a third in a row would remove the player), no idle close.
    # Each time-out's messages go out at its own moment, before the clock moves on.
    for seconds in (TEN_MINUTES, TEN_MINUTES, TEN_MINUTES - 1):
        await clock.advance(seconds)
        await bot.board.idle()
    table = bot.manager.get(guild.channel_id)
    assert table is not None and table.status is TableStatus.PLAYING
    assert "The game has started" in lobby.text
