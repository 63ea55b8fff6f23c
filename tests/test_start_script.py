"""``./uno-bot``, README's command to run the bot: it sets the bot up in .venv the first
time and after an upgrade changed pyproject.toml, and otherwise starts it at once.

No network here: ``python3`` on PATH is a stand-in that records what it is asked and
makes a venv whose ``pip`` records too and whose ``uno-bot`` says how it was run."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.checkout import fresh_checkout

STAND_IN_PYTHON = """#!/usr/bin/env bash
echo "python3 $*" >> "$RECORD"
[[ $1 == -m && $2 == venv ]] || exit 9
mkdir -p "$3/bin"
cat > "$3/bin/pip" <<'PIP'
#!/usr/bin/env bash
echo "pip $*" >> "$RECORD"
PIP
cat > "$3/bin/uno-bot" <<'BOT'
#!/usr/bin/env bash
echo "uno-bot $* in $PWD"
BOT
chmod +x "$3/bin/pip" "$3/bin/uno-bot"
"""


def start(script: Path, cwd: Path, record: Path, *args: str) -> str:
    tools = record.parent / "tools"
    tools.mkdir(exist_ok=True)
    (tools / "python3").write_text(STAND_IN_PYTHON)
    (tools / "python3").chmod(0o755)
    env = {"PATH": f"{tools}:{os.environ['PATH']}", "RECORD": str(record)}
    result = subprocess.run([str(script), *args], cwd=cwd, env=env, capture_output=True,
                            text=True, timeout=60, check=True)
    return result.stdout.strip()


def test_the_first_start_sets_up_later_ones_start_at_once_an_upgrade_sets_up_again(
    tmp_path: Path
) -> None:
    checkout = fresh_checkout(tmp_path / "uno-bot")
    script = checkout / "uno-bot"
    record = tmp_path / "record"
    elsewhere = tmp_path / "home"
    elsewhere.mkdir()
    setup = [f"python3 -m venv {checkout}/.venv", f"pip install -q -e {checkout}"]

    assert start(script, checkout, record) == f"uno-bot  in {checkout}"
    assert record.read_text().splitlines() == setup

    said = start(script, elsewhere, record, "backup", "backups/")
    assert said == f"uno-bot backup backups/ in {elsewhere}"  # the caller's folder
    assert record.read_text().splitlines() == setup  # not set up again

    later = (checkout / ".venv" / ".installed").stat().st_mtime + 10
    os.utime(checkout / "pyproject.toml", (later, later))  # a git pull changed it
    assert start(script, checkout, record, "--version") == f"uno-bot --version in {checkout}"
    assert record.read_text().splitlines() == setup + setup
