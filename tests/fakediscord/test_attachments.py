"""Files on messages: the fake takes discord.py's multipart bodies, keeps the bytes, and
answers Discord's errors for too many, too large, or not permitted files."""

from __future__ import annotations

import io
import json
from typing import Any

import aiohttp
import discord
import pytest
from PIL import Image

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from tests.conftest import MEMBER_NAMES, make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild, add_guild
from tests.fakediscord.attachments import png_size
from tests.fakediscord.permissions import ATTACH_FILES
from tests.fakediscord.test_enforcement import new_interaction


def png(width: int = 4, height: int = 3) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), (200, 0, 0)).save(out, "PNG")
    return out.getvalue()


@pytest.fixture
def guild(fake_discord: FakeDiscord) -> FakeGuild:
    """Channel 0 as usual; in channel 1 the bot's role is denied Attach Files."""
    return add_guild(fake_discord, MEMBER_NAMES, channels=2, without_attach_files=(1,))


async def send(
    http: aiohttp.ClientSession, method: str, path: str, body: dict[str, Any],
    files: list[tuple[str, bytes]],
) -> tuple[int, Any]:
    """A request shaped as discord.py shapes it: payload_json, then files[n]."""
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps(body))
    for index, (name, data) in enumerate(files):
        form.add_field(f"files[{index}]", data, filename=name,
                       content_type="application/octet-stream")
    async with http.request(method, path, data=form) as response:
        return response.status, None if response.status == 204 else await response.json()


def rules(fake: FakeDiscord) -> list[str]:
    return [v.rule for v in fake.take_violations()]


async def test_a_posted_file_is_kept_with_its_bytes_and_shown_by_the_embed(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    picture = png(5, 7)
    body = {"content": "hi", "embeds": [{"image": {"url": "attachment://t.png"}}],
            "attachments": [{"id": 0, "filename": "t.png"}]}
    status, answer = await send(http, "POST", f"channels/{guild.channel_id}/messages", body,
                                [("t.png", picture)])
    assert status == 200
    stored = fake_discord.message(int(answer["id"]))
    (attachment,) = stored.attachments
    assert (attachment.filename, attachment.size, attachment.content_type, attachment.data) == (
        "t.png", len(picture), "image/png", picture)
    listed = answer["attachments"][0]
    assert (listed["width"], listed["height"]) == (5, 7)
    assert answer["embeds"][0]["image"]["url"] == listed["url"]
    assert stored.content == "hi"
    (call,) = fake_discord.calls_to("POST", "/messages")
    assert call.json == body and [f.filename for f in call.files] == ["t.png"]


async def test_an_edit_replaces_keeps_or_drops_attachments(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    path = f"channels/{guild.channel_id}/messages"
    _, answer = await send(http, "POST", path, {"content": "a"}, [("a.png", png(1, 1))])
    stored = fake_discord.message(int(answer["id"]))
    first = stored.attachments[0]
    edit = f"{path}/{stored.id}"
    await send(http, "PATCH", edit, {"attachments": [{"id": 0, "filename": "b.png"}]},
               [("b.png", png(2, 2))])
    assert [(a.filename, png_size(a.data)) for a in stored.attachments] == [("b.png", (2, 2))]
    async with http.patch(edit, json={"content": "text only"}) as response:
        assert response.status == 200
    assert [a.filename for a in stored.attachments] == ["b.png"]  # no attachments key: kept
    kept = stored.attachments[0].id
    await send(http, "PATCH", edit, {"attachments": [{"id": kept}, {"id": 0, "filename": "c.png"}]},
               [("c.png", png())])
    assert [a.filename for a in stored.attachments] == ["b.png", "c.png"]
    async with http.patch(edit, json={"attachments": []}) as response:
        assert response.status == 200
    assert stored.attachments == [] and first.filename == "a.png"
    assert fake_discord.violations == []


async def test_too_large_too_many_and_unknown_references(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    path = f"channels/{guild.channel_id}/messages"
    fake_discord.attachment_size_limit = 1000
    status, answer = await send(http, "POST", path, {}, [("big.bin", b"x" * 1001)])
    assert (status, answer["code"]) == (413, 40005)
    assert rules(fake_discord) == ["attachment too large"]
    status, _ = await send(http, "POST", path, {}, [("edge.bin", b"x" * 1000)])
    assert status == 200
    status, answer = await send(http, "POST", path, {}, [(f"{i}.png", png()) for i in range(11)])
    assert (status, answer["code"]) == (400, 50035) and "attachments" in answer["errors"]
    assert rules(fake_discord) == ["invalid form body"]
    status, _ = await send(http, "POST", path, {}, [(f"{i}.png", png()) for i in range(10)])
    assert status == 200
    status, answer = await send(http, "POST", path, {"attachments": [{"id": 3}]},
                                [("a.png", png())])
    assert (status, answer["code"]) == (400, 50035)
    assert rules(fake_discord) == ["invalid form body"]


async def test_an_attachment_keeps_its_alt_text_up_to_1024_characters(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    path = f"channels/{guild.channel_id}/messages"
    body = {"attachments": [{"id": 0, "filename": "t.png", "description": "x" * 1025}]}
    status, answer = await send(http, "POST", path, body, [("t.png", png())])
    assert (status, answer["code"]) == (400, 50035)
    assert rules(fake_discord) == ["invalid form body"]
    body["attachments"][0]["description"] = "Top card: red 7."
    status, answer = await send(http, "POST", path, body, [("t.png", png())])
    assert status == 200 and answer["attachments"][0]["description"] == "Top card: red 7."
    stored = fake_discord.message(int(answer["id"]))
    kept = stored.attachments[0].id
    async with http.patch(f"{path}/{stored.id}", json={"attachments": [{"id": kept}]}) as edit:
        assert edit.status == 200
    assert stored.attachments[0].description == "Top card: red 7."


async def test_a_picture_naming_no_attachment_is_a_mistake(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    body = {"embeds": [{"image": {"url": "attachment://table.png"}}]}
    async with http.post(f"channels/{guild.channel_id}/messages", json=body) as response:
        assert response.status == 200  # Discord takes it, and shows a broken picture
    assert rules(fake_discord) == ["missing attachment"]


async def test_files_need_attach_files_in_the_channel(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    denied = guild.channel_ids[1]
    assert fake_discord.app_permissions(guild.channel_id) & ATTACH_FILES
    assert not fake_discord.app_permissions(denied) & ATTACH_FILES
    status, answer = await send(http, "POST", f"channels/{denied}/messages", {"content": "x"},
                                [("t.png", png())])
    assert (status, answer["code"]) == (403, 50013)
    assert rules(fake_discord) == ["missing permission"]
    async with http.post(f"channels/{denied}/messages", json={"content": "x"}) as response:
        assert response.status == 200  # text is fine there
    interaction = fake_discord.new_interaction(2, guild.members[0].user, denied)
    status, answer = await send(
        http, "POST", f"interactions/{interaction.id}/{interaction.token}/callback",
        {"type": 4, "data": {"content": "x"}}, [("t.png", png())])
    assert (status, answer["code"]) == (403, 50013)
    assert rules(fake_discord) == ["missing permission"]


async def test_interaction_answers_and_webhook_edits_carry_files(
    fake_discord: FakeDiscord, guild: FakeGuild, http: aiohttp.ClientSession
) -> None:
    interaction = new_interaction(fake_discord, guild)
    status, _ = await send(
        http, "POST", f"interactions/{interaction.id}/{interaction.token}/callback",
        {"type": 4, "data": {"content": "hand", "flags": 64}}, [("hand.png", png(3, 3))])
    assert status == 204
    assert interaction.response is not None
    assert [a.filename for a in interaction.response.attachments] == ["hand.png"]
    original = f"webhooks/{fake_discord.application_id}/{interaction.token}/messages/@original"
    await send(http, "PATCH", original, {"attachments": [{"id": 0, "filename": "hand.png"}]},
               [("hand.png", png(6, 6))])
    assert [png_size(a.data) for a in interaction.response.attachments] == [(6, 6)]
    assert fake_discord.violations == []


async def test_discord_py_sends_files_the_fake_understands(
    fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, endpoints: None,
    tmp_path: Any,
) -> None:
    async with running_bot(make_settings(fake_discord, tmp_path), clock, fake_discord) as client:
        await _send_and_edit(client, fake_discord, guild)


async def _send_and_edit(client: UnoBot, fake: FakeDiscord, guild: FakeGuild) -> None:
    server = client.get_guild(guild.id)
    assert server is not None
    allowed, denied = (server.get_channel(c) for c in guild.channel_ids)
    assert isinstance(allowed, discord.TextChannel) and isinstance(denied, discord.TextChannel)
    assert allowed.permissions_for(server.me).attach_files
    assert not denied.permissions_for(server.me).attach_files
    embed = discord.Embed(title="t").set_image(url="attachment://table.png")
    sent = await allowed.send(embed=embed, file=discord.File(io.BytesIO(png(2, 2)), "table.png"))
    stored = fake.message(sent.id)
    assert [png_size(a.data) for a in stored.attachments] == [(2, 2)]
    assert sent.embeds[0].image.url == sent.attachments[0].url
    edited = await sent.edit(embed=embed, attachments=[
        discord.File(io.BytesIO(png(4, 4)), "table.png")])
    assert [png_size(a.data) for a in stored.attachments] == [(4, 4)]
    assert edited.attachments[0].filename == "table.png" and edited.attachments[0].width == 4
