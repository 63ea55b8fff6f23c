"""The languages the bot speaks: Discord's locale codes, each with its gettext catalog."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Language:
    locale: str
    """Discord's code for it (``interaction.locale``, ``guild.preferred_locale``)."""
    catalog: str
    """The catalog's folder under ``bot/i18n/locales`` (a gettext/Babel locale name)."""
    name: str
    """Its own name for itself, as ``/uno settings language:`` offers it."""


DEFAULT = Language("en-US", "en", "English")
"""The language of the message ids; also what a language we do not ship falls back to."""

LANGUAGES: dict[str, Language] = {
    language.locale: language
    for language in (
        DEFAULT,
        Language("de", "de", "Deutsch"),
        Language("fr", "fr", "Français"),
        Language("es-ES", "es", "Español (España)"),
        Language("es-419", "es_419", "Español (Latinoamérica)"),
        Language("pt-BR", "pt_BR", "Português do Brasil"),
        Language("it", "it", "Italiano"),
        Language("pl", "pl", "Polski"),
        Language("nl", "nl", "Nederlands"),
        Language("ru", "ru", "Русский"),
        Language("tr", "tr", "Türkçe"),
        Language("uk", "uk", "Українська"),
        Language("sv-SE", "sv", "Svenska"),
        Language("cs", "cs", "Čeština"),
        Language("id", "id", "Bahasa Indonesia"),
        Language("vi", "vi", "Tiếng Việt"),
        Language("ja", "ja", "日本語"),
        Language("ko", "ko", "한국어"),
    )
}
"""Every language shipped, by Discord locale code; English first."""

SAME_LANGUAGE = {"en-GB": DEFAULT}
"""Discord locales we do not ship that read one we do."""


def language_of(locale: object) -> Language:
    """The shipped language for a Discord locale (``discord.Locale`` or its code); English
    for any other, or for none."""
    code = str(getattr(locale, "value", locale) or "")
    return LANGUAGES.get(code) or SAME_LANGUAGE.get(code) or DEFAULT
