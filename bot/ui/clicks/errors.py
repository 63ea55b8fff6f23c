"""The one place where a refusal from the domain becomes an ephemeral answer, in the
reader's language."""

from __future__ import annotations

import logging

import discord

from bot.engine import IllegalAction, OptionsError
from bot.game.errors import TableError
from bot.game.guild_settings import SettingError
from bot.i18n import _, translate
from bot.ui.clicks.answers import say
from bot.ui.words.rule_words import OPTION_ERROR_WORDS, refusal_sentence

log = logging.getLogger(__name__)


Refusal = TableError | IllegalAction | OptionsError
"""A refusal below the UI: the table service's and the settings' carry their own message
id (``template``), the engine's a code the UI words (``bot.ui.words.rule_words``)."""


def refusal_words(error: Refusal) -> str:
    """The refusal's sentence in the language of the moment; a placeholder filled with
    another refusal (the option error behind a bad setting) is said in it too."""
    if isinstance(error, IllegalAction):
        return _(refusal_sentence(error))
    template = error.template if isinstance(error, TableError | SettingError) \
        else OPTION_ERROR_WORDS[error.code]
    params = {name: refusal_words(value) if isinstance(value, Refusal) else value
              for name, value in error.params.items()}
    return translate(template, **params)


async def refuse(interaction: discord.Interaction, error: TableError | IllegalAction) -> None:
    """Answer a refusal (the domain's, or the engine's ``IllegalAction``) with its
    sentence, seen by the one who tried; nothing changed."""
    log.info(
        "refused code=%s guild=%s channel=%s user=%s",
        error.code, interaction.guild_id, interaction.channel_id, interaction.user.id,
    )
    await say(interaction, refusal_words(error))
