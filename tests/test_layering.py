"""discord.py stays in bot/ui, cogs, bot/client.py and bot/__main__.py."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = ("bot/ui/", "cogs/", "bot/client.py", "bot/__main__.py")


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_discord_is_imported_only_where_allowed() -> None:
    offenders = []
    for path in sorted((ROOT / "bot").rglob("*.py")) + sorted((ROOT / "cogs").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if "discord" in imported_modules(path) and not relative.startswith(ALLOWED):
            offenders.append(relative)
    assert offenders == []
    assert "discord" in imported_modules(ROOT / "bot" / "client.py")  # the check sees imports
