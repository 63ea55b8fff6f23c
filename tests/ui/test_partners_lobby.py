"""A partners lobby end to end (RULES.md 12): real bot, fake Discord, members clicking.
Partners play in teams of two, so the lobby starts only with 4, 6, 8 or 10 players."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.game.table import TableStatus
from tests.fakediscord import FakeGuild
from tests.ui.game_helpers import table_at
from tests.ui.test_lobby import assert_refused, button, open_lobby


async def test_a_partners_lobby_refuses_to_start_with_teams_not_full(
    bot: UnoBot, guild: FakeGuild
) -> None:
    host = guild.members[0]
    lobby = await open_lobby(host, partners=True)
    assert "Partners" in lobby.text
    await host.slash("uno addbot", level="easy")
    await host.slash("uno addbot", level="easy")
    await assert_refused(host.click(lobby, button(lobby, "start")), lobby,
                         "Partners play in teams of two: start with 4, 6, 8, 10 players.")
    table = table_at(bot, guild.channel_id)
    assert table.status is TableStatus.LOBBY and table.game is None


async def test_a_partners_lobby_of_four_deals_two_teams_seated_across(
    bot: UnoBot, guild: FakeGuild
) -> None:
    host = guild.members[0]
    lobby = await open_lobby(host, partners=True)
    for _ in range(3):
        await host.slash("uno addbot", level="easy")
    await host.click(lobby, button(lobby, "start"))
    assert "The game has started" in lobby.text
    table = table_at(bot, guild.channel_id)
    assert table.status is TableStatus.PLAYING and table.game is not None
    seats = table.game.players
    assert table.game.view(seats[0])["partner"] == seats[2]
