"""Outages at start heal by themselves: Discord's gateway down while its REST API
answers, and the PostgreSQL server down (a restart, a slow boot), are tried again with
backoff, one WARNING line per try, until they answer or ``CONNECT_ATTEMPTS`` runs out
(exit 3, which systemd and compose restart). What needs a person stays exit 2.

Each against the real thing: a closed loopback port that later forwards to the fake
Discord, and a real PostgreSQL server stopped and started."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from yarl import URL

from bot.app.main import EXIT_FIX_AND_RESTART, EXIT_STOPPED, EXIT_UNREACHABLE
from tests.app.test_main import LONGEST_LOG_LINE, read_until
from tests.app.test_startup import closed_port, env_for, forward, last_sentence, run_bot
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.pgserver import MISSING, PostgresServer, binaries

pytestmark = pytest.mark.real_clock

TIMEOUT = 60.0


@asynccontextmanager
async def bot_process(cwd: Path, env: dict[str, str]) -> AsyncIterator[
        asyncio.subprocess.Process]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=cwd, env={"ENV_FILE": "", **env},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        limit=LONGEST_LOG_LINE,
    )
    try:
        yield process
    finally:
        if process.returncode is None:
            process.kill()
        # Read both pipes to their end, which comes once the bot's own worker processes
        # have ended too: a pipe left open outlives the test's event loop.
        await asyncio.wait_for(process.communicate(), TIMEOUT)


async def stop_cleanly(process: asyncio.subprocess.Process, seen: list[str]) -> str:
    """SIGTERM; the whole log once the process has exited 0."""
    assert process.stderr is not None
    process.send_signal(signal.SIGTERM)
    rest = await asyncio.wait_for(process.stderr.read(), TIMEOUT)
    assert await asyncio.wait_for(process.wait(), TIMEOUT) == EXIT_STOPPED
    return "".join(seen) + rest.decode()


def warnings(log: str) -> list[str]:
    return [line for line in log.splitlines() if " WARNING " in line]


def assert_no_error(log: str) -> None:
    assert "Traceback" not in log, log
    assert [line for line in log.splitlines() if " ERROR " in line] == []


async def test_a_gateway_that_cannot_be_reached_is_tried_then_given_up_with_exit_3(
    fake_discord: FakeDiscord, guild: FakeGuild, tmp_path: Path
) -> None:
    gateway = f"ws://127.0.0.1:{closed_port()}/"
    env = env_for(fake_discord, tmp_path / "uno.sqlite3", DISCORD_GATEWAY_URL=gateway,
                  CONNECT_ATTEMPTS="2")
    code, _, err = await run_bot(tmp_path, env)
    assert code == EXIT_UNREACHABLE
    assert last_sentence(err).startswith(
        f"Discord could not be reached at {gateway} after 2 attempts (")
    assert "DISCORD_GATEWAY_URL" in last_sentence(err)
    (warning,) = warnings(err)  # one line per failed try but the last, no traceback
    assert f"Discord unreachable at {gateway} (attempt 1: " in warning
    assert warning.endswith("next try in 1 s")
    assert_no_error(err)
    assert fake_discord.calls_to("GET", "/users/@me")  # the REST API answered meanwhile


async def test_a_gateway_that_comes_up_later_is_reached(
    fake_discord: FakeDiscord, guild: FakeGuild, tmp_path: Path
) -> None:
    """A closed port, which forwards to the fake's gateway once the bot has logged its
    first failed try: the bot connects, becomes ready, and stops cleanly."""
    port = closed_port()

    async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream_reader, upstream_writer = await asyncio.open_connection(
            "127.0.0.1", fake_discord.port)
        await asyncio.gather(forward(reader, upstream_writer), forward(upstream_reader, writer))

    gateway = str(URL(fake_discord.gateway_url).with_port(port))
    env = env_for(fake_discord, tmp_path / "uno.sqlite3", DISCORD_GATEWAY_URL=gateway)
    seen: list[str] = []
    async with bot_process(tmp_path, env) as process:
        assert process.stderr is not None
        await asyncio.wait_for(read_until(process.stderr, "Discord unreachable", seen), TIMEOUT)
        server = await asyncio.start_server(relay, "127.0.0.1", port)
        try:
            await asyncio.wait_for(read_until(process.stderr, "ready user=", seen), TIMEOUT)
            log = await stop_cleanly(process, seen)
        finally:
            server.close()
    assert len(warnings(log)) == 1
    assert "reachable at ws://127.0.0.1" in log and "after 2 attempts" in log
    assert_no_error(log)


@pytest.fixture
def stopped_postgres() -> PostgresServer:
    """A PostgreSQL server of the test's own, set up, then stopped."""
    bin_dir = binaries()
    if bin_dir is None:
        pytest.fail(MISSING)
    server = PostgresServer(bin_dir)
    server.start()
    server.halt()
    return server


async def test_postgresql_stopped_at_start_is_waited_for_then_used(
    fake_discord: FakeDiscord, guild: FakeGuild, tmp_path: Path,
    stopped_postgres: PostgresServer,
) -> None:
    env = env_for(fake_discord, tmp_path / "uno.sqlite3", DATABASE_URL=stopped_postgres.url())
    seen: list[str] = []
    try:
        async with bot_process(tmp_path, env) as process:
            assert process.stderr is not None
            await asyncio.wait_for(
                read_until(process.stderr, "PostgreSQL unreachable", seen), TIMEOUT)
            assert fake_discord.calls == []  # nothing before the database is open
            await asyncio.to_thread(stopped_postgres.resume)
            await asyncio.wait_for(read_until(process.stderr, "ready user=", seen), TIMEOUT)
            log = await stop_cleanly(process, seen)
    finally:
        stopped_postgres.stop()
    first = warnings(log)[0]
    assert f"PostgreSQL unreachable at {stopped_postgres.url()} (attempt 1: " in first
    assert first.endswith("next try in 1 s")
    assert all("PostgreSQL unreachable" in line for line in warnings(log))
    assert "open at schema version" in log
    assert_no_error(log)


async def test_postgresql_that_stays_down_exits_3_after_connect_attempts(
    fake_discord: FakeDiscord, tmp_path: Path, stopped_postgres: PostgresServer
) -> None:
    url = stopped_postgres.url().replace("uno@", "uno:s3cret-pw@")
    env = env_for(fake_discord, tmp_path / "uno.sqlite3", DATABASE_URL=url,
                  CONNECT_ATTEMPTS="2")
    try:
        code, out, err = await run_bot(tmp_path, env)
    finally:
        stopped_postgres.stop()
    assert code == EXIT_UNREACHABLE
    assert last_sentence(err).startswith("PostgreSQL could not be reached at postgresql://")
    assert "after 2 attempts" in last_sentence(err)
    assert len(warnings(err)) == 1
    assert "s3cret-pw" not in out + err
    assert fake_discord.calls == []


async def test_a_missing_postgresql_database_needs_a_person_exit_2_at_once(
    fake_discord: FakeDiscord, tmp_path: Path, postgres_server: PostgresServer
) -> None:
    env = env_for(fake_discord, tmp_path / "uno.sqlite3",
                  DATABASE_URL=postgres_server.url("no_such_database"))
    code, _, err = await run_bot(tmp_path, env)
    assert code == EXIT_FIX_AND_RESTART
    assert "does not exist" in last_sentence(err)
    assert warnings(err) == []  # not tried again


async def test_sigterm_while_waiting_for_postgresql_stops_at_once_with_0(
    fake_discord: FakeDiscord, tmp_path: Path, stopped_postgres: PostgresServer
) -> None:
    env = env_for(fake_discord, tmp_path / "uno.sqlite3", DATABASE_URL=stopped_postgres.url())
    seen: list[str] = []
    try:
        async with bot_process(tmp_path, env) as process:
            assert process.stderr is not None
            await asyncio.wait_for(
                read_until(process.stderr, "PostgreSQL unreachable", seen), TIMEOUT)
            log = await stop_cleanly(process, seen)
    finally:
        stopped_postgres.stop()
    assert "shutting down" in log
    assert_no_error(log)
    assert fake_discord.calls == []


async def test_sigterm_while_waiting_for_the_gateway_stops_with_0(
    fake_discord: FakeDiscord, guild: FakeGuild, tmp_path: Path
) -> None:
    gateway = f"ws://127.0.0.1:{closed_port()}/"
    env = env_for(fake_discord, tmp_path / "uno.sqlite3", DISCORD_GATEWAY_URL=gateway)
    seen: list[str] = []
    async with bot_process(tmp_path, env) as process:
        assert process.stderr is not None
        await asyncio.wait_for(read_until(process.stderr, "Discord unreachable", seen), TIMEOUT)
        log = await stop_cleanly(process, seen)
    assert "shutting down" in log
    assert_no_error(log)
