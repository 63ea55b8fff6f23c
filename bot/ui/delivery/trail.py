"""Messages a game posts through players' interaction tokens, and the trail they leave.

An interaction's token may post follow-ups in its channel, and edit or delete the
messages it made itself, for 15 minutes after the interaction (Discord's interaction
webhooks), without counting against the bot token's global 50 requests a second. The
table message and the turn pings are posted that way whenever a player's click can
carry them (:class:`Voice`), each a new message, so each kind leaves a :class:`Trail`:
the newest message stays and every older one is removed, through the token that made it
while that lives, else the bot token.

A message is never left twice. When Discord makes a follow-up but its answer is lost (a
5xx), discord.py sends the request again, and a follow-up takes no nonce, so a second
copy is made whose id the answer never tells. The gateway does: every message made in
the channel arrives as MESSAGE_CREATE (:meth:`Trail.seen`), and one made through a
token with the same words (and buttons or none) as a message the trail posted through
it is a copy, standing to be removed with the older ones.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import discord

log = logging.getLogger(__name__)

TOKEN_LIFETIME = 15 * 60.0
"""An interaction's token works for 15 minutes; used until ``TOKEN_MARGIN`` before."""
TOKEN_MARGIN = 30.0
SAID_KEPT = 8
"""How many of a trail's latest follow-ups a copy found on the gateway is matched with."""

Said = tuple[int, str, bool]
"""What a follow-up looked like: its interaction, its words, whether it had buttons."""


@dataclass(frozen=True, slots=True)
class Seen:
    """A message made in a channel, as the gateway's MESSAGE_CREATE tells it: only what
    finds a copy (:meth:`Trail.seen`)."""

    message_id: int
    channel_id: int
    made_by: int | None
    """The interaction whose token made it (``interaction_metadata``), if one did."""
    content: str
    buttons: bool


@dataclass(frozen=True, slots=True)
class Voice:
    """An interaction in the channel whose token can post (and edit, and remove) what
    it posts."""

    interaction: discord.Interaction
    heard_at: float
    """When it was answered: its token's 15 minutes are counted from about then."""

    def alive(self, now: float) -> bool:
        """Whether the token is still safe to use."""
        return token_alive(self.heard_at, now)


def token_alive(heard_at: float, now: float) -> bool:
    """Whether a token whose interaction was answered at ``heard_at`` may still be used."""
    return now - heard_at <= TOKEN_LIFETIME - TOKEN_MARGIN


@dataclass(frozen=True, slots=True)
class Posted:
    message_id: int
    via: Voice | None
    """The interaction whose token posted it (None: the bot token, or not known)."""


@dataclass(slots=True)
class Trail:
    """One kind of message a game keeps in its channel: all but the newest go."""

    standing: list[Posted] = field(default_factory=list)
    """The messages in the channel, oldest first (a removal that failed is tried again
    with the next sweep)."""
    newest: Posted | None = None
    """The message that stays (None: none stays)."""
    said: dict[Said, Voice] = field(default_factory=dict)

    def posting(self, via: Voice, content: str, buttons: bool) -> None:
        """A follow-up is about to be posted through ``via``: a copy of it found on the
        gateway is recognised by these."""
        self.said[(via.interaction.id, content, buttons)] = via
        if len(self.said) > SAID_KEPT:
            del self.said[next(iter(self.said))]

    def posted(self, message_id: int, via: Voice | None) -> None:
        """``message_id`` is the newest message now (posted, or known after a restart)."""
        self.newest = Posted(message_id, via)
        if all(p.message_id != message_id for p in self.standing):
            self.standing.append(self.newest)

    def retire(self) -> None:
        """No message stays: the next sweep removes them all."""
        self.newest = None

    def seen(self, message: Seen) -> bool:
        """A message of the channel from the gateway: True when it is a copy of one the
        trail posted through a token that the bot did not know, now standing to be
        removed with the older ones (:meth:`sweep`)."""
        if message.made_by is None:
            return False
        via = self.said.get((message.made_by, message.content, message.buttons))
        if via is None or any(p.message_id == message.message_id for p in self.standing):
            return False
        self.standing.append(Posted(message.message_id, via))
        return self.newest is None or message.message_id != self.newest.message_id

    async def sweep(self, now: float, messageable: discord.PartialMessageable) -> None:
        """Remove every standing message but the newest."""
        keep = self.newest.message_id if self.newest is not None else None
        for posted in [p for p in self.standing if p.message_id != keep]:
            await remove(posted, now, messageable)
            self.standing.remove(posted)


async def remove(posted: Posted, now: float, messageable: discord.PartialMessageable) -> None:
    """Delete a message through the token that posted it while it lives, else the bot's."""
    via = posted.via
    try:
        if via is not None and via.alive(now):
            await via.interaction.followup.delete_message(posted.message_id)
        else:
            await messageable.get_partial_message(posted.message_id).delete()
    except discord.NotFound:
        log.debug("message already gone channel=%s", messageable.id)
