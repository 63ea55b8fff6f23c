"""Answering a click whether or not it has been acknowledged already.

Discord fails a click that gets no initial response within 3 seconds. A click is
normally answered directly, with the message it asks for (one round trip). When the
bot is busy (many clicks in flight, or another click of the same table still being
worked on), waiting for the table's lock, the save and the drawing could take most of
those seconds; so the click is acknowledged first (deferred: type 6 "update the clicked
message later" on a hand message, type 5 "thinking" for a new private message) and its
answer completes it afterwards. When many clicks arrive at once, a game click is
acknowledged even before discord.py has parsed it (``bot.ui.clicks.early_acks``). Either way,
acknowledgements are webhook calls: they do not count against the bot token's global 50
requests a second.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord

log = logging.getLogger(__name__)

BUSY = 8
"""Clicks in flight in this process from which a new click is acknowledged first."""


class ClickLoad:
    """How many clicks this process is working on (received, not yet answered)."""

    def __init__(self, busy: int = BUSY) -> None:
        self.busy = busy
        self.in_flight = 0

    @contextmanager
    def click(self) -> Iterator[bool]:
        """Around the handling of one click; yields whether the bot is busy."""
        self.in_flight += 1
        try:
            yield self.in_flight > self.busy
        finally:
            self.in_flight -= 1


UNKNOWN_INTERACTION = 10062
"""Discord's answer to a response after its 3 seconds (or to a token it never issued)."""


@contextmanager
def too_late_is_a_warning(interaction: discord.Interaction) -> Iterator[None]:
    """Around answering a click: Discord having given up on it is logged at WARNING
    (the player saw "This interaction failed"; the bot was too busy), not raised."""
    try:
        yield
    except discord.NotFound as error:
        if error.code != UNKNOWN_INTERACTION:
            raise
        answered_too_late(interaction)


def answered_too_late(interaction: discord.Interaction) -> None:
    log.warning("click answered too late guild=%s channel=%s user=%s",
                interaction.guild_id, interaction.channel_id, interaction.user.id)


def on_hand_message(interaction: discord.Interaction) -> bool:
    """The click came from the player's private hand message (answered in place)."""
    message = interaction.message
    return message is not None and message.flags.ephemeral


async def acknowledge(interaction: discord.Interaction) -> None:
    """Defer the answer now: in place on a hand message, else as a private message the
    answer fills in."""
    if interaction.response.is_done():
        return
    if on_hand_message(interaction):
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


async def say(interaction: discord.Interaction, content: str = "", *,
              view: discord.ui.View | None = None, embed: discord.Embed | None = None
              ) -> None:
    """A private sentence (with buttons or an embed) for the one who clicked: the
    initial response, or once acknowledged, the "thinking" message filled in (taken
    away, when everyone sees it: :func:`think_in_public`) or a private followup."""
    parts: dict[str, Any] = {"content": content or None}
    if view is not None:
        parts["view"] = view
    if embed is not None:
        parts["embed"] = embed
    response = interaction.response
    if not response.is_done():
        await response.send_message(ephemeral=True, **parts)
    elif interaction.extras.pop(PUBLIC_THINKING, False):
        await interaction.delete_original_response()  # everyone saw it think: not this
        await interaction.followup.send(ephemeral=True, **parts)
    elif response.type is discord.InteractionResponseType.deferred_channel_message:
        await interaction.edit_original_response(**parts)
    else:
        await interaction.followup.send(ephemeral=True, **parts)


PUBLIC_THINKING = "uno.public_thinking"
"""Marks (in ``Interaction.extras``) an interaction whose "thinking" answer everyone
sees, until its public answer replaces it."""


async def think_in_public(interaction: discord.Interaction) -> None:
    """Defer a command whose answer is for everyone in the channel, when that answer may
    take longer than Discord's 3 seconds. Should a refusal or a failure be said instead
    (:func:`say`), the public "thinking" message makes way for a private one."""
    await interaction.response.defer(thinking=True)
    interaction.extras[PUBLIC_THINKING] = True


async def answer_in_public(interaction: discord.Interaction, content: str, **fields: Any
                           ) -> None:
    """The public answer that replaces the "thinking" of :func:`think_in_public`."""
    await interaction.edit_original_response(content=content, **fields)
    interaction.extras.pop(PUBLIC_THINKING, None)
