"""Clicks the bot will not act on, answered in one short ephemeral sentence each.

- A custom id in the bot's namespace (``uno:``) that no handler understands: a button
  of an older version of the bot, a cut-off id, a number too large to be an id. The
  catch-all :class:`StrayControl` answers those that match no handler's template; a
  handler whose template matches but whose fields make no sense sets ``understood``
  to False and :class:`ChannelBound` answers the same way.
- A game or lobby button clicked in another channel (or server) than the one its
  custom id names: :class:`ChannelBound` refuses it before any handler runs.
- A forged payload: a menu's id sent as a button or the other way round, a menu with
  no choice or a choice it never offered (:class:`bot.ui.messages.controls.GameControl`), or one
  discord.py cannot act on at all (:class:`PayloadRefusals`).

discord.py runs every DynamicItem whose template matches a custom id (each run rebuilds
the clicked message's view), so the catch-all's template excludes every handler's: one
run and one answer per click.
"""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import aiohttp
import discord

from bot.i18n import N_, _, speaking
from bot.ui.clicks.answers import say
from bot.ui.clicks.early_acks import EPHEMERAL, adopt
from bot.ui.clicks.failures import Guarded
from bot.ui.delivery.background import in_background
from bot.ui.discord_internals import item_template, respond, set_item_template

log = logging.getLogger(__name__)

NAMESPACE = "uno:"
STRAY = N_("That button is from an older message of the bot; "
           "press My hand on the table, or start with /uno new.")
ELSEWHERE = N_("That button belongs to a game in another channel.")
CHANNEL_MESSAGE = discord.InteractionResponseType.channel_message.value
MAX_ID = 2**63 - 1
"""The largest id (channel, state version) a custom id may carry: storage keeps them
as signed 64-bit integers."""

Item = discord.ui.Item[Any]


def named_channel(match: re.Match[str], makes_sense: bool = True) -> int | None:
    """The channel a custom id's ``channel`` field names, or None when the id is not
    understood: it makes no sense, or its channel or version is out of range."""
    channel, version = int(match["channel"]), int(match["version"])
    return channel if makes_sense and channel <= MAX_ID and version <= MAX_ID else None


async def answer(interaction: discord.Interaction, custom_id: str, sentence: str,
                 reason: str) -> None:
    """Answer ephemerally with ``sentence`` (English marked ``N_``, said in the clicker's
    language); Discord refusing the answer is logged at WARNING, not taken for a failure
    of the bot."""
    log.info("click not acted on reason=%s guild=%s channel=%s user=%s custom_id=%r",
             reason, interaction.guild_id, interaction.channel_id, interaction.user.id,
             custom_id)
    try:
        await say(interaction, _(sentence))
    except discord.HTTPException as error:
        log.warning("could not answer a click reason=%s channel=%s status=%s code=%s",
                    reason, interaction.channel_id, error.status, error.code)


class ChannelBound(Guarded, template=r"(?!)"):
    """A button whose custom id names the channel of its game or lobby. Subclasses set
    ``named_channel`` in ``from_custom_id`` (with :func:`named_channel`); this check
    runs before their callback, so a refused click changes nothing."""

    named_channel: int | None = None
    """The channel the clicked custom id names; None when the id is not understood."""

    async def admits(self, interaction: discord.Interaction) -> bool:
        if not await adopt(interaction):  # acknowledged early, too late for Discord
            return False
        if self.named_channel is None:
            await answer(interaction, self.custom_id, STRAY, "not understood")
            return False
        if self.named_channel != interaction.channel_id:
            await answer(interaction, self.custom_id, ELSEWHERE, "another channel")
            return False
        return True


class PayloadRefusals:
    """Answers, with :data:`STRAY`, component payloads discord.py would drop without a
    word (``bot.app.gateway_guard`` finds them: no readable custom id, or none of that
    type on the clicked message, such as a menu's id sent as a button). Said privately
    in the sender's language, from the payload's id and token alone."""

    def __init__(self, http: Any) -> None:
        """``http``: discord.py's HTTP client."""
        self.http = http
        self._answering: set[asyncio.Task[None]] = set()

    def __call__(self, data: dict[str, Any]) -> None:
        interaction_id, token = int(data["id"]), str(data["token"])
        with speaking(data.get("locale")):
            content = _(STRAY)
        in_background(self._answer(interaction_id, token, content), self._answering)

    async def _answer(self, interaction_id: int, token: str, content: str) -> None:
        try:
            await respond(self.http, interaction_id, token, CHANNEL_MESSAGE,
                          {"content": content, "flags": EPHEMERAL})
        except (discord.HTTPException, aiohttp.ClientError, OSError) as error:
            log.warning("could not refuse an unreadable interaction id=%s: %r",
                        interaction_id, error)


class StrayControl(Guarded, template=r"uno:.*"):
    """Any button of the bot's namespace that no handler's template takes: its template
    is narrowed to those by :func:`register`, so discord.py runs it (and rebuilds the
    clicked message's view for it) only for such clicks, never beside a handler."""

    async def act(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.custom_id, STRAY, "no handler")


def unhandled(*items: type[discord.ui.DynamicItem[Any]]) -> re.Pattern[str]:
    """The ids of the namespace that none of ``items``' templates matches whole."""
    templates = "|".join(re.sub(r"\(\?P<\w+>", "(?:", item_template(item).pattern)
                         for item in items)  # unnamed groups: names repeat across templates
    return re.compile(rf"(?!(?:{templates})\Z){NAMESPACE}.*")


def register(bot: discord.Client, *items: type[discord.ui.DynamicItem[Any]]) -> None:
    """Add the bot's DynamicItems, and the catch-all for ids none of them takes."""
    set_item_template(StrayControl, unhandled(*items))
    bot.add_dynamic_items(*items, StrayControl)
