"""One member cannot fill a server with lobbies and game threads: each may host the
server's ``tables_per_member`` open lobbies and games at once (3 unless changed),
refused in words beyond that, and nothing is made for a refused ``/uno new``."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.game.errors import TooManyTables
from bot.game.guild_settings import DEFAULT_TABLES_PER_MEMBER
from bot.game.table import TableStatus
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.fakediscord.members import answered
from tests.ui.test_game_threads import MANAGE_GUILD


def hosted(bot: UnoBot, guild: FakeGuild, member_id: int) -> int:
    return sum(1 for table in bot.manager.registry.tables.values()
               if table.guild_id == guild.id and table.host.id == member_id
               and table.status is TableStatus.LOBBY)


async def test_a_burst_of_new_games_opens_only_the_members_share(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord,
) -> None:
    """Ten ``/uno new thread:True`` at once, each waiting for its thread: three lobbies
    in three threads; the other seven are told why, and make no thread."""
    ana, ben = guild.members[:2]
    sent = [await ana.slash("uno new", wait=False, thread=True) for _ in range(10)]
    answers = [await answered(interaction, whole=True) for interaction in sent]
    refused = [a for a in answers if a.ephemeral and a.text == TooManyTables(3).message]
    assert len(refused) == 10 - DEFAULT_TABLES_PER_MEMBER
    assert hosted(bot, guild, ana.id) == DEFAULT_TABLES_PER_MEMBER
    assert len(fake_discord.threads) == DEFAULT_TABLES_PER_MEMBER
    opened = await ben.slash("uno new")  # another member's share is their own
    assert not opened.ephemeral and hosted(bot, guild, ben.id) == 1


async def test_the_limit_is_a_server_setting_and_a_closed_lobby_frees_its_place(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord,
) -> None:
    admin, ana = guild.members[0], guild.members[1]
    admin.permissions |= MANAGE_GUILD
    saved = await admin.slash("uno settings", tables_per_member=1)
    assert "Open lobbies and games per member: 1" in saved.text
    assert (await bot.db.get_settings(guild.id)).tables_per_member == 1
    first = await ana.slash("uno new", guild.channel_ids[0])
    assert not first.ephemeral
    second = await ana.slash("uno new", guild.channel_ids[1])
    assert second.ephemeral and second.text == TooManyTables(1).message
    assert bot.manager.get(guild.channel_ids[1]) is None
    await ana.slash("uno leave", guild.channel_ids[0])  # alone in it: the lobby closes
    again = await ana.slash("uno new", guild.channel_ids[1])
    assert not again.ephemeral and hosted(bot, guild, ana.id) == 1
    refused = await admin.slash("uno settings", tables_per_member=0)
    assert refused.ephemeral and refused.text.startswith("Nothing changed:")
    assert (await bot.db.get_settings(guild.id)).tables_per_member == 1
