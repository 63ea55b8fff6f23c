"""A game in its own thread (issue 12, point 1): ``/uno new thread:True`` makes a public
thread of the channel, the lobby, table, hands and pings live there, and the channel
gets one line linking to it; a server may make threads the default."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.ui.clicks.failures import FAILED
from tests.conftest import ErrorRecords
from tests.fakediscord import FakeDiscord, FakeGuild, FakeMember, answered
from tests.fakediscord.permissions import ROLE, overwrite
from tests.fakediscord.threads import CREATE_PUBLIC_THREADS
from tests.fakediscord.wire import RouteKind
from tests.ui.game_helpers import (
    UPDATE_MESSAGE,
    Playing,
    card_button,
    players,
    position,
)

DEFERRED_MESSAGE = 5
FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]
MANAGE_GUILD = 1 << 5


async def start_in_thread(guild: FakeGuild, bot: UnoBot, fake: FakeDiscord, clock: FakeClock,
                          host: FakeMember, **options: Any) -> tuple[Playing, int]:
    """``/uno new`` (in a thread, by ``options`` or the server's default), two more join
    in the thread, the host starts; returns the game and the bot-token calls of
    ``/uno new``."""
    calls = len(fake.calls)
    answer = await host.slash("uno new", **options)
    opened = fake.bot_token_calls(calls)
    (thread_id,) = fake.threads
    assert answer.response is not None and answer.response.channel_id == guild.channel_id
    assert answer.response.text == (f"<@{host.id}> opened an UNO game in <#{thread_id}>: "
                                    "join it there.")
    assert answer.response.notified == frozenset()  # a link, not a ping
    (lobby,) = fake.channel_messages(thread_id)
    members = [host, *(m for m in guild.members[:3] if m is not host)]
    for member in members[1:]:
        await member.click(lobby, lobby.custom_id("uno:lobby:join:"))
    started = await host.click(lobby, lobby.custom_id("uno:lobby:start:"))
    assert started.callback_type == UPDATE_MESSAGE
    session = Playing(bot, fake, guild, clock, members, thread_id)
    await session.settle()
    return session, opened


async def test_a_game_in_its_own_thread_plays_there_and_costs_two_calls_to_open(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    host = guild.members[0]
    session, opened = await start_in_thread(guild, bot, fake_discord, clock, host,
                                            thread=True)
    thread = fake_discord.threads[session.channel_id]
    assert thread["parent_id"] == str(guild.channel_id) and thread["type"] == 11
    assert thread["name"] == f"UNO with {host.user['username']}"
    made = fake_discord.calls_to("POST", f"/channels/{guild.channel_id}/threads")
    assert len(made) == 1 and made[0].json["type"] == 11
    assert opened == 2  # the thread, and the lobby posted in it; the link is the answer
    # the gateway told the bot: it knows the thread, so pictures go on its table
    assert isinstance(bot.get_channel(session.channel_id), discord.Thread)
    assert session.table_message().attachment("table.png").data
    assert len(fake_discord.channel_messages(guild.channel_id)) == 1  # the one link line

    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r1", "r2"], b: ["r3", "r4"], c: ["r5", "r6"]},
        discard=["r9"], draw=FILL, current=a))
    ana = session.member(a)
    hand_a = await session.open_hand(ana)
    assert hand_a.channel_id == session.channel_id
    calls = len(fake_discord.calls)
    await session.click(ana, hand_a, card_button(hand_a, "play", "r1"))
    await session.settle()
    assert session.game.hands[a] == ["r2"] and session.game.current == b
    assert fake_discord.bot_token_calls(calls) <= 1  # a move costs what it costs in a channel
    pinged = [m for m in fake_discord.channel_messages(session.channel_id)
              if m.notified == {int(b)}]
    assert len(pinged) == 1  # the ping rings in the thread
    assert len(fake_discord.channel_messages(guild.channel_id)) == 1
    assert fake_discord.violations == []


async def test_a_server_can_open_every_game_in_a_thread(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    admin = guild.members[0]
    admin.permissions |= MANAGE_GUILD
    saved = await admin.slash("uno settings", threads=True)
    assert "Game threads: on" in saved.text
    assert (await bot.db.get_settings(guild.id)).threads is True
    session, _ = await start_in_thread(guild, bot, fake_discord, clock, guild.members[1])
    assert session.table.channel_id in fake_discord.threads
    assert bot.manager.get(guild.channel_id) is None  # the channel itself stays free


async def test_no_thread_where_the_bot_may_not_make_one_and_nothing_opens(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    (server,) = [g for g in fake_discord.guilds if int(g["id"]) == guild.id]
    channel = next(c for c in server["channels"] if int(c["id"]) == guild.channel_id)
    channel["permission_overwrites"].append(
        overwrite(guild.bot_role_id, ROLE, deny=CREATE_PUBLIC_THREADS))
    answer = await guild.members[0].slash("uno new", thread=True)
    assert answer.ephemeral and "I may not create threads in this channel" in answer.text
    assert fake_discord.threads == {} and bot.manager.get(guild.channel_id) is None
    bad = await guild.members[0].slash("uno new", thread=True, turn_seconds=5)
    assert bad.ephemeral and "turn timer" in bad.text
    assert not fake_discord.calls_to("POST", "/threads")[1:]  # a bad setting made no thread
    assert fake_discord.violations == []


async def test_a_slow_thread_is_waited_for_after_the_command_is_deferred(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord
) -> None:
    host = guild.members[0]
    fake_discord.hold(RouteKind.OTHER)  # the thread is on its way for as long as it takes
    answer = await host.slash("uno new", thread=True, wait=False)
    await fake_discord.until(lambda: fake_discord.held or None)
    assert [c.path for c in fake_discord.held] == [f"/channels/{guild.channel_id}/threads"]
    assert answer.answered.done()  # before the thread reached Discord
    assert answer.callback_type == DEFERRED_MESSAGE and not answer.ephemeral
    fake_discord.release()
    await answered(answer, whole=True)
    (thread_id,) = fake_discord.threads
    assert answer.text == f"<@{host.id}> opened an UNO game in <#{thread_id}>: join it there."
    (lobby,) = fake_discord.channel_messages(thread_id)
    assert lobby.custom_id("uno:lobby:join:")


async def test_a_thread_discord_fails_to_make_is_answered_privately(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, error_log: ErrorRecords
) -> None:
    host = guild.members[0]
    threads = f"/channels/{guild.channel_id}/threads"
    fake_discord.fail_next("POST", threads, 503, 0, "Service Unavailable")
    answer = await host.slash("uno new", thread=True)
    assert answer.callback_type == DEFERRED_MESSAGE  # the public "thinking" ...
    assert fake_discord.channel_messages(guild.channel_id) == [answer.followups[0]]  # ... gone
    (said,) = answer.followups
    assert said.ephemeral and said.text == FAILED
    (record,) = error_log.records
    assert record.levelno == logging.ERROR and "what=/uno new" in record.getMessage()
    error_log.records.clear()  # expected: Discord failed
    assert fake_discord.threads == {} and bot.manager.get(guild.channel_id) is None

    # refused by Discord although the channel's permissions allowed it: said privately
    fake_discord.fail_next("POST", threads, 403, 50013, "Missing Permissions")
    refused = await host.slash("uno new", thread=True)
    (said,) = refused.followups
    assert said.ephemeral and "I may not create threads in this channel" in said.text
    assert fake_discord.threads == {} and bot.manager.get(guild.channel_id) is None
    opened = await host.slash("uno new", thread=True)  # and the next try opens the game
    assert "opened an UNO game in" in opened.text
