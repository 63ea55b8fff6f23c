"""Start-up: read the settings, start the bot, stop cleanly on SIGTERM/Ctrl-C."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

import discord

from bot.app.client import UnoBot, point_at
from bot.app.settings import Settings, SettingsError, load_settings

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
            [settings.discord_token.get_secret_value()],
        )
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(settings.log_level_number)


async def run(settings: Settings) -> int:
    point_at(settings.discord_api_base, settings.discord_gateway_url)
    settings.database_path.parent.mkdir(parents=True, exist_ok=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    async with UnoBot(settings) as bot:
        runner = asyncio.create_task(bot.start(settings.discord_token.get_secret_value()))
        stopper = asyncio.create_task(stop.wait())
        await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        stopper.cancel()
        if runner.done():
            error = runner.exception()
            if isinstance(error, discord.LoginFailure):
                print("Discord refused DISCORD_TOKEN: check the token in .env.", file=sys.stderr)
                return 2
            if error is not None:
                log.critical("the bot stopped: %s", error, exc_info=error)
                return 1
        log.info("shutting down")
        await bot.close()
        await runner
    return 0


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as error:
        print(error, file=sys.stderr)
        return 2
    configure_logging(settings)
    return asyncio.run(run(settings))

