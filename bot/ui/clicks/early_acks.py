"""Acknowledging a game click from its gateway payload, before discord.py builds it.

When many clicks arrive at once, discord.py spends about a millisecond on each before
our code sees it (the Interaction, the clicked message, its whole view rebuilt for the
DynamicItem), and a click near the end of a burst would wait for all of that. So when
the bot is busy, the gateway guard (``bot.app.gateway_guard``) hands each game click's
raw payload here first, and its acknowledgement (the deferral ``answers.acknowledge``
would send) is on its way before discord.py has parsed the click. The click's handler
then adopts it (:func:`adopt`): it waits until Discord has the acknowledgement, marks
the Interaction as acknowledged, and goes on to complete it.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol, cast

import aiohttp
import discord

from bot.ui.clicks.answers import UNKNOWN_INTERACTION, ClickLoad, answered_too_late
from bot.ui.delivery.background import in_background
from bot.ui.discord_internals import mark_acknowledged, respond
from bot.ui.messages.custom_ids import PATTERN

COMPONENT = discord.InteractionType.component.value
EPHEMERAL = discord.MessageFlags.ephemeral.flag
DEFERRED_UPDATE = discord.InteractionResponseType.deferred_message_update
THINKING = discord.InteractionResponseType.deferred_channel_message
DEADLINE = 3.0
"""Seconds after which Discord no longer takes an acknowledgement: a click received
longer ago than this and never handled is no longer counted."""
ADOPTABLE = 15 * 60.0
"""Seconds an early acknowledgement waits for its handler: as long as the click's token
lives. A handler that comes to its click after Discord's 3 s (a starved event loop)
completes it through the acknowledgement, rather than answering it a second time."""
_GAME_CLICK = re.compile(PATTERN)

log = logging.getLogger(__name__)


class EarlyAcks:
    """The game clicks received and not yet handled, and the acknowledgements sent for
    them from the gateway."""

    def __init__(self, clicks: ClickLoad, http: Any,
                 now: Callable[[], float] = time.monotonic) -> None:
        """``http``: discord.py's HTTP client, whose session and proxy the acknowledgement
        uses (as ``InteractionResponse.defer`` does)."""
        self.clicks = clicks
        self.http = http
        self.now = now
        self._received: OrderedDict[int, float] = OrderedDict()
        self._sent: OrderedDict[int, tuple[float, asyncio.Task[Acknowledged]]] = OrderedDict()

    def received(self, data: dict[str, Any]) -> asyncio.Task[Acknowledged] | None:
        """A payload the guard passed: a game click on a message is counted and, when
        the bot is busy, acknowledged now (the acknowledgement on its way is returned)."""
        if data.get("type") != COMPONENT or not isinstance(data.get("message"), dict):
            return None
        if _GAME_CLICK.fullmatch(data["data"]["custom_id"]) is None:
            return None
        now = self.now()
        self._forget(now)
        interaction_id = int(data["id"])
        self._received[interaction_id] = now
        if len(self._received) + self.clicks.in_flight <= self.clicks.busy:
            return None
        hand_message = bool(int(data["message"].get("flags") or 0) & EPHEMERAL)
        sent = in_background(self._acknowledge(interaction_id, str(data["token"]), hand_message))
        self._sent[interaction_id] = (now, sent)
        return sent

    @property
    def sent_early(self) -> set[int]:
        """The clicks acknowledged early whose handler has not adopted them yet."""
        return set(self._sent)

    async def adopt(self, interaction: discord.Interaction) -> bool:
        """Called before a game click is answered: waits for its early acknowledgement,
        if one was sent, and marks the Interaction as acknowledged. False when Discord
        had already given up on the click (logged at WARNING): nothing is to be done.
        Any other failure leaves the click to be acknowledged as usual."""
        self._received.pop(interaction.id, None)
        sent = self._sent.pop(interaction.id, None)
        if sent is None:
            return True
        acknowledged = await sent[1]
        if acknowledged.kind is not None:
            mark_acknowledged(interaction, acknowledged.kind)
        elif acknowledged.error_code == UNKNOWN_INTERACTION:
            answered_too_late(interaction)
            return False
        return True

    def _forget(self, now: float) -> None:
        """Clicks received over ``DEADLINE`` ago and not handled yet no longer count as
        waiting; their acknowledgements are let go only after ``ADOPTABLE`` (a payload
        discord.py dropped is never adopted)."""
        received, sent = self._received, self._sent
        while received and next(iter(received.values())) < now - DEADLINE:
            received.popitem(last=False)
        while sent and next(iter(sent.values()))[0] < now - ADOPTABLE:
            sent.popitem(last=False)

    async def _acknowledge(self, interaction_id: int, token: str, hand_message: bool
                           ) -> Acknowledged:
        """Deferred as ``answers.acknowledge`` defers: in place on a hand message, else
        as a private "thinking" message that the answer fills in. Never raises: a task
        nobody adopts (its click dropped) must not leave an exception unretrieved."""
        kind = DEFERRED_UPDATE if hand_message else THINKING
        try:
            await respond(self.http, interaction_id, token, kind.value,
                          None if hand_message else {"flags": EPHEMERAL})
        except discord.HTTPException as error:
            if error.code != UNKNOWN_INTERACTION:
                log.warning("early acknowledgement failed id=%s status=%s code=%s",
                            interaction_id, error.status, error.code)
            return Acknowledged(None, error.code)
        except (aiohttp.ClientError, OSError) as error:
            log.warning("early acknowledgement failed id=%s: %r", interaction_id, error)
            return Acknowledged(None)
        return Acknowledged(kind)


class Acknowledged(NamedTuple):
    """How an early acknowledgement went: its type, or None and Discord's error code."""

    kind: discord.InteractionResponseType | None
    error_code: int = 0


class HasEarlyAcks(Protocol):
    early_acks: EarlyAcks


async def adopt(interaction: discord.Interaction) -> bool:
    """:meth:`EarlyAcks.adopt` for the client that received ``interaction``."""
    return await cast(HasEarlyAcks, interaction.client).early_acks.adopt(interaction)
