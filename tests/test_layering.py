"""The import rules between packages (ARCHITECTURE.md), and no import cycles.

Layers, lowest first: ``bot.engine`` (the rules: the standard library only, not even the
catalogs) and ``bot.workers`` (worker processes: the standard library only);
``bot.i18n`` (the catalogs, which every layer above the engine may mark words for);
``bot.ai`` and ``bot.render``; ``bot.game``;
``bot.storage`` (which implements ``bot.game.ports`` and may import nothing else of the
game layer but the records that cross the ports and the ``PlayerId`` they carry, and
the rating maths and seasons it rates each match with in its recording transaction);
``bot.ui``; ``cogs`` and ``bot.app``.
A module imports only from its own layer and those below; discord.py is spoken only in
``bot.ui``, ``cogs`` and ``bot.app``.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LAYERS: dict[str, set[str]] = {
    "bot.i18n": set(),
    "bot.engine": set(),
    "bot.workers": set(),
    "bot.ai": {"bot.i18n", "bot.engine"},
    "bot.render": {"bot.i18n", "bot.engine"},
    "bot.game": {"bot.i18n", "bot.engine", "bot.ai", "bot.workers"},
    "bot.storage": {"bot.i18n", "bot.engine", "bot.game.ports", "bot.game.players",
                    "bot.game.standings", "bot.game.guild_settings", "bot.game.rating",
                    "bot.game.seasons"},
    "bot.ui": {"bot.i18n", "bot.engine", "bot.ai", "bot.render", "bot.game", "bot.storage",
               "bot.workers"},
    "cogs": {"bot.i18n", "bot.engine", "bot.ai", "bot.game", "bot.storage", "bot.ui",
             "bot.app"},
    "bot.app": {"bot.i18n", "bot.engine", "bot.ai", "bot.render", "bot.game", "bot.storage",
                "bot.ui", "cogs", "bot.workers"},
}
DISCORD_SPEAKERS = ("bot.ui", "cogs", "bot.app")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources() -> dict[str, Path]:
    files = sorted((ROOT / "bot").rglob("*.py")) + sorted((ROOT / "cogs").rglob("*.py"))
    return {module_name(path): path for path in files}


def imports(path: Path, *, typing_only: bool = True) -> set[str]:
    """Every module ``path`` imports, at the top or inside a function; with
    ``typing_only``, also those under ``if TYPE_CHECKING:`` (never run)."""
    names: set[str] = set()
    tree = ast.parse(path.read_text())
    if not typing_only:
        tree.body = [n for n in tree.body if not (isinstance(n, ast.If) and isinstance(
            n.test, ast.Name) and n.test.id == "TYPE_CHECKING")]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def package_of(module: str) -> str | None:
    return next((p for p in LAYERS if module == p or module.startswith(p + ".")), None)


def within(module: str, allowed: str) -> bool:
    return module == allowed or module.startswith(allowed + ".")


def test_each_package_imports_only_the_layers_below_it() -> None:
    own = sources()
    offenders = []
    for module, path in own.items():
        package = package_of(module)
        if package is None:
            continue
        for imported in imports(path):
            target = package_of(imported)
            if target is None or target == package:
                continue
            if not any(within(imported, allowed) for allowed in LAYERS[package]):
                offenders.append(f"{module} imports {imported}")
    assert offenders == []


def test_discord_is_spoken_only_in_ui_cogs_and_app() -> None:
    offenders = [
        module for module, path in sources().items()
        if any(within(i, "discord") for i in imports(path))
        and not any(within(module, p) for p in DISCORD_SPEAKERS)
    ]
    assert offenders == []
    assert "discord" in imports(ROOT / "bot" / "app" / "client.py")  # the check sees imports


def test_the_engine_imports_the_standard_library_and_itself_only() -> None:
    offenders = [
        f"{module} imports {imported}"
        for module, path in sources().items() if within(module, "bot.engine")
        for imported in imports(path)
        if not within(imported, "bot.engine")
        and imported.partition(".")[0] not in sys.stdlib_module_names
    ]
    assert offenders == []


def test_importing_the_engine_loads_nothing_outside_the_standard_library() -> None:
    """In a fresh interpreter, as a program using the rules alone would import them: the
    modules the engine adds to those the interpreter started with (site hooks)."""
    engine = sorted(m for m in sources() if within(m, "bot.engine"))
    program = (
        f"import sys\nbefore = set(sys.modules)\nfor name in {engine!r}:\n"
        "    __import__(name)\nprint('\\n'.join(sorted(set(sys.modules) - before)))"
    )
    loaded = subprocess.run([sys.executable, "-c", program], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.split()
    assert "bot.engine.game" in loaded  # the check sees what was imported
    outside = [name for name in loaded
               if name.partition(".")[0] not in sys.stdlib_module_names
               and name != "bot" and not within(name, "bot.engine")]
    assert outside == []


def import_graph(*, typing_only: bool) -> dict[str, set[str]]:
    """Each own module and the own modules it imports (``imports``)."""
    own = sources()
    graph = {
        module: {i for i in imports(path, typing_only=typing_only) if i in own and i != module}
        for module, path in own.items()
    }
    for module in graph:  # ``from bot.game import x`` names bot.game.x when x is a module
        graph[module] = {i for i in graph[module] if not (i in own and own[i].name
                                                           == "__init__.py" and any(
            o.startswith(i + ".") and o in graph[module] for o in own))}
    return graph


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The cycles a depth-first walk of ``graph`` meets, each as the modules around it."""
    cycles: list[list[str]] = []
    state: dict[str, int] = {}

    def visit(module: str, trail: list[str]) -> None:
        state[module] = 1
        for imported in sorted(graph[module]):
            if state.get(imported) == 1:
                cycles.append([*trail[trail.index(imported):], imported])
            elif imported not in state:
                visit(imported, [*trail, imported])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    return cycles


def test_no_import_cycles_between_modules() -> None:
    """Cycles of imports that run; a type-only import under TYPE_CHECKING is no cycle."""
    assert import_cycles(import_graph(typing_only=False)) == []


def test_no_import_cycles_in_the_engine_type_only_ones_included() -> None:
    """The engine's modules import one another one way: the state below the rules,
    the rules below ``game``; an import under TYPE_CHECKING or inside a function counts."""
    graph = {module: {i for i in imported if within(i, "bot.engine")}
             for module, imported in import_graph(typing_only=True).items()
             if within(module, "bot.engine")}
    assert "bot.engine.events" in graph["bot.engine.moves"]  # the graph sees the imports
    assert import_cycles(graph) == []


def test_the_cycle_check_sees_a_cycle() -> None:
    assert import_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == [
        ["a", "b", "c", "a"]]


def test_the_rules_see_an_offence() -> None:
    assert not any(within(i, "bot.game.ports") for i in imports(ROOT / "bot" / "game"
                                                                   / "manager.py"))
    assert any(within(i, "bot.game.ports") for i in imports(ROOT / "bot" / "storage"
                                                               / "matches.py"))
    assert package_of("bot.game.turns") == "bot.game"
    assert not any(within("bot.game.turns", a) for a in LAYERS["bot.storage"])


UI_ROOMS: dict[str, set[str]] = {
    "bot.ui.words": set(),
    "bot.ui.messages": {"bot.ui.words", "bot.ui.clicks"},
    "bot.ui.delivery": {"bot.ui.words", "bot.ui.messages", "bot.ui.services"},
    "bot.ui.clicks": {"bot.ui.words", "bot.ui.messages", "bot.ui.delivery", "bot.ui.services"},
}
"""The rooms of ``bot.ui`` and the rooms each may import. The words import no other room
(they are composed, never sent); composing a message never imports the delivery; the
delivery never imports the clicks. The messages may name the clicks their buttons lead
to (``controls.GameControl`` answers a click that makes no sense with ``clicks.stray``)."""
UI_ROOM_SIZE = 12
"""At most this many modules a room, so each is read from its names in a sitting."""
UI_LOOSE = ("bot.ui.services", "bot.ui.discord_internals")
"""The modules of ``bot.ui`` outside the rooms: what the UI needs of the running bot, and
discord.py's private internals (which every room, and ``bot.app``, may use)."""


def test_the_ui_lives_in_rooms_of_a_readable_size() -> None:
    ui = [m for m in sources() if within(m, "bot.ui") and m != "bot.ui"]
    loose = [m for m in ui if m.count(".") == 2 and m not in UI_ROOMS and m not in UI_LOOSE]
    assert loose == []
    for room in UI_ROOMS:
        modules = [m for m in ui if m.startswith(room + ".")]
        assert 0 < len(modules) <= UI_ROOM_SIZE, (room, modules)


def test_each_ui_room_imports_only_the_rooms_it_may() -> None:
    offenders = []
    for module, path in sources().items():
        room = next((r for r in UI_ROOMS if within(module, r)), None)
        if room is None:
            continue
        for imported in imports(path):
            target = next((r for r in [*UI_ROOMS, "bot.ui.services"] if within(imported, r)),
                          None)
            if target is not None and target != room and target not in UI_ROOMS[room]:
                offenders.append(f"{module} imports {imported}")
    assert offenders == []
    assert any(within(i, "bot.ui.delivery") for i in imports(  # the check sees imports
        ROOT / "bot" / "ui" / "clicks" / "play.py"))


def test_discord_internals_import_nothing_of_the_bot() -> None:
    """So that every room may import them, the lowest first."""
    imported = imports(ROOT / "bot" / "ui" / "discord_internals.py")
    assert "discord" in imported  # the check sees imports
    assert [i for i in imported if within(i, "bot") or within(i, "cogs")] == []
