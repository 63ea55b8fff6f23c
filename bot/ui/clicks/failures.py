"""Unexpected exceptions in a command or a button: each is answered in one private
sentence, in the reader's language, and logged once with its traceback.

Left to discord.py, an exception in a slash command or a button is only logged and the
player sees "This interaction failed"; one in a DynamicItem's ``interaction_check`` is
not even logged. Refusals (the domain's and the engine's, ``bot.ui.clicks.errors``) are not
failures: they are said where they are raised.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import aiohttp
import discord

from bot.i18n import N_, _
from bot.ui.clicks.answers import say

log = logging.getLogger(__name__)

FAILED = N_("Something went wrong; nothing changed.")

Item = discord.ui.Item[Any]


async def answer_failure(interaction: discord.Interaction, error: BaseException, what: str
                         ) -> None:
    """Log ``error`` at ERROR with its traceback, and tell the one who acted that it
    failed: the answer to the interaction, or once it is acknowledged, the "thinking"
    message filled in or a private followup (``say``). ``what``: the command or the
    custom id, for the log."""
    log.error("interaction failed what=%s guild=%s channel=%s user=%s",
              what, interaction.guild_id, interaction.channel_id, interaction.user.id,
              exc_info=error)
    try:
        await say(interaction, _(FAILED))
    except (discord.HTTPException, aiohttp.ClientError, OSError) as unsaid:
        log.warning("could not say that an interaction failed channel=%s: %r",
                    interaction.channel_id, unsaid)


class Guarded(discord.ui.DynamicItem[Item], template=r"(?!)"):
    """The base of the bot's buttons and menus: subclasses write ``admits`` (may this
    click go on?) and ``act`` instead of discord.py's ``interaction_check`` and
    ``callback``, and any exception in either is answered (:func:`answer_failure`)."""

    async def admits(self, interaction: discord.Interaction) -> bool:
        return True

    async def act(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        try:
            return await self.admits(interaction)
        except Exception as error:
            await answer_failure(interaction, error, self.custom_id)
            return False

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.act(interaction)
        except Exception as error:
            await answer_failure(interaction, error, self.custom_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Item, match: re.Match[str]
    ) -> Guarded:
        return cls(item)
