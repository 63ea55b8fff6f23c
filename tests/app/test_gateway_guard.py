"""No payload ends the process, and a replayed interaction is answered once.

End to end, payloads go through the fake gateway into the real discord.py client; the
guard itself is also checked alone (a parser that raises, the bounded memory of ids).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot.app.client import UnoBot
from bot.app.gateway_guard import COMPONENT, InteractionGuard
from bot.ui.clicks.stray import STRAY
from tests.fakediscord import FakeDiscord, FakeGuild, answered

GUARD = "bot.app.gateway_guard"
UPDATE_MESSAGE = 7


def records(caplog: pytest.LogCaptureFixture, level: int, interaction_id: int) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == GUARD and r.levelno == level and str(interaction_id) in r.getMessage()]


@pytest.mark.parametrize("data", [
    {"component_type": 2, "values": []},  # no custom_id
    {"custom_id": 12345, "component_type": 2, "values": []},  # a number for one
    {"custom_id": None, "component_type": 2},
    {"custom_id": "uno:hand", "values": []},  # no component_type: discord.py raises
])
async def test_an_unreadable_component_payload_is_refused_and_the_bot_goes_on(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, data: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, GUARD)
    lobby = (await guild.members[0].slash("uno new")).response
    assert lobby is not None
    broken = await guild.members[1].send_component(lobby, data)
    joined = await guild.members[1].click(lobby, lobby.custom_id("uno:lobby:join:"))
    assert joined.callback_type == UPDATE_MESSAGE and "Players (2/" in lobby.text
    await answered(broken)  # not by discord.py, which would drop it or fail on it
    assert broken.ephemeral and broken.text == STRAY
    assert records(caplog, logging.WARNING, broken.id)
    assert len(fake_discord.gateway.sessions) == 1 and not bot.is_closed()


async def test_an_interaction_delivered_twice_is_answered_once(
    bot: UnoBot, guild: FakeGuild, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, GUARD)
    lobby = (await guild.members[0].slash("uno new")).response
    assert lobby is not None
    twice = await guild.members[1].deliver_twice(lobby, lobby.custom_id("uno:lobby:join:"))
    assert twice.callback_type == UPDATE_MESSAGE
    # The gateway is read in order: once a later click is answered, the repeat was read.
    await guild.members[2].click(lobby, lobby.custom_id("uno:lobby:join:"))
    assert records(caplog, logging.INFO, twice.id) == [
        f"repeated interaction dropped id={twice.id}"]
    table = bot.manager.get(guild.channel_id)
    assert table is not None and len(table.players) == 3
    # A second callback would be a violation of the fake, failing the test at teardown.


async def test_the_guard_drops_what_the_parser_cannot_parse(caplog: pytest.LogCaptureFixture
                                                      ) -> None:
    parsed: list[Any] = []

    def parse(data: Any) -> None:
        if data.get("broken"):
            raise KeyError("custom_id")
        parsed.append(data["id"])

    guard = InteractionGuard(parse)
    guard({"id": "1", "type": 2, "broken": True})
    guard({"id": "2", "type": 2})
    guard(["not", "an", "object"])
    assert parsed == ["2"]
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert [r.getMessage().split(":")[0] for r in warnings] == [
        "unreadable interaction dropped id=1", "unreadable interaction dropped id=None"]


async def test_the_guard_remembers_the_last_ids_only() -> None:
    parsed: list[str] = []
    guard = InteractionGuard(lambda data: parsed.append(data["id"]), remember=2)
    for interaction_id in ["1", "2", "1", "3", "2", "1"]:
        guard({"id": interaction_id, "type": 2})
    # The repeat of "1" is dropped and keeps it fresh, so "3" pushes "2" out of memory;
    # "2" then comes through again and pushes "1" out.
    assert parsed == ["1", "2", "3", "2", "1"]


async def test_clicks_acknowledged_early_are_parsed_in_order_once_acknowledged() -> None:
    loop = asyncio.get_running_loop()
    parsed: list[str] = []
    all_parsed = asyncio.Event()
    acknowledgements: dict[str, asyncio.Future[None]] = {}

    def parse(data: Any) -> None:
        parsed.append(data["id"])
        if len(parsed) == 11:
            all_parsed.set()

    def received(data: Any) -> asyncio.Future[None] | None:
        if data.get("type") != COMPONENT:
            return None  # not acknowledged early: parsed at once
        sent = acknowledgements[data["id"]] = loop.create_future()
        return sent

    guard = InteractionGuard(parse, received)
    for number in range(10):
        guard({"id": str(number), "type": COMPONENT, "data": {"custom_id": "uno:g:1:1:hand"}})
    guard({"id": "command", "type": 2})
    assert parsed == ["command"]  # the clicks wait for their acknowledgements
    for sent in acknowledgements.values():
        sent.set_result(None)
    await asyncio.wait_for(all_parsed.wait(), 5)
    assert parsed == ["command", *map(str, range(10))]


async def test_a_payload_the_early_acknowledgement_cannot_read_is_dropped(
    caplog: pytest.LogCaptureFixture,
) -> None:
    parsed: list[Any] = []

    def received(data: Any) -> None:
        int(data["id"])

    guard = InteractionGuard(parsed.append, received)
    guard({"id": "not a number", "type": 2})
    assert parsed == []
    assert [r.levelname for r in caplog.records] == ["WARNING"]
