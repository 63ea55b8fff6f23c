"""The computer players are pure Python: the standard library and the engine only."""

from __future__ import annotations

from tests.boundaries import imports_of, packages_loaded_by, standard_library_or


def test_importing_the_computer_players_loads_no_forbidden_package() -> None:
    assert packages_loaded_by("bot.ai") == []


def test_sources_import_only_the_standard_library_the_engine_and_themselves() -> None:
    allowed = standard_library_or("bot.engine", "bot.ai")
    for source, name in imports_of("ai"):
        root = ".".join(name.split(".")[:2]) if name.startswith("bot") else name.split(".")[0]
        assert root in allowed, f"{source} imports {name}"
