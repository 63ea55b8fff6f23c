"""/uno addbot and /uno removebot end to end: real bot, fake Discord, the host typing."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.game.table import Phase
from tests.fakediscord import FakeGuild, StoredMessage
from tests.ui.test_lobby import assert_refused, button, open_lobby, players_block


def seats(lobby: StoredMessage) -> list[str]:
    return [line.split(". ", 1)[1] for line in players_block(lobby).splitlines()[1:] if line]


async def test_host_adds_and_removes_computer_players(bot: UnoBot, guild: FakeGuild) -> None:
    host = guild.members[0]
    lobby = await open_lobby(host)
    answer = await host.slash("uno addbot")
    assert answer.ephemeral and "🤖 Normal bot 1 took a seat." in answer.text
    answer = await host.slash("uno addbot", level="easy")
    assert answer.ephemeral and "🤖 Easy bot 2 took a seat." in answer.text
    assert "Players (3/10)" in lobby.text
    assert seats(lobby) == [host.mention, "🤖 Normal bot 1", "🤖 Easy bot 2"]
    table = bot.manager.get(guild.channel_id)
    assert table is not None
    assert [p.id for p in table.players] == [host.id, -1, -2]
    assert {p: c.level for p, c in table.computers.items()} == {"-1": "normal", "-2": "easy"}
    answer = await host.slash("uno removebot", number=1)
    assert answer.ephemeral and "🤖 Normal bot 1 left the lobby." in answer.text
    assert seats(lobby) == [host.mention, "🤖 Easy bot 2"]
    await host.slash("uno addbot", level="normal")
    await host.slash("uno removebot")  # the last one added
    assert seats(lobby) == [host.mention, "🤖 Easy bot 2"]
    assert list(table.computers) == ["-2"]


async def test_one_person_and_computer_players_start(bot: UnoBot, guild: FakeGuild) -> None:
    host = guild.members[0]
    lobby = await open_lobby(host)
    await host.slash("uno addbot", level="easy")
    await host.click(lobby, button(lobby, "start"))
    assert "The game has started" in lobby.text and " · 🤖 Easy bot 1" in lobby.text
    table = bot.manager.get(guild.channel_id)
    assert table is not None and table.phase is Phase.PLAYING
    assert table.game is not None and table.game.players == [str(host.id), "-1"]


async def test_refusals_are_ephemeral_and_change_nothing(bot: UnoBot, guild: FakeGuild) -> None:
    host, guest = guild.members[:2]
    for command in ("uno addbot", "uno removebot"):
        answer = await host.slash(command)
        assert answer.ephemeral and "no open UNO lobby" in answer.text
    assert bot.manager.get(guild.channel_id) is None
    lobby = await open_lobby(host)
    await assert_refused(host.slash("uno removebot"), lobby, "no computer player in this lobby")
    await guest.click(lobby, button(lobby, "join"))
    await host.slash("uno addbot", level="easy")
    await assert_refused(guest.slash("uno addbot"), lobby, "Only the host, player1, can add")
    await assert_refused(guest.slash("uno removebot"), lobby, "Only the host, player1, can")
    await assert_refused(host.slash("uno addbot", level="expert"), lobby,
                         "no computer level called 'expert'")
    await assert_refused(host.slash("uno removebot", number=5), lobby,
                         "no computer player number 5")
    await assert_refused(host.slash("uno removebot", number=-1), lobby,
                         "no computer player number -1")
    for _ in range(7):
        await host.slash("uno addbot")
    assert "Players (10/10)" in lobby.text
    await assert_refused(host.slash("uno addbot"), lobby, "This table is full")
    await assert_refused(guild.members[2].click(lobby, button(lobby, "join")), lobby, "full")
    table = bot.manager.get(guild.channel_id)
    assert table is not None and len(table.players) == 10 and len(table.computers) == 8
    # After the start, the lobby commands are refused: there is no lobby any more.
    await host.click(lobby, button(lobby, "start"))
    answer = await host.slash("uno addbot")
    assert answer.ephemeral and "no open UNO lobby" in answer.text


async def test_the_last_person_leaving_closes_a_lobby_of_computer_players(
    bot: UnoBot, guild: FakeGuild
) -> None:
    host = guild.members[0]
    lobby = await open_lobby(host)
    await host.slash("uno addbot")
    await host.click(lobby, button(lobby, "leave"))
    assert "Everyone left" in lobby.text
    assert bot.manager.get(guild.channel_id) is None
