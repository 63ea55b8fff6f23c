"""The computer players are pure Python: the standard library and the engine only."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

AI = Path(__file__).resolve().parents[2] / "bot" / "ai"
FORBIDDEN = ("discord", "aiosqlite", "PIL")


def test_importing_the_computer_players_loads_no_forbidden_package() -> None:
    code = (
        "import sys, bot.ai; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"


def test_sources_import_only_the_standard_library_the_engine_and_themselves() -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__", "bot.engine", "bot.ai"}
    sources = list(AI.glob("*.py"))
    assert len(sources) > 3
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                root = ".".join(name.split(".")[:2]) if name.startswith("bot") else \
                    name.split(".")[0]
                assert root in allowed, f"{path.name} imports {name}"
