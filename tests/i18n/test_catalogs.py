"""The catalogs cannot rot: every language ships every message the code says, nothing
the code no longer says, each message whole (every plural form), with the English's
placeholders, and within Discord's limits.

The English comes from ``tools.catalogs.template()``: the same extraction that writes
the catalogs, run on the code as it is now.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from functools import cache

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from bot.app.translator import NAMES
from bot.i18n import DEFAULT, LANGUAGES
from bot.i18n.catalogs import po_path
from tools.catalogs import TEMPLATE, template

SHIPPED = [language.catalog for language in LANGUAGES.values() if language != DEFAULT]
NAME_LIMIT = 32
LIMITS = {"button": 80, "colour button": 80, "command description": 100, "option description": 100,
          "choice": 100}
"""Discord's limits by message context: a button's label, a command's texts."""
CONTENT_LIMIT = 2000


@cache
def english() -> Catalog:
    return template()


@cache
def shipped(catalog: str) -> Catalog:
    with po_path(catalog).open("rb") as po:
        return read_po(po, locale=catalog)


def ids(message: Message) -> list[str]:
    """The English: one text, or the singular and the plural."""
    return [message.id] if isinstance(message.id, str) else list(message.id)


def key(message: Message) -> tuple[str | None, str]:
    return message.context, ids(message)[0]


def fields(text: str) -> set[str]:
    """The placeholders of a ``str.format`` text; raises ValueError for stray braces."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def forms(message: Message) -> list[str]:
    """The translation: one text, or one per plural form."""
    found = message.string
    return [found or ""] if not isinstance(found, (list, tuple)) else list(found)


def translated(catalog: str) -> Iterator[tuple[Message, str]]:
    """Each filled-in translation of the catalog (every plural form), with its message."""
    for message in shipped(catalog):
        if message.id:
            for text in filter(None, forms(message)):
                yield message, text


def english_fields(message: Message) -> set[str]:
    return set().union(*(fields(text) for text in ids(message)))


def test_shipped_languages_are_sixteen_or_more_and_each_has_a_catalog() -> None:
    assert len(SHIPPED) >= 16
    assert all(po_path(catalog).is_file() for catalog in SHIPPED)


def test_the_template_in_the_repository_is_current() -> None:
    with TEMPLATE.open("rb") as pot:
        written = read_po(pot)
    assert sorted((key(m) for m in written if m.id), key=str) == sorted(
        (key(m) for m in english() if m.id), key=str), (
        "run `python -m tools.catalogs update`")


def test_english_placeholders_are_named_and_well_formed() -> None:
    for message in english():
        if not message.id:
            continue
        for text in ids(message):
            assert "" not in fields(text), f"positional placeholder in {text!r}"
            assert all(name.isidentifier() for name in fields(text)), text


@pytest.mark.parametrize("catalog", SHIPPED)
def test_catalog_has_every_message_and_no_stale_one(catalog: str) -> None:
    wanted = {key(m) for m in english() if m.id}
    found = {key(m) for m in shipped(catalog) if m.id}
    assert sorted(wanted - found, key=str) == [], "missing: run `python -m tools.catalogs update`"
    assert sorted(found - wanted, key=str) == [], "stale: run `python -m tools.catalogs update`"


@pytest.mark.parametrize("catalog", SHIPPED)
def test_every_message_is_translated_whole(catalog: str) -> None:
    translations = shipped(catalog)
    plural_forms = translations.num_plurals
    untranslated = []
    for message in translations:
        if not message.id:
            continue
        texts = forms(message)
        if message.fuzzy or not all(texts) or (message.pluralizable
                                               and len(texts) != plural_forms):
            untranslated.append(key(message))
    assert untranslated == []


@pytest.mark.parametrize("catalog", SHIPPED)
def test_translations_keep_the_english_placeholders(catalog: str) -> None:
    wrong = []
    for message, text in translated(catalog):
        try:
            same = fields(text) == english_fields(message)
        except ValueError:
            same = False
        if not same:
            wrong.append((key(message), text))
    assert wrong == []


@pytest.mark.parametrize("catalog", SHIPPED)
def test_translations_fit_discord_limits(catalog: str) -> None:
    too_long = []
    for message, text in translated(catalog):
        if message.context in NAMES:
            fits = len(text) <= NAME_LIMIT and text == text.lower() and " " not in text
        else:
            fits = len(text) <= LIMITS.get(message.context or "", CONTENT_LIMIT)
        if not fits:
            too_long.append((key(message), text))
    assert too_long == []


def test_the_checks_see_a_broken_translation() -> None:
    """The helpers above catch what they are there for."""
    message = Message("{who} drew {count}", "{wer} zog {count}")
    assert fields(forms(message)[0]) != english_fields(message)
    with pytest.raises(ValueError):
        fields("{unclosed")
    assert key(Message(("{count} card", "{count} cards"), ("a", "b"), context="x")) == (
        "x", "{count} card")


COMMAND_IN_TEXT = re.compile(r"/uno (\w+)")
NAME_GOES_ON = re.compile(r"[a-z0-9_-]")
"""A name's letters: Korean and Japanese add a particle straight after a command name."""


def unnamed_commands(text: str, named: set[str]) -> list[str]:
    """The words after ``/uno `` in ``text`` that start with no name in ``named``."""
    return [word for word in COMMAND_IN_TEXT.findall(text)
            if not any(word.startswith(name) and not NAME_GOES_ON.match(word[len(name):])
                       for name in named)]


@pytest.mark.parametrize("catalog", SHIPPED)
def test_commands_in_texts_are_named_as_that_language_shows_them(catalog: str) -> None:
    """A text that says ``/uno new`` says it with the name the reader's Discord shows
    for that command: the catalog's own translation of it (or English, left as it is)."""
    named = {text for message, text in translated(catalog) if message.context == "command name"}
    wrong = [(key(message), word) for message, text in translated(catalog)
             if message.context not in NAMES for word in unnamed_commands(text, named)]
    assert wrong == []


def test_the_command_check_sees_a_command_named_in_english_where_it_is_translated() -> None:
    german = {"neu", "beitreten"}
    assert unnamed_commands("Öffne mit `/uno neu` eine Runde, dann /uno join.", german) == [
        "join"]
    assert unnamed_commands("/uno new의 기본 규칙", {"new"}) == []
    assert unnamed_commands("/uno newest", {"new"}) == ["newest"]
