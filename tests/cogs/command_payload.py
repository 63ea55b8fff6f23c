"""The slash commands as the bot syncs them (names, descriptions, options, choices and
every localization), built without Discord, and the recorded copy the tests compare
them with (``synced_commands.json``).

After a deliberate change to the commands or to their words in the catalogs, record
the new payload with ``.venv/bin/python -m tests.cogs.command_payload`` and read its
diff before committing it.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import discord
from discord.ext import commands

from bot.app.translator import CatalogTranslator
from bot.i18n.catalogs import load_all
from cogs.uno import Uno

RECORDED = Path(__file__).with_name("synced_commands.json")

ASSIGNED_BY_DISCORD = ("id", "application_id", "version", "guild_id")
"""What Discord adds to a synced command: not part of what the bot sends."""


def as_sent(synced: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Synced commands without what Discord added to them."""
    return [{key: value for key, value in command.items() if key not in ASSIGNED_BY_DISCORD}
            for command in synced]


def recorded() -> list[dict[str, Any]]:
    loaded: list[dict[str, Any]] = json.loads(RECORDED.read_text())
    return loaded


async def built() -> list[dict[str, Any]]:
    """The payload ``tree.sync`` would send, translations included."""
    load_all()
    bot = commands.Bot(command_prefix=[], intents=discord.Intents.none())
    await bot.add_cog(Uno(bot))  # type: ignore[arg-type]  # the payload needs no UnoBot
    translator = CatalogTranslator()
    await bot.tree.set_translator(translator)
    return [await command.get_translated_payload(bot.tree, translator)
            for command in bot.tree.get_commands()]


def record() -> None:
    RECORDED.write_text(json.dumps(asyncio.run(built()), indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    record()
