"""An optional local health endpoint: ``GET /health`` on 127.0.0.1:HEALTH_PORT answers
200 ``ready`` while the gateway is connected and the database answers, else 503.

For a container's HEALTHCHECK or a service monitor on the same machine; it listens on
loopback only and says nothing else about the bot.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from aiohttp import web

log = logging.getLogger(__name__)

Readiness = Callable[[], Awaitable[bool]]


class HealthServer:
    def __init__(self, port: int, is_ready: Readiness, host: str = "127.0.0.1") -> None:
        self.host = host
        self.port = port
        self._is_ready = is_ready
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        """Listen; raises ``OSError`` if the port is taken."""
        app = web.Application()
        app.router.add_get("/health", self._health)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port)
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = runner.addresses[0][1]
        log.info("health endpoint on http://%s:%d/health", self.host, self.port)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _health(self, request: web.Request) -> web.Response:
        if await self._is_ready():
            return web.Response(text="ready\n")
        return web.Response(status=503, text="not ready\n")
