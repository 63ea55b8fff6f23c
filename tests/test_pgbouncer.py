"""``python -m bot`` through a real PgBouncer in front of PostgreSQL: in transaction
pooling, which does not keep the shard lease's session lock, it stops at start with
exit code 2 and one sentence; in session pooling it runs, and stops cleanly."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.app.test_main import READY_TIMEOUT, ready_bot
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.pgbouncer import MISSING, PgBouncer, PoolMode, program
from tests.pgserver import PostgresServer

NOT_KEPT = (
    "The PostgreSQL connection of DATABASE_URL {url} does not keep this process's shard "
    "lease (a session advisory lock) from one statement to the next, as PgBouncer's "
    "transaction pooling does not: point DATABASE_URL at PgBouncer with pool_mode = "
    "session, or at PostgreSQL directly."
)


@pytest.fixture
def pgbouncer(postgres_server: PostgresServer) -> Iterator[Callable[[PoolMode], PgBouncer]]:
    """Start a PgBouncer in front of the session's server, in the pooling mode asked."""
    binary = program()
    if binary is None:
        pytest.fail(MISSING)
    started: list[PgBouncer] = []

    def start(pool_mode: PoolMode) -> PgBouncer:
        bouncer = PgBouncer(binary, postgres_server, pool_mode)
        started.append(bouncer)
        bouncer.start()
        return bouncer

    yield start
    for bouncer in started:
        bouncer.stop()


async def test_transaction_pooling_is_refused_at_start_with_exit_2_and_one_sentence(
    fake_discord: FakeDiscord, guild: FakeGuild, tmp_path: Path, postgres_url: str,
    pgbouncer: Callable[[PoolMode], PgBouncer],
) -> None:
    url = pgbouncer("transaction").url(postgres_url)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path,
        env={"DISCORD_TOKEN": fake_discord.token, "DISCORD_API_BASE": fake_discord.api_base,
             "DISCORD_GATEWAY_URL": fake_discord.gateway_url, "ENV_FILE": "",
             "DATABASE_URL": url},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    _, err = await asyncio.wait_for(process.communicate(), READY_TIMEOUT)
    assert process.returncode == 2
    log = err.decode()
    assert log.strip().splitlines()[-1] == NOT_KEPT.format(url=url)
    assert "Traceback" not in log
    assert fake_discord.gateway.sessions == []  # no shard was run without its lease


async def test_session_pooling_runs_and_stops_cleanly(
    fake_discord: FakeDiscord, guild: FakeGuild, tmp_path: Path, postgres_url: str,
    pgbouncer: Callable[[PoolMode], PgBouncer],
) -> None:
    url = pgbouncer("session").url(postgres_url)
    seen: list[str] = []
    process = await ready_bot(fake_discord, tmp_path, {"DATABASE_URL": url}, seen)
    assert process.stderr is not None and process.stdout is not None
    answer = await guild.members[0].slash("uno new")  # a lobby saved through PgBouncer
    assert answer.response is not None
    process.send_signal(signal.SIGTERM)
    rest, _ = await asyncio.wait_for(
        asyncio.gather(process.stderr.read(), process.stdout.read()), READY_TIMEOUT)
    assert await process.wait() == 0
    log = "".join(seen) + rest.decode()
    assert "lease taken on every shard" in log and "shutting down" in log
    assert "Traceback" not in log and " ERROR " not in log
