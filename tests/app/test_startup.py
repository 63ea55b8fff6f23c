"""Start-up that waits for the world: bad storage, an unreachable Discord, --help and
--version, the health endpoint; each failure one sentence and a documented exit code."""

from __future__ import annotations

import asyncio
import logging
import socket
import sqlite3
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.app.health import HealthServer
from bot.app.main import EXIT_FIX_AND_RESTART, EXIT_UNREACHABLE, is_ready
from bot.app.startup import Backoff, wait_for_discord
from bot.game.clock import FakeClock
from bot.storage import SqliteStorage
from tests.checkout import fresh_checkout, run_checkout
from tests.conftest import make_settings, running_bot
from tests.fakediscord import WRONG_TOKEN, FakeDiscord, FakeGuild
from tests.storage.test_open_problems import damage, filled

pytestmark = pytest.mark.real_clock

TIMEOUT = 60.0


async def run_bot(cwd: Path, env: dict[str, str], *args: str) -> tuple[int, str, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, cwd=cwd, env={"ENV_FILE": "", **env},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), TIMEOUT)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


def last_sentence(err: str) -> str:
    assert "Traceback" not in err, err
    line = err.strip().splitlines()[-1]
    assert line.endswith(".") and ". " not in line, line
    return line


def closed_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def env_for(fake: FakeDiscord, database: Path, **more: str) -> dict[str, str]:
    return {"DISCORD_TOKEN": fake.token, "DISCORD_API_BASE": fake.api_base,
            "DISCORD_GATEWAY_URL": fake.gateway_url, "DATABASE_PATH": str(database),
            "DATABASE_BUSY_TIMEOUT": "0.2", **more}


async def damaged(path: Path) -> None:
    await filled(path)
    damage(path)


async def newer(path: Path) -> None:
    await filled(path, games=1)
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA user_version = 99")


@pytest.mark.parametrize(("prepare", "words"), [
    (damaged, "is damaged"),
    (newer, "upgrade the bot"),
])
async def test_a_bad_database_exits_2_with_one_sentence_before_any_network(
    fake_discord: FakeDiscord, tmp_path: Path, prepare: object, words: str
) -> None:
    database = tmp_path / "data" / "uno.sqlite3"
    await prepare(database)  # type: ignore[operator]
    code, _, err = await run_bot(tmp_path, env_for(fake_discord, database))
    assert code == EXIT_FIX_AND_RESTART
    assert words in last_sentence(err)
    assert fake_discord.calls == []


async def test_a_locked_database_exits_2(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    database = tmp_path / "data" / "uno.sqlite3"
    await filled(database, games=1)
    holder = sqlite3.connect(database, isolation_level=None)
    try:
        holder.execute("BEGIN EXCLUSIVE")
        code, _, err = await run_bot(tmp_path, env_for(fake_discord, database))
    finally:
        holder.close()
    assert code == EXIT_FIX_AND_RESTART
    assert "locked by another program" in last_sentence(err)


@pytest.mark.parametrize("database", ["/proc/self/uno.sqlite3", "a-file/uno.sqlite3"])
async def test_a_database_folder_that_cannot_be_written_exits_2(
    fake_discord: FakeDiscord, tmp_path: Path, database: str
) -> None:
    (tmp_path / "a-file").write_text("")
    code, _, err = await run_bot(tmp_path, env_for(fake_discord, tmp_path / database))
    assert code == EXIT_FIX_AND_RESTART
    assert "DATABASE_PATH" in last_sentence(err)


async def test_a_missing_database_folder_is_created(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    database = tmp_path / "deep" / "er" / "uno.sqlite3"
    env = env_for(fake_discord, database, DISCORD_TOKEN=WRONG_TOKEN)
    code, _, err = await run_bot(tmp_path, env)
    assert code == EXIT_FIX_AND_RESTART  # got as far as the token, past the folder
    assert last_sentence(err) == "Discord refused DISCORD_TOKEN: check the token in .env."
    assert database.is_file()


async def test_discord_unreachable_is_retried_then_given_up_with_exit_3(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    api = f"http://127.0.0.1:{closed_port()}/api/v10"
    env = env_for(fake_discord, tmp_path / "uno.sqlite3", DISCORD_API_BASE=api,
                  CONNECT_ATTEMPTS="2")
    code, _, err = await run_bot(tmp_path, env)
    assert code == EXIT_UNREACHABLE
    assert "after 2 attempts" in last_sentence(err)
    attempts = [line for line in err.splitlines() if "Discord unreachable" in line]
    assert len(attempts) == 1 and "attempt 1" in attempts[0] and "next try in 1 s" in attempts[0]


async def forward(local: asyncio.StreamReader, remote: asyncio.StreamWriter) -> None:
    try:
        while data := await local.read(65536):
            remote.write(data)
            await remote.drain()
    finally:
        remote.close()


async def test_discord_that_comes_up_later_is_reached(
    fake_discord: FakeDiscord, caplog: pytest.LogCaptureFixture
) -> None:
    """Retried against a closed port, which starts forwarding to the fake after the
    second failed attempt was logged: the next attempt gets through."""
    port = closed_port()
    api = f"http://127.0.0.1:{port}/api/v10"
    second_failure = asyncio.Event()

    class Watch(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if "attempt 2" in record.getMessage():
                second_failure.set()

    watch = Watch()
    logging.getLogger("bot.app.startup").addHandler(watch)

    async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        upstream_reader, upstream_writer = await asyncio.open_connection(
            "127.0.0.1", fake_discord.port)
        await asyncio.gather(forward(reader, upstream_writer), forward(upstream_reader, writer))

    async def open_later() -> asyncio.Server:
        await second_failure.wait()
        return await asyncio.start_server(relay, "127.0.0.1", port)

    opening = asyncio.create_task(open_later())
    try:
        with caplog.at_level(logging.INFO, "bot.app.startup"):
            attempts = await asyncio.wait_for(
                wait_for_discord(api, Backoff(first=0.01, cap=0.05)), TIMEOUT)
    finally:
        logging.getLogger("bot.app.startup").removeHandler(watch)
        server = await opening
        server.close()
    assert attempts == 3
    assert len(fake_discord.calls_to("GET", "/gateway")) == 1
    failed = [r.getMessage() for r in caplog.records if "unreachable" in r.getMessage()]
    assert [m.split("(")[1].split(":")[0] for m in failed] == ["attempt 1", "attempt 2"]


def test_backoff_doubles_up_to_its_cap() -> None:
    assert [Backoff().delay(n) for n in range(1, 10)] == [1, 2, 4, 8, 16, 32, 60, 60, 60]


async def test_help_and_version_answer(tmp_path: Path) -> None:
    code, out, _ = await run_bot(tmp_path, {}, "--help")
    assert code == 0 and "backup" in out and "Exit codes" in out
    code, out, _ = await run_bot(tmp_path, {}, "--version")
    assert code == 0 and out.startswith("uno-bot ")


async def test_health_is_ready_only_while_connected(
    fake_discord: FakeDiscord, guild: FakeGuild, endpoints: None, tmp_path: Path
) -> None:
    settings = make_settings(fake_discord, tmp_path)
    database = await SqliteStorage.open(settings.database_path)
    bot_ref: list[object] = []

    async def ready() -> bool:
        return bool(bot_ref) and await is_ready(bot_ref[0], database)  # type: ignore[arg-type]

    health = HealthServer(0, ready)
    await health.start()
    url = f"http://127.0.0.1:{health.port}/health"
    try:
        async with aiohttp.ClientSession() as http:
            async with http.get(url) as answer:
                assert answer.status == 503
            client = running_bot(settings, FakeClock(), fake_discord)
            async with client as bot:
                bot_ref.append(bot)
                async with http.get(url) as answer:
                    assert (answer.status, await answer.text()) == (200, "ready\n")
            async with http.get(url) as answer:
                assert answer.status == 503  # closed
    finally:
        await health.stop()
        await database.close()


@pytest.mark.parametrize(("setting", "folder"), [
    ("", "data"),  # DATABASE_PATH's default, data/uno.sqlite3
    ("DATABASE_PATH=state/uno.sqlite3", "state"),
    ("DATABASE_URL=sqlite:///state/uno.sqlite3", "state"),
])
async def test_a_relative_database_is_the_checkouts_from_any_folder(
    fake_discord: FakeDiscord, tmp_path: Path, setting: str, folder: str
) -> None:
    """A fresh clone with its .env, started from another folder (a service manager's):
    the database is made in the checkout, and the log names its absolute path."""
    checkout = fresh_checkout(tmp_path / "uno-bot")
    (checkout / ".env").write_text(
        f"DISCORD_TOKEN={WRONG_TOKEN}\nDISCORD_API_BASE={fake_discord.api_base}\n"
        f"DISCORD_GATEWAY_URL={fake_discord.gateway_url}\n{setting}\n")
    elsewhere = tmp_path / "home"
    elsewhere.mkdir()

    code, _, err = await run_checkout(checkout, elsewhere, {})

    assert code == EXIT_FIX_AND_RESTART  # the token, refused after the database opened
    assert last_sentence(err) == "Discord refused DISCORD_TOKEN: check the token in .env."
    database = checkout / folder / "uno.sqlite3"
    assert database.is_file()
    assert f"database {database} open at schema version" in err
    assert list(elsewhere.iterdir()) == []
