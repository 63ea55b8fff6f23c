"""``python -m bot`` as a process, against the fake Discord: start, signals, logs."""

from __future__ import annotations

import asyncio
import gc
import signal
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.app.invite import invite_url
from bot.app.main import YOUNG_OBJECTS_BEFORE_COLLECTION, collect_garbage_less_often
from tests.fakediscord import WRONG_TOKEN, FakeDiscord, FakeGuild
from tests.storage.backends import TERMINATE_LEASE_CONNECTIONS

pytestmark = pytest.mark.real_clock

READY_TIMEOUT = 30.0
LONGEST_LOG_LINE = 4 * 1024 * 1024
"""discord.py logs each request body at DEBUG on one line: the command sync, with
every language's words, is far longer than asyncio's default 64 KiB line."""


async def read_until(stream: asyncio.StreamReader, marker: str, seen: list[str]) -> None:
    while True:
        line = (await stream.readline()).decode()
        assert line, f"the bot exited before logging {marker!r}: {''.join(seen)}"
        seen.append(line)
        if marker in line:
            return


async def ready_bot(fake_discord: FakeDiscord, tmp_path: Path, database: dict[str, str],
                    seen: list[str]) -> asyncio.subprocess.Process:
    """``python -m bot`` on ``database`` (its setting), started against the fake and
    ready; what it logged so far is in ``seen``."""
    env = {
        "DISCORD_TOKEN": fake_discord.token,
        "DISCORD_API_BASE": fake_discord.api_base,
        "DISCORD_GATEWAY_URL": fake_discord.gateway_url,
        "LOG_LEVEL": "DEBUG",
        "ENV_FILE": "",
        **database,
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        limit=LONGEST_LOG_LINE,
    )
    assert process.stderr is not None and process.stdout is not None
    try:
        await asyncio.wait_for(read_until(process.stderr, "ready user=", seen), READY_TIMEOUT)
    except BaseException:
        process.kill()
        await process.wait()
        raise
    return process


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
async def test_starts_logs_invite_and_stops_cleanly_on_signal(
    fake_discord: FakeDiscord, guild: FakeGuild, tmp_path: Path, signum: signal.Signals
) -> None:
    seen: list[str] = []
    process = await ready_bot(
        fake_discord, tmp_path, {"DATABASE_PATH": str(tmp_path / "db" / "uno.sqlite3")}, seen)
    assert process.stderr is not None and process.stdout is not None
    process.send_signal(signum)
    rest, out = await asyncio.wait_for(
        asyncio.gather(process.stderr.read(), process.stdout.read()), READY_TIMEOUT
    )
    assert await process.wait() == 0
    log = "".join(seen) + rest.decode() + out.decode()
    assert invite_url(fake_discord.application_id) in log
    assert "shutting down" in log
    assert "Traceback" not in log
    # No PyNaCl/davey warning (the bot never joins voice), and no other warning either.
    assert "voice will NOT be supported" not in log
    assert [line for line in log.splitlines() if " WARNING " in line] == []
    assert fake_discord.token not in log
    assert (tmp_path / "db" / "uno.sqlite3.commands-hash").exists()
    assert len(fake_discord.calls_to("PUT", "/commands")) == 1


async def test_a_token_discord_refuses_exits_2_with_one_sentence(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    wrong = WRONG_TOKEN  # well formed, but not the fake's token
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path,
        env={"DISCORD_TOKEN": wrong, "DISCORD_API_BASE": fake_discord.api_base,
             "DISCORD_GATEWAY_URL": fake_discord.gateway_url, "LOG_LEVEL": "DEBUG",
             "ENV_FILE": "", "DATABASE_PATH": str(tmp_path / "uno.sqlite3")},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), READY_TIMEOUT)
    assert process.returncode == 2
    assert err.decode().strip().splitlines()[-1] == (
        "Discord refused DISCORD_TOKEN: check the token in .env."
    )
    assert wrong not in (out + err).decode()


def test_the_bot_scans_for_garbage_cycles_less_often_than_pythons_default() -> None:
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        collect_garbage_less_often()
        assert gc.get_threshold() == (YOUNG_OBJECTS_BEFORE_COLLECTION, 10, 10)
    finally:
        gc.set_threshold(*before)


async def test_a_process_whose_shard_lease_ends_stops_and_exits_3_for_a_restart(
    fake_discord: FakeDiscord, guild: FakeGuild, tmp_path: Path, postgres_url: str
) -> None:
    """PostgreSQL restarted, or the lease's connection was cut: another process may take
    the shards now, so this one stops (exit code 3: systemd and compose start it again,
    and it waits for the lease)."""
    seen: list[str] = []
    process = await ready_bot(fake_discord, tmp_path, {"DATABASE_URL": postgres_url}, seen)
    assert process.stderr is not None and process.stdout is not None
    try:
        connection = await asyncpg.connect(postgres_url)
        try:
            assert await connection.fetchval(TERMINATE_LEASE_CONNECTIONS) == 1
        finally:
            await connection.close()
        rest, _ = await asyncio.wait_for(
            asyncio.gather(process.stderr.read(), process.stdout.read()), READY_TIMEOUT)
    except BaseException:
        process.kill()
        await process.wait()
        raise
    assert await process.wait() == 3
    log = "".join(seen) + rest.decode()
    assert " lost: its connection ended" in log and "shutting down" in log
    assert "Traceback" not in log
    assert log.strip().splitlines()[-1] == (
        "The connection to PostgreSQL that held this process's shards ended, so the bot "
        "stopped (another process may run them now): start the bot again.")
