"""Issue 14: below the UI the words are only marked (``N_``), never translated, since
the language of whoever reads them is known only where they are shown. The list of
shipped languages is data, not words: the game layer checks a server's setting with it."""

from __future__ import annotations

from tests.test_layering import imports, sources

BELOW_UI = ("bot.engine", "bot.ai", "bot.render", "bot.game", "bot.storage")


def test_below_the_ui_only_n_is_taken_from_the_catalogs() -> None:
    taken = {
        (module, name)
        for module, path in sources().items() if module.startswith(BELOW_UI)
        for name in imports(path) if name.startswith("bot.i18n.")
    }
    assert ("bot.game.errors", "bot.i18n.N_") in taken  # the check sees the marks
    assert {name for _, name in taken} <= {"bot.i18n.N_", "bot.i18n.LANGUAGES"}
