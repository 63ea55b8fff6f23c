"""A busy bot acknowledges each click first and completes it after: the acknowledgement
never waits for a table's lock, a save or a picture, and a click Discord has already
given up on changes nothing."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.ui.clicks.answers import ClickLoad
from bot.ui.clicks.early_acks import EarlyAcks
from tests.fakediscord import (
    FakeDiscord,
    FakeGuild,
    FakeMember,
    Interaction,
    StoredMessage,
    answered,
)
from tests.ui.game_helpers import Playing, card_button, position, start_game, table_button

DEFERRED_UPDATE, DEFERRED_MESSAGE = 6, 5
MESSAGE_COMPONENT = 3
FILL = ["g7", "g8", "g9", "b1", "b2", "b3"] * 4


async def two_players(bot: UnoBot, guild: FakeGuild, fake: FakeDiscord, clock: FakeClock
                      ) -> tuple[Playing, str, str]:
    session = await start_game(guild, bot, fake, clock, 2)
    ana, ben = (str(m.id) for m in session.members)
    await session.set_position(position(
        "classic", [ana, ben], hands={ana: ["r3", "r4", "y7"], ben: ["r1", "y2", "b5"]},
        discard=["r9"], draw=FILL, current=ana))
    return session, ana, ben


async def ana_with_her_hand(bot: UnoBot, guild: FakeGuild, fake: FakeDiscord, clock: FakeClock
                            ) -> tuple[Playing, FakeMember, StoredMessage]:
    """``two_players``, and the first player's hand message opened."""
    session, ana, _ = await two_players(bot, guild, fake, clock)
    member = session.member(ana)
    return session, member, await session.open_hand(member)


def when_parsed(bot: UnoBot) -> asyncio.Event:
    """Set once discord.py has parsed the next interaction (a busy bot parses a click
    once its acknowledgement is done)."""
    guard, parsed = bot.interaction_guard, asyncio.Event()
    parse = guard.parse

    def parse_and_tell(data: Any) -> None:
        parse(data)
        parsed.set()

    guard.parse = parse_and_tell
    return parsed


async def test_a_busy_bot_defers_every_kind_of_click_and_completes_each(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, ana, _ = await two_players(bot, guild, fake_discord, clock)
    bot.clicks.busy = 0  # every click finds the bot busy
    table = session.table_message()
    member = session.member(ana)

    opened = await answered(await member.click(table, table_button(table, "hand")), whole=True)
    assert opened.callback_type == DEFERRED_MESSAGE and opened.ephemeral
    assert opened.response is not None and "r3" in " ".join(opened.response.custom_ids())
    hand = opened.response

    played = await answered(await member.click(hand, card_button(hand, "play", "r3")), whole=True)
    assert played.callback_type == DEFERRED_UPDATE and played.edits
    assert session.game.discard_pile[-1] == "r3"
    assert "r3" not in " ".join(hand.custom_ids())  # the hand message, completed in place

    caught = await answered(await member.click(table, table_button(table, "catch")), whole=True)
    assert caught.callback_type == DEFERRED_MESSAGE
    assert "nobody" in caught.said.lower()  # the "thinking" message filled with the refusal

    rules = await answered(await member.click(table, table_button(table, "rules")), whole=True)
    assert rules.callback_type == DEFERRED_MESSAGE
    assert rules.response is not None and "Rules of this game" in str(rules.response.payload)


async def test_a_click_on_a_table_being_changed_is_acknowledged_before_the_lock_is_free(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, member, hand = await ana_with_her_hand(bot, guild, fake_discord, clock)
    version = session.table.version
    async with bot.manager.registry.lock(session.channel_id):  # another click at work
        click = await member.click(hand, card_button(hand, "play", "r3"), wait=False)
        await asyncio.wait_for(asyncio.shield(click.answered), 5)
        assert click.callback_type == DEFERRED_UPDATE
        assert session.table.version == version  # acknowledged, not applied yet
    await answered(click, whole=True)
    assert session.game.discard_pile[-1] == "r3" and click.edits


async def test_a_click_discord_gave_up_on_changes_nothing_and_is_only_a_warning(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    session, member, hand = await ana_with_her_hand(bot, guild, fake_discord, clock)
    version, top = session.table.version, session.game.discard_pile[-1]
    bot.clicks.busy = 0
    fake_discord.fail_next("POST", "/callback", 404, 10062, "Unknown interaction")
    parsed = when_parsed(bot)
    with caplog.at_level(logging.WARNING):
        refused = fake_discord.expect_call(lambda call: call.path.endswith("/callback"))
        click = await member.click(hand, card_button(hand, "play", "r3"), wait=False)
        await asyncio.wait_for(refused, 5)  # the acknowledgement, answered 10062
        await asyncio.wait_for(parsed.wait(), 5)  # then discord.py parses the click
        assert click.handlers is not None
        await asyncio.wait_for(asyncio.gather(*click.handlers), 5)
    assert (session.table.version, session.game.discard_pile[-1]) == (version, top)
    assert [r.levelname for r in caplog.records if "too late" in r.getMessage()] == ["WARNING"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_busy_bot_acknowledges_a_game_click_before_discord_py_has_parsed_it(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, member, hand = await ana_with_her_hand(bot, guild, fake_discord, clock)
    guard = bot.interaction_guard
    parse, held, acknowledged_first = guard.parse, list[Any](), asyncio.Event()
    clicks: list[Interaction] = []

    def hold(data: Any) -> None:  # discord.py would parse it now
        held.append(data)
        if clicks and clicks[0].callback_type == DEFERRED_UPDATE:
            acknowledged_first.set()

    guard.parse = hold
    bot.clicks.busy = 0
    click = await member.click(hand, card_button(hand, "play", "r3"), wait=False)
    clicks.append(click)
    await asyncio.wait_for(acknowledged_first.wait(), 5)
    assert len(held) == 1 and session.game.discard_pile[-1] == "r9"  # nothing applied yet

    guard.parse = parse
    parse(held[0])  # now discord.py parses it: the handler completes the acknowledged click
    await answered(click, whole=True)
    assert session.game.discard_pile[-1] == "r3" and click.edits
    assert "r3" not in " ".join(hand.custom_ids())  # the one callback, then the edit


async def test_an_idle_bot_answers_a_click_directly_and_a_busy_one_only_its_game_clicks_early(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, member, hand = await ana_with_her_hand(bot, guild, fake_discord, clock)
    table = session.table_message()
    rules = await answered(await member.click(table, table_button(table, "rules")))
    assert rules.callback_type == 4  # answered in the one callback, not acknowledged first

    acks = EarlyAcks(ClickLoad(busy=0), bot.http)
    payload = member.interaction_payload(
        fake_discord.new_interaction(MESSAGE_COMPONENT, member.user, session.channel_id),
        {"custom_id": "uno:lb:wins:all:1", "component_type": 2}, hand.payload)
    acks.received(payload)  # busy, but not a game click: left to its handler
    assert acks.sent_early == set()


async def test_a_click_never_handled_stops_counting_after_discords_three_seconds(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, member, hand = await ana_with_her_hand(bot, guild, fake_discord, clock)
    moments = iter([0.0, 1.0, 4.5])
    acks = EarlyAcks(ClickLoad(busy=1), bot.http, now=lambda: next(moments))

    clicks: list[Interaction] = []
    for _ in range(3):
        click = fake_discord.new_interaction(MESSAGE_COMPONENT, member.user, session.channel_id)
        click.source_message = fake_discord.message(hand.id)
        clicks.append(click)
    first, second, third = (member.interaction_payload(
        c, {"custom_id": card_button(hand, "play", "r4"), "component_type": 2}, hand.payload)
        for c in clicks)
    acks.received(first)  # at 0 s: one click waiting, not busy
    acks.received(second)  # at 1 s: two waiting, busy: acknowledged early
    assert acks.sent_early == {clicks[1].id}
    acks.received(third)  # at 4.5 s: the first two are past Discord's 3 s
    assert acks.sent_early == {clicks[1].id}  # one waiting: not busy; the acknowledgement
    # is kept for its handler, however late it comes
    await answered(clicks[1])
    assert [c.callback_type for c in clicks] == [None, DEFERRED_UPDATE, None]


async def test_a_click_handled_after_three_seconds_completes_its_early_acknowledgement(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """A starved event loop reaches a click acknowledged early only after Discord's 3 s,
    once later clicks have come in: it completes that acknowledgement, never answers the
    click a second time."""
    session, member, hand = await ana_with_her_hand(bot, guild, fake_discord, clock)
    guard, acks = bot.interaction_guard, bot.early_acks
    parse, held, handed_on = guard.parse, list[Any](), asyncio.Event()
    seconds = [0.0]
    acks.now = lambda: seconds[0]

    def hold(data: Any) -> None:  # discord.py would parse it now
        held.append(data)
        handed_on.set()

    guard.parse = hold
    bot.clicks.busy = 0
    click = await member.click(hand, card_button(hand, "play", "r3"), wait=False)
    await asyncio.wait_for(handed_on.wait(), 5)
    assert click.callback_type == DEFERRED_UPDATE and len(held) == 1

    seconds[0] = 4.0  # another click arrives past the first one's 3 s
    later = fake_discord.new_interaction(MESSAGE_COMPONENT, member.user, session.channel_id)
    later.source_message = fake_discord.message(hand.id)
    acks.received(member.interaction_payload(
        later, {"custom_id": card_button(hand, "play", "r4"), "component_type": 2},
        hand.payload))
    guard.parse = parse
    parse(held[0])  # the first click's handler, at last
    await answered(click, whole=True)
    assert session.game.discard_pile[-1] == "r3" and click.edits
    assert fake_discord.violations == []
