"""The engine is pure Python: it imports nothing from discord, aiosqlite or Pillow."""

from __future__ import annotations

from tests.boundaries import imports_of, packages_loaded_by, standard_library_or


def test_importing_the_engine_loads_no_forbidden_package() -> None:
    assert packages_loaded_by("bot.engine", "bot.engine.vectors") == []


def test_engine_sources_import_only_the_standard_library_and_itself() -> None:
    allowed = standard_library_or("bot")
    for source, name in imports_of("engine"):
        assert name.split(".")[0] in allowed, f"{source} imports {name}"
