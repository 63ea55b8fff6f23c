"""The commands the bot syncs are the recorded ones, word for word and in every
language: building ``/uno new`` and ``/uno settings`` from the option descriptions
changes nothing a Discord user sees (to record a deliberate change, see
``tests.cogs.command_payload``)."""

from __future__ import annotations

from bot.app.client import UnoBot
from tests.cogs.command_payload import as_sent, built, recorded
from tests.fakediscord import FakeDiscord


async def test_the_bot_syncs_the_recorded_commands(bot: UnoBot, fake_discord: FakeDiscord
                                                   ) -> None:
    assert as_sent(fake_discord.commands[None]) == recorded()


async def test_the_recorded_commands_are_built_without_discord() -> None:
    """So recording them again (``python -m tests.cogs.command_payload``) records what
    the bot syncs."""
    assert await built() == recorded()
