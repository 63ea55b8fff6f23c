"""The rules Discord holds a synced slash command to, localizations included
(``PUT /applications/{id}/commands``: 50035 Invalid Form Body when one is broken).

Names (commands, subcommands, options) are 1 to 32 letters, digits, ``-`` or ``_``, in
lower case where the script has case, in every locale; descriptions are 1 to 100
characters; a choice's name is 1 to 100; localizations are keyed by Discord's locales
only; the option names of one command are distinct in every locale.
"""

from __future__ import annotations

import re
from typing import Any

LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi",
    "th", "zh-CN", "ja", "zh-TW", "ko",
})
"""Discord's locales (https://discord.com/developers/docs/reference#locales)."""
NAME = re.compile(r"^[-_'\w\u0900-\u097f\u0e00-\u0e7f]{1,32}$")
"""``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``; ``\\w`` also lets ``_`` and
marks through, which is near enough for a test double."""
MAX_DESCRIPTION = 100
MAX_CHOICE_NAME = 100
MAX_OPTIONS = 25
SUBCOMMAND_KINDS = (1, 2)


def command_problems(commands: list[dict[str, Any]]) -> dict[str, str]:
    """Field path -> what is wrong with the commands of one PUT; empty when all is fine."""
    problems: dict[str, str] = {}
    for index, command in enumerate(commands):
        _check_named(command, f"{index}", problems)
        _check_options(command.get("options") or [], f"{index}.options", problems)
    return problems


def _check_named(item: dict[str, Any], path: str, problems: dict[str, str]) -> None:
    """A command's or option's name and description, with their localizations."""
    for locale, name in [(None, item.get("name")), *(item.get("name_localizations") or {})
                         .items()]:
        where = f"{path}.name" + (f"_localizations.{locale}" if locale else "")
        if locale is not None and locale not in LOCALES:
            problems[where] = f"Invalid locale {locale!r}."
        elif not isinstance(name, str) or not NAME.match(name) or name != name.lower():
            problems[where] = f"Invalid name {name!r}: 1-32 lower-case letters, digits, - or _."
    for locale, text in [(None, item.get("description")),
                         *(item.get("description_localizations") or {}).items()]:
        where = f"{path}.description" + (f"_localizations.{locale}" if locale else "")
        if locale is not None and locale not in LOCALES:
            problems[where] = f"Invalid locale {locale!r}."
        elif not isinstance(text, str) or not 1 <= len(text) <= MAX_DESCRIPTION:
            problems[where] = f"Must be between 1 and {MAX_DESCRIPTION} in length."


def _check_options(options: list[dict[str, Any]], path: str, problems: dict[str, str]) -> None:
    if len(options) > MAX_OPTIONS:
        problems[path] = f"Must be {MAX_OPTIONS} or fewer in length."
    for locale in {None, *LOCALES}:
        names = [_name_in(option, locale) for option in options]
        if len(set(names)) != len(names):
            problems[f"{path}.name_localizations.{locale or 'default'}"] = (
                f"Option names must be unique: {sorted(names)}")
    for index, option in enumerate(options):
        where = f"{path}.{index}"
        _check_named(option, where, problems)
        for number, choice in enumerate(option.get("choices") or []):
            for locale, name in [(None, choice.get("name")),
                                 *(choice.get("name_localizations") or {}).items()]:
                spot = f"{where}.choices.{number}.name" + (
                    f"_localizations.{locale}" if locale else "")
                if locale is not None and locale not in LOCALES:
                    problems[spot] = f"Invalid locale {locale!r}."
                elif not isinstance(name, str) or not 1 <= len(name) <= MAX_CHOICE_NAME:
                    problems[spot] = f"Must be between 1 and {MAX_CHOICE_NAME} in length."
        if option.get("type") in SUBCOMMAND_KINDS:
            _check_options(option.get("options") or [], f"{where}.options", problems)


def _name_in(option: dict[str, Any], locale: str | None) -> str:
    """The option's name as a user of ``locale`` sees it."""
    localized = (option.get("name_localizations") or {}).get(locale) if locale else None
    return str(localized or option.get("name"))
