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
from typing import Any, cast

import discord
from discord.http import handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context

from bot.ui.messages.controls import Components, Rows


async def edit_original(interaction: discord.Interaction, *, content: str | None = MISSING,
                        rows: Rows | None = MISSING,
                        attachments: Sequence[discord.File] = MISSING) -> int:
    """Edit the interaction's original response (``rows``: its buttons; None: none); its
    message id."""
    with handle_message_parameters(
        content=content, view=_view(rows), attachments=attachments,
        previous_allowed_mentions=interaction._state.allowed_mentions,
    ) as params:
        data = await async_context.get().edit_original_interaction_response(
            interaction.application_id, interaction.token, **_session(interaction),
            payload=params.payload, multipart=params.multipart, files=params.files)
    return int(data["id"])


async def follow_up(interaction: discord.Interaction, content: str, *,
                    embed: discord.Embed | None, rows: Rows,
                    files: Sequence[discord.File], allowed_mentions: discord.AllowedMentions
                    ) -> int:
    """Post a message everyone sees as a follow-up of the interaction; its id."""
    with handle_message_parameters(
        content=content, embed=embed if embed is not None else MISSING, view=_view(rows),
        files=files, allowed_mentions=allowed_mentions,
        previous_allowed_mentions=interaction._state.allowed_mentions,
    ) as params:
        data = await async_context.get().execute_webhook(
            interaction.application_id, interaction.token, **_session(interaction),
            payload=params.payload, multipart=params.multipart, files=params.files,
            thread_id=None, wait=True, with_components=True)
    assert data is not None  # wait=True: Discord answers with the message
    return int(data["id"])


def _view(rows: Rows | None) -> discord.ui.View | None:
    """``rows`` as discord.py's message parameters take a view (``Components``)."""
    if rows is MISSING or rows is None:
        return rows
    return cast(discord.ui.View, Components(rows))


def _session(interaction: discord.Interaction) -> dict[str, Any]:
    http = interaction._state.http
    return {"session": interaction._session, "proxy": http.proxy,
            "proxy_auth": http.proxy_auth}
