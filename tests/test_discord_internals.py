"""The few private internals of discord.py the bot relies on are still where it uses
them. pyproject.toml pins discord.py to the minor versions CI has tested; before a new
release is allowed there, this test says, in one sentence, which internal moved.

Where each is used: ``_HTTPClient__session`` and ``_response_type`` in
``bot/ui/early_acks.py``; the gateway parser table (``client._connection.parsers``, read
by each websocket as ``_discord_parsers``) in ``bot/app/gateway_guard.py``; DynamicItem's
``__discord_ui_compiled_template__`` in ``bot/ui/stray.py``; ``launch_shard`` and
``launch_shards`` overridden in ``bot/app/client.py``. And one the tests rely on: the
rate-limit buckets, kept on the test's clock by ``tests/fakediscord/client_clock.py``."""

from __future__ import annotations

import inspect
import re
from typing import Any

import aiohttp
import discord
from discord.ext import commands
from discord.state import ConnectionState

from bot.app.client import UnoBot
from bot.app.gateway_guard import EVENT


def moved(internal: str, user: str, how: str) -> str:
    return (f"discord.py {discord.__version__} moved the private internal {internal}, "
            f"which {user} relies on ({how}): adapt {user} before allowing this release "
            "in pyproject.toml.")


def test_the_http_clients_session(bot: UnoBot) -> None:
    session = getattr(bot.http, "_HTTPClient__session", None)
    assert isinstance(session, aiohttp.ClientSession), moved(
        "HTTPClient.__session", "bot/ui/early_acks.py",
        "the logged-in client's aiohttp session, reused for early acknowledgements")


def test_the_interaction_responses_response_type() -> None:
    response: Any = object.__new__(discord.InteractionResponse)
    try:
        response._response_type = discord.InteractionResponseType.deferred_message_update
        done = response.is_done() and response.type is (
            discord.InteractionResponseType.deferred_message_update)
    except AttributeError:
        done = False
    assert done, moved("InteractionResponse._response_type", "bot/ui/early_acks.py",
                       "setting it marks the interaction answered, as defer() does")


def test_the_gateway_parser_table(bot: UnoBot) -> None:
    state = getattr(bot, "_connection", None)
    parsers = getattr(state, "parsers", None)
    assert isinstance(state, ConnectionState) and isinstance(parsers, dict) and (
        parsers.get(EVENT) is bot.interaction_guard), moved(
        "Client._connection.parsers", "bot/app/gateway_guard.py",
        f"the table of event parsers whose {EVENT} entry the guard replaces")
    sockets = [getattr(getattr(shard, "_parent", None), "ws", None)
               for shard in bot.shards.values()]
    assert sockets and all(getattr(ws, "_discord_parsers", None) is parsers
                           for ws in sockets), moved(
        "DiscordWebSocket._discord_parsers", "bot/app/gateway_guard.py",
        "each connection must read the parsers from the client's own table")


def test_dynamic_items_compiled_template() -> None:
    class Probe(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"probe:(?P<n>\d+)"):
        pass

    template = getattr(Probe, "__discord_ui_compiled_template__", None)
    registering = inspect.getsource(discord.ui.view.ViewStore.add_dynamic_items)
    assert isinstance(template, re.Pattern) and template.pattern == r"probe:(?P<n>\d+)" and (
        "__discord_ui_compiled_template__" in registering), moved(
        "DynamicItem.__discord_ui_compiled_template__", "bot/ui/stray.py",
        "read from the class when items are registered, so setting it sets the ids matched")


def test_launch_shard_and_launch_shards() -> None:
    client = discord.AutoShardedClient
    shard = inspect.signature(client.launch_shard)
    parameters = [(p.name, p.kind) for p in shard.parameters.values()]
    retries = "self.launch_shard(" in inspect.getsource(client.launch_shard)
    connects = "self.launch_shards()" in inspect.getsource(client.connect)
    assert parameters == [
        ("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        ("gateway", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        ("shard_id", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        ("initial", inspect.Parameter.KEYWORD_ONLY),
    ] and retries and connects and issubclass(UnoBot, commands.AutoShardedBot), moved(
        "AutoShardedClient.launch_shard(gateway, shard_id, *, initial) and launch_shards()",
        "bot/app/client.py",
        "connect() launches the shards through them, and each failed try calls "
        "launch_shard again")


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
