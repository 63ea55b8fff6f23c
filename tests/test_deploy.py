"""The service files and the packaging say what README promises (no Docker engine or
systemd here: the files are read and checked)."""

from __future__ import annotations

import configparser
import json
import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from bot.app import container

ROOT = Path(__file__).resolve().parent.parent


def dockerfile() -> dict[str, list[str]]:
    """Each instruction's arguments, continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            word, _, rest = line.strip().partition(" ")
            found.setdefault(word.upper(), []).append(rest.strip())
    return found


def read_unit(name: str) -> configparser.ConfigParser:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(ROOT / "deploy" / name)
    return unit


def test_the_systemd_unit_restarts_on_failure_from_the_checkout_with_the_venv() -> None:
    unit = read_unit("uno-bot.service")
    service = unit["Service"]
    assert service["Restart"] == "on-failure"
    assert service["RestartPreventExitStatus"] == "2"  # needs a fix, not a restart
    folder = service["WorkingDirectory"]
    assert service["ExecStart"] == f"{folder}/.venv/bin/python -m bot"
    assert service["ReadWritePaths"] == f"{folder}/data"
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    assert "network-online.target" in unit["Unit"]["After"]


@pytest.mark.parametrize("name", ["uno-bot.service", "uno-bot@.service"])
def test_the_edits_the_units_and_readme_list_are_all_that_name_the_checkout(name: str) -> None:
    """With ProtectSystem=strict only ReadWritePaths is writable: moving the checkout
    means changing it with the others, and the file's header and README say so."""
    unit = read_unit(name)
    service = unit["Service"]
    folder = service["WorkingDirectory"]
    assert service["ProtectSystem"] == "strict"
    naming = sorted(key for key, value in service.items() if folder in value)
    assert naming == ["ExecStart", "ReadWritePaths", "WorkingDirectory"]
    header = " ".join(line for line in (ROOT / "deploy" / name).read_text().splitlines()
                      if line.startswith("#"))
    readme = (ROOT / "README.md").read_text()
    for edit in ("User", *naming):
        assert edit in header, edit
        assert f"`{edit}`" in readme, edit


def test_the_dockerfile_installs_the_project_runs_unprivileged_and_checks_health() -> None:
    docker = dockerfile()
    (base,) = docker["FROM"]
    assert re.fullmatch(r"python:3\.1[1-9]-slim", base)
    copied = [args.split()[0] for args in docker["COPY"]]
    assert all((ROOT / path).exists() for path in copied)
    assert {"pyproject.toml", "bot", "cogs"} <= set(copied)
    assert any("pip install --no-cache-dir ." in run for run in docker["RUN"])
    (user,) = docker["USER"]
    assert user not in ("root", "0")
    env = " ".join(docker["ENV"])
    port = re.search(r"HEALTH_PORT=(\d+)", env)
    assert port is not None and "DATABASE_PATH=/app/data/" in env
    assert port is not None and port[1] == container.HEALTH_PORT
    (health,) = docker["HEALTHCHECK"]
    entry = ["python", "-m", container.__name__]
    assert json.loads(health.split("CMD", 1)[1]) == [*entry, "health"]
    assert docker["VOLUME"] == ["/app/data"]
    assert json.loads(docker["CMD"][0]) == entry  # exit 2 leaves as 0: no restart loop


def test_readme_documents_both_service_files_and_the_health_endpoint() -> None:
    readme = (ROOT / "README.md").read_text()
    for words in ("deploy/uno-bot.service", "docker build", "## Health endpoint",
                  "## Exit codes", "## Backup, restore and upgrade", "./uno-bot backup backups/"):
        assert words in readme, words


def test_dependencies_are_bounded_by_major_discord_by_minor_and_test_tools_pinned() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for requirement in project["dependencies"]:
        if requirement.startswith("discord.py"):  # its private internals: the tested minor
            found = re.fullmatch(r"discord\.py>=(\d+)\.(\d+),<(\d+)\.(\d+)", requirement)
            assert found, requirement
            major, minor, below_major, below_minor = map(int, found.groups())
            assert (below_major, below_minor) == (major, minor + 1), requirement
            assert metadata.version("discord.py").startswith(f"{major}.{minor}.")
        else:
            assert re.fullmatch(r"[\w.-]+>=[\d.]+,<\d+", requirement), requirement
    for requirement in project["optional-dependencies"]["test"]:
        name, _, pinned = requirement.partition("==")
        assert pinned, f"{requirement} is not pinned"
        assert metadata.version(name) == pinned, f"{name} installed is not the pinned one"
    assert project["scripts"] == {"uno-bot": "bot.app.main:main"}
