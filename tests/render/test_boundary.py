"""bot/render is pure Pillow: it must not pull in discord or the database layer."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import bot.render

FORBIDDEN = ("discord", "aiosqlite")
RENDER_DIR = Path(bot.render.__file__).parent

PROBE = f"""
import sys
from bot.render import TableScene, render_hand, render_table
render_hand(["r1", "wild"], {{0}})
render_table(TableScene("r1", "r", 1, (("A", 1),), 0, 1))
loaded = sorted(m for m in sys.modules if m.split(".")[0] in {FORBIDDEN!r})
print(",".join(loaded))
sys.exit(1 if loaded else 0)
"""


def test_rendering_loads_no_discord_or_database_module() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, f"loaded: {result.stdout} {result.stderr}"


def imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_no_render_module_imports_discord_or_aiosqlite() -> None:
    files = sorted(RENDER_DIR.glob("*.py"))
    assert len(files) >= 5
    for path in files:
        assert not imported_roots(path) & set(FORBIDDEN), path.name
