"""Keep the translation catalogs in step with the code.

    python -m tools.catalogs update    # extract the English, update messages.pot and every .po
    python -m tools.catalogs add xx    # a catalog for a new language (docs/development.md)

The English comes from two places: the messages marked in ``bot/`` and ``cogs/`` (Babel's
extractor, keywords ``_``, ``N_``, ``NP_``, ``ngettext``, ``pgettext``, ``translate``), and the
slash commands' names, descriptions and choices, collected by asking discord.py for the
command payload exactly as ``bot.app.translator`` is asked at sync time.
"""

from __future__ import annotations

import asyncio
import re
import sys
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

import discord
from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from bot.app.translator import CONTEXTS
from bot.i18n import LANGUAGES
from bot.i18n.catalogs import DOMAIN, LOCALES, po_path
from cogs.uno import Uno

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
KEYWORDS = {"_": None, "N_": None, "NP_": ((1, "c"), 2), "ngettext": (1, 2),
            "pgettext": ((1, "c"), 2), "translate": None}
COMMENT_TAGS = ["i18n:"]
PROJECT = "uno-bot"


def sources() -> Iterator[Path]:
    for package in ("bot", "cogs"):
        yield from sorted((ROOT / package).rglob("*.py"))


class _Recorder(app_commands.Translator):
    """Notes every text discord.py would have translated; translates none."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        self.seen.append((CONTEXTS[context.location], string.message))
        return None


async def _command_texts() -> list[tuple[str, str]]:
    client = discord.Client(intents=discord.Intents.default())
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    group = Uno(None).__cog_app_commands_group__  # type: ignore[arg-type]  # no bot needed
    assert group is not None
    recorder = _Recorder()
    await group.get_translated_payload(tree, recorder)
    await client.close()
    return list(dict.fromkeys(recorder.seen))


OWN_NAMES = {("choice", language.name) for language in LANGUAGES.values()}
"""The ``language`` choices: each language is offered under its own name everywhere."""


def command_texts() -> list[tuple[str, str]]:
    """(context, English) of every text of the slash commands to translate, in payload
    order."""
    return [text for text in asyncio.run(_command_texts()) if text not in OWN_NAMES]


def template() -> Catalog:
    """Every English message of the bot, as Babel's template catalog."""
    catalog = Catalog(project=PROJECT, fuzzy=False)
    for path in sources():
        where = str(path.relative_to(ROOT))
        with path.open("rb") as source:
            for line, message, comments, context in extract(
                "python", source, keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
                strip_comment_tags=True,
            ):
                catalog.add(message, locations=[(where, line)], auto_comments=comments,
                            context=context)
    for context, message in command_texts():
        catalog.add(message, locations=[("cogs/uno.py", 0)], context=context)
    return catalog


def _write(path: Path, catalog: Catalog) -> bool:
    """Write ``catalog`` unless the file already says the same (but for its date), so an
    update that changed no message leaves every file as it was; whether it wrote."""
    written = BytesIO()
    write_po(written, catalog, width=100, sort_output=False, include_lineno=False,
             ignore_obsolete=True)
    if path.exists() and _undated(path.read_bytes()) == _undated(written.getvalue()):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(written.getvalue())
    return True


def _undated(po: bytes) -> bytes:
    return re.sub(rb'"POT-Creation-Date: [^"]*"', b"", po)


def update() -> None:
    """Write the template, and bring every catalog in step with it: new messages come in
    untranslated, messages the code no longer has go."""
    english = template()
    _write(TEMPLATE, english)
    for po in sorted(LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with po.open("rb") as file:
            catalog = read_po(file)
        catalog.update(english, update_header_comment=False)
        if _write(po, catalog):
            print(f"updated {po.relative_to(ROOT)}")


def add(catalog_name: str) -> None:
    """A new, empty catalog for ``catalog_name`` (a Babel locale, e.g. ``pt_BR``)."""
    path = po_path(catalog_name)
    if path.exists():
        raise SystemExit(f"{path.relative_to(ROOT)} exists already")
    catalog = Catalog(locale=catalog_name, project=PROJECT, fuzzy=False)
    catalog.update(template())
    _write(path, catalog)
    print(f"wrote {path.relative_to(ROOT)}: translate it, then add the language to "
          "bot/i18n/languages.py")


def main(argv: list[str]) -> None:
    match argv:
        case ["update"]:
            update()
        case ["add", name]:
            add(name)
        case _:
            raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
