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

Identifying is limited as on Discord, across every session of the bot: a shard is in
the rate-limit bucket ``shard_id % max_concurrency`` (``session_start_limit`` of
``GET /gateway/bot``), and each bucket takes one IDENTIFY per 5 seconds of the event
loop's time. One beyond that is answered with an invalid session (op 9, ``d: false``)
and recorded as a breach.
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
INVALID_SESSION = 9
IDENTIFY_WINDOW = 5.0
"""Discord's seconds between two IDENTIFYs of one rate-limit bucket."""


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
        self.max_concurrency = 1
        """The shards that may identify at a time (``GET /gateway/bot`` tells it): as
        many rate-limit buckets, shard ``id`` in bucket ``id % max_concurrency``."""
        self.identify_window = IDENTIFY_WINDOW
        """Seconds a bucket takes no other IDENTIFY after one (Discord's 5; tests that
        run the bot in their own process shorten it with the bot's spacing)."""
        self.identified: list[tuple[float, int]] = []
        """The loop time and shard of each IDENTIFY taken, in order."""
        self.invalid_sessions = 0
        """Op 9s sent: an IDENTIFY too soon in its bucket, or a RESUME."""
        self._last_identify: dict[int, float] = {}
        """Bucket -> the loop time of its last IDENTIFY taken."""
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
            await self._invalidate(session)  # resuming is not supported

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
        if not self._identify_allowed(shard_id):
            await self._invalidate(session)
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

    def _identify_allowed(self, shard_id: int) -> bool:
        """Count an IDENTIFY of ``shard_id`` in its bucket, or record the breach if the
        bucket took one less than ``identify_window`` seconds ago."""
        bucket = shard_id % self.max_concurrency
        now = asyncio.get_running_loop().time()
        last = self._last_identify.get(bucket)
        if last is not None and now - last < self.identify_window:
            self.violate("identify rate limit", (
                f"IDENTIFY of shard {shard_id} {now - last:.3f} s after the last one of its "
                f"bucket {bucket} (max_concurrency {self.max_concurrency}: one IDENTIFY per "
                f"bucket every {self.identify_window:g} s)"))
            return False
        self._last_identify[bucket] = now
        self.identified.append((now, shard_id))
        return True

    def forget_identifies(self) -> None:
        """As if every bucket's window had passed (a test that waits for none)."""
        self._last_identify.clear()

    async def _invalidate(self, session: GatewaySession) -> None:
        self.invalid_sessions += 1
        await session.send({"op": INVALID_SESSION, "d": False})

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
