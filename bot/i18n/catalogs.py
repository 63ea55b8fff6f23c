"""The gettext catalogs: read from their ``.po`` files once per process, then looked up.

The ``.po`` files are the only copy of the translations (no compiled ``.mo`` files to go
stale): Babel reads one the first time its language is spoken and turns it into a
standard ``gettext.GNUTranslations``, plural rules included.
"""

from __future__ import annotations

import gettext
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.i18n.languages import DEFAULT, LANGUAGES
from bot.i18n.speaking import current_language

LOCALES = Path(__file__).resolve().parent / "locales"
DOMAIN = "messages"


def po_path(catalog: str) -> Path:
    return LOCALES / catalog / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(catalog: str) -> gettext.NullTranslations:
    """The catalog's translations, read once; English (the ids themselves) needs none."""
    if catalog == DEFAULT.catalog:
        return gettext.NullTranslations()
    with po_path(catalog).open("rb") as po:
        messages = read_po(po, locale=catalog)
    compiled = BytesIO()
    write_mo(compiled, messages)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def load_all() -> None:
    """Read every shipped catalog now (at start-up), not on a player's first click."""
    for language in LANGUAGES.values():
        translations(language.catalog)


def _catalog() -> gettext.NullTranslations:
    return translations(current_language().catalog)


def _(message: str) -> str:
    """``message`` in the language of the moment."""
    return _catalog().gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs, to be translated where it is shown."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark ``message`` in the role ``context`` for the catalogs, to be translated with
    ``pgettext(context, message)`` where it is shown."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` for ``count`` in the language of the moment
    (Polish, Russian, Czech and Ukrainian have three)."""
    return _catalog().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the role ``context`` names ("button": a label of at most 80
    characters), where the same English says something else elsewhere."""
    return _catalog().pgettext(context, message)


def translate(message: str, **params: object) -> str:
    """A message marked with ``N_`` earlier, translated now and filled in."""
    return _(message).format(**params) if params else _(message)
