"""What the channels hear after a restart: each game goes on, or could not be restored."""

from __future__ import annotations

import logging

import discord

from bot.game.ports import BadRow
from bot.game.table import Phase, Table
from bot.ui.services import UnoClient

log = logging.getLogger(__name__)

RESTORED = "♻️ The bot restarted; the game goes on."
CLOSED = "This UNO game could not be restored after a restart and was closed."


async def announce_restart(bot: UnoClient, tables: list[Table], unreadable: list[BadRow]) -> None:
    """Tell each channel whose game could not be restored that it was closed (now, so the
    note is out before anyone clicks), and have the board post each restored game's
    table afresh below a note (in the background, like every table update)."""
    for row in unreadable:
        try:
            await bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id).send(CLOSED)
        except discord.HTTPException as error:
            log.warning("cannot tell channel %s (guild %s) its game was closed: status %s",
                        row.channel_id, row.guild_id, error.status)
    for table in tables:
        if table.phase is Phase.PLAYING:
            bot.board.restored(table, RESTORED)
