"""The interaction-token calls made on every move, without reading Discord's answer
into a Message.

discord.py builds a whole ``Message`` from the answer to each edit and follow-up (its
author, embeds, components, attachments; and it stores the message's view), about half
a millisecond of the event loop each. A hand refresh needs nothing of it, and a new
table message or a completed answer only its id; they are most of the bot's calls. The
request itself is discord.py's, as ``Interaction.edit_original_response`` and
``Webhook.send`` make it (the same parameters, adapter, session and rate limits).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord.utils import MISSING

from bot.ui.discord_internals import Components, edit_original_response, send_follow_up
from bot.ui.messages.controls import Rows, components


async def edit_original(interaction: discord.Interaction, *, content: str | None = MISSING,
                        rows: Rows | None = MISSING,
                        attachments: Sequence[discord.File] = MISSING) -> int:
    """Edit the interaction's original response (``rows``: its buttons; None: none); its
    message id."""
    data = await edit_original_response(interaction, content=content,
                                        components=_components(rows), attachments=attachments)
    return int(data["id"])


async def follow_up(interaction: discord.Interaction, content: str, *,
                    embed: discord.Embed | None, rows: Rows,
                    files: Sequence[discord.File], allowed_mentions: discord.AllowedMentions
                    ) -> int:
    """Post a message everyone sees as a follow-up of the interaction; its id."""
    data = await send_follow_up(interaction, content, embed=embed, components=components(rows),
                                files=files, allowed_mentions=allowed_mentions)
    return int(data["id"])


def _components(rows: Rows | None) -> Components | None:
    """``rows`` as Discord's components (MISSING and None as they are)."""
    if rows is MISSING or rows is None:
        return rows
    return components(rows)
