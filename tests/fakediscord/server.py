"""FakeDiscord: the REST API and gateway on 127.0.0.1, enforcing Discord's limits.

A breach is answered with the error Discord gives and also recorded in
``violations``, which the test fixtures turn into a failed test: a bot that ignores
an HTTP error (or only logs it) still fails.
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from aiohttp import web

from bot.game.clock import Clock
from tests.fakediscord import payloads
from tests.fakediscord.attachments import (
    DEFAULT_SIZE_LIMIT,
    AttachmentError,
    Upload,
    attach,
    check_uploads,
    dangling_images,
    read_body,
)
from tests.fakediscord.commands import command_problems
from tests.fakediscord.gateway import Gateway, GatewaySession
from tests.fakediscord.limits import IS_COMPONENTS_V2, message_problems
from tests.fakediscord.permissions import ATTACH_FILES, channel_permissions
from tests.fakediscord.ratelimits import CHANNEL_LIMIT, CHANNEL_WINDOW, ChannelLimits, too_many
from tests.fakediscord.records import Interaction, RestCall, StoredMessage, Violation
from tests.fakediscord.threads import (
    CREATE_PUBLIC_THREADS,
    SEND_MESSAGES_IN_THREADS,
    TEXT_CHANNEL,
    VIEW_CHANNEL,
    thread_payload,
    thread_problems,
)
from tests.fakediscord.wire import Latency, RouteKind, route_kind

ANSWER_DEADLINE = 3.0
TOKEN_LIFETIME = 15 * 60.0
GUILD_MESSAGES = 1 << 9
"""The intent under which the gateway tells of messages made in a guild's channels."""
NONCE_WINDOW = 5 * 60.0
"""How long a channel message's ``nonce`` (with ``enforce_nonce``) finds the message it
made: Discord checks it "for uniqueness in the past few minutes"."""
API_PREFIX = "/api/v10"
CONNECTION_BACKLOG = 4096
DEFAULT_TOKEN = "MTEwMDAwMDAwMDAwMDAwMDAwMQ.GfAkE1.fake-discord-token_0123456789abcdefghi"
WRONG_TOKEN = "OTg3NjU0MzIxMDk4NzY1NDMy.GwRoNg.wrong-token_wrong-token_wrong-token_ab"
"""Shaped like a bot token (``bot.app.settings.well_formed_token``), but not the fake's."""

log = logging.getLogger(__name__)
JSON_BODY = web.RequestKey("json_body", dict)
T = TypeVar("T")
UPLOADS = web.RequestKey("uploads", list[Upload])
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class DiscordError(Exception):
    """Raised inside a handler: becomes Discord's JSON error answer."""

    def __init__(self, status: int, code: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.extra = status, code, message, extra

    def response(self) -> web.Response:
        return json_response({"code": self.code, "message": self.message, **self.extra},
                             status=self.status)


def json_response(body: Any, status: int = 200, headers: dict[str, str] | None = None
                  ) -> web.Response:
    """discord.py insists on ``Content-Type: application/json`` with no charset."""
    return web.Response(body=json.dumps(body).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})


MESSAGE_COMPONENT = 3
"""The interaction type of a click on a message's button or menu."""
UNKNOWN_INTERACTION = (404, 10062, "Unknown interaction")
ALREADY_ACKNOWLEDGED = (400, 40060, "Interaction has already been acknowledged.")
UNKNOWN_MESSAGE = (404, 10008, "Unknown Message")
INVALID_WEBHOOK_TOKEN = (401, 50027, "Invalid Webhook Token")
UNKNOWN_CHANNEL = (404, 10003, "Unknown Channel")
MISSING_ACCESS = (403, 50001, "Missing Access")


class FakeDiscord:
    """One application, one bot user and any number of guilds, served on a free port.

    ``clock`` is the bot's clock (the test's, for a bot in this process): it ages
    interaction tokens (15 minutes), nonces and the channels' rate-limit windows; the
    3-second answer deadline runs on the event loop's real time, since it measures
    how fast the bot answers.
    """

    def __init__(self, clock: Clock, token: str = DEFAULT_TOKEN) -> None:
        self.clock = clock
        self.token = token
        self.application_id = payloads.snowflake()
        self.bot_user = payloads.user(self.application_id, "UNO", bot=True)
        self.answer_deadline = ANSWER_DEADLINE
        self.attachment_size_limit = DEFAULT_SIZE_LIMIT
        self.calls: list[RestCall] = []
        self.violations: list[Violation] = []
        self.faults: list[tuple[str, str, DiscordError]] = []
        """Requests to fail on purpose: (method, path fragment, the error to answer)."""
        self.lost_answers: list[tuple[str, str, int]] = []
        """Requests to carry out and then answer with a 5xx anyway, as Discord does on a
        bad minute: (method, path fragment, status)."""
        self._nonces: dict[tuple[int, str], tuple[float, dict[str, Any]]] = {}
        """Channel messages created with ``enforce_nonce``: (channel, nonce) -> when,
        and the message as created."""
        self.channel_limits = ChannelLimits(clock)
        """The bot token's message calls per channel, against Discord's 5 in 5 s."""
        self.latency = Latency()
        """The wire's delay per kind of route (none by default; benchmarks use 80 ms)."""
        self.messages: dict[int, StoredMessage] = {}
        self._by_channel: dict[int, dict[int, StoredMessage]] = {}
        self.interactions: dict[int, Interaction] = {}
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        """Synced commands per guild id (``None``: global)."""
        self.guilds: list[dict[str, Any]] = []
        self._channel_guild: dict[int, int] = {}
        self.threads: dict[int, dict[str, Any]] = {}
        """Threads the bot made, by id (their payloads)."""
        self.unreachable: dict[int, tuple[int, int, str]] = {}
        """Channels the bot's REST calls no longer reach, by id: deleted (404 Unknown
        Channel) or the bot's View Channel taken away (403 Missing Access). Interactions
        from them still arrive and are answered through their webhook, as on Discord."""
        self._by_token: dict[str, Interaction] = {}
        self._announcing: set[asyncio.Task[None]] = set()
        self._call_waiters: list[tuple[Callable[[RestCall], bool], asyncio.Future[RestCall]]] = []
        self._handled: list[asyncio.Event] = []
        self.held: list[RestCall] = []
        """Requests kept on the wire by :meth:`hold`, in the order they were sent."""
        self._holding: set[RouteKind] = set()
        self._released = asyncio.Event()
        self.gateway = Gateway(token, self._ready_payloads, self.violate)
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- lifecycle -------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(middlewares=[self._record])
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._route)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        # Discord's edge takes any number of connections at once; aiohttp's default
        # backlog (128) would drop the rest of a burst's SYNs, retried a second later.
        site = web.TCPSite(self._runner, "127.0.0.1", 0, backlog=CONNECTION_BACKLOG)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
        # aiohttp keeps the request handlers it last built in a cache of its module, and
        # with them this fake: what it recorded is let go, so that a process running
        # fake after fake (the benchmarks) does not carry every earlier run's messages.
        self.calls, self.messages, self._by_channel = [], {}, {}
        self.interactions, self._by_token, self._nonces = {}, {}, {}

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def fail_next(self, method: str, path_part: str, status: int, code: int, message: str
                  ) -> None:
        """Answer the next ``method`` request whose path holds ``path_part`` with a
        Discord error, as a real outage or a deleted message would."""
        self.faults.append((method, path_part, DiscordError(status, code, message)))

    def delete_channel(self, channel_id: int) -> None:
        """The channel is deleted, with its messages: neither the bot token nor an
        interaction's token reaches it any more."""
        self.unreachable[channel_id] = UNKNOWN_CHANNEL

    def remove_access(self, channel_id: int) -> None:
        """The bot may no longer view the channel; ``give_access`` gives it back. An
        interaction's webhook still works there (it needs no permission to view it)."""
        self.unreachable[channel_id] = MISSING_ACCESS

    def give_access(self, channel_id: int) -> None:
        self.unreachable.pop(channel_id, None)

    def lose_answer(self, method: str, path_part: str, status: int = 500, times: int = 1
                    ) -> None:
        """Carry out the next ``times`` ``method`` requests whose path holds ``path_part``,
        then answer each with ``status`` as if Discord had failed: discord.py sends such a
        request again, and what it asked for may then be done twice."""
        self.lost_answers += [(method, path_part, status)] * times

    # -- what tests read ---------------------------------------------------------------

    def violate(self, rule: str, detail: str) -> None:
        self.violations.append(Violation(rule, detail))

    def take_violations(self) -> list[Violation]:
        """Hand over the recorded violations and forget them (for tests that provoke one)."""
        taken, self.violations = self.violations, []
        return taken

    def bot_token_calls(self, since: int = 0) -> int:
        """How many REST calls from ``calls[since]`` on count against the bot token's
        global 50 a second (all but interaction callbacks and interaction webhooks)."""
        return sum(1 for call in self.calls[since:] if call.bot_token)

    def channel_messages(self, channel_id: int) -> list[StoredMessage]:
        """The messages in a channel that still exist, oldest first (ephemeral ones too)."""
        return list(self._by_channel.get(channel_id, {}).values())

    def calls_to(self, method: str, path_part: str) -> list[RestCall]:
        return [c for c in self.calls if c.method == method and path_part in c.path]

    def hold(self, *kinds: RouteKind) -> None:
        """Keep requests of these kinds on their way (sent, not yet arrived) until
        :meth:`release`: to kill a bot between saving a change and showing it. A held
        request whose sender is gone by then never arrives, as on the wire."""
        self._holding = set(kinds)
        self._released = asyncio.Event()

    def release(self) -> None:
        self._holding = set()
        self._released.set()

    def expect_call(self, predicate: Callable[[RestCall], bool]) -> asyncio.Future[RestCall]:
        """A future for the first REST call from now on that ``predicate`` accepts.
        It is registered at once, so a call made before the test awaits is not missed."""
        future: asyncio.Future[RestCall] = asyncio.get_running_loop().create_future()
        self._call_waiters.append((predicate, future))
        return future

    async def wait_for_call(
        self, predicate: Callable[[RestCall], bool], timeout: float = 5.0
    ) -> RestCall:
        return await asyncio.wait_for(self.expect_call(predicate), timeout)

    async def until(self, check: Callable[[], T | None], timeout: float = 30.0) -> T:
        """``check()`` once it gives something (not None), asked now and again after every
        REST call the fake has handled (or held): for a bot in another process, whose messages
        arrive when they arrive. ``timeout`` only bounds a failing wait."""
        deadline = asyncio.get_running_loop().time() + timeout
        while (found := check()) is None:
            handled = asyncio.Event()
            self._handled.append(handled)
            remaining = deadline - asyncio.get_running_loop().time()
            try:
                await asyncio.wait_for(handled.wait(), max(remaining, 0))
            except TimeoutError:
                raise AssertionError(f"still waiting for {check} after {timeout} s") from None
        return found

    def message(self, message_id: int) -> StoredMessage:
        return self.messages[message_id]

    # -- guilds and interactions (used by FakeMember) --------------------------------

    def add_guild(self, guild: dict[str, Any]) -> None:
        self.guilds.append(guild)
        for channel in guild["channels"]:
            self._channel_guild[int(channel["id"])] = int(guild["id"])

    def app_permissions(self, channel_id: int) -> int:
        """The bot's permissions in a channel (interactions carry them as
        ``app_permissions``; uploads need Attach Files)."""
        guild_id = self._channel_guild.get(channel_id)
        guild = next((g for g in self.guilds if int(g["id"]) == guild_id), None)
        if channel_id in self.threads:  # a thread has its parent's permissions
            channel_id = int(self.threads[channel_id]["parent_id"])
        return 0 if guild is None else channel_permissions(guild, channel_id, self.application_id)

    def channel_payload(self, channel_id: int) -> dict[str, Any]:
        """The channel as an interaction from it carries it: a text channel or a thread."""
        if channel_id in self.threads:
            return dict(self.threads[channel_id])
        return {"id": str(channel_id), "type": TEXT_CHANNEL,
                "guild_id": str(self._channel_guild.get(channel_id))}

    def _ready_payloads(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        ready = {
            "v": 10,
            "user": self.bot_user,
            "guilds": [{"id": g["id"], "unavailable": True} for g in self.guilds],
            "session_id": "fake-session",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        return ready, self.guilds

    def new_interaction(self, kind: int, user: dict[str, Any], channel_id: int) -> Interaction:
        """Register an interaction Discord is about to send, with a fresh token."""
        interaction_id = payloads.snowflake()
        loop = asyncio.get_running_loop()
        interaction = Interaction(
            id=interaction_id,
            token=f"aW50ZXJhY3Rpb246{interaction_id}",
            type=kind,
            user=user,
            channel_id=channel_id,
            created_loop_time=loop.time(),
            created_clock_time=self.clock.now(),
            answered=loop.create_future(),
            completed=loop.create_future(),
        )
        self.interactions[interaction_id] = interaction
        self._by_token[interaction.token] = interaction
        return interaction

    # -- REST ------------------------------------------------------------------------

    @web.middleware
    async def _record(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not request.path.startswith(API_PREFIX):
            return await handler(request)
        path = request.path[len(API_PREFIX):]
        delay = self.latency.delay(route_kind(path))
        body, uploads = await read_body(request)
        request[JSON_BODY], request[UPLOADS] = body, uploads
        if route_kind(path) in self._holding:
            self.held.append(RestCall(request.method, path, body,
                                      asyncio.get_running_loop().time(), tuple(uploads)))
            self._wake_waiters()
            await self._released.wait()
            if request.transport is None or request.transport.is_closing():
                return web.Response(status=499)  # its sender died: it never arrives
        if delay:
            await asyncio.sleep(delay / 2)  # on its way to Discord
        response = await self._handle(request, handler, RestCall(
            request.method, path, body, asyncio.get_running_loop().time(), tuple(uploads),
            delay))
        if delay:
            await asyncio.sleep(delay - delay / 2)  # the answer on its way back
        return response

    async def _handle(self, request: web.Request, handler: Handler, call: RestCall
                      ) -> web.StreamResponse:
        """Record the call, wake whoever waits for it, then answer it (or its fault)."""
        self.calls.append(call)
        if self._call_waiters:
            for predicate, future in self._call_waiters:
                if not future.done() and predicate(call):
                    future.set_result(call)
            self._call_waiters = [w for w in self._call_waiters if not w[1].done()]
        fault = next((f for f in self.faults if f[0] == call.method and f[1] in call.path), None)
        if fault is not None:
            self.faults.remove(fault)
            return fault[2].response()
        limited = self._channel_limit(call)
        if limited is not None and not limited[0]:
            self._wake_waiters()
            return json_response(too_many(limited[1]["X-RateLimit-Reset-After"]), 429,
                                 limited[1])
        response = await self._answer(request, handler, call)
        if limited is not None:
            response.headers.update(limited[1])
        return response

    def _channel_limit(self, call: RestCall) -> tuple[bool, dict[str, str]] | None:
        """Count a bot-token call on a channel's messages against the channel's bucket:
        None for other calls, else whether it may go and the bucket's headers. One
        beyond the limit is a violation (discord.py waits on the headers instead)."""
        if call.kind is not RouteKind.CHANNEL or call.method not in ("POST", "PATCH", "DELETE"):
            return None
        channel_id = int(call.path.strip("/").split("/")[1])
        allowed, headers = self.channel_limits.take(call.method, channel_id)
        if not allowed:
            self.violate("channel rate limit", f"{call.method} {call.path}: more than "
                         f"{CHANNEL_LIMIT} {call.method} in {CHANNEL_WINDOW:.0f} s in the channel")
        return allowed, headers

    async def _answer(self, request: web.Request, handler: Handler, call: RestCall
                      ) -> web.StreamResponse:
        lost = next((f for f in self.lost_answers
                     if f[0] == call.method and f[1] in call.path), None)
        try:
            response = await handler(request)
            if lost is not None and response.status < 300:
                self.lost_answers.remove(lost)
                return DiscordError(lost[2], 0, f"{lost[2]}: Server Error").response()
            return response
        except DiscordError as error:
            return error.response()
        except AttachmentError as error:
            self.violate(error.rule, error.detail)
            errors = {"attachments": error.detail} if error.code == 50035 else {}
            return DiscordError(error.status, error.code, error.message, **(
                {"errors": errors} if errors else {})).response()
        finally:
            self._wake_waiters()

    def _wake_waiters(self) -> None:
        """Let every :meth:`until` check again."""
        handled, self._handled = self._handled, []
        for event in handled:
            event.set()

    async def _route(self, request: web.Request) -> web.StreamResponse:
        path = request.path[len(API_PREFIX):]
        parts = path.strip("/").split("/")
        method = request.method
        body = request[JSON_BODY]
        files = request[UPLOADS]
        if parts[0] != "interactions" and parts[0] != "webhooks":
            self._check_bot_auth(request)
        match parts:
            case ["users", "@me"]:
                return json_response(self.bot_user)
            case ["oauth2", "applications", "@me"]:
                return json_response(self._application())
            case ["applications", _, "commands"]:
                return self._commands(None, method, body)
            case ["applications", _, "guilds", guild_id, "commands"]:
                return self._commands(int(guild_id), method, body)
            case ["gateway"]:
                return json_response({"url": self.gateway_url})
            case ["gateway", "bot"]:
                return json_response({
                    "url": self.gateway_url, "shards": self.gateway.shard_count,
                    "session_start_limit": {"total": 1000, "remaining": 1000,
                                            "reset_after": 0,
                                            "max_concurrency": self.gateway.max_concurrency}})
            case ["interactions", interaction_id, token, "callback"]:
                return self._callback(int(interaction_id), token, body, files, request.query)
            case ["webhooks", _, token]:
                return self._followup(token, body, files)
            case ["webhooks", _, token, "messages", message_id]:
                return self._webhook_message(token, message_id, method, body, files)
            case ["channels", channel_id, *_] if int(channel_id) in self.unreachable:
                raise DiscordError(*self.unreachable[int(channel_id)])
            case ["channels", channel_id, "threads"] if method == "POST":
                return await self._create_thread(int(channel_id), body)
            case ["channels", channel_id, "messages"] if method == "POST":
                return self._channel_post(int(channel_id), body, files)
            case ["channels", channel_id, "messages", message_id]:
                return self._channel_message(int(channel_id), int(message_id), method, body,
                                             files)
        self.violate("unhandled route", f"{method} {path}")
        raise DiscordError(404, 0, "404: Not Found")

    def _check_bot_auth(self, request: web.Request) -> None:
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise DiscordError(401, 0, "401: Unauthorized")

    def _application(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": "UNO",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": payloads.user(payloads.snowflake(), "owner"),
            "verify_key": "0" * 64,
            "flags": 0,
        }

    def _commands(self, guild_id: int | None, method: str, body: Any) -> web.Response:
        if method == "PUT":
            problems = command_problems(body)
            if problems:
                self.violate("invalid form body", f"commands: {problems}")
                raise DiscordError(400, 50035, "Invalid Form Body", errors=problems)
            self.commands[guild_id] = [
                {
                    **command,
                    "id": str(payloads.snowflake()),
                    "application_id": str(self.application_id),
                    "version": str(payloads.snowflake()),
                    **({"guild_id": str(guild_id)} if guild_id is not None else {}),
                }
                for command in body
            ]
        return json_response(self.commands.get(guild_id, []))

    def _check_message(self, where: str, data: dict[str, Any],
                       edited: StoredMessage | None = None) -> None:
        """Discord's limits on a new message, or on an edit of ``edited``: a Components V2
        message stays one (its flag cannot be taken off)."""
        if edited is not None and edited.payload.get("flags", 0) & IS_COMPONENTS_V2:
            data = {**data, "flags": (data.get("flags") or 0) | IS_COMPONENTS_V2}
        problems = message_problems(data)
        if problems:
            self.violate("invalid form body", f"{where}: {problems}")
            raise DiscordError(400, 50035, "Invalid Form Body", errors=problems)

    def _check_uploads(self, channel_id: int, uploads: list[Upload]) -> None:
        """Files need Attach Files in the channel (for interaction answers too: the app's
        permissions there, the ``app_permissions`` of the interaction) and Discord's limits."""
        may_attach = bool(self.app_permissions(channel_id) & ATTACH_FILES)
        check_uploads(uploads, self.attachment_size_limit, may_attach)

    def _check_images(self, message: StoredMessage) -> None:
        """Discord accepts an ``attachment://`` image that names no attachment, and shows a
        broken picture: a mistake of the bot all the same."""
        missing = dangling_images(message.payload)
        if missing:
            self.violate("missing attachment", f"message {message.id} shows {missing}")

    def _edit(self, message: StoredMessage, data: dict[str, Any], uploads: list[Upload]) -> None:
        self._check_uploads(message.channel_id, uploads)
        message.files = attach(message.payload, message.files, data, uploads, editing=True)
        payloads.apply_edit(message.payload, data)
        self._check_images(message)

    def _store(
        self,
        channel_id: int,
        data: dict[str, Any],
        owner: Interaction | None,
        uploads: list[Upload] | None = None,
    ) -> StoredMessage:
        self._check_uploads(channel_id, uploads or [])
        channel_guild = self._guild_of(channel_id)
        interaction_meta = None
        if owner is not None:
            interaction_meta = {
                "id": str(owner.id),
                "type": owner.type,
                "user": owner.user,
                "authorizing_integration_owners": {},
            }
        payload = payloads.message(
            payloads.snowflake(), channel_id, channel_guild, self.bot_user, data,
            application_id=self.application_id if owner is not None else None,
            interaction=interaction_meta,
        )
        stored = StoredMessage(payload, owner, notified=payloads.notified_users(data))
        stored.files = attach(payload, {}, data, uploads or [], editing=False)
        self._check_images(stored)
        self.messages[stored.id] = stored
        self._by_channel.setdefault(channel_id, {})[stored.id] = stored
        self._announce(stored)
        return stored

    def _announce(self, message: StoredMessage) -> None:
        """Tell the gateway of a new message in a guild's channel (MESSAGE_CREATE, to the
        sessions with GUILD_MESSAGES), as Discord does while the REST answer is on its
        way; ephemeral messages are seen by one member only, and never told."""
        guild_id = self._guild_of(message.channel_id)
        if message.ephemeral or guild_id is None:
            return
        payload = copy.deepcopy(message.payload)
        for session in self.gateway.sessions:
            if session.carries(guild_id) and (session.intents or 0) & GUILD_MESSAGES:
                task = asyncio.get_running_loop().create_task(
                    _tell(session, "MESSAGE_CREATE", payload))
                self._announcing.add(task)
                task.add_done_callback(self._announcing.discard)

    def _delete(self, message: StoredMessage) -> None:
        del self.messages[message.id]
        self._by_channel.get(message.channel_id, {}).pop(message.id, None)

    def _guild_of(self, channel_id: int) -> int | None:
        return self._channel_guild.get(channel_id)

    # -- interaction callbacks and webhooks ----------------------------------------

    def _callback(
        self,
        interaction_id: int,
        token: str,
        body: dict[str, Any],
        uploads: list[Upload],
        query: Any,
    ) -> web.Response:
        interaction = self.interactions.get(interaction_id)
        if interaction is None or interaction.token != token:
            self.violate("unknown interaction", f"callback for {interaction_id}")
            raise DiscordError(*UNKNOWN_INTERACTION)
        if interaction.callback_type is not None:
            self.violate("second callback", f"interaction {interaction_id} answered twice")
            raise DiscordError(*ALREADY_ACKNOWLEDGED)
        waited = asyncio.get_running_loop().time() - interaction.created_loop_time
        if waited > self.answer_deadline:
            self.violate("late callback", f"interaction {interaction_id} answered after "
                         f"{waited:.2f} s")
            raise DiscordError(*UNKNOWN_INTERACTION)
        kind = int(body["type"])
        data = body.get("data") or {}
        if kind in (4, 7):
            self._check_message(f"callback type {kind}", data)
        message: StoredMessage | None = None
        if kind in (4, 5):
            if kind == 5:
                data = {"flags": (data.get("flags") or 0) | 128}  # "thinking..."
            message = self._store(interaction.channel_id, data, interaction,
                                  uploads if kind == 4 else [])
        elif kind in (6, 7):
            message = self._component_message(interaction)
            if kind == 7:
                self._edit(message, data, uploads)
        interaction.callback_type, interaction.callback_data = kind, data
        interaction.answered_loop_time = asyncio.get_running_loop().time()
        interaction.response = message
        if not interaction.answered.done():
            interaction.answered.set_result(None)
        if kind not in (5, 6):
            _complete(interaction)
        if "with_response" not in query:
            return web.Response(status=204)
        answer: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "response_message_id": str(message.id) if message else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
        }
        if message is not None:
            answer["resource"] = {"type": kind, "message": message.payload}
        return json_response(answer)

    def _component_message(self, interaction: Interaction) -> StoredMessage:
        """The message a component interaction came from (types 6 and 7 act on it)."""
        message = interaction.source_message
        if message is None and interaction.type == MESSAGE_COMPONENT:
            raise DiscordError(*UNKNOWN_MESSAGE)  # clicked just before it was deleted
        if message is None:
            self.violate("update without message", f"interaction {interaction.id} is a command")
            raise DiscordError(400, 50035, "Invalid Form Body",
                               errors={"type": "Interaction has no message to update."})
        return message

    def _live_interaction(self, token: str) -> Interaction:
        interaction = self._by_token.get(token)
        if interaction is None:
            self.violate("unknown webhook token", "webhook call with an unknown token")
            raise DiscordError(*INVALID_WEBHOOK_TOKEN)
        age = self.clock.now() - interaction.created_clock_time
        if age > TOKEN_LIFETIME:
            self.violate("expired token", f"interaction {interaction.id} token used after "
                         f"{age:.0f} s")
            raise DiscordError(*INVALID_WEBHOOK_TOKEN)
        if interaction.callback_type is None:
            self.violate("not acknowledged", f"webhook call before interaction "
                         f"{interaction.id} was answered")
            raise DiscordError(*UNKNOWN_INTERACTION)
        if self.unreachable.get(interaction.channel_id) == UNKNOWN_CHANNEL:
            raise DiscordError(*UNKNOWN_CHANNEL)  # deleted, with its messages
        return interaction

    def _followup(self, token: str, body: dict[str, Any], uploads: list[Upload]) -> web.Response:
        interaction = self._live_interaction(token)
        self._check_message("followup", body)
        message = self._store(interaction.channel_id, body, interaction, uploads)
        interaction.followups.append(message)
        _complete(interaction, body)
        return json_response(message.payload)

    def _webhook_message(
        self, token: str, message_ref: str, method: str, body: dict[str, Any],
        uploads: list[Upload],
    ) -> web.Response:
        interaction = self._live_interaction(token)
        if message_ref == "@original":
            message = interaction.response
        else:
            message = self.messages.get(int(message_ref))
        if message is None and message_ref != "@original":
            raise DiscordError(*UNKNOWN_MESSAGE)  # deleted (or never made): Discord's 404
        updates_source = (message_ref == "@original" and interaction.callback_type in (6, 7)
                          and message is interaction.source_message)
        """After a component's update callback, @original is the message it came from."""
        if message is None or (message.owner is not interaction and not updates_source):
            self.violate("foreign message", f"interaction {interaction.id} touched message "
                         f"{message_ref} it did not create")
            raise DiscordError(*UNKNOWN_MESSAGE)
        if method == "PATCH":
            self._check_message("webhook edit", body, message)
            self._edit(message, body, uploads)
            if message_ref == "@original" or message is interaction.response:
                interaction.edits.append(body)
            if message_ref == "@original":
                _complete(interaction, body)
        elif method == "DELETE":
            self._delete(message)
            return web.Response(status=204)
        return json_response(message.payload)

    # -- channel messages ----------------------------------------------------------

    async def _create_thread(self, parent_id: int, body: dict[str, Any]) -> web.Response:
        """A public thread of a text channel, announced on the gateway before the answer."""
        guild_id = self._guild_of(parent_id)
        if guild_id is None:
            raise DiscordError(*UNKNOWN_CHANNEL)
        if parent_id in self.threads:
            self.violate("thread in a thread", f"POST threads on thread {parent_id}")
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        problems = thread_problems(body)
        if problems:
            self.violate("invalid form body", f"thread: {problems}")
            raise DiscordError(400, 50035, "Invalid Form Body", errors=problems)
        needed = VIEW_CHANNEL | CREATE_PUBLIC_THREADS
        if self.app_permissions(parent_id) & needed != needed:
            raise DiscordError(403, 50013, "Missing Permissions")
        thread_id = payloads.snowflake()
        thread = thread_payload(thread_id, guild_id, parent_id, self.application_id, body,
                                payloads.timestamp())
        self.threads[thread_id] = thread
        self._channel_guild[thread_id] = guild_id
        if self.gateway.sessions:  # a REST-only test has no bot on the gateway to tell
            await self.gateway.dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        return json_response(thread, 201)

    def _channel_post(
        self, channel_id: int, body: dict[str, Any], uploads: list[Upload]
    ) -> web.Response:
        if self._guild_of(channel_id) is None:
            raise DiscordError(*UNKNOWN_CHANNEL)
        if channel_id in self.threads and \
                not self.app_permissions(channel_id) & SEND_MESSAGES_IN_THREADS:
            raise DiscordError(403, 50013, "Missing Permissions")
        self._check_message("channel message", body)
        nonce = body.get("nonce") if body.get("enforce_nonce") else None
        if nonce is not None:
            made = self._nonce_made(channel_id, str(nonce))
            if made is not None:
                return json_response(made)  # the message this nonce made already
        message = self._store(channel_id, body, None, uploads)
        if nonce is not None:
            self._nonces[(channel_id, str(nonce))] = (self.clock.now(), message.payload)
        return json_response(message.payload)

    def _nonce_made(self, channel_id: int, nonce: str) -> dict[str, Any] | None:
        """The message ``nonce`` made in the channel these last minutes, if any (older
        nonces are forgotten, oldest first)."""
        now = self.clock.now()
        while self._nonces:
            oldest, (made_at, _) = next(iter(self._nonces.items()))
            if now - made_at <= NONCE_WINDOW:
                break
            del self._nonces[oldest]
        made = self._nonces.get((channel_id, nonce))
        return made[1] if made is not None else None

    def _channel_message(
        self, channel_id: int, message_id: int, method: str, body: dict[str, Any],
        uploads: list[Upload],
    ) -> web.Response:
        message = self.messages.get(message_id)
        if message is None or message.channel_id != channel_id:
            raise DiscordError(*UNKNOWN_MESSAGE)
        if message.ephemeral:
            self.violate("ephemeral via channel", f"{method} on ephemeral message {message_id} "
                         "through the channel endpoint")
            raise DiscordError(*UNKNOWN_MESSAGE)
        if method == "PATCH":
            self._check_message("channel edit", body, message)
            self._edit(message, body, uploads)
        elif method == "DELETE":
            self._delete(message)
            return web.Response(status=204)
        return json_response(message.payload)


async def _tell(session: GatewaySession, event: str, data: dict[str, Any]) -> None:
    """Dispatch an event; a session closing meanwhile (its bot stopped) misses it."""
    try:
        await session.dispatch(event, data)
    except ConnectionError:
        log.debug("gateway session closed before %s", event)


def _complete(interaction: Interaction, body: dict[str, Any] | None = None) -> None:
    if not interaction.completed.done():
        interaction.completion_data = body or {}
        interaction.completed.set_result(None)
