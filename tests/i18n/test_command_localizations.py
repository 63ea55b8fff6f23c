"""Slash commands in the user's language: the bot syncs every command, option and choice
with Discord's localizations from the catalogs, and a catalog change is synced again."""

from __future__ import annotations

from typing import Any

from bot.app.client import UnoBot
from bot.app.translator import CatalogTranslator
from bot.i18n import DEFAULT, LANGUAGES, speaking
from bot.i18n.catalogs import translations
from bot.ui.words.text import COMMANDS, commands
from tests.fakediscord import FakeDiscord

SHIPPED = [language for language in LANGUAGES.values() if language != DEFAULT]


def synced_uno(fake: FakeDiscord) -> dict[str, Any]:
    (uno,) = [c for c in fake.commands[None] if c["name"] == "uno"]
    return uno


def said(locale: str, context: str, english: str) -> str | None:
    """What the catalog says for ``english``; None where it leaves the English."""
    text = translations(LANGUAGES[locale].catalog).pgettext(context, english)
    return None if text == english else text


def test_every_localization_comes_from_its_catalog(
    bot: UnoBot, fake_discord: FakeDiscord
) -> None:
    uno = synced_uno(fake_discord)
    checked = 0
    for sub in uno["options"]:
        for language in SHIPPED:
            locale = language.locale
            assert sub.get("name_localizations", {}).get(locale) == said(
                locale, "command name", sub["name"])
            assert sub["description_localizations"].get(locale) == said(
                locale, "command description", sub["description"])
            for option in sub.get("options", []):
                assert option.get("name_localizations", {}).get(locale) == said(
                    locale, "option name", option["name"])
                for choice in option.get("choices", []):
                    assert choice.get("name_localizations", {}).get(locale) == said(
                        locale, "choice", choice["name"])
                checked += 1
    assert checked > 100
    assert not any(set(sub.get("description_localizations", {})) - {
        lang.locale for lang in SHIPPED} for sub in uno["options"])  # none unshipped


def test_commands_read_in_german_and_french_and_english_elsewhere(
    bot: UnoBot, fake_discord: FakeDiscord
) -> None:
    uno = synced_uno(fake_discord)
    assert set(uno["description_localizations"]) >= {"de", "fr", "ja", "pt-BR", "es-419"}
    new = next(sub for sub in uno["options"] if sub["name"] == "new")
    for locale in ("de", "fr"):
        assert new["name_localizations"][locale] not in ("new", "")
        assert new["description_localizations"][locale] != new["description"]
    assert "zh-CN" not in new["description_localizations"]  # a locale we do not ship
    assert "en-GB" not in new["description_localizations"]  # English is the default


async def test_the_language_choices_name_each_language_in_its_own_words(
    bot: UnoBot, fake_discord: FakeDiscord
) -> None:
    settings = next(sub for sub in synced_uno(fake_discord)["options"]
                    if sub["name"] == "settings")
    language = next(o for o in settings["options"] if o["name"] == "language")
    named = {choice["value"]: choice for choice in language["choices"]}
    assert named["de"]["name"] == "Deutsch" and named["ja"]["name"] == "日本語"
    assert "name_localizations" not in named["de"] or not named["de"]["name_localizations"]
    assert len(named) == len(LANGUAGES) + 1  # and "Discord's server language"


async def test_a_catalog_change_is_synced_again(
    bot: UnoBot, fake_discord: FakeDiscord
) -> None:
    """The sync record hashes the translated payload: new words are new localizations."""
    assert await bot.sync_commands() is False

    class Changed(CatalogTranslator):
        """German as the catalog says it, with one more letter on every name."""

        async def translate(self, string: Any, locale: Any, context: Any) -> str | None:
            found = await super().translate(string, locale, context)
            return found + "x" if found and locale.value == "de" else found

    before = synced_uno(fake_discord)["options"][0]["name_localizations"]["de"]
    await bot.tree.set_translator(Changed())
    assert await bot.sync_commands() is True
    assert synced_uno(fake_discord)["options"][0]["name_localizations"]["de"] == before + "x"


def test_help_lists_every_command_by_the_name_each_language_shows(
    bot: UnoBot, fake_discord: FakeDiscord
) -> None:
    subs = {sub["name"]: sub for sub in synced_uno(fake_discord)["options"]}
    assert {command for command, _, _ in COMMANDS} == set(subs)
    for command, option, _ in COMMANDS:
        assert option is None or option in {o["name"] for o in subs[command]["options"]}
    new = subs["new"]
    with speaking("de"):
        assert f"`/uno {new['name_localizations']['de']}` " in commands()
