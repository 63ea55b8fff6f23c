"""The fake on the wire: latency per kind of route, an interaction delivered twice, and
the count of calls made with the bot token."""

from __future__ import annotations

import asyncio
import json
import zlib
from typing import Any

import aiohttp
import discord

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from tests.fakediscord import FakeDiscord, FakeGuild, Interaction, Latency, RouteKind, answered
from tests.fakediscord.wire import route_kind, uses_bot_token

COMMAND = 2


async def call(http: aiohttp.ClientSession, method: str, path: str, body: Any = None
               ) -> tuple[int, Any]:
    async with http.request(method, path, json=body) as response:
        return response.status, (None if response.status == 204 else await response.json())


def one_of_each(fake: FakeDiscord, guild: FakeGuild) -> list[tuple[RouteKind, str, str, Any]]:
    """One REST call of every kind: (kind, method, path, body). The callback comes before
    the webhook call, which needs an answered interaction."""
    interaction = fake.new_interaction(COMMAND, guild.members[0].user, guild.channel_id)
    app = fake.application_id
    return [
        (RouteKind.OTHER, "GET", "users/@me", None),
        (RouteKind.CHANNEL, "POST", f"channels/{guild.channel_id}/messages", {"content": "hi"}),
        (RouteKind.CALLBACK, "POST",
         f"interactions/{interaction.id}/{interaction.token}/callback?with_response=1",
         {"type": 4, "data": {"content": "answer"}}),
        (RouteKind.WEBHOOK, "PATCH", f"webhooks/{app}/{interaction.token}/messages/@original",
         {"content": "edited"}),
    ]


def test_route_kinds_and_which_calls_use_the_bot_token() -> None:
    cases = {
        "/interactions/1/tok/callback": (RouteKind.CALLBACK, False),
        "/webhooks/2/tok": (RouteKind.WEBHOOK, False),
        "/webhooks/2/tok/messages/@original": (RouteKind.WEBHOOK, False),
        "/channels/3/messages": (RouteKind.CHANNEL, True),
        "/channels/3/messages/4": (RouteKind.CHANNEL, True),
        "/applications/2/commands": (RouteKind.OTHER, True),
        "/users/@me": (RouteKind.OTHER, True),
        "/gateway/bot": (RouteKind.OTHER, True),
    }
    for path, (kind, bot_token) in cases.items():
        assert (route_kind(path), uses_bot_token(path)) == (kind, bot_token), path


async def test_no_latency_by_default(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    assert all(fake_discord.latency.delay(kind) == 0 for kind in RouteKind)
    for _, method, path, body in one_of_each(fake_discord, guild):
        status, _ = await call(http, method, path, body)
        assert status == 200
    assert [c.delay for c in fake_discord.calls] == [0.0] * 4


async def test_each_kind_of_route_waits_its_own_latency(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    delays = {RouteKind.CALLBACK: 0.02, RouteKind.WEBHOOK: 0.04, RouteKind.CHANNEL: 0.06,
              RouteKind.OTHER: 0.08}
    fake_discord.latency = Latency(delays)
    loop = asyncio.get_running_loop()
    for kind, method, path, body in one_of_each(fake_discord, guild):
        sent = loop.time()
        status, _ = await call(http, method, path, body)
        took = loop.time() - sent
        assert status == 200
        recorded = fake_discord.calls[-1]
        assert (recorded.kind, recorded.delay) == (kind, delays[kind])
        assert took >= delays[kind], f"{kind}: answered in {took:.3f} s"
        # It took effect halfway, when it reached "Discord".
        assert recorded.time - sent >= delays[kind] / 2


async def test_a_callback_is_judged_when_it_reaches_discord(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    """The 3-second deadline counts the way there: a bot that answers just in time on
    its own clock is late on a slow wire."""
    fake_discord.latency = Latency({RouteKind.CALLBACK: 0.2})
    fake_discord.answer_deadline = 0.05
    _, _, path, body = one_of_each(fake_discord, guild)[2]
    status, answer = await call(http, "POST", path, body)
    assert (status, answer["code"]) == (404, 10062)
    assert [v.rule for v in fake_discord.take_violations()] == ["late callback"]


def test_jitter_comes_from_a_seeded_random() -> None:
    first = Latency.uniform(0.05, 0.15, seed=7)
    again = Latency.uniform(0.05, 0.15, seed=7)
    drawn = [first.delay(RouteKind.CHANNEL) for _ in range(200)]
    assert drawn == [again.delay(RouteKind.CHANNEL) for _ in range(200)]
    assert all(0.05 <= d <= 0.15 for d in drawn)
    assert min(drawn) < 0.07 and max(drawn) > 0.13
    assert Latency.fixed(0.08).delay(RouteKind.WEBHOOK) == 0.08


async def test_bot_token_calls_leave_out_interaction_callbacks_and_webhooks(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    calls = one_of_each(fake_discord, guild)
    for _, method, path, body in calls:
        await call(http, method, path, body)
    assert fake_discord.bot_token_calls() == 2  # users/@me and the channel message
    since = len(fake_discord.calls)
    posted = fake_discord.calls[1]
    message_id = fake_discord.channel_messages(guild.channel_id)[0].id
    assert posted.path.endswith("/messages")
    await call(http, "PATCH", f"channels/{guild.channel_id}/messages/{message_id}",
               {"content": "edited"})
    await call(http, "POST", f"webhooks/{fake_discord.application_id}/"
               f"{fake_discord.calls[2].path.split('/')[3]}", {"content": "followup"})
    assert fake_discord.bot_token_calls(since) == 1
    assert fake_discord.bot_token_calls() == 3


async def test_an_interaction_delivered_twice_reaches_the_bot_twice(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession, endpoints: None
) -> None:
    """Both copies carry the same id and token; answering both is Discord's 40060 and
    the fake's "second callback"."""
    received: asyncio.Queue[tuple[int, str, bool]] = asyncio.Queue()
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)

    @client.event
    async def on_interaction(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.defer()
            accepted = True
        except discord.HTTPException:
            accepted = False
        await received.put((interaction.id, interaction.token, accepted))

    button = {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}
    status, _ = await call(http, "POST", f"channels/{guild.channel_id}/messages",
                           {"content": "press", "components": [{"type": 1,
                                                                "components": [button]}]})
    assert status == 200
    message = fake_discord.channel_messages(guild.channel_id)[-1]
    await client.login(fake_discord.token)
    connection = asyncio.create_task(client.connect())
    try:
        await client.wait_until_ready()
        clicked: Interaction = await guild.members[0].click(message, "go", deliver=2,
                                                            wait=False)
        copies = [await asyncio.wait_for(received.get(), 5) for _ in range(2)]
        await answered(clicked)  # acknowledged (type 6); nothing completes it here
    finally:
        await client.close()
        await connection
    assert clicked.deliveries == 2
    assert {(i, t) for i, t, _ in copies} == {(clicked.id, clicked.token)}
    assert sorted(accepted for _, _, accepted in copies) == [False, True]
    assert clicked.callback_type == 6
    assert [v.rule for v in fake_discord.take_violations()] == ["second callback"]


async def test_a_deferred_click_edits_the_message_it_came_from_as_original(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    """Acknowledge first (type 6), edit after: @original is the clicked message, made by
    an earlier interaction, and the edit is recorded on the click."""
    opener = fake_discord.new_interaction(COMMAND, guild.members[0].user, guild.channel_id)
    await call(http, "POST", f"interactions/{opener.id}/{opener.token}/callback",
               {"type": 4, "data": {"content": "your hand", "flags": 64}})
    assert opener.response is not None
    click = fake_discord.new_interaction(3, guild.members[0].user, guild.channel_id)
    click.source_message = opener.response
    app = fake_discord.application_id
    status, _ = await call(http, "POST", f"interactions/{click.id}/{click.token}/callback",
                           {"type": 6})
    assert status == 204
    status, _ = await call(http, "PATCH", f"webhooks/{app}/{click.token}/messages/@original",
                           {"content": "your hand, after the move"})
    assert status == 200
    assert opener.response.content == "your hand, after the move"
    assert click.edits == [{"content": "your hand, after the move"}] and opener.edits == []


async def hello(fake: FakeDiscord, query: str) -> tuple[aiohttp.WSMsgType, Any]:
    """The first frame the gateway sends a client that connects with ``query``."""
    async with aiohttp.ClientSession() as session, \
            session.ws_connect(f"{fake.gateway_url}?{query}") as ws:
        frame = await ws.receive(timeout=5)
        return frame.type, frame.data


async def test_the_gateway_compresses_one_zlib_stream_when_asked_as_discord_does(
    fake_discord: FakeDiscord,
) -> None:
    kind, data = await hello(fake_discord, "v=10&encoding=json&compress=zlib-stream")
    assert kind is aiohttp.WSMsgType.BINARY and data.endswith(b"\x00\x00\xff\xff")
    assert json.loads(zlib.decompressobj().decompress(data))["op"] == 10  # HELLO

    kind, data = await hello(fake_discord, "v=10&encoding=json")
    assert kind is aiohttp.WSMsgType.TEXT and json.loads(data)["op"] == 10


async def test_a_lost_answer_is_carried_out_and_a_retry_makes_a_second_copy(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    """A 5xx after the call was carried out: sent again, a followup (which has no nonce)
    is posted twice, as on Discord."""
    interaction = fake_discord.new_interaction(COMMAND, guild.members[0].user, guild.channel_id)
    await call(http, "POST", f"interactions/{interaction.id}/{interaction.token}/callback",
               {"type": 4, "data": {"content": "answer"}})
    followup = f"webhooks/{fake_discord.application_id}/{interaction.token}?wait=1"
    fake_discord.lose_answer("POST", f"/{interaction.token}", status=502)
    assert (await call(http, "POST", followup, {"content": "ping"}))[0] == 502
    assert (await call(http, "POST", followup, {"content": "ping"}))[0] == 200
    said = [m.content for m in fake_discord.channel_messages(guild.channel_id)]
    assert said == ["answer", "ping", "ping"]


async def test_a_channel_message_sent_again_with_its_enforced_nonce_is_made_once(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession, clock: FakeClock
) -> None:
    path = f"channels/{guild.channel_id}/messages"
    body = {"content": "ping", "nonce": "1234", "enforce_nonce": True}
    fake_discord.lose_answer("POST", path)
    assert (await call(http, "POST", path, body))[0] == 500
    status, again = await call(http, "POST", path, body)
    assert status == 200
    (made,) = fake_discord.channel_messages(guild.channel_id)
    assert int(again["id"]) == made.id  # the message the first request made
    await clock.advance(6 * 60)  # Discord remembers a nonce a few minutes
    assert (await call(http, "POST", path, body))[0] == 200
    assert len(fake_discord.channel_messages(guild.channel_id)) == 2
    unenforced = {"content": "other", "nonce": "1234"}
    for _ in range(2):
        assert (await call(http, "POST", path, unenforced))[0] == 200
    assert len(fake_discord.channel_messages(guild.channel_id)) == 4
    assert (await call(http, "POST", path, {**body, "nonce": "9" * 26}))[0] == 400
    assert [v.rule for v in fake_discord.take_violations()] == ["invalid form body"]


async def test_the_gateway_tells_the_bot_of_each_new_message_but_an_ephemeral_one(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    told: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    parsers = bot._connection.parsers
    parse = parsers["MESSAGE_CREATE"]  # the bot reads it raw (bot.app.gateway_messages)

    def seen(data: Any) -> None:
        if not told.done():
            told.set_result(data)
        parse(data)

    parsers["MESSAGE_CREATE"] = seen
    interaction = fake_discord.new_interaction(COMMAND, guild.members[0].user, guild.channel_id)
    await call(http, "POST", f"interactions/{interaction.id}/{interaction.token}/callback",
               {"type": 4, "data": {"content": "only for you", "flags": 64}})
    await call(http, "POST", f"channels/{guild.channel_id}/messages", {"content": "hi"})
    message = await asyncio.wait_for(told, 5)
    assert message["content"] == "hi" and int(message["channel_id"]) == guild.channel_id
