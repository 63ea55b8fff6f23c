"""The lobby end to end: real bot, real cogs, fake Discord, members clicking."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.app.client import UnoBot
from bot.game.table import TableStatus
from tests.fakediscord import EPHEMERAL, FakeDiscord, FakeGuild, FakeMember, StoredMessage, answered
from tests.ui.game_helpers import table_at

UPDATE_MESSAGE, CHANNEL_MESSAGE = 7, 4


async def open_lobby(member: FakeMember, **options: Any) -> StoredMessage:
    answer = await member.slash("uno new", **options)
    assert answer.callback_type == CHANNEL_MESSAGE and not answer.ephemeral
    assert answer.response is not None
    return answer.response


def button(lobby: StoredMessage, action: str) -> str:
    return lobby.custom_id(f"uno:lobby:{action}:")


def players_block(lobby: StoredMessage) -> str:
    text = lobby.text
    return text[text.index("Players"):text.index("Rules")]


async def assert_refused(answer_awaitable, lobby: StoredMessage, words: str) -> None:
    """A refusal is ephemeral, says ``words``, and leaves the lobby message as it was."""
    before = dict(lobby.payload)
    answer = await answer_awaitable
    assert answer.callback_type == CHANNEL_MESSAGE
    assert answer.callback_data["flags"] & EPHEMERAL
    assert words in answer.text
    assert lobby.payload == before


# -- /uno new -------------------------------------------------------------------------


async def test_new_posts_lobby_with_host_players_rules_and_buttons(
    bot: UnoBot, guild: FakeGuild
) -> None:
    host = guild.members[0]
    lobby = await open_lobby(host)
    table = bot.manager.get(guild.channel_id)
    assert table is not None and table.status is TableStatus.LOBBY
    assert table.message_id == lobby.id
    assert f"Host: {host.mention}" in lobby.text
    assert f"Players (1/10):\n1. {host.mention}" in lobby.text
    assert "classic · 7 cards · Seven-O off · stacking off" in lobby.text
    assert "standard scoring to 500 · 60 s turns" in lobby.text
    assert lobby.custom_ids() == [
        f"uno:lobby:{action}:{guild.channel_id}:{table.version}"
        for action in ("join", "leave", "start", "cancel")
    ]


async def test_new_takes_ruleset_and_optional_rules(bot: UnoBot, guild: FakeGuild) -> None:
    lobby = await open_lobby(
        guild.members[0], ruleset="serious", seven_o=True, scoring="alternative",
        target=200, turn_seconds=30,
    )
    assert "serious · 11 cards · Seven-O on · stacking on" in lobby.text
    assert "alternative scoring to 200 · 30 s turns" in lobby.text
    table = bot.manager.get(guild.channel_id)
    assert table is not None
    assert (table.ruleset, table.options.target, table.turn_seconds) == ("serious", 200, 30)


async def test_new_refuses_odd_values_and_opens_nothing(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord
) -> None:
    host = guild.members[0]
    for options, words in (
        ({"target": 0}, "target must be between 1 and"),
        ({"turn_seconds": 5}, "between 10 and 600 seconds"),
        ({"turn_seconds": 601}, "between 10 and 600 seconds"),
    ):
        answer = await host.slash("uno new", **options)  # type: ignore[arg-type]
        assert answer.ephemeral, options
        assert words in answer.text
    assert bot.manager.get(guild.channel_id) is None
    assert not any(not m.ephemeral for m in fake_discord.messages.values())


async def test_second_new_links_to_the_running_lobby(bot: UnoBot, guild: FakeGuild) -> None:
    lobby = await open_lobby(guild.members[0])
    link = f"https://discord.com/channels/{guild.id}/{guild.channel_id}/{lobby.id}"
    await assert_refused(guild.members[1].slash("uno new", ruleset="bff"), lobby, link)
    table = bot.manager.get(guild.channel_id)
    assert table is not None and table.ruleset == "classic"


async def test_lobbies_in_two_channels_are_independent(bot: UnoBot, guild: FakeGuild) -> None:
    first, second = guild.channel_ids
    a, b = guild.members[0], guild.members[1]
    lobby_a = await open_lobby(a)
    answer = await b.slash("uno new", channel_id=second)
    assert answer.response is not None and not answer.ephemeral
    await b.slash("uno join", channel_id=first)
    assert b.mention in players_block(lobby_a)
    assert a.mention not in players_block(answer.response)
    assert {table_at(bot, first).host.id, table_at(bot, second).host.id} == {a.id, b.id}


# -- join -----------------------------------------------------------------------------


async def test_join_button_updates_lobby_in_place(bot: UnoBot, guild: FakeGuild) -> None:
    host, guest = guild.members[:2]
    lobby = await open_lobby(host)
    old_ids = lobby.custom_ids()
    answer = await guest.click(lobby, button(lobby, "join"))
    assert answer.callback_type == UPDATE_MESSAGE
    assert answer.response is lobby
    assert players_block(lobby) == f"Players (2/10):\n1. {host.mention}\n2. {guest.mention}\n\n"
    assert lobby.custom_ids() != old_ids  # the new version is in every button


async def test_slash_join_edits_lobby_through_channel(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord
) -> None:
    host, guest = guild.members[:2]
    lobby = await open_lobby(host)
    answer = await guest.slash("uno join")
    assert answer.ephemeral and "You joined" in answer.text
    edits = fake_discord.calls_to("PATCH", f"/channels/{guild.channel_id}/messages/{lobby.id}")
    assert len(edits) == 1
    assert guest.mention in players_block(lobby)


async def test_joining_twice_is_refused(bot: UnoBot, guild: FakeGuild) -> None:
    host, guest = guild.members[:2]
    lobby = await open_lobby(host)
    await guest.click(lobby, button(lobby, "join"))
    await assert_refused(guest.click(lobby, button(lobby, "join")), lobby, "already in")
    await assert_refused(host.slash("uno join"), lobby, "already in")
    assert len(table_at(bot, guild.channel_id).players) == 2


async def test_full_table_refuses_the_eleventh(bot: UnoBot, guild: FakeGuild) -> None:
    lobby = await open_lobby(guild.members[0])
    for member in guild.members[1:10]:
        await member.click(lobby, button(lobby, "join"))
    assert "Players (10/10)" in lobby.text
    await assert_refused(guild.members[10].click(lobby, button(lobby, "join")), lobby, "full")
    assert len(table_at(bot, guild.channel_id).players) == 10


async def test_simultaneous_joins_all_land(bot: UnoBot, guild: FakeGuild) -> None:
    lobby = await open_lobby(guild.members[0])
    join = button(lobby, "join")
    clicks = [await m.click(lobby, join, wait=False) for m in guild.members[1:6]]
    await asyncio.gather(*(answered(c) for c in clicks))
    assert "Players (6/10)" in lobby.text
    assert all(m.mention in lobby.text for m in guild.members[:6])


async def test_join_without_lobby_is_refused(bot: UnoBot, guild: FakeGuild) -> None:
    answer = await guild.members[0].slash("uno join")
    assert answer.ephemeral and "no open UNO lobby" in answer.text
    assert bot.manager.get(guild.channel_id) is None


# -- leave ----------------------------------------------------------------------------


async def test_leaving_when_not_in_lobby_is_refused(bot: UnoBot, guild: FakeGuild) -> None:
    lobby = await open_lobby(guild.members[0])
    outsider = guild.members[1]
    await assert_refused(outsider.click(lobby, button(lobby, "leave")), lobby, "not in this lobby")
    await assert_refused(outsider.slash("uno leave"), lobby, "not in this lobby")


async def test_guest_leaves_with_button_and_slash(bot: UnoBot, guild: FakeGuild) -> None:
    host, b, c = guild.members[:3]
    lobby = await open_lobby(host)
    await b.click(lobby, button(lobby, "join"))
    await c.slash("uno join")
    answer = await b.click(lobby, button(lobby, "leave"))
    assert answer.callback_type == UPDATE_MESSAGE
    assert players_block(lobby) == f"Players (2/10):\n1. {host.mention}\n2. {c.mention}\n\n"
    answer = await c.slash("uno leave")
    assert answer.ephemeral and "You left" in answer.text
    assert players_block(lobby) == f"Players (1/10):\n1. {host.mention}\n\n"


async def test_host_leaving_hands_host_to_next_player(bot: UnoBot, guild: FakeGuild) -> None:
    host, b, c = guild.members[:3]
    lobby = await open_lobby(host)
    await b.click(lobby, button(lobby, "join"))
    await c.click(lobby, button(lobby, "join"))
    await host.click(lobby, button(lobby, "leave"))
    assert f"Host: {b.mention}" in lobby.text
    assert host.mention not in lobby.text
    assert table_at(bot, guild.channel_id).host.id == b.id


async def test_last_player_leaving_closes_lobby(bot: UnoBot, guild: FakeGuild) -> None:
    host = guild.members[0]
    lobby = await open_lobby(host)
    await host.click(lobby, button(lobby, "leave"))
    assert "Everyone left" in lobby.text
    assert lobby.custom_ids() == []
    assert bot.manager.get(guild.channel_id) is None
    assert (await open_lobby(host)).id != lobby.id  # the channel is free again


# -- start ----------------------------------------------------------------------------


async def test_start_with_fewer_than_two_is_refused(bot: UnoBot, guild: FakeGuild) -> None:
    host = guild.members[0]
    lobby = await open_lobby(host)
    await assert_refused(host.click(lobby, button(lobby, "start")), lobby, "at least 2 players")
    assert table_at(bot, guild.channel_id).status is TableStatus.LOBBY


async def test_non_host_cannot_start(bot: UnoBot, guild: FakeGuild) -> None:
    host, guest = guild.members[:2]
    lobby = await open_lobby(host)
    await guest.click(lobby, button(lobby, "join"))
    await assert_refused(guest.click(lobby, button(lobby, "start")), lobby, "Only the host")
    assert table_at(bot, guild.channel_id).status is TableStatus.LOBBY


async def test_host_starts_game_with_seating_order(bot: UnoBot, guild: FakeGuild) -> None:
    host, b, c = guild.members[:3]
    lobby = await open_lobby(host)
    await c.click(lobby, button(lobby, "join"))
    await b.slash("uno join")
    answer = await host.click(lobby, button(lobby, "start"))
    assert answer.callback_type == UPDATE_MESSAGE
    assert "The game has started" in lobby.text
    assert f"Seating order: {host.mention} · {c.mention} · {b.mention}" in lobby.text
    assert lobby.custom_ids() == []
    table = bot.manager.get(guild.channel_id)
    assert table is not None and table.status is TableStatus.PLAYING
    assert [p.id for p in table.players] == [host.id, c.id, b.id]
    # A started game still blocks a new lobby and refuses lobby commands.
    assert "already has" in (await b.slash("uno new")).text
    assert "no open UNO lobby" in (await guild.members[4].slash("uno join")).text


async def test_stale_start_and_cancel_are_out_of_date(bot: UnoBot, guild: FakeGuild) -> None:
    host, guest = guild.members[:2]
    lobby = await open_lobby(host)
    await guest.click(lobby, button(lobby, "join"))
    stale = lobby.snapshot()
    await guild.members[2].slash("uno join")  # the lobby changes under the stale view
    for action in ("start", "cancel"):
        answer = await host.click(stale, button(stale, action))
        assert answer.ephemeral and "out of date" in answer.text
    table = bot.manager.get(guild.channel_id)
    assert table is not None and table.status is TableStatus.LOBBY and len(table.players) == 3


# -- cancel ---------------------------------------------------------------------------


async def test_host_cancels(bot: UnoBot, guild: FakeGuild) -> None:
    host = guild.members[0]
    lobby = await open_lobby(host)
    answer = await host.click(lobby, button(lobby, "cancel"))
    assert answer.callback_type == UPDATE_MESSAGE
    assert "cancelled" in lobby.text and lobby.custom_ids() == []
    assert bot.manager.get(guild.channel_id) is None


async def test_member_with_manage_messages_cancels(bot: UnoBot, guild: FakeGuild) -> None:
    moderator = guild.members[-1]
    lobby = await open_lobby(guild.members[0])
    await moderator.click(lobby, button(lobby, "cancel"))
    assert "cancelled" in lobby.text
    assert bot.manager.get(guild.channel_id) is None


async def test_other_player_cannot_cancel(bot: UnoBot, guild: FakeGuild) -> None:
    host, guest = guild.members[:2]
    lobby = await open_lobby(host)
    await guest.click(lobby, button(lobby, "join"))
    await assert_refused(guest.click(lobby, button(lobby, "cancel")), lobby, "Only the host")
    assert bot.manager.get(guild.channel_id) is not None
