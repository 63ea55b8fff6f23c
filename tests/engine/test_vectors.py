"""Every rule vector, the shared ones and ours, through the engine and the CLI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.engine.vectors import run_file

ROOT = Path(__file__).resolve().parents[2]
SHARED_VECTORS = ROOT.parent / "shared" / "vectors"
OWN_VECTORS = Path(__file__).parent / "vectors"


def _vectors(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def test_shared_vector_folder_exists_and_is_not_empty() -> None:
    """A missing ../shared/vectors is a failure, never a skip."""
    assert SHARED_VECTORS.is_dir(), f"no vector folder at {SHARED_VECTORS}"
    assert _vectors(SHARED_VECTORS)


@pytest.mark.parametrize(
    "path", _vectors(SHARED_VECTORS) + _vectors(OWN_VECTORS), ids=lambda p: p.stem
)
def test_vector(path: Path) -> None:
    result = run_file(path)
    assert result.failure is None, result.failure


def _cli(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.engine.vectors", *map(str, paths)],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )


def test_cli_runs_the_shared_vectors() -> None:
    done = _cli(SHARED_VECTORS)
    lines = done.stdout.strip().splitlines()
    count = len(_vectors(SHARED_VECTORS))
    assert done.returncode == 0, done.stdout
    assert len(lines) == count + 1
    assert lines[-1] == f"{count} passed, 0 failed"


def test_cli_fails_on_a_failing_vector(tmp_path: Path) -> None:
    good = SHARED_VECTORS / "classic_skip.json"
    bad = tmp_path / "wrong.json"
    bad.write_text(good.read_text().replace('"current": "cy"', '"current": "ben"'))
    done = _cli(good, bad)
    assert done.returncode == 1
    assert done.stdout.strip().splitlines()[-1] == "1 passed, 1 failed"
    assert "FAIL" in done.stdout and "current" in done.stdout


def test_cli_fails_on_a_missing_folder(tmp_path: Path) -> None:
    done = _cli(tmp_path / "nowhere")
    assert done.returncode == 1
    assert done.stdout.strip().splitlines()[-1] == "0 passed, 1 failed"
