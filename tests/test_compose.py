"""README's Docker Compose set-up: PostgreSQL and bot processes that agree with it and
with each other (one database, the same shard count, shard ranges that cover every
shard once), started by the command README gives."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml

from bot.app.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
COMPOSE = ROOT / "deploy" / "docker-compose.yml"


def shard_ids(text: str) -> list[int]:
    """``SHARD_IDS`` as the issue writes it: ``0-3``, ``0,2`` or ``0-1,3``."""
    ids: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        ids.extend(range(int(first), int(last or first) + 1))
    return ids


def services() -> dict[str, Any]:
    found = yaml.safe_load(COMPOSE.read_text())["services"]
    assert isinstance(found, dict)
    return found


def bots() -> dict[str, dict[str, str]]:
    """Each bot service's environment, by service name."""
    return {name: service["environment"] for name, service in services().items()
            if "build" in service}


def test_two_bot_processes_share_one_postgresql() -> None:
    postgres = services()["postgres"]
    assert postgres["image"].startswith("postgres:")
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    account = postgres["environment"]
    assert len(bots()) == 2
    for name, environment in bots().items():
        url = urlsplit(environment["DATABASE_URL"])
        assert url.scheme == "postgresql", name
        assert (url.hostname, url.port) == ("postgres", 5432), name
        assert url.username == account["POSTGRES_USER"], name
        assert url.path == f"/{account['POSTGRES_DB']}", name
        assert url.password == "${POSTGRES_PASSWORD}", name  # from .env, not written here
        assert services()[name]["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert "database_url" in Settings.model_fields  # the setting the bots are given


def test_shard_ranges_cover_every_shard_once() -> None:
    counts = {environment["SHARD_COUNT"] for environment in bots().values()}
    assert len(counts) == 1
    count = int(counts.pop())
    ranges = [shard_ids(environment["SHARD_IDS"]) for environment in bots().values()]
    assert all(ids for ids in ranges)
    every = sorted(shard for ids in ranges for shard in ids)
    assert every == list(range(count))  # none twice, none left out


def test_bot_processes_restart_after_an_outage_but_not_after_exit_2() -> None:
    """``on-failure`` restarts any non-zero exit; the image's entry point
    (``bot.app.container``) leaves exit code 2 as 0, so compose must not replace it."""
    for name in bots():
        assert services()[name]["restart"] == "on-failure", name
        assert "command" not in services()[name] and "entrypoint" not in services()[name]


def test_each_process_keeps_its_own_data_folder() -> None:
    folders = [next(v for v in services()[name]["volumes"] if v.endswith(":/app/data"))
               for name in bots()]
    assert len(set(folders)) == len(folders)


def test_readme_gives_the_compose_files_own_command() -> None:
    readme = (ROOT / "README.md").read_text()
    header = [line.lstrip("# ").strip() for line in COMPOSE.read_text().splitlines()
              if line.startswith("#")]
    (command,) = [line for line in header if line.startswith("docker compose")]
    assert f"\n    {command}\n" in readme
    assert shard_ids("0-3") == [0, 1, 2, 3] and shard_ids("0-1,3") == [0, 1, 3]
