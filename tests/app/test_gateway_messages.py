"""MESSAGE_CREATE is read raw: a good payload gives the few fields the trail needs, and no
payload ends the gateway connection."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.app.client import UnoBot
from bot.app.gateway_messages import read
from bot.ui.delivery.trail import Seen
from tests.fakediscord import FakeDiscord, FakeGuild

UPDATE_MESSAGE = 7


def test_a_message_made_through_a_token_is_read_with_its_interaction() -> None:
    payload = {"id": "11", "channel_id": "22", "content": "hi", "guild_id": "5",
               "components": [{"type": 1, "components": []}],
               "interaction_metadata": {"id": "33", "type": 3}, "embeds": []}
    assert read(payload) == Seen(11, 22, 33, "hi", True)
    assert read({"id": "11", "channel_id": "22", "content": None}) == Seen(
        11, 22, None, "", False)


@pytest.mark.parametrize("payload", [
    ["not", "an", "object"],
    {"channel_id": "22"},  # no id
    {"id": "eleven", "channel_id": "22"},
    {"id": "11", "channel_id": "22", "interaction_metadata": {"type": 3}},  # no id in it
])
async def test_an_unreadable_message_is_dropped_and_the_bot_goes_on(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, payload: Any,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, "bot.app.gateway_messages")
    lobby = (await guild.members[0].slash("uno new")).response
    assert lobby is not None
    session = fake_discord.gateway.sessions[0]
    await session.dispatch("MESSAGE_CREATE", payload)
    joined = await guild.members[1].click(lobby, lobby.custom_id("uno:lobby:join:"))
    assert joined.callback_type == UPDATE_MESSAGE and "Players (2/" in lobby.text
    assert [r.getMessage()[:26] for r in caplog.records] == ["unreadable message dropped"]
    assert len(fake_discord.gateway.sessions) == 1 and not bot.is_closed()
