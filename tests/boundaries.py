"""Import boundaries between layers (ARCHITECTURE.md): what a package loads and imports."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

BOT = Path(__file__).resolve().parents[1] / "bot"
FORBIDDEN = ("discord", "aiosqlite", "PIL")


def packages_loaded_by(*modules: str) -> list[str]:
    """The forbidden packages in ``sys.modules`` once ``modules`` are imported (fresh)."""
    code = (
        f"import json, sys, {', '.join(modules)}; "
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    return list(json.loads(done.stdout))


def imports_of(package: str) -> Iterator[tuple[str, str]]:
    """(file name, imported module) for every import in ``bot/<package>/*.py``."""
    sources = list((BOT / package).glob("*.py"))
    assert sources, f"no sources in bot/{package}"
    for path in sources:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                yield from ((path.name, alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                yield path.name, node.module


def standard_library_or(*own: str) -> set[str]:
    return set(sys.stdlib_module_names) | {"__future__", *own}
