"""The fake enforces Discord's rules: each breach gets Discord's error AND a violation."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import discord
import pytest

from bot.game.clock import FakeClock
from tests.fakediscord import FakeDiscord, FakeGuild, Interaction
from tests.fakediscord.client_clock import wait_on

COMMAND = 2


def new_interaction(fake: FakeDiscord, guild: FakeGuild) -> Interaction:
    return fake.new_interaction(COMMAND, guild.members[0].user, guild.channel_id)


async def call(
    http: aiohttp.ClientSession, method: str, path: str, body: Any = None
) -> tuple[int, Any]:
    async with http.request(method, path.lstrip("/"), json=body) as response:
        if response.status == 204:
            return 204, None
        assert response.headers["Content-Type"] == "application/json"
        return response.status, await response.json()


async def answer(
    http: aiohttp.ClientSession, interaction: Interaction, data: dict[str, Any], kind: int = 4
) -> tuple[int, Any]:
    path = f"interactions/{interaction.id}/{interaction.token}/callback?with_response=1"
    return await call(http, "POST", path, {"type": kind, "data": data})


def rules(fake: FakeDiscord) -> list[str]:
    return [v.rule for v in fake.take_violations()]


def buttons(count: int, prefix: str = "b", **extra: Any) -> dict[str, Any]:
    return {
        "type": 1,
        "components": [
            {"type": 2, "style": 1, "label": f"b{i}", "custom_id": f"{prefix}{i}", **extra}
            for i in range(count)
        ],
    }


def menu(count: int, placeholder: str = "Play a card...", max_values: int = 1,
         **option: str) -> dict[str, Any]:
    """An action row with one string select of ``count`` options (``option`` overrides
    the first one's label, value or description)."""
    options = [{"label": f"o{i}", "value": f"v{i}"} for i in range(count)]
    if options:
        options[0].update(option)
    return {"type": 1, "components": [{"type": 3, "custom_id": "menu", "options": options,
                                       "placeholder": placeholder, "max_values": max_values}]}


async def test_a_good_answer_is_accepted_and_recorded(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    interaction = new_interaction(fake_discord, guild)
    data = {"content": "hi", "components": [buttons(5, f"r{r}-") for r in range(5)]}
    status, body = await answer(http, interaction, data)
    assert status == 200
    assert body["resource"]["message"]["content"] == "hi"
    assert interaction.answered.done() and interaction.callback_type == 4
    (recorded,) = fake_discord.calls_to("POST", "/callback")
    assert recorded.json["data"]["content"] == "hi"
    assert fake_discord.violations == []


async def test_answer_after_three_seconds(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    interaction = new_interaction(fake_discord, guild)
    interaction.created_loop_time -= 3.5  # as if the bot had taken 3.5 s
    status, body = await answer(http, interaction, {"content": "late"})
    assert (status, body["code"]) == (404, 10062)
    assert rules(fake_discord) == ["late callback"]
    assert not interaction.answered.done()


async def test_second_callback(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    interaction = new_interaction(fake_discord, guild)
    assert (await answer(http, interaction, {"content": "one"}))[0] == 200
    status, body = await answer(http, interaction, {"content": "two"})
    assert (status, body["code"]) == (400, 40060)
    assert rules(fake_discord) == ["second callback"]


async def test_token_used_after_fifteen_minutes(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession, clock: FakeClock
) -> None:
    interaction = new_interaction(fake_discord, guild)
    await answer(http, interaction, {"content": "hi"})
    original = f"webhooks/{fake_discord.application_id}/{interaction.token}/messages/@original"
    await clock.advance(15 * 60 - 1)
    assert (await call(http, "PATCH", original, {"content": "still fine"}))[0] == 200
    await clock.advance(2)
    status, body = await call(http, "PATCH", original, {"content": "too late"})
    assert (status, body["code"]) == (401, 50027)
    followup = f"webhooks/{fake_discord.application_id}/{interaction.token}?wait=1"
    assert (await call(http, "POST", followup, {"content": "too late"}))[0] == 401
    assert rules(fake_discord) == ["expired token", "expired token"]
    assert interaction.response is not None and interaction.response.content == "still fine"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"components": [buttons(1)] * 6}, "components"),
        ({"components": [buttons(6)]}, "components.0.components"),
        ({"components": [{"type": 1, "components": [{"type": 3, "custom_id": "s", "options": [
            {"label": str(i), "value": str(i)} for i in range(26)]}]}]},
         "components.0.components.0.options"),
        ({"components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "x", "custom_id": "c" * 101}]}]},
         "components.0.components.0.custom_id"),
        ({"components": [buttons(1, label="l" * 81)]}, "components.0.components.0.label"),
        ({"content": "x" * 2001}, "content"),
        ({"components": [buttons(2), buttons(2)]}, "components"),
        ({"components": [menu(1, placeholder="p" * 151)]}, "components.0.components.0.placeholder"),
        ({"components": [menu(1, label="l" * 101)]}, "components.0.components.0.options.0.label"),
        ({"components": [menu(1, value="v" * 101)]}, "components.0.components.0.options.0.value"),
        ({"components": [menu(1, description="d" * 101)]},
         "components.0.components.0.options.0.description"),
        ({"components": [menu(0)]}, "components.0.components.0.options"),
        ({"components": [menu(2, max_values=3)]}, "components.0.components.0.max_values"),
        ({"components": [{"type": 1, "components": [*menu(1)["components"],
                                                    *buttons(1)["components"]]}]},
         "components.0.components"),
    ],
    ids=["6 rows", "6 buttons", "26 options", "custom_id 101", "label 81", "content 2001",
         "same custom_id twice", "placeholder 151", "option label 101", "option value 101",
         "option description 101", "no options", "max_values past the options",
         "a select beside a button"],
)
async def test_message_limits(
    fake_discord: FakeDiscord,
    guild: FakeGuild,
    http: aiohttp.ClientSession,
    data: dict[str, Any],
    field: str,
) -> None:
    interaction = new_interaction(fake_discord, guild)
    status, body = await answer(http, interaction, data)
    assert (status, body["code"], body["message"]) == (400, 50035, "Invalid Form Body")
    assert field in body["errors"]
    assert rules(fake_discord) == ["invalid form body"]
    # The same limits hold for channel messages.
    status, _ = await call(http, "POST", f"channels/{guild.channel_id}/messages", data)
    assert status == 400
    assert rules(fake_discord) == ["invalid form body"]


async def test_limits_at_the_edge_are_fine(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    data = {
        "content": "x" * 2000,
        "components": [buttons(5, f"r{r}-", label="l" * 80) for r in range(4)] + [
            {"type": 1, "components": [
            {"type": 3, "custom_id": "s" * 100, "placeholder": "p" * 150, "max_values": 25,
             "options": [{"label": f"{i:0>100}", "value": f"{i:0>100}",
                          "description": "d" * 100} for i in range(25)]}]}
        ],
    }
    status, _ = await answer(http, interaction := new_interaction(fake_discord, guild), data)
    assert status == 200 and interaction.response is not None
    assert fake_discord.violations == []


async def test_ephemeral_message_edited_by_others(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    owner = new_interaction(fake_discord, guild)
    await answer(http, owner, {"content": "secret", "flags": 64})
    assert owner.response is not None and owner.response.ephemeral
    message_id = owner.response.id
    app = fake_discord.application_id

    status, body = await call(http, "PATCH", f"channels/{guild.channel_id}/messages/{message_id}",
                              {"content": "by channel"})
    assert (status, body["code"]) == (404, 10008)
    assert rules(fake_discord) == ["ephemeral via channel"]

    other = new_interaction(fake_discord, guild)
    await answer(http, other, {"content": "other"})
    status, body = await call(http, "PATCH", f"webhooks/{app}/{other.token}/messages/{message_id}",
                              {"content": "by another token"})
    assert (status, body["code"]) == (404, 10008)
    assert rules(fake_discord) == ["foreign message"]

    status, _ = await call(http, "PATCH", f"webhooks/{app}/{owner.token}/messages/{message_id}",
                           {"content": "by its own token"})
    assert status == 200 and owner.response.content == "by its own token"
    assert fake_discord.violations == []


async def test_unknown_route_is_a_violation(
    fake_discord: FakeDiscord, http: aiohttp.ClientSession
) -> None:
    status, _ = await call(http, "GET", "guilds/1/bans")
    assert status == 404
    assert rules(fake_discord) == ["unhandled route"]


async def test_privileged_intents_are_refused(
    fake_discord: FakeDiscord, guild: FakeGuild, endpoints: None
) -> None:
    client = discord.Client(intents=discord.Intents.all())
    await client.login(fake_discord.token)
    try:
        with pytest.raises(discord.PrivilegedIntentsRequired):
            await client.connect()
    finally:
        await client.close()
    assert rules(fake_discord) == ["privileged intents"]


async def test_expect_call_resolves_on_the_call(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    expected = fake_discord.expect_call(lambda c: c.method == "POST" and "/messages" in c.path)
    assert not expected.done()
    await call(http, "POST", f"channels/{guild.channel_id}/messages", {"content": "x"})
    recorded = await asyncio.wait_for(expected, 1)
    assert recorded.json == {"content": "x"}
    with pytest.raises(TimeoutError):
        await fake_discord.wait_for_call(lambda c: c.method == "DELETE", timeout=0.01)


async def test_threads_are_made_as_discord_makes_them_and_refused_as_it_refuses(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    path = f"channels/{guild.channel_id}/threads"
    status, body = await call(http, "POST", path, {"name": "n" * 101, "type": 11})
    assert (status, body["code"]) == (400, 50035) and "name" in body["errors"]
    assert rules(fake_discord) == ["invalid form body"]
    status, body = await call(http, "POST", path, {"name": "UNO", "type": 11,
                                                   "auto_archive_duration": 30})
    assert status == 400 and "auto_archive_duration" in body["errors"]
    assert rules(fake_discord) == ["invalid form body"]
    status, thread = await call(http, "POST", path, {"name": "UNO", "type": 11})
    assert status == 201 and thread["parent_id"] == str(guild.channel_id)
    thread_id = int(thread["id"])
    status, _ = await call(http, "POST", f"channels/{thread_id}/threads", {"name": "x"})
    assert status == 400 and rules(fake_discord) == ["thread in a thread"]
    status, posted = await call(http, "POST", f"channels/{thread_id}/messages",
                                {"content": "hi"})
    assert status == 200 and posted["channel_id"] == str(thread_id)
    assert fake_discord.channel_messages(thread_id)[0].text == "hi"
    # the thread has its parent's permissions; an interaction from it says it is a thread
    assert fake_discord.app_permissions(thread_id) == fake_discord.app_permissions(
        guild.channel_id)
    assert fake_discord.channel_payload(thread_id)["type"] == 11
    assert fake_discord.violations == []


V2 = 1 << 15


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def v2_message(*components: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"flags": V2, "components": list(components), **extra}


def v2_container(children: int) -> dict[str, Any]:
    """A container holding ``children`` text displays: 1 + children components."""
    return {"type": 17, "components": [text(f"line {i}") for i in range(children)]}


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (v2_message(text("hi"), content="hi"), "content"),
        (v2_message(text("hi"), embeds=[{"description": "hi"}]), "embeds"),
        (v2_message(*[text(str(i)) for i in range(11)]), "components"),
        (v2_message(v2_container(39), buttons(1)), "components"),  # 1 + 39 + 1 + 1 = 42
        (v2_message(text("x" * 2001), text("y" * 2000)), "components"),
        (v2_message({"type": 11, "media": {"url": "attachment://a.png"}}), "components.0.type"),
        (v2_message({"type": 9, "components": [text("a")] * 4,
                     "accessory": {"type": 2, "style": 2, "label": "b", "custom_id": "b"}}),
         "components.0.components"),
        (v2_message({"type": 9, "components": [text("a")]}), "components.0.accessory"),
        (v2_message({"type": 17, "components": [v2_container(1)]}),
         "components.0.components.0.type"),
        (v2_message(buttons(6)), "components.0.components"),
    ],
    ids=["content", "embeds", "11 at the top", "42 components", "4001 characters",
         "a thumbnail at the top", "4 texts in a section", "a section without accessory",
         "a container in a container", "6 buttons in a row"],
)
async def test_components_v2_limits(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession,
    data: dict[str, Any], field: str,
) -> None:
    status, body = await answer(http, new_interaction(fake_discord, guild), data)
    assert (status, body["code"]) == (400, 50035)
    assert field in body["errors"]
    assert rules(fake_discord) == ["invalid form body"]


async def test_components_v2_at_the_edge_is_fine_and_stays_v2(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    data = v2_message(  # 1 + 28 texts, a section of 3 with its button, a row of 5: 40
        {"type": 17, "components": [text("x" * 100) for _ in range(28)]},
        {"type": 9, "components": [text("a" * 300)] * 3,
         "accessory": {"type": 2, "style": 2, "label": "b", "custom_id": "sec"}},
        buttons(5))
    status, sent = await call(http, "POST", f"channels/{guild.channel_id}/messages", data)
    assert status == 200 and fake_discord.violations == []
    edit = f"channels/{guild.channel_id}/messages/{sent['id']}"
    status, _ = await call(http, "PATCH", edit, {"components": [text("still v2")]})
    assert status == 200
    status, body = await call(http, "PATCH", edit, {"content": "plain again"})
    assert (status, body["code"]) == (400, 50035) and "content" in body["errors"]
    assert rules(fake_discord) == ["invalid form body"]


async def test_a_channel_gone_answers_as_discord_does_and_its_interactions_still_work(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    """Deleted: 404 Unknown Channel; the bot's View Channel taken away: 403 Missing
    Access, on every route of the channel; an interaction's webhook still answers."""
    posted = f"channels/{guild.channel_id}/messages"
    status, body = await call(http, "POST", posted, {"content": "hi"})
    assert status == 200
    message = f"{posted}/{body['id']}"
    fake_discord.remove_access(guild.channel_id)
    assert await call(http, "POST", posted, {"content": "hi"}) == (
        403, {"code": 50001, "message": "Missing Access"})
    assert (await call(http, "PATCH", message, {"content": "ho"}))[0] == 403
    status, _ = await answer(http, new_interaction(fake_discord, guild), {"content": "ok"})
    assert status == 200
    fake_discord.give_access(guild.channel_id)
    assert (await call(http, "PATCH", message, {"content": "ho"}))[0] == 200
    fake_discord.delete_channel(guild.channel_id)
    assert await call(http, "PATCH", message, {"content": "hu"}) == (
        404, {"code": 10003, "message": "Unknown Channel"})
    assert fake_discord.violations == []


async def test_a_sixth_bot_token_message_in_a_channel_within_5_s_is_refused(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    """Discord's per-channel bucket: 5 sends in 5 s (and 5 edits apart), told in the
    headers of each answer; a client that goes on anyway gets 429 and a violation."""
    path = f"channels/{guild.channel_id}/messages"
    for left in (4, 3, 2, 1, 0):
        async with http.post(path, json={"content": "x"}) as response:
            assert response.status == 200
            assert response.headers["X-RateLimit-Remaining"] == str(left)
            assert response.headers["X-RateLimit-Bucket"]
    async with http.post(path, json={"content": "x"}) as response:
        assert response.status == 429 and (await response.json())["retry_after"] > 0
    assert rules(fake_discord) == ["channel rate limit"]
    other = fake_discord.new_interaction(COMMAND, guild.members[0].user, guild.channel_id + 1)
    status, _ = await answer(http, other, {"content": "a callback is not counted"})
    assert status == 200 and fake_discord.channel_limits.busiest(guild.channel_id) == 5
    message_id = fake_discord.channel_messages(guild.channel_id)[0].id
    async with http.patch(f"{path}/{message_id}", json={"content": "y"}) as response:
        assert response.status == 200  # edits are a bucket of their own
    assert fake_discord.violations == []


async def test_the_channel_windows_and_their_headers_run_on_the_fakes_clock(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession, clock: FakeClock
) -> None:
    """A window ends when the test's clock says, however little real time went by, and
    each answer says when on that clock."""
    path = f"channels/{guild.channel_id}/messages"
    for _ in range(5):
        async with http.post(path, json={"content": "x"}) as response:
            assert response.status == 200
    await clock.advance(2)
    async with http.post(path, json={"content": "x"}) as response:
        assert response.status == 429 and (await response.json())["retry_after"] == 3
        assert response.headers["X-RateLimit-Reset-After"] == "3.000"
        assert response.headers["X-RateLimit-Reset"] == f"{clock.wall() + 3:.3f}"
    assert rules(fake_discord) == ["channel rate limit"]
    await clock.advance(3)
    async with http.post(path, json={"content": "x"}) as response:
        assert response.status == 200 and response.headers["X-RateLimit-Remaining"] == "4"
        assert response.headers["X-RateLimit-Reset-After"] == "5.000"
    assert fake_discord.channel_limits.sent["POST", guild.channel_id] == [1000] * 5 + [1005]


async def test_discord_py_waits_for_the_channel_bucket_instead_of_breaching_it(
    fake_discord: FakeDiscord, guild: FakeGuild, endpoints: None
) -> None:
    """discord.py waits as the headers ask, on the fake's clock (as the tests' bots do)."""
    client = discord.Client(intents=discord.Intents.none())
    wait_on(client, fake_discord.clock)
    await client.login(fake_discord.token)
    try:
        channel = client.get_partial_messageable(guild.channel_id)
        for i in range(7):
            await channel.send(f"message {i}")
    finally:
        await client.close()
    sent = fake_discord.channel_limits.sent["POST", guild.channel_id]
    assert len(sent) == 7 and sent[5] - sent[0] >= 4.9  # the sixth waited for the window
    assert fake_discord.channel_limits.busiest(guild.channel_id) == 5
    assert fake_discord.violations == []
