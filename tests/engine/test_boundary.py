"""The engine is pure Python: it imports nothing from discord, aiosqlite or Pillow."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "bot" / "engine"
FORBIDDEN = ("discord", "aiosqlite", "PIL")


def test_importing_the_engine_loads_no_forbidden_package() -> None:
    code = (
        "import sys, bot.engine, bot.engine.vectors; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_engine_sources_import_only_the_standard_library_and_itself() -> None:
    allowed = set(sys.stdlib_module_names) | {"bot", "__future__"}
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"
