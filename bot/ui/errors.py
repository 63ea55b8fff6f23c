"""The one place where a refusal from the domain becomes an ephemeral answer, in the
reader's language."""

from __future__ import annotations

import logging
from typing import Protocol, runtime_checkable

import discord

from bot.engine import IllegalAction
from bot.game.errors import TableError
from bot.i18n import translate
from bot.ui.answers import say

log = logging.getLogger(__name__)


@runtime_checkable
class Refusal(Protocol):
    """A refusal below the UI: an English message id and the values of its placeholders
    (``TableError``, ``IllegalAction``, ``OptionsError``)."""

    @property
    def template(self) -> str: ...

    @property
    def params(self) -> dict[str, object]: ...


def refusal_words(error: Refusal) -> str:
    """The refusal's sentence in the language of the moment; a placeholder filled with
    another refusal (the option error behind a bad setting) is said in it too."""
    params = {name: refusal_words(value) if isinstance(value, Refusal) else value
              for name, value in error.params.items()}
    return translate(error.template, **params)


async def refuse(interaction: discord.Interaction, error: TableError | IllegalAction) -> None:
    """Answer a refusal (the domain's, or the engine's ``IllegalAction``) with its
    sentence, seen by the one who tried; nothing changed."""
    log.info(
        "refused code=%s guild=%s channel=%s user=%s",
        error.code, interaction.guild_id, interaction.channel_id, interaction.user.id,
    )
    await say(interaction, refusal_words(error))
