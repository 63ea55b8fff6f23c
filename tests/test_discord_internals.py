"""The private internals of discord.py the bot relies on are still where
``bot/ui/discord_internals.py`` finds them, and no other module touches one.

pyproject.toml pins discord.py to the minor versions CI has tested; before a newer
release is allowed there, these tests say, in one sentence each, which internal moved
and which function of ``bot.ui.discord_internals`` relies on it. The last ones check that
the bot reaches discord.py's internals through that module alone, so that module is the
whole audit."""

from __future__ import annotations

import ast
import importlib
import inspect
import logging
import re
import types
from functools import cache
from pathlib import Path
from typing import Any, cast

import aiohttp
import discord
import pytest
import yarl
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route, handle_message_parameters
from discord.state import ConnectionState
from discord.ui.view import ViewStore
from discord.webhook.async_ import (
    AsyncWebhookAdapter,
    async_context,
    interaction_response_params,
)

from bot.app import gateway_messages
from bot.app.client import UnoBot
from bot.app.gateway_guard import EVENT
from bot.ui.discord_internals import (
    GatedShards,
    components_as_view,
    gateway_parser,
    item_template,
    mark_acknowledged,
    point_at,
    quiet_voice_warnings,
    set_gateway_parser,
    set_item_template,
)

ROOT = Path(__file__).resolve().parent.parent
INTERNALS = "bot.ui.discord_internals"


def moved(internal: str, user: str, how: str) -> str:
    return (f"discord.py {discord.__version__} moved the private internal {internal}, "
            f"which {INTERNALS}.{user} relies on ({how}): adapt it before allowing this "
            "release in pyproject.toml.")


def takes(function: Any, *names: str) -> bool:
    """Whether ``function`` has a parameter of each of ``names``."""
    return set(names) <= set(inspect.signature(function).parameters)


def test_the_rest_and_gateway_addresses() -> None:
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    try:
        point_at("http://uno.test/api/v10/", "ws://uno.test/gateway")
        rest = Route("GET", "/gateway/bot").url
        gateway = DiscordWebSocket.DEFAULT_GATEWAY
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved
    launching = inspect.getsource(discord.AutoShardedClient.launch_shards)
    assert rest == "http://uno.test/api/v10/gateway/bot" and gateway == yarl.URL(
        "ws://uno.test/gateway") and "DiscordWebSocket.DEFAULT_GATEWAY" in launching, moved(
        "discord.http.Route.BASE and discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY",
        "point_at", "the class attributes every REST URL and each shard's gateway come from")


def test_the_voice_warnings(caplog: pytest.LogCaptureFixture) -> None:
    saved = discord.VoiceClient.warn_nacl, discord.VoiceClient.warn_dave

    def warned(quiet: bool) -> bool:
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = True
        if quiet:
            quiet_voice_warnings()
        caplog.clear()
        discord.Client(intents=discord.Intents.none())
        return any("voice will NOT be supported" in r.getMessage() for r in caplog.records)

    caplog.set_level(logging.WARNING, "discord.client")
    try:
        loud, quiet = warned(quiet=False), warned(quiet=True)
    finally:
        discord.VoiceClient.warn_nacl, discord.VoiceClient.warn_dave = saved
    assert loud and not quiet, moved(
        "VoiceClient.warn_nacl and VoiceClient.warn_dave", "quiet_voice_warnings",
        "the class attributes discord.Client() reads to warn that voice is unsupported")


def test_the_gateway_parser_table(bot: UnoBot) -> None:
    state = getattr(bot, "_connection", None)
    parsers = getattr(state, "parsers", None)
    assert isinstance(state, ConnectionState) and isinstance(parsers, dict) and (
        gateway_parser(bot, EVENT) is bot.interaction_guard is parsers.get(EVENT)) and (
        gateway_parser(bot, gateway_messages.EVENT).__module__ == gateway_messages.__name__
    ), moved("Client._connection.parsers", "gateway_parser",
             "the table of event parsers, in which the guard and the message watcher stand")
    sockets = [getattr(getattr(shard, "_parent", None), "ws", None)
               for shard in bot.shards.values()]

    def probe(data: Any) -> None:
        pass

    set_gateway_parser(bot, "UNO_PROBE", probe)
    assert sockets and all(getattr(ws, "_discord_parsers", {}).get("UNO_PROBE") is probe
                           for ws in sockets), moved(
        "DiscordWebSocket._discord_parsers", "set_gateway_parser",
        "each connection must read the parsers from the client's own table")


async def test_the_shard_launches(bot: UnoBot) -> None:
    client = discord.AutoShardedClient
    shard = inspect.signature(client.launch_shard)
    parameters = [(p.name, p.kind) for p in shard.parameters.values()]
    retries = "self.launch_shard(" in inspect.getsource(client.launch_shard)
    launches = "self.launch_shard(" in inspect.getsource(client.launch_shards)
    connects = "self.launch_shards()" in inspect.getsource(client.connect)
    assert parameters == [
        ("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        ("gateway", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        ("shard_id", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        ("initial", inspect.Parameter.KEYWORD_ONLY),
    ] and retries and launches and connects and issubclass(UnoBot, GatedShards) and (
        issubclass(GatedShards, commands.AutoShardedBot)), moved(
        "AutoShardedClient.launch_shard(gateway, shard_id, *, initial) and launch_shards()",
        "GatedShards", "connect() launches the shards through them, and each failed try "
        "calls launch_shard again")
    count, gateway, limits = await bot.http.get_bot_gateway()
    assert isinstance(count, int) and isinstance(gateway, str) and isinstance(
        limits, dict) and "self.http.get_bot_gateway()" in inspect.getsource(
        client.launch_shards), moved(
        "HTTPClient.get_bot_gateway()", "GatedShards.launch_shards",
        "the call for the shard count, which answers (count, gateway URL, limits)")


def test_dynamic_items_compiled_template() -> None:
    class Probe(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"probe:(?P<n>\d+)"):
        pass

    read = item_template(Probe)
    set_item_template(Probe, re.compile(r"probe:x"))
    registering = inspect.getsource(ViewStore.add_dynamic_items)
    assert isinstance(read, re.Pattern) and read.pattern == r"probe:(?P<n>\d+)" and (
        getattr(Probe, "__discord_ui_compiled_template__", None) == re.compile(r"probe:x")
    ) and "__discord_ui_compiled_template__" in registering, moved(
        "DynamicItem.__discord_ui_compiled_template__", "item_template and set_item_template",
        "read from the class when items are registered, so setting it sets the ids matched")


def test_the_interaction_responses_response_type() -> None:
    response: Any = object.__new__(discord.InteractionResponse)
    kind = discord.InteractionResponseType.deferred_message_update
    try:
        mark_acknowledged(cast(discord.Interaction, types.SimpleNamespace(response=response)),
                          kind)
        done = response.is_done() and response.type is kind
    except AttributeError:
        done = False
    assert done, moved("InteractionResponse._response_type", "mark_acknowledged",
                       "setting it marks the interaction answered, as defer() does")


def test_the_http_clients_session_and_the_webhook_adapter(bot: UnoBot) -> None:
    session = getattr(bot.http, "_HTTPClient__session", None)
    assert isinstance(session, aiohttp.ClientSession), moved(
        "HTTPClient.__session", "respond",
        "the logged-in client's aiohttp session, reused for early acknowledgements")
    auth = cast(aiohttp.BasicAuth, object())  # the client only passes it on
    proxied = discord.Client(intents=discord.Intents.none(), proxy="http://proxy.test",
                             proxy_auth=auth).http
    assert proxied.proxy == "http://proxy.test" and proxied.proxy_auth is auth, moved(
        "HTTPClient.proxy and HTTPClient.proxy_auth", "respond",
        "the client's proxy, which each request goes through")
    params = interaction_response_params(type=6, data={"flags": 64})
    assert isinstance(async_context.get(), AsyncWebhookAdapter) and takes(
        AsyncWebhookAdapter.create_interaction_response, "interaction_id", "token",
        "session", "proxy", "proxy_auth", "params") and params.payload == {
        "type": 6, "data": {"flags": 64}}, moved(
        "discord.webhook.async_ (async_context, create_interaction_response, "
        "interaction_response_params)", "respond",
        "the adapter and parameters InteractionResponse answers an interaction with")


def an_interaction(bot: UnoBot) -> discord.Interaction:
    """A click on a message, as discord.py builds it from the gateway with the bot's
    state."""
    return discord.Interaction(data=cast(Any, {
        "id": "1", "application_id": str(bot.application_id), "type": 3, "token": "t",
        "version": 1, "attachment_size_limit": 8 << 20, "channel_id": "2",
        "user": {"id": "3", "username": "uno", "discriminator": "0", "avatar": None},
        "data": {"custom_id": "uno:probe", "component_type": 2},
    }), state=bot._connection)


def test_the_interactions_state_and_session(bot: UnoBot) -> None:
    interaction = an_interaction(bot)
    state, session = getattr(interaction, "_state", None), getattr(interaction, "_session", None)
    assert isinstance(session, aiohttp.ClientSession) and session is getattr(
        bot.http, "_HTTPClient__session", None) and getattr(state, "http", None) is bot.http and (
        getattr(state, "allowed_mentions", None) is bot.allowed_mentions), moved(
        "Interaction._session and Interaction._state (its http and allowed_mentions)",
        "edit_original_response and send_follow_up",
        "the session, proxy and allowed mentions an interaction's requests are made with")


def test_the_message_parameters_and_webhook_calls() -> None:
    assert takes(handle_message_parameters, "content", "embed", "files", "attachments",
                 "view", "allowed_mentions", "previous_allowed_mentions") and takes(
        AsyncWebhookAdapter.edit_original_interaction_response, "application_id", "token",
        "session", "proxy", "proxy_auth", "payload", "multipart", "files") and takes(
        AsyncWebhookAdapter.execute_webhook, "webhook_id", "token", "session", "proxy",
        "proxy_auth", "payload", "multipart", "files", "thread_id", "wait",
        "with_components"), moved(
        "discord.http.handle_message_parameters and the webhook adapter's "
        "edit_original_interaction_response and execute_webhook",
        "edit_original_response and send_follow_up",
        "the parameters and calls Interaction.edit_original_response and Webhook.send make")


def test_a_view_is_asked_for_its_components_alone() -> None:
    sent = [{"type": 1, "components": [
        {"type": 2, "style": 1, "disabled": False, "label": "Draw", "custom_id": "uno:d"}]}]
    source = inspect.getsource(handle_message_parameters)
    asked = {node.attr for node in ast.walk(ast.parse(source))
             if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
             and node.value.id == "view"}
    with handle_message_parameters(content="hi", view=components_as_view(sent)) as rows, \
            handle_message_parameters(content="hi", view=components_as_view(None)) as none:
        assert asked == {"to_components", "has_components_v2"} and rows.payload and (
            rows.payload["components"] == sent) and none.payload and (
            none.payload["components"] == []), moved(
            "what handle_message_parameters asks of a view (to_components(), "
            "has_components_v2())", "components_as_view",
            "components stand where a view is taken, without a View built")


def test_every_function_of_the_internals_is_tested_here() -> None:
    """Each function (and class) of the module is named as the user of an internal by
    one of the tests above: a new one comes with its test."""
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    named = {word for node in ast.walk(tree) if isinstance(node, ast.Call)
             and isinstance(node.func, ast.Name) and node.func.id == "moved"
             and isinstance(node.args[1], ast.Constant)
             for word in re.findall(r"\w+", str(node.args[1].value))}
    module = importlib.import_module(INTERNALS)
    defined = {name for name, value in vars(module).items() if not name.startswith("_")
               and (inspect.isfunction(value) or inspect.isclass(value))
               and value.__module__ == INTERNALS}
    assert "respond" in defined and "GatedShards" in defined  # the check sees them
    assert defined - named == set()


PUBLIC_MODULES = {"discord", "discord.ui", "discord.app_commands", "discord.ext.commands",
                  "discord.ext.tasks", "discord.utils", "discord.abc"}
"""The modules discord.py's documentation covers; any other is private (``discord.http``,
``discord.state``, ``discord.gateway``, ``discord.webhook.async_``...), whatever it holds."""
UNDOCUMENTED = {"launch_shard", "launch_shards", "get_bot_gateway", "parsers", "warn_nacl",
                "warn_dave", "proxy_auth", "to_components", "has_components_v2"}
"""Names without an underscore that discord.py leaves undocumented, which
``bot.ui.discord_internals`` uses: read, or defined in a class (an override)."""
CALLS_BY_NAME = {"getattr", "setattr", "hasattr", "delattr"}


@cache
def discord_private_names() -> frozenset[str]:
    """Every private name discord.py's own source reads, writes or defines on an object
    (starting with ``_``; a name it mangles, ``__session`` in ``HTTPClient``, as
    ``_HTTPClient__session``), less Python's own dunders."""
    names: set[str] = set()
    for path in Path(discord.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                names.add(node.attr)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            if isinstance(node, ast.ClassDef):
                names.update(f"_{node.name.lstrip('_')}{n.attr}" for n in ast.walk(node)
                             if isinstance(n, ast.Attribute) and n.attr.startswith("__")
                             and not n.attr.endswith("__"))
    return frozenset(n for n in names if n.startswith("_") and not (
        n.startswith("__") and n.endswith("__") and not n.startswith("__discord")))


@cache
def is_module(path: str) -> bool:
    """Whether ``path`` (under ``discord``) names a module."""
    try:
        importlib.import_module(path)
    except ImportError:
        return False
    return True


def own_names(tree: ast.Module) -> set[str]:
    """The names a module defines on its own objects: functions, classes, class
    attributes and what it assigns on ``self`` or ``cls``."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and (
                isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            names.add(node.attr)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def private_uses(source: str) -> list[str]:
    """Where ``source`` touches a private part of discord.py, line by line: an import of
    a private module or name; a private name discord.py uses, read or written on any
    object (by attribute or ``getattr``), on ``self`` or ``cls`` too unless the module
    defines that name itself; a private module reached through its package
    (``discord.http.Route``); an ``UNDOCUMENTED`` name read or defined in a class. A
    module that imports nothing of discord is not read: its objects are the bot's own,
    whose private names may be ones discord.py happens to use too (``_connection``)."""
    tree = ast.parse(source)
    uses: list[tuple[int, str]] = []
    modules: dict[str, str] = {}
    speaks = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.partition(".")[0] == "discord":
                    speaks = True
                    modules[alias.asname or "discord"] = alias.name if alias.asname else (
                        "discord")
                    if alias.name not in PUBLIC_MODULES:
                        uses.append((node.lineno, f"import {alias.name}"))
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and (
                node.module.partition(".")[0] == "discord"):
            speaks = True
            for alias in node.names:
                path = f"{node.module}.{alias.name}"
                if is_module(path) and path in PUBLIC_MODULES:
                    modules[alias.asname or alias.name] = path
                elif is_module(path) or node.module not in PUBLIC_MODULES or (
                        alias.name.startswith("_")):
                    uses.append((node.lineno, f"from {node.module} import {alias.name}"))
    if not speaks:
        return []
    private, own = discord_private_names(), own_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            uses.extend((item.lineno, f"def {item.name}") for item in node.body
                        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                        and item.name in UNDOCUMENTED)
        touched = touched_name(node)
        if touched is None:
            continue
        line, name, owner = touched
        on_itself = isinstance(owner, ast.Name) and owner.id in ("self", "cls")
        if (name in private and not (on_itself and name in own)) or name in UNDOCUMENTED:
            uses.append((line, f".{name}"))
        elif isinstance(node, ast.Attribute):
            reached = dotted(node, modules)
            if reached is not None and is_module(reached) and (
                    reached not in PUBLIC_MODULES) and dotted(node.value, modules) in (
                    PUBLIC_MODULES):
                uses.append((line, reached))
    return [f"{line}: {use}" for line, use in sorted(uses)]


def touched_name(node: ast.AST) -> tuple[int, str, ast.expr] | None:
    """The line, the name ``node`` reads or writes on an object, and the object:
    ``owner.name``, or ``getattr(owner, "name")`` and its kin."""
    if isinstance(node, ast.Attribute):
        return node.lineno, node.attr, node.value
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
            node.func.id in CALLS_BY_NAME) and len(node.args) > 1 and isinstance(
            node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
        return node.lineno, node.args[1].value, node.args[0]
    return None


def dotted(node: ast.expr, modules: dict[str, str]) -> str | None:
    """The dotted path ``node`` names from a module of discord imported as ``modules``
    says (``discord.http.Route``), or None."""
    if isinstance(node, ast.Name):
        return modules.get(node.id)
    if isinstance(node, ast.Attribute):
        base = dotted(node.value, modules)
        return None if base is None else f"{base}.{node.attr}"
    return None


def test_no_module_but_the_internals_touches_a_private_name_of_discord() -> None:
    files = sorted((ROOT / "bot").rglob("*.py")) + sorted((ROOT / "cogs").rglob("*.py"))
    internals = ROOT / "bot" / "ui" / "discord_internals.py"
    offences = [f"{path.relative_to(ROOT)}:{use}" for path in files if path != internals
                for use in private_uses(path.read_text(encoding="utf-8"))]
    assert offences == [], (
        f"only {INTERNALS} may touch discord.py's private internals: move each of these "
        f"into a function there, tested here: {offences}")
    assert len(private_uses(internals.read_text(encoding="utf-8"))) >= 10  # it sees them


SAMPLE = '''
import asyncio
import discord
import discord.state
from discord import ui, http
from discord.ext import commands
from discord.utils import MISSING, _get_as_snowflake
from discord.webhook.async_ import async_context


class Bot(commands.AutoShardedBot):
    def __init__(self) -> None:
        self._lock = asyncio.Lock()

    async def launch_shard(self, gateway, shard_id, *, initial=False) -> None:
        async with self._lock:
            self._connection.parsers["INTERACTION_CREATE"] = print
        self.http._HTTPClient__session.close()


def answer(interaction: discord.Interaction) -> None:
    interaction.response._response_type = None
    getattr(interaction, "_state").http.proxy_auth
    ui.DynamicItem.__discord_ui_compiled_template__
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    interaction.response.is_done(), discord.utils.MISSING, interaction.__class__
'''
"""A module of the bot that does each thing the check looks for (and the last
line's, which are public), where ``self._lock`` is the module's own."""


def test_the_check_sees_each_kind_of_private_use() -> None:
    assert private_uses(SAMPLE) == [
        "4: import discord.state",
        "5: from discord import http",
        "7: from discord.utils import _get_as_snowflake",
        "8: from discord.webhook.async_ import async_context",
        "15: def launch_shard",
        "17: ._connection",
        "17: .parsers",
        "18: ._HTTPClient__session",
        "22: ._response_type",
        "23: ._state",
        "23: .proxy_auth",
        "24: .__discord_ui_compiled_template__",
        "25: discord.gateway",
    ]
    outside = "class Store:\n    def close(self):\n        self._connection.close()\n"
    assert private_uses(outside) == []  # no discord imported: the bot's own objects
    assert private_uses("import discord\n" + outside) == ["4: ._connection"]


def test_the_rate_limit_buckets() -> None:
    http, bucket = discord.http.HTTPClient, discord.http.Ratelimit
    looked_up = "self._buckets[key]" in inspect.getsource(http.get_ratelimit)
    timed = all(f"self._loop.{use}()" in inspect.getsource(bucket)
                for use in ("time", "create_future"))
    waits = "asyncio.sleep(self.reset_after)" in inspect.getsource(bucket._refresh)
    assert looked_up and timed and waits and {"_loop", "expires"} <= set(bucket.__slots__), moved(
        "HTTPClient._buckets and Ratelimit's _loop, expires and _refresh",
        "tests/fakediscord/client_clock.py",
        "a client's buckets are looked up in that table, read their time from the loop and "
        "sleep out their window in _refresh, which it moves onto the test's clock")
