"""Fixtures that run the project's real bot against the fake Discord.

``bot`` is the real UnoBot (real setup_hook, cogs, command sync) connected to a
``fake_discord`` on loopback; ``guild`` holds members who use it. Every test also
fails on any ERROR log record from discord.py or the bot, and on any violation the
fake recorded.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from pydantic import SecretStr

from bot.app.client import UnoBot
from bot.app.settings import Settings
from bot.game.clock import Clock, FakeClock, RealClock
from bot.game.locks import outside_table_locks
from bot.ui.discord_internals import point_at
from tests.fakediscord import FakeDiscord, FakeGuild, add_guild
from tests.fakediscord.client_clock import wait_on
from tests.fakediscord.handlers import watch_handlers
from tests.pgserver import MISSING, PostgresServer, binaries

WATCHED_LOGGERS = ("discord", "bot", "cogs")
MEMBER_NAMES = [f"player{n}" for n in range(1, 12)] + ["moderator"]


TESTS = Path(__file__).resolve().parent
PROCESS_TEST_FILES = frozenset({
    "app/test_main.py", "app/test_startup.py", "app/test_settings.py",
    "test_process_restart.py", "test_process_shards.py", "test_table_load.py",
    "test_process_identify.py", "test_pgbouncer.py",
})
"""The test files (paths under ``tests/``) that start ``python -m bot`` (or a load run of
it) as processes: they take most of a suite's time and test the process, not the
interpreter, so CI runs them on one Python only (``-m "not process"`` on the others; see
``.ci/run``)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        path = item.path.resolve()
        if path.is_relative_to(TESTS) and path.relative_to(TESTS).as_posix() in PROCESS_TEST_FILES:
            item.add_marker(pytest.mark.process)


class ErrorRecords(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.split(".")[0] in WATCHED_LOGGERS:
            self.records.append(record)


@pytest.fixture(autouse=True, scope="session")
def no_developer_dotenv() -> Iterator[None]:
    """Bots started by the tests, in this process or as a child process, read no .env
    unless a test says which (the bot would otherwise find the checkout's own)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ENV_FILE", "")
        yield


@pytest.fixture(autouse=True)
def error_log() -> Iterator[ErrorRecords]:
    """Fails the test on any ERROR from discord.py or the bot: discord.py only logs
    exceptions raised in handlers, so a broken handler would otherwise pass unseen."""
    handler = ErrorRecords()
    root = logging.getLogger()
    root.addHandler(handler)
    yield handler
    root.removeHandler(handler)
    errors = [f"{r.name}: {r.getMessage()}" for r in handler.records]
    assert not errors, f"ERROR log records during the test: {errors}"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL server for the session (see ``tests/pgserver.py``); fails
    the tests that need it, with how to install it, where PostgreSQL is missing."""
    bin_dir = binaries()
    if bin_dir is None:
        pytest.fail(MISSING)
    server = PostgresServer(bin_dir)
    try:
        server.start()
    except BaseException:
        server.stop()
        raise
    yield server
    server.stop()


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A new, empty database on the session's server, dropped after the test."""
    url = postgres_server.new_database()
    yield url
    postgres_server.drop(url)


@pytest.fixture
def clock(request: pytest.FixtureRequest) -> Clock:
    """The bot's clock, which the fake Discord keeps too (its token ages and rate-limit
    windows): a FakeClock the test moves, or the real clock in a module marked
    ``real_clock``, whose bots run as their own processes on it."""
    if request.node.get_closest_marker("real_clock") is not None:
        return RealClock()
    return FakeClock()


@pytest.fixture
async def fake_discord(clock: Clock) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord(clock)
    await fake.start()
    yield fake
    await fake.stop()
    assert not fake.violations, f"the bot broke Discord's rules: {fake.violations}"


@pytest.fixture
def guild(fake_discord: FakeDiscord) -> FakeGuild:
    """A server with two channels, eleven players and a moderator (Manage Messages)."""
    return add_guild(fake_discord, MEMBER_NAMES, channels=2, moderators=1)


@pytest.fixture
def endpoints(fake_discord: FakeDiscord) -> Iterator[None]:
    """Point discord.py at the fake, and back afterwards (they are class attributes)."""
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    point_at(fake_discord.api_base, fake_discord.gateway_url)
    yield
    discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved


def make_settings(fake: FakeDiscord, tmp_path: Path, **overrides: Any) -> Settings:
    """The bot's settings for a test. Its pictures are drawn in a thread unless
    ``render_workers`` says otherwise: a worker process takes a second to start, and
    its own tests start it (``tests/ui/test_painters.py``)."""
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        discord_token=SecretStr(fake.token),
        database_path=tmp_path / "data" / "uno.sqlite3",
        discord_api_base=fake.api_base,
        discord_gateway_url=fake.gateway_url,
        **{"render_workers": 0, **overrides},
    )


IDENTIFY_WINDOW = 0.2
"""The fake's seconds between two IDENTIFYs of a bucket while a bot runs in the test's
own process (Discord's 5 s would hold each restart of a bot in a test for 5 s)..."""
IDENTIFY_SPACING = 0.3
"""... and that bot's spacing, with a margin as the bot's own 5.5 s has one."""


def unlocked_requests() -> aiohttp.TraceConfig:
    """A trace on every request a test's bot makes (discord.py's ``http_trace``): none
    may be made by a task holding a table's lock (``bot.game.locks``), so a Discord call
    under a lock anywhere fails its test. Only in the tests: a trace costs every request
    of the running bot tens of microseconds."""
    trace = aiohttp.TraceConfig()

    async def check(session: aiohttp.ClientSession, context: object,
                    params: aiohttp.TraceRequestStartParams) -> None:
        outside_table_locks(f"a Discord request ({params.method} {params.url.path})")

    trace.on_request_start.append(check)
    return trace


@contextlib.asynccontextmanager
async def running_bot(
    settings: Settings, clock: FakeClock, fake: FakeDiscord
) -> AsyncIterator[UnoBot]:
    """The real bot, connected and ready: login (which runs setup_hook), then connect.
    ``fake`` (the Discord it talks to) learns of its interaction handlers, so that a
    member's click returns once the bot has finished with it, and its discord.py waits
    out the fake's rate-limit windows on the fake's clock. Its games are dealt from
    fixed seeds, so a test plays the same deal on every run. It identifies its shards
    ``IDENTIFY_SPACING`` apart, and the fake counts IDENTIFYs in ``IDENTIFY_WINDOW``."""
    fake.gateway.identify_window = IDENTIFY_WINDOW
    seeds = itertools.count(1)
    client = UnoBot(settings, clock=clock, seeds=lambda: next(seeds), guild_ready_timeout=0.05,
                    identify_spacing=IDENTIFY_SPACING, http_trace=unlocked_requests())
    watch_handlers(fake, client)
    wait_on(client, fake.clock)
    await client.login(settings.discord_token.get_secret_value())
    connection = asyncio.create_task(client.connect())
    try:
        await client.wait_until_ready()
        yield client
    finally:
        await client.close()
        await connection


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, endpoints: None, tmp_path: Path
) -> AsyncIterator[UnoBot]:
    async with running_bot(make_settings(fake_discord, tmp_path), clock, fake_discord) as client:
        yield client
