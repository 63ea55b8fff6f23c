"""Every private internal of discord.py the bot relies on, and nothing else.

discord.py documents its API (``discord``, ``discord.ui``, ``discord.app_commands``,
``discord.ext.commands``, ``discord.utils``, ``discord.abc``); what the bot needs beyond
it (a name starting with ``_``, a module the documentation does not cover, a method
discord.py calls on itself and leaves undocumented) is reached here alone, behind a
function whose docstring says what discord.py does and why the bot reaches in.
``pyproject.toml`` pins discord.py to the minor versions CI has tested, and
``tests/test_discord_internals.py`` checks that each internal is still where the function
finds it, and that no other module touches one: allowing a newer release is an audit
of this module.

It imports nothing of the bot, so every layer that speaks discord.py may use it.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

import discord
import yarl
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route, handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context, interaction_response_params

Parser = Callable[[Any], None]
"""One of discord.py's gateway event parsers: it takes the event's payload."""
Components = list[dict[str, Any]]
"""Message components as Discord's API takes them (rows of buttons and menus)."""


def point_at(api_base: str, gateway_url: str) -> None:
    """Send REST calls and the gateway connection somewhere else than discord.com: a
    REST proxy such as nirn-proxy in production, the fake Discord in tests.

    discord.py builds every REST URL from the class attribute ``Route.BASE``
    (``discord.http``) and connects a shard to ``DiscordWebSocket.DEFAULT_GATEWAY``
    (``discord.gateway``) when it has no URL of its own (``launch_shards`` below keeps
    it from taking Discord's); neither has a documented setting."""
    Route.BASE = api_base.rstrip("/")
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)


def quiet_voice_warnings() -> None:
    """No warning at start that PyNaCl or davey is missing: the bot never joins voice.

    ``discord.Client.__init__`` logs each warning while the class attributes
    ``VoiceClient.warn_nacl`` and ``VoiceClient.warn_dave`` are true (undocumented), so
    they are set false before a client is made."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


def gateway_parser(client: discord.Client, event: str) -> Parser:
    """discord.py's parser of the gateway event ``event`` (``INTERACTION_CREATE``...).

    discord.py parses each gateway event with the function its connection state keeps
    for it in the dict ``client._connection.parsers``; the bot wraps or replaces a few
    (``bot.app.gateway_guard``, ``bot.app.gateway_messages``) and no API offers that."""
    return cast(Parser, client._connection.parsers[event])


def set_gateway_parser(client: discord.Client, event: str, parser: Parser) -> None:
    """Have ``client`` parse every ``event`` with ``parser`` from now on.

    Each websocket discord.py opens reads the parsers from that same dict (it keeps it as
    ``ws._discord_parsers``), on every connection and reconnection, so one change to the
    dict holds for every shard and every reconnect."""
    client._connection.parsers[event] = parser


class GatedShards(commands.AutoShardedBot):
    """An AutoShardedBot that asks :meth:`shard_may_launch` before each try to connect a
    shard, and takes nothing but the shard count from Discord.

    ``AutoShardedClient.connect()`` launches the shards through ``launch_shards()``,
    which asks Discord for the shard count and its gateway URL, then through
    ``launch_shard(gateway, shard_id, *, initial)``, which calls itself again every
    5 seconds, with an ERROR and a traceback, until the shard connects. Both methods
    are undocumented; they are overridden here."""

    def gateway_limits(self, limits: Mapping[str, Any]) -> None:
        """Told the session start limits Discord answers with the shard count
        (``max_concurrency``: how many shards may identify at a time)."""

    async def shard_may_launch(self, gateway: str) -> bool:
        """Called before each try to connect a shard to ``gateway``; it may wait as long
        as it needs. False: this try is not made, and no other after it."""
        raise NotImplementedError

    async def launch_shards(self) -> None:
        """Left to itself, discord.py would also take Discord's gateway URL along with the
        shard count; the count is all that is asked, so the gateway ``point_at`` set
        holds. ``Client.http.get_bot_gateway()`` is the undocumented call it makes."""
        if self.is_closed():  # stopped while it waited for its lease
            return
        shard_count, _, limits = await self.http.get_bot_gateway()
        if self.shard_count is None:
            self.shard_count = shard_count
        self.gateway_limits(limits)
        await super().launch_shards()

    async def launch_shard(self, gateway: yarl.URL, shard_id: int, *, initial: bool = False
                           ) -> None:
        """Each try, the first and those discord.py makes again, once
        :meth:`shard_may_launch` agrees."""
        if not await self.shard_may_launch(str(gateway)):
            return
        try:
            await super().launch_shard(gateway, shard_id, initial=initial)
        except asyncio.CancelledError:  # its turn to identify (``before_identify_hook``)
            if self.is_closed():
                return
            raise


def item_template(item: type[discord.ui.DynamicItem[Any]]) -> re.Pattern[str]:
    """The custom ids a DynamicItem class takes.

    discord.py compiles the ``template=`` given to the class into its class attribute
    ``__discord_ui_compiled_template__`` and offers no way to read it back."""
    return cast("re.Pattern[str]", item.__discord_ui_compiled_template__)


def set_item_template(item: type[discord.ui.DynamicItem[Any]], template: re.Pattern[str]
                      ) -> None:
    """Make ``item`` take the custom ids ``template`` matches, in place of its own.

    discord.py reads ``__discord_ui_compiled_template__`` from the class when the item
    is registered (``Client.add_dynamic_items``), so setting it before registering sets
    the ids matched: the catch-all for stray clicks (``bot.ui.clicks.stray``) is
    narrowed to the ids no other item takes, a template known only once they are."""
    item.__discord_ui_compiled_template__ = template


def mark_acknowledged(interaction: discord.Interaction,
                      kind: discord.InteractionResponseType) -> None:
    """Record that ``interaction`` was answered with a ``kind`` response sent without
    discord.py (an early acknowledgement, ``bot.ui.clicks.early_acks``).

    discord.py keeps the type of the initial response in the private
    ``InteractionResponse._response_type``, which ``defer()`` sets; ``is_done()`` and
    ``type`` read it, and everything after (the follow-ups, the original's edits) goes
    as after a ``defer()``."""
    interaction.response._response_type = kind


async def respond(http: Any, interaction_id: int, token: str, kind: int,
                  data: dict[str, Any] | None) -> None:
    """Answer an interaction from its id and token alone, with a response of type
    ``kind`` and ``data``, as ``InteractionResponse`` does, before (or without)
    discord.py building the Interaction.

    ``http`` is the client's HTTP client (``Client.http``). The request goes through
    the webhook adapter discord.py's interactions use (``discord.webhook.async_``:
    ``async_context``, ``interaction_response_params``), with the client's own aiohttp
    session, which discord.py keeps in the name-mangled ``HTTPClient.__session``, and
    proxy: the same connection pool, the same rate limits."""
    await async_context.get().create_interaction_response(
        interaction_id, token, session=http._HTTPClient__session,
        proxy=http.proxy, proxy_auth=http.proxy_auth,
        params=interaction_response_params(type=kind, data=data))


async def edit_original_response(
    interaction: discord.Interaction, *, content: str | None = MISSING,
    components: Components | None = MISSING, attachments: Sequence[discord.File] = MISSING,
) -> dict[str, Any]:
    """Edit the interaction's original response (``components``: its buttons; None:
    none): the request ``Interaction.edit_original_response`` makes, and Discord's
    answer as it came, not read into a ``Message`` (``bot.ui.delivery.interaction_calls``
    says why).

    The request is made as discord.py makes it: the message parameters of
    ``discord.http.handle_message_parameters``, the webhook adapter's
    ``edit_original_interaction_response``, and the session, proxy and allowed mentions
    it takes from the interaction's private ``_session`` and ``_state``."""
    with handle_message_parameters(
        content=content, view=components_as_view(components), attachments=attachments,
        previous_allowed_mentions=interaction._state.allowed_mentions,
    ) as params:
        data = await async_context.get().edit_original_interaction_response(
            interaction.application_id, interaction.token, **_session(interaction),
            payload=params.payload, multipart=params.multipart, files=params.files)
    return cast(dict[str, Any], data)


async def send_follow_up(
    interaction: discord.Interaction, content: str, *, embed: discord.Embed | None,
    components: Components, files: Sequence[discord.File],
    allowed_mentions: discord.AllowedMentions,
) -> dict[str, Any]:
    """Post a message everyone sees as a follow-up of the interaction: the request
    ``Webhook.send`` makes for ``Interaction.followup``, and Discord's answer as it came,
    not read into a ``Message``. Made as :func:`edit_original_response` makes its own,
    through the webhook adapter's ``execute_webhook``."""
    with handle_message_parameters(
        content=content, embed=embed if embed is not None else MISSING,
        view=components_as_view(components), files=files, allowed_mentions=allowed_mentions,
        previous_allowed_mentions=interaction._state.allowed_mentions,
    ) as params:
        data = await async_context.get().execute_webhook(
            interaction.application_id, interaction.token, **_session(interaction),
            payload=params.payload, multipart=params.multipart, files=params.files,
            thread_id=None, wait=True, with_components=True)
    assert data is not None  # wait=True: Discord answers with the message
    return cast(dict[str, Any], data)


def components_as_view(components: Components | None) -> discord.ui.View | None:
    """``components`` where discord.py's message parameters take a view (MISSING and
    None as they are).

    All ``handle_message_parameters`` asks of a view is its ``to_components()`` and
    whether it ``has_components_v2()``; a View, its items and their DynamicItem
    wrappers point at each other, so every one sent is garbage only the cycle collector
    frees (``bot.ui.messages.controls.components`` says how much)."""
    if components is MISSING or components is None:
        return components
    return cast(discord.ui.View, _Components(components))


class _Components:
    __slots__ = ("components",)

    def __init__(self, components: Components) -> None:
        self.components = components

    def to_components(self) -> Components:
        return self.components

    def has_components_v2(self) -> bool:
        return False


def _session(interaction: discord.Interaction) -> dict[str, Any]:
    http = interaction._state.http
    return {"session": interaction._session, "proxy": http.proxy,
            "proxy_auth": http.proxy_auth}
