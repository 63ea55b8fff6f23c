"""README is for the person who runs the bot: its two commands first (the test command
is the one CI runs, read from the line after "Run the tests:"), then the way to a first
game, playing, settings and operations; developer material is in docs/development.md.
Every file either links to exists."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DEVELOPMENT = ROOT / "docs" / "development.md"


def code_lines(text: str) -> list[str]:
    """The indented command lines, in order."""
    return [line.strip() for line in text.splitlines() if line.startswith("    ")
            and not line.startswith("     ") and line.strip()]


def test_the_two_commands_come_first_and_ci_runs_the_second() -> None:
    text = README.read_text()
    assert code_lines(text)[:2] == [
        "./uno-bot",
        "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && "
        ".venv/bin/python -m pytest",
    ]
    ci = (ROOT / ".ci" / "run").read_text()
    (reading,) = re.findall(r"awk '(/\^Run the tests:/[^']*)'", ci)
    read = subprocess.run(["awk", reading, str(README)], capture_output=True, text=True,
                          check=True).stdout.strip()
    assert read == code_lines(text)[1]
    assert (ROOT / "uno-bot").stat().st_mode & 0o111, "./uno-bot must be executable"


def test_the_sections_follow_a_self_hosters_way() -> None:
    headings = re.findall(r"^## (.+)$", README.read_text(), flags=re.MULTILINE)
    assert headings == ["Two commands", "The Discord application", "Your first game",
                        "Playing", "Settings", "Operations", "More"]
    operations = README.read_text().split("## Operations", 1)[1]
    for part in ("Exit codes", "Backup, restore and upgrade", "Running as a service",
                 "PostgreSQL and several processes", "Health endpoint"):
        assert f"\n### {part}\n" in operations, part


def test_developer_material_lives_in_docs_development() -> None:
    readme = README.read_text()
    assert "](docs/development.md)" in readme
    development = DEVELOPMENT.read_text()
    for part in ("## Layout and tests", "## Languages and catalogs", "## The rules engine",
                 "## Benchmarks", "## Pictures and screenshots"):
        assert part in development and part not in readme, part


def test_every_relative_link_and_picture_exists() -> None:
    for document in (README, DEVELOPMENT):
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", document.read_text()):
            if not re.match(r"[a-z]+:", target):
                assert (document.parent / target).exists(), f"{document.name}: {target}"
