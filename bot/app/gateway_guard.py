"""A guard in front of discord.py's INTERACTION_CREATE parser.

discord.py parses gateway events inside its websocket poll loop, so an exception raised
by a parser (a component interaction without a ``custom_id``, or with a number for one)
leaves the loop and ends ``client.connect()``: one bad payload would stop the bot for
good. The guard keeps such a payload from discord.py with a WARNING instead, and has a
component payload refused in words (``refuse``): the one above, and one that names no
component of its message by that type and id (a menu's id sent as a button), which
discord.py would drop without a word. It also drops an interaction whose id it has
already seen (a replayed event), so each is answered once.

It parses each interaction ``speaking`` the language of the person who sent it: the
tasks discord.py starts for the interaction (the command, the button's callback) copy
that language when they are created, so everything said to that person privately is
in their language, and nothing is shared with other interactions (``bot.i18n``).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from typing import Any

import discord

from bot.i18n import speaking
from bot.ui.delivery.background import in_background
from bot.ui.discord_internals import Parser, gateway_parser, set_gateway_parser

log = logging.getLogger(__name__)

EVENT = "INTERACTION_CREATE"
RECENT_IDS = 4096
"""How many interaction ids to remember: far more than arrive within the few seconds in
which Discord could deliver one again."""

PER_TURN = 4
"""Clicks acknowledged early that are parsed (their work begun) per turn of the loop."""

Received = Callable[[Any], "asyncio.Future[Any] | None"]
"""Shown each payload before it is parsed; returns the acknowledgement it sent, if any."""


class InteractionGuard:
    """Wraps the parser: drops repeated interaction ids, and payloads it cannot parse.

    Each payload it passes is shown to ``received`` first (``EarlyAcks.received``),
    which acknowledges a game click at once when the bot is busy. Such a click is
    parsed once Discord has the acknowledgement, and a few at a time (``PER_TURN`` per
    turn of the event loop): the work of the clicks before must not hold up the
    acknowledgements of the clicks after, which go out on the same event loop.
    """

    def __init__(self, parse: Parser, received: Received = lambda data: None,
                 remember: int = RECENT_IDS, refuse: Parser = lambda data: None) -> None:
        self.parse = parse
        self.received = received
        self.refuse = refuse
        self.remember = remember
        self._recent: OrderedDict[str, None] = OrderedDict()
        self._held: deque[Any] = deque()
        self._releasing: asyncio.Task[None] | None = None

    def __call__(self, data: Any) -> None:
        interaction_id = data.get("id") if isinstance(data, dict) else None
        if interaction_id is not None and self._seen(str(interaction_id)):
            log.info("repeated interaction dropped id=%s", interaction_id)
            return
        problem = _problem(data)
        if problem is not None:
            log.warning("unreadable interaction dropped id=%s: %s", interaction_id, problem)
            if isinstance(data, dict) and data.get("type") in (COMPONENT, MODAL):
                self._refuse(data)
            return
        try:
            acknowledgement = self.received(data)
        except Exception:
            log.warning("unreadable interaction dropped id=%s", interaction_id, exc_info=True)
            return
        if acknowledgement is None:
            self._parse(data)
        else:
            acknowledgement.add_done_callback(lambda _: self._hold(data))

    def _refuse(self, data: dict[str, Any]) -> None:
        try:
            self.refuse(data)
        except Exception:
            log.warning("could not refuse interaction id=%s", data.get("id"), exc_info=True)

    def _parse(self, data: Any) -> None:
        try:
            with speaking(data.get("locale")):
                self.parse(data)
        except Exception:
            log.warning("unreadable interaction dropped id=%s: discord.py could not parse it",
                        data.get("id"), exc_info=True)

    def _hold(self, data: Any) -> None:
        self._held.append(data)
        if self._releasing is None:
            self._releasing = in_background(self._release())

    async def _release(self) -> None:
        try:
            while self._held:
                for _ in range(min(PER_TURN, len(self._held))):
                    self._parse(self._held.popleft())
                await asyncio.sleep(0)
        finally:
            self._releasing = None

    def _seen(self, interaction_id: str) -> bool:
        """Whether the id came before; remembers it either way (the oldest are forgotten)."""
        if interaction_id in self._recent:
            self._recent.move_to_end(interaction_id)
            return True
        self._recent[interaction_id] = None
        if len(self._recent) > self.remember:
            self._recent.popitem(last=False)
        return False


COMPONENT, MODAL = 3, 5


def _problem(data: Any) -> str | None:
    """What makes the payload unreadable, for the shapes known to break discord.py; any
    other breakage is caught when the parser raises."""
    if not isinstance(data, dict):
        return "not an object"
    if data.get("type") in (COMPONENT, MODAL):
        inner = data.get("data")
        if not isinstance(inner, dict):
            return "no data"
        if not isinstance(inner.get("custom_id"), str):
            return f"custom_id is {type(inner.get('custom_id')).__name__}, not a string"
        message = data.get("message")
        if data["type"] == COMPONENT and isinstance(message, dict):
            drawn = (inner.get("component_type"), inner["custom_id"])
            if drawn not in set(_components(message)):
                return f"no component {drawn} on its message"
    return None


def _components(container: dict[str, Any]) -> Iterator[tuple[Any, Any]]:
    """(type, custom_id) of every component in a message, rows and containers opened."""
    for component in container.get("components") or ():
        if isinstance(component, dict):
            yield component.get("type"), component.get("custom_id")
            yield from _components(component)
            accessory = component.get("accessory")
            if isinstance(accessory, dict):
                yield accessory.get("type"), accessory.get("custom_id")


def guard_interactions(client: discord.Client, received: Received, refuse: Parser
                       ) -> InteractionGuard:
    """Put the guard in front of ``client``'s parser, on every connection of every shard
    (``set_gateway_parser``)."""
    guard = InteractionGuard(gateway_parser(client, EVENT), received, refuse=refuse)
    set_gateway_parser(client, EVENT, guard)
    return guard
