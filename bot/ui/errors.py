"""The one place where a refusal from the domain becomes an ephemeral answer."""

from __future__ import annotations

import logging

import discord

from bot.engine import IllegalAction
from bot.game.errors import TableError
from bot.ui.answers import say

log = logging.getLogger(__name__)


async def refuse(interaction: discord.Interaction, error: TableError | IllegalAction) -> None:
    """Answer a refusal (the domain's, or the engine's ``IllegalAction``) with its
    sentence, seen by the one who tried; nothing changed."""
    log.info(
        "refused code=%s guild=%s channel=%s user=%s",
        error.code, interaction.guild_id, interaction.channel_id, interaction.user.id,
    )
    await say(interaction, error.message)
