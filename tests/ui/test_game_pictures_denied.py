"""A channel where the bot lacks Attach Files: the game goes on in text, without an error."""

from __future__ import annotations

import logging

import pytest

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from tests.conftest import MEMBER_NAMES
from tests.fakediscord import FakeDiscord, FakeGuild, add_guild
from tests.fakediscord.permissions import ATTACH_FILES
from tests.ui.game_helpers import card_button, position
from tests.ui.test_game_cards import FILL, two_or_three
from tests.ui.test_game_pictures import no_pictures


@pytest.fixture
def guild(fake_discord: FakeDiscord) -> FakeGuild:
    """The games' channel (the first) denies the bot's role Attach Files."""
    return add_guild(fake_discord, MEMBER_NAMES, channels=2, moderators=1,
                     without_attach_files=(0,))


async def test_no_attach_files_means_text_only_and_no_error(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, logger="bot.ui.delivery.pictures")
    assert not fake_discord.app_permissions(guild.channel_id) & ATTACH_FILES
    session, (a, b) = await two_or_three(guild, bot, fake_discord, clock, 2)
    assert session.table.images is True  # wanted, but not allowed here
    await session.set_position(position(
        "classic", [a, b], hands={a: ["wild", "r3"], b: ["y1", "y2"]},
        discard=["r9"], draw=FILL, current=a))
    ana = session.member(a)
    hand = await session.open_hand(ana)
    await session.click(ana, hand, card_button(hand, "play", "r3"))
    await session.settle()
    hand_b = await session.open_hand(session.member(b))
    assert "Top card **red 3**" in session.table_message().text
    assert "Your hand" in hand.content and "Your hand" in hand_b.content
    assert all(no_pictures(m) for m in fake_discord.messages.values())
    assert not any(call.files for call in fake_discord.calls)
    told = [r for r in caplog.records if r.name == "bot.ui.delivery.pictures"]
    assert len(told) == 1 and told[0].levelno == logging.INFO  # once, not an error
    assert "text only" in told[0].getMessage()
    assert fake_discord.violations == []
