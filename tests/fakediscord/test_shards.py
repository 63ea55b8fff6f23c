"""The fake shards like Discord: ``GET /gateway/bot`` tells the count and how many may
identify at a time, IDENTIFY carries ``shard: [id, count]``, a session hears only of its
shard's guilds, and each rate-limit bucket takes one IDENTIFY per 5 seconds."""

from __future__ import annotations

import json
from typing import Any

import aiohttp

from tests.conftest import MEMBER_NAMES
from tests.fakediscord import FakeDiscord, add_guild
from tests.fakediscord.gateway import CLOSE_INVALID_SHARD, INVALID_SESSION


async def identify(fake: FakeDiscord, shard: list[int] | None
                   ) -> tuple[list[dict[str, Any]], int | None]:
    """Connect, IDENTIFY with ``shard``, and read until the fake has sent every guild
    (or closed, or invalidated the session): what it sent, and the close code if it
    closed."""
    received: list[dict[str, Any]] = []
    async with aiohttp.ClientSession() as session, session.ws_connect(fake.gateway_url) as ws:
        hello = await ws.receive_json()
        assert hello["op"] == 10
        await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": 1,
                                           **({"shard": shard} if shard else {})}})
        guilds = None
        while guilds is None or len(received) < 1 + guilds:
            frame = await ws.receive()
            if frame.type is not aiohttp.WSMsgType.TEXT:
                return received, ws.close_code
            received.append(json.loads(frame.data))
            if received[0]["op"] == INVALID_SESSION:
                return received, None
            guilds = len(received[0]["d"]["guilds"])
        return received, None


async def gateway_bot(fake: FakeDiscord) -> dict[str, Any]:
    async with aiohttp.ClientSession() as session, \
            session.get(f"{fake.api_base}/gateway/bot",
                        headers={"Authorization": f"Bot {fake.token}"}) as response:
        answer: dict[str, Any] = await response.json()
        return answer


async def test_each_session_hears_only_of_the_guilds_of_its_shard(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    fake.gateway.shard_count = 3
    guilds = [add_guild(fake, MEMBER_NAMES[:2], shard=n % 3) for n in range(6)]
    fake.gateway.max_concurrency = 3  # every shard in a bucket of its own
    assert (await gateway_bot(fake))["shards"] == 3
    for shard in range(3):
        received, closed = await identify(fake, [shard, 3])
        assert closed is None
        ready, *created = received
        assert ready["t"] == "READY" and ready["d"]["shard"] == [shard, 3]
        expected = sorted(str(g.id) for n, g in enumerate(guilds) if n % 3 == shard)
        assert sorted(g["id"] for g in ready["d"]["guilds"]) == expected
        assert sorted(c["d"]["id"] for c in created if c["t"] == "GUILD_CREATE") == expected


async def test_a_session_with_another_shard_count_is_closed(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    fake.gateway.shard_count = 2
    received, closed = await identify(fake, [0, 3])
    assert (received, closed) == ([], CLOSE_INVALID_SHARD)
    assert [v.rule for v in fake.take_violations()] == ["invalid shard"]


async def test_without_a_shard_a_session_is_shard_0_of_1(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    guild = add_guild(fake, MEMBER_NAMES[:2])
    received, closed = await identify(fake, None)
    assert closed is None and [g["id"] for g in received[0]["d"]["guilds"]] == [str(guild.id)]


async def test_a_bucket_takes_one_identify_per_window_and_answers_another_with_op_9(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    fake.gateway.shard_count, fake.gateway.max_concurrency = 4, 2
    assert (await gateway_bot(fake))["session_start_limit"]["max_concurrency"] == 2
    add_guild(fake, MEMBER_NAMES[:2], shard=2)
    for shard in (0, 1):  # buckets 0 and 1: both at once
        received, closed = await identify(fake, [shard, 4])
        assert closed is None and received[0]["t"] == "READY"
    received, closed = await identify(fake, [2, 4])  # bucket 0 again, at once
    assert (received, closed) == ([{"op": INVALID_SESSION, "d": False}], None)
    (violation,) = fake.take_violations()
    assert violation.rule == "identify rate limit"
    assert "shard 2" in violation.detail and "bucket 0" in violation.detail
    fake.gateway.forget_identifies()  # the window has passed
    received, closed = await identify(fake, [2, 4])
    assert closed is None and [m["t"] for m in received] == ["READY", "GUILD_CREATE"]
    assert [shard for _, shard in fake.gateway.identified] == [0, 1, 2]
    assert fake.gateway.invalid_sessions == 1
