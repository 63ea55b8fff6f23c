"""Slash commands in the user's language: discord.py asks this translator for every name,
description and choice of every command, for each of Discord's locales, when it builds the
payload it syncs; Discord then shows each user the words of their own locale.

Each kind of text has its own gettext context in the catalogs ("command name", "option
description", ...), because Discord holds names to stricter rules than descriptions
(lower case, no spaces, at most 32 characters) and the same English word can be both.
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT, LANGUAGES
from bot.i18n.catalogs import translations

CONTEXTS: dict[Where, str] = {
    Where.command_name: "command name",
    Where.group_name: "command name",
    Where.command_description: "command description",
    Where.group_description: "command description",
    Where.parameter_name: "option name",
    Where.parameter_description: "option description",
    Where.choice_name: "choice",
    Where.other: "command",
}
NAMES = ("command name", "option name")
"""Contexts whose texts Discord takes only in lower case, without spaces, up to 32 long."""


class CatalogTranslator(app_commands.Translator):
    """Commands' words from the catalogs; None (Discord shows the English) for a locale
    we do not ship or a text its catalog leaves as it is."""

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = LANGUAGES.get(locale.value)
        if language is None or language is DEFAULT:
            return None
        said = translations(language.catalog).pgettext(CONTEXTS[context.location],
                                                       string.message)
        return None if said == string.message else said
