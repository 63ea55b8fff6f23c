"""``python -m bot`` as its own process, pointed at a fake Discord in this process.

Used by the restart test and by the table-load benchmark. Only the environment is set
(token, API base, gateway URL, database, log level): the bot is started the way an
operator starts it. It runs in ``folder`` so no developer's ``.env`` is read.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from bot.game.clock import RealClock
from tests.fakediscord import FakeDiscord

SOURCE_TREE = Path(__file__).resolve().parents[1]
"""The tree this module is in: the bot process runs its code (unless ``PYTHONPATH``
names another), not whatever tree the venv's editable install points at (a benchmark
run from an older tree's copy)."""
STARTUP_TIMEOUT = 60.0
"""Bounds a failing wait for the process to connect; a passing run never waits it out."""


@dataclass
class BotProcess:
    """Starts ``python -m bot`` against the fake, and kills or stops it."""

    fake: FakeDiscord
    folder: Path
    log: IO[bytes]
    log_level: str = "INFO"
    env: dict[str, str] = field(default_factory=dict)
    """More environment variables for the bot."""
    shards: tuple[int, ...] | None = None
    """The shards the process runs (``SHARD_IDS`` in ``env``, or all of ``SHARD_COUNT``),
    whose gateway sessions it waits for; ``None``: the only bot on the fake."""
    process: asyncio.subprocess.Process | None = None

    @property
    def database_path(self) -> Path:
        return self.folder / "data" / "uno.sqlite3"

    @property
    def pid(self) -> int:
        assert self.process is not None, "the bot process was not started"
        return self.process.pid

    async def start(self) -> None:
        """Start the process; returns once it has identified on the fake gateway."""
        assert isinstance(self.fake.clock, RealClock), (
            "a bot process runs on the real clock: so must its fake Discord's rate-limit "
            "windows (mark the test real_clock)")
        env = {k: v for k, v in os.environ.items()
               if not k.startswith("DISCORD_") and k not in ("DATABASE_PATH", "DEV_GUILD_ID")}
        env |= {
            "DISCORD_TOKEN": self.fake.token,
            "DISCORD_API_BASE": self.fake.api_base,
            "DISCORD_GATEWAY_URL": self.fake.gateway_url,
            "DATABASE_PATH": str(self.database_path),
            "LOG_LEVEL": self.log_level,
            "PYTHONPATH": os.pathsep.join(
                filter(None, (os.environ.get("PYTHONPATH"), str(SOURCE_TREE)))),
            **self.env,
        }
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=self.folder, env=env,
            stdout=self.log, stderr=self.log,
        )
        connected = asyncio.ensure_future(self._sessions(1))
        exited = asyncio.ensure_future(self.process.wait())
        done, _ = await asyncio.wait({connected, exited}, timeout=STARTUP_TIMEOUT,
                                     return_when=asyncio.FIRST_COMPLETED)
        exited.cancel()
        connected.cancel()
        assert connected in done, "the bot process never connected to the fake gateway"

    async def kill(self) -> None:
        """SIGKILL: no shutdown code runs. Returns once the fake saw the connection drop."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        assert await self.process.wait() == -signal.SIGKILL
        await asyncio.wait_for(self._sessions(0), STARTUP_TIMEOUT)

    async def _sessions(self, count: int) -> None:
        """Until each of the process's shards has ``count`` sessions on the fake."""
        gateway = self.fake.gateway
        await asyncio.gather(*(gateway.wait_for_sessions(count, shard)
                               for shard in self.shards or (None,)))

    async def stop(self) -> None:
        """SIGTERM, the operator's stop, and wait for the process to end."""
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            await self.process.wait()


def logged_errors(log_path: Path, start: int = 0, end: int | None = None) -> list[str]:
    """The ERROR and CRITICAL lines of a bot process's log, between two byte offsets."""
    with log_path.open("rb") as log:
        log.seek(start)
        text = log.read(-1 if end is None else end - start).decode(errors="replace")
    return [line for line in text.splitlines() if " ERROR " in line or " CRITICAL " in line]
