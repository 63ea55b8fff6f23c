"""MESSAGE_CREATE read straight from the gateway, without discord.py's parser.

The bot needs the messages made in its channels for one thing only: finding the copy
that a follow-up sent again after a lost answer left (``bot.ui.delivery.trail``). discord.py
would build a whole ``Message`` of each (author, embeds, components, attachments) and
start a task for every ``on_message`` listener, its prefix commands' among them: at 200
tables, where every move posts a table and so makes a message, that was about 6% of the
bot's CPU. So its parser is replaced by one that reads the few fields the trail needs;
nothing in the bot listens for ``on_message``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from bot.ui.delivery.trail import Seen
from bot.ui.discord_internals import set_gateway_parser

log = logging.getLogger(__name__)

EVENT = "MESSAGE_CREATE"


def watch_messages(client: discord.Client, seen: Callable[[Seen], None]) -> None:
    """Hand every message made in a channel to ``seen`` in place of ``client``'s parser,
    on every connection of every shard (``set_gateway_parser``)."""

    def parse(data: Any) -> None:
        message = read(data)
        if message is None:
            return
        try:
            seen(message)
        except Exception:  # a parser that raises would end the gateway connection
            log.exception("a message seen on the gateway could not be handled")

    set_gateway_parser(client, EVENT, parse)


def read(data: Any) -> Seen | None:
    """The message in a MESSAGE_CREATE payload, or None (with a warning) if the payload
    is not one."""
    try:
        made_by = data.get("interaction_metadata")
        return Seen(
            message_id=int(data["id"]),
            channel_id=int(data["channel_id"]),
            made_by=int(made_by["id"]) if made_by is not None else None,
            content=str(data.get("content") or ""),
            buttons=bool(data.get("components")),
        )
    except (AttributeError, KeyError, TypeError, ValueError):
        log.warning("unreadable message dropped: %.200r", data)
        return None
