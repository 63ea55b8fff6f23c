"""A fresh checkout of the project in a temporary folder, as a self-hoster's clone is:
the tracked files only (no ``.env``, ``data/``, venv or caches), taken from the working
tree so that uncommitted changes are tried too. ``python -m bot`` runs from it with the
test's interpreter (its packages), from any working directory."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOT_NEEDED = ("tests/", "docs/", "benchmarks/", "shared/")
"""Tracked, but not what the bot runs: left out to keep the copy small."""
TIMEOUT = 60.0


def fresh_checkout(folder: Path) -> Path:
    """Copy the project's tracked files into ``folder`` (made); returns it."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split("\0")
    for name in listed:
        source = ROOT / name
        if name and not name.startswith(NOT_NEEDED) and source.is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, folder / name)  # with its mode: ./uno-bot runs
    assert (folder / "pyproject.toml").is_file() and (folder / "bot" / "__main__.py").is_file()
    return folder


async def run_checkout(checkout: Path, cwd: Path, env: dict[str, str], *args: str
                       ) -> tuple[int, str, str]:
    """``python -m bot ARGS`` of ``checkout`` (not of this one), started in ``cwd`` with
    only ``env`` (no ENV_FILE: the checkout's own ``.env`` is found as a user's is)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, cwd=cwd,
        env={"PYTHONPATH": str(checkout), "PATH": os.environ.get("PATH", ""), **env},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), TIMEOUT)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()
