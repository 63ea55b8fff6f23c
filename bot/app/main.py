"""Start-up: read the settings, open the database (waiting for a PostgreSQL server that
cannot be reached yet), wait for Discord, start the bot, stop cleanly on SIGTERM/Ctrl-C;
and ``uno-bot backup PATH``.

Every way start-up can fail is one sentence on stderr and an exit code (README, "Exit
codes"); only a bug gets a traceback, in the log, with exit code 1.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import signal
import sys
from collections.abc import Coroutine
from importlib import metadata
from typing import Any, TypeVar

import aiohttp
import discord

from bot.app.client import UnoBot
from bot.app.health import HealthServer
from bot.app.settings import Settings, SettingsError, load_database_settings, load_settings
from bot.app.startup import Backoff, Server, Unreachable, keep_trying, wait_for_discord
from bot.storage import DatabaseUnreachable, Storage, StorageError, open_storage
from bot.storage.sqlite.backup import backup
from bot.storage.urls import database_password, is_postgres, without_password
from bot.ui.discord_internals import point_at

EXIT_STOPPED = 0
"""Stopped by SIGTERM or Ctrl-C, or a command that did its work."""
EXIT_CRASHED = 1
"""A bug: the traceback is in the log."""
EXIT_FIX_AND_RESTART = 2
"""Settings, the token Discord refused, the database, the health port: fix, then start."""
EXIT_UNREACHABLE = 3
"""Discord or the PostgreSQL server stayed unreachable for CONNECT_ATTEMPTS attempts, or
the PostgreSQL connection that held the shards' lease ended: starting again may work."""

T = TypeVar("T")

log = logging.getLogger("bot")


class RedactingFormatter(logging.Formatter):
    """Never let a secret reach a log line, whoever logged it."""

    def __init__(self, fmt: str, secrets: list[str]) -> None:
        super().__init__(fmt)
        self.secrets = [s for s in secrets if s]

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        for secret in self.secrets:
            line = line.replace(secret, "[redacted]")
        return line


def configure_logging(settings: Settings) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(
        RedactingFormatter(
            "%(asctime)s %(levelname)s %(name)s: %(message)s",
            [settings.discord_token.get_secret_value(), database_password(settings.database_url)],
        )
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(settings.log_level_number)


async def run(settings: Settings) -> int:
    point_at(settings.discord_api_base, settings.discord_gateway_url)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    database = await until_stopped(stop, open_database(settings))
    if database is None:
        log.info("shutting down")
        return EXIT_STOPPED
    async with UnoBot(settings, database=database) as bot:
        health = HealthServer(settings.health_port, lambda: is_ready(bot, database)) if (
            settings.health_port is not None) else None
        try:
            if health is not None:
                await health.start()
        except OSError as error:
            raise Refused(
                f"HEALTH_PORT {settings.health_port} cannot be used ({error.strerror}): "
                "choose a free port, or leave HEALTH_PORT empty."
            ) from None
        try:
            return await serve(bot, settings, stop)
        finally:
            if health is not None:
                await health.stop()


async def open_database(settings: Settings) -> Storage:
    """The database, opened and up to date; a PostgreSQL server that cannot be reached
    yet (restarting, still booting) is tried again like Discord."""
    server = Server("PostgreSQL", without_password(settings.database_url),
                    "that the server runs and DATABASE_URL",
                    failures=(DatabaseUnreachable,))
    try:
        return await keep_trying(server, lambda: open_storage(
            settings.database_url, busy_timeout=settings.database_busy_timeout),
            Backoff(attempts=settings.connect_attempts))
    except Unreachable as error:
        raise Refused(error, EXIT_UNREACHABLE) from None
    except StorageError as error:
        raise Refused(error) from None


async def serve(bot: UnoBot, settings: Settings, stop: asyncio.Event) -> int:
    backoff = Backoff(attempts=settings.connect_attempts)
    try:
        reached = await until_stopped(stop, wait_for_discord(settings.discord_api_base, backoff))
    except Unreachable as error:
        raise Refused(error, EXIT_UNREACHABLE) from None
    if reached is None:
        log.info("shutting down")
        return EXIT_STOPPED
    runner = asyncio.create_task(bot.start(settings.discord_token.get_secret_value()))
    stoppers = {asyncio.create_task(stop.wait()), asyncio.create_task(bot.lease_lost.wait())}
    await asyncio.wait({runner, *stoppers}, return_when=asyncio.FIRST_COMPLETED)
    for stopper in stoppers:
        stopper.cancel()
    if runner.done():
        failure = runner.exception()
        if isinstance(failure, discord.LoginFailure):
            raise Refused("Discord refused DISCORD_TOKEN: check the token in .env.")
        if isinstance(failure, Unreachable):  # the gateway, while the REST API answers
            raise Refused(failure, EXIT_UNREACHABLE)
        if isinstance(failure, aiohttp.ClientConnectionError | TimeoutError):
            raise Refused(
                f"Discord stopped answering at {settings.discord_api_base} during start-up "
                f"({failure or type(failure).__name__}): start the bot again.",
                EXIT_UNREACHABLE,
            )
        if isinstance(failure, StorageError):
            raise Refused(failure)
        if failure is not None:
            log.critical("the bot stopped: %s", failure, exc_info=failure)
            return EXIT_CRASHED
    log.info("shutting down")
    await bot.close()
    await runner
    if bot.lease_lost.is_set():  # another process may run these shards now: never both
        raise Refused(
            "The connection to PostgreSQL that held this process's shards ended, so the "
            "bot stopped (another process may run them now): start the bot again.",
            EXIT_UNREACHABLE,
        )
    return EXIT_STOPPED


async def until_stopped(stop: asyncio.Event, work: Coroutine[Any, Any, T]) -> T | None:
    """``work``'s result, or None (``work`` cancelled) if ``stop`` is set first."""
    task = asyncio.create_task(work)
    stopper = asyncio.create_task(stop.wait())
    await asyncio.wait({task, stopper}, return_when=asyncio.FIRST_COMPLETED)
    stopper.cancel()
    if not task.done():
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return None
    return task.result()


async def is_ready(bot: UnoBot, database: Storage) -> bool:
    """Ready: every shard is connected to the gateway and the database answers."""
    return bot.is_connected() and await database.ping()


class Refused(Exception):
    """Start-up cannot go on: ``str()`` is the sentence, ``code`` the exit code. Raised
    out of :func:`run` so the sentence is printed after every log line of the clean-up."""

    def __init__(self, reason: object, code: int = EXIT_FIX_AND_RESTART) -> None:
        super().__init__(str(reason))
        self.code = code


def refuse(reason: object, code: int = EXIT_FIX_AND_RESTART) -> int:
    """Print the one sentence that says what to do, and return the exit code."""
    print(reason, file=sys.stderr)
    return code


def version() -> str:
    try:
        return metadata.version("uno-bot")
    except metadata.PackageNotFoundError:
        return "unknown"


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="uno-bot",
        description="UNO for Discord. Without a command: run the bot with the settings from "
        "the environment and .env (see README).",
        epilog="Exit codes: 0 stopped, 1 crashed (a bug), 2 fix the setting, token, "
        "database or port named on stderr and start again, 3 Discord or PostgreSQL "
        "unreachable (starting again may work).",
    )
    parser.add_argument("--version", action="version", version=f"uno-bot {version()}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    saving = commands.add_parser(
        "backup",
        help="copy the database to PATH while the bot runs",
        description="Write a consistent copy of DATABASE_PATH to PATH (a file, or a folder "
        "for a dated file in it), even while the bot runs.",
    )
    saving.add_argument("path", metavar="PATH")
    return parser.parse_args(argv)


def backup_command(target: str) -> int:
    try:
        settings = load_database_settings()
        if is_postgres(settings.database_url):
            return refuse(
                "uno-bot backup copies a SQLite database: back up PostgreSQL with "
                "pg_dump (see README)."
            )
        written = backup(settings.database_path, target, settings.database_busy_timeout)
    except (SettingsError, StorageError) as error:
        return refuse(error)
    print(f"Backed up {settings.database_path} to {written}.")
    return EXIT_STOPPED


YOUNG_OBJECTS_BEFORE_COLLECTION = 10_000
"""Python's default is 700. Every seventy thousand objects made (10 x 10 x 700) it
scans every object the bot holds for cycles; a burst of clicks makes millions of
objects, so with the default those full scans took about 0.4 s of the event loop in a
burst of 1,400 clicks (``benchmarks/table_load.py --mode burst``), on top of the clicks'
own work. A young generation of 10,000 makes full scans 14 times rarer; cyclic garbage
(discord.py's objects point at each other) is still collected, a little later."""


def collect_garbage_less_often() -> None:
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS_BEFORE_COLLECTION, middle, old)


def main(argv: list[str] | None = None) -> int:
    """``python -m bot`` and the ``uno-bot`` script; returns the exit code."""
    options = arguments(argv)
    if options.command == "backup":
        return backup_command(options.path)
    try:
        settings = load_settings()
    except SettingsError as error:
        return refuse(error)
    configure_logging(settings)
    collect_garbage_less_often()
    try:
        return asyncio.run(run(settings))
    except Refused as refusal:
        # The last line on stderr is the sentence: nothing logs after it (aiosqlite's
        # worker thread may still log its own close at DEBUG).
        logging.disable(logging.CRITICAL)
        return refuse(refusal, refusal.code)
