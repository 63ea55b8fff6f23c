"""The Docker image's entry point: exit code 2 leaves the container as 0 (its restart
policy on-failure would start it again and again), the others as they are; an empty
HEALTH_PORT from a copied .env.example still gives the HEALTHCHECK its port."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from bot.app import container
from bot.app.health import HealthServer
from bot.app.main import EXIT_STOPPED, EXIT_UNREACHABLE
from tests.app.test_startup import closed_port, env_for, last_sentence
from tests.fakediscord import FakeDiscord

TIMEOUT = 60.0


async def run_container(cwd: Path, env: dict[str, str]) -> tuple[int, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", container.__name__, cwd=cwd, env={"ENV_FILE": "", **env},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    _, err = await asyncio.wait_for(process.communicate(), TIMEOUT)
    assert process.returncode is not None
    return process.returncode, err.decode()


async def test_what_needs_a_person_leaves_the_container_with_0_and_its_sentence(
    tmp_path: Path
) -> None:
    code, err = await run_container(tmp_path, {"DISCORD_TOKEN": "a.b.c", "HEALTH_PORT": ""})
    assert code == EXIT_STOPPED
    assert last_sentence(err).startswith("DISCORD_TOKEN is missing or malformed")


async def test_an_outage_still_exits_3_for_the_restart_policy(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    env = env_for(fake_discord, tmp_path / "uno.sqlite3", CONNECT_ATTEMPTS="1",
                  DISCORD_API_BASE=f"http://127.0.0.1:{closed_port()}/api/v10",
                  HEALTH_PORT=str(closed_port()))
    code, err = await run_container(tmp_path, env)
    assert code == EXIT_UNREACHABLE
    assert "after 1 attempt (" in last_sentence(err)


def test_an_empty_health_port_is_the_images_own(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEALTH_PORT", "")
    assert container.health_port() == container.HEALTH_PORT
    monkeypatch.delenv("HEALTH_PORT")
    assert container.health_port() == container.HEALTH_PORT
    monkeypatch.setenv("HEALTH_PORT", "9123")
    assert container.health_port() == "9123"


@pytest.mark.parametrize(("ready", "code"), [(True, 0), (False, 1)])
async def test_the_healthcheck_asks_the_endpoint(
    monkeypatch: pytest.MonkeyPatch, ready: bool, code: int
) -> None:
    port = closed_port()
    monkeypatch.setenv("HEALTH_PORT", str(port))
    assert await asyncio.to_thread(container.main, ["health"]) == 1  # nothing listens

    async def is_ready() -> bool:
        return ready

    server = HealthServer(port, is_ready)
    await server.start()
    try:
        assert await asyncio.to_thread(container.main, ["health"]) == code
    finally:
        await server.stop()
