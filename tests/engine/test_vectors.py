"""Every rule vector, the shared ones and ours, through the engine and the CLI.

The shared (public) vectors are the project's own copy in ``shared/vectors``, so a plain
clone runs them; where the shared folder they come from lies beside the repository
(``../shared``), the copy must be the same, byte for byte.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.engine.vectors import run_file

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT / "shared"
"""The copy of the public rules and vectors (``../shared``) the repository keeps."""
SHARED_VECTORS = SHARED / "vectors"
UPSTREAM = ROOT.parent / "shared"
COPIED = ["RULES.md", "vectors/FORMAT.md", "vectors/*.json"]
OWN_VECTORS = Path(__file__).parent / "vectors"


def _vectors(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def _copied_files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for pattern in COPIED for p in sorted(root.glob(pattern))}


def test_shared_vector_folder_exists_and_is_not_empty() -> None:
    """A missing shared/vectors is a failure, never a skip."""
    assert SHARED_VECTORS.is_dir(), f"no vector folder at {SHARED_VECTORS}"
    assert _vectors(SHARED_VECTORS)


def test_the_copy_of_shared_is_whole_and_current() -> None:
    """The copy holds the rules, the format and vectors that parse; with ``../shared``
    beside the repository, it holds exactly its files, byte for byte."""
    copy = _copied_files(SHARED)
    assert {"RULES.md", "vectors/FORMAT.md"} <= set(copy)
    vectors = [name for name in copy if name.endswith(".json")]
    assert vectors, f"no vectors in {SHARED_VECTORS}"
    for name in vectors:
        assert isinstance(json.loads(copy[name]), dict), name
    if UPSTREAM.is_dir():
        upstream = _copied_files(UPSTREAM)
        assert sorted(copy) == sorted(upstream), f"refresh {SHARED} from {UPSTREAM}"
        stale = [name for name in copy if copy[name] != upstream[name]]
        assert not stale, f"{stale} differ from {UPSTREAM}: copy them again"


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
