"""Nothing of the UI runs inside a table's lock: the running bot refuses a Discord call,
a picture, and a message composed there (``bot.game.locks``), so any offence anywhere
in the suite fails its test; outside the lock the same calls go through."""

from __future__ import annotations

import pytest

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.game.locks import UnderTableLock
from bot.game.snapshot import Snapshot
from bot.ui.messages.hand import hand_shown
from bot.ui.messages.lobby_text import table_embed
from bot.ui.messages.table import round_message, table_message
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import start_game


async def test_a_discord_call_a_picture_and_a_message_under_a_tables_lock_are_refused(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    shown = bot.manager.shown(guild.channel_id)
    assert shown is not None
    seen = Snapshot.take(session.table, session.game.current)
    picture = bot.pictures.table_picture(shown)
    assert picture is not None
    channel = bot.get_partial_messageable(guild.channel_id, guild_id=guild.id)
    sent = len(fake_discord.calls_to("POST", f"/channels/{guild.channel_id}/messages"))

    async with bot.manager.registry.lock(guild.channel_id):
        with pytest.raises(UnderTableLock, match="Discord request"):
            await channel.send("said under the lock")
        with pytest.raises(UnderTableLock, match="picture"):
            await bot.pictures.file(picture)
        with pytest.raises(UnderTableLock, match="picture"):
            bot.pictures.now(picture)
        with pytest.raises(UnderTableLock, match="picture"):
            bot.pictures.table_picture(shown)
        for compose in (lambda: table_message(shown), lambda: round_message(shown, False),
                        lambda: table_embed(shown), lambda: hand_shown(seen)):
            with pytest.raises(UnderTableLock, match="composed"):
                compose()
    assert len(fake_discord.calls_to("POST", f"/channels/{guild.channel_id}/messages")) == sent

    await channel.send("said once the lock is released")
    assert await bot.pictures.file(picture) is not None
    assert table_message(shown).content and hand_shown(seen).content
    assert len(fake_discord.calls_to("POST", f"/channels/{guild.channel_id}/messages")) \
        == sent + 1
