"""The tests' PostgreSQL is found where Debian installs it, or on PATH."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pgserver import binaries


def test_debians_newest_version_is_found_off_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", "")
    assert binaries(tmp_path) is None
    for version in ("9", "16", "15"):
        (tmp_path / version / "bin").mkdir(parents=True)
        (tmp_path / version / "bin" / "pg_ctl").touch()
    assert binaries(tmp_path) == tmp_path / "16" / "bin"  # 16 above 9: by number


def test_pg_ctl_on_path_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    own = tmp_path / "own"
    own.mkdir()
    (own / "pg_ctl").touch(mode=0o755)
    monkeypatch.setenv("PATH", str(own))
    assert binaries(tmp_path / "nothing") == own

