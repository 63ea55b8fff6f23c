"""The gateway websocket: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats, dispatches.

Frames are compressed as Discord compresses them: a client that connects with
``compress=zlib-stream`` (discord.py does) gets binary frames from one zlib stream for the
whole connection, each ending in a sync flush; any other client gets plain TEXT. With
one stream, what repeats from frame to frame (member, channel, the clicked message)
costs little on the wire, as on Discord; the websocket's own per-message compression is
then left off, as Discord leaves it.

Sharded like Discord: IDENTIFY says ``shard: [id, count]`` (none: ``[0, 1]``), the count
must be the one ``GET /gateway/bot`` gives, and a session hears only of the guilds of
its shard, ``(guild_id >> 22) % count``: their GUILD_CREATE and their interactions.
"""

from __future__ import annotations

import asyncio
import json
import zlib
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

HEARTBEAT_INTERVAL_MS = 41_250
PRIVILEGED_INTENTS = {
    1 << 1: "GUILD_MEMBERS",
    1 << 8: "GUILD_PRESENCES",
    1 << 15: "MESSAGE_CONTENT",
}
CLOSE_AUTHENTICATION_FAILED = 4004
CLOSE_INVALID_SHARD = 4010
CLOSE_DISALLOWED_INTENTS = 4014


def shard_of(guild_id: int, shard_count: int) -> int:
    return (guild_id >> 22) % shard_count


ZLIB_STREAM = "zlib-stream"


class GatewaySession:
    def __init__(self, ws: web.WebSocketResponse, zlib_stream: bool = False) -> None:
        self.ws = ws
        self.compressor = zlib.compressobj() if zlib_stream else None
        self.sequence = 0
        self.intents: int | None = None
        self.shard = (0, 1)
        """``(shard id, shard count)`` from IDENTIFY."""

    def carries(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.shard[1]) == self.shard[0]

    async def send(self, payload: dict[str, Any]) -> None:
        text = json.dumps(payload)
        if self.compressor is None:
            await self.ws.send_str(text)
            return
        frame = self.compressor.compress(text.encode()) + self.compressor.flush(zlib.Z_SYNC_FLUSH)
        await self.ws.send_bytes(frame)

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.sequence += 1
        await self.send({"op": 0, "t": event, "s": self.sequence, "d": data})


class Gateway:
    """Serves sessions for one fake Discord. ``ready_payloads()`` gives READY's data and
    the GUILD_CREATE payloads; ``violate`` records a breach."""

    def __init__(
        self,
        token: str,
        ready_payloads: Callable[[], tuple[dict[str, Any], list[dict[str, Any]]]],
        violate: Callable[[str, str], None],
    ) -> None:
        self.token = token
        self.ready_payloads = ready_payloads
        self.violate = violate
        self.sessions: list[GatewaySession] = []
        self.shard_count = 1
        """What ``GET /gateway/bot`` tells; IDENTIFY must use the same count."""
        self._sessions_changed = asyncio.Condition()

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        zlib_stream = request.query.get("compress") == ZLIB_STREAM
        ws = web.WebSocketResponse(compress=not zlib_stream)
        await ws.prepare(request)
        session = GatewaySession(ws, zlib_stream)
        await session.send({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        try:
            async for frame in ws:
                if frame.type is not WSMsgType.TEXT:
                    continue
                await self._receive(session, json.loads(frame.data))
        finally:
            if session in self.sessions:
                self.sessions.remove(session)
                await self._notify()
        return ws

    async def wait_for_sessions(self, count: int, shard_id: int | None = None) -> None:
        """Until exactly ``count`` sessions (of shard ``shard_id`` only, if given) are
        connected and identified: a bot process that was killed has gone, or a new one
        has sent IDENTIFY (after its setup_hook)."""
        def counted() -> bool:
            return len([s for s in self.sessions
                        if shard_id is None or s.shard[0] == shard_id]) == count

        async with self._sessions_changed:
            await self._sessions_changed.wait_for(counted)

    async def _notify(self) -> None:
        async with self._sessions_changed:
            self._sessions_changed.notify_all()

    async def _receive(self, session: GatewaySession, payload: dict[str, Any]) -> None:
        op = payload.get("op")
        if op == 1:
            await session.send({"op": 11})
        elif op == 2:
            await self._identify(session, payload["d"])
        elif op == 6:
            await session.send({"op": 9, "d": False})  # resuming is not supported

    async def _identify(self, session: GatewaySession, data: dict[str, Any]) -> None:
        if data.get("token") != self.token:
            await session.ws.close(code=CLOSE_AUTHENTICATION_FAILED)
            return
        intents = int(data.get("intents", 0))
        asked = [name for bit, name in PRIVILEGED_INTENTS.items() if intents & bit]
        if asked:
            self.violate("privileged intents", f"IDENTIFY asked for {', '.join(asked)}")
            await session.ws.close(code=CLOSE_DISALLOWED_INTENTS)
            return
        shard = data.get("shard") or [0, 1]
        shard_id, shard_count = int(shard[0]), int(shard[1])
        if shard_count != self.shard_count or not 0 <= shard_id < shard_count:
            self.violate("invalid shard", f"IDENTIFY with shard {shard}, the bot has "
                         f"{self.shard_count} shards")
            await session.ws.close(code=CLOSE_INVALID_SHARD)
            return
        session.intents, session.shard = intents, (shard_id, shard_count)
        ready, guilds = self.ready_payloads()
        guilds = [g for g in guilds if session.carries(int(g["id"]))]
        ready = {**ready, "shard": [shard_id, shard_count],
                 "guilds": [g for g in ready["guilds"] if session.carries(int(g["id"]))]}
        await session.dispatch("READY", ready)
        for guild in guilds:
            await session.dispatch("GUILD_CREATE", guild)
        self.sessions.append(session)
        await self._notify()

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """Send an event of a guild (``data["guild_id"]``) to the sessions of its shard."""
        guild_id = int(data["guild_id"])
        sessions = [s for s in self.sessions if s.carries(guild_id)]
        assert sessions, f"no bot is connected to the fake gateway for guild {guild_id}'s shard"
        for session in sessions:
            await session.dispatch(event, data)

    async def close(self) -> None:
        for session in list(self.sessions):
            await session.ws.close()
