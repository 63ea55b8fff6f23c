"""Turn pings: a new message that mentions the people the game starts waiting for.

Discord notifies a mention only in a new message, never in an edit, so the table
message (edited on every move) cannot ring anyone after its first post. Whenever the
game starts waiting for other people (a turn, a draw to answer, a vote, a discard),
they get a message of their own that mentions them, allowed to ping those users only;
every earlier ping of the game is then removed, and the last one when the game stops
waiting for people (a round's or the match's end), so a channel holds the table and at
most one ping per game.

A ping is a channel message with a ``nonce`` that Discord enforces: when an answer is
lost (a 5xx after Discord made the message), discord.py sends the same request again
and Discord returns the message already made instead of a second copy. A follow-up
through an interaction's token would cost no bot-token call, but Discord takes no nonce
there, and a retried follow-up leaves a copy whose id the bot never learns.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field

import discord

from bot.engine import Phase as GamePhase
from bot.game.table import Phase, Table
from bot.i18n import speaking
from bot.ui.table import call

log = logging.getLogger(__name__)

NONCE_BITS = 64
"""A nonce of at most 20 digits (Discord takes up to 25 characters)."""


@dataclass(slots=True)
class ChannelPings:
    waited: frozenset[str] = frozenset()
    """The people the last ping (or the last change) said the game waits for."""
    due: tuple[str, frozenset[str]] | None = None
    """A ping still to post (its text and whom it may ping); text "" only removes."""
    standing: list[int] = field(default_factory=list)
    """The game's pings in the channel, oldest first: all but the newest are removed
    when the next is posted (a removal that failed is tried again then)."""


@dataclass
class Pings:
    client: discord.Client
    channels: dict[int, ChannelPings] = field(default_factory=dict)

    def changed(self, table: Table) -> None:
        """Note a ping due when the game starts waiting for other people (under the
        table's lock, with the table as saved, in the table's language); when it waits
        for nobody (between rounds, at the end), the standing ping is to be removed."""
        state = self.channels.setdefault(table.channel_id, ChannelPings())
        waited = _waited(table)
        if waited == state.waited and table.phase is not Phase.ENDED:
            return
        state.waited = waited  # a ping not sent yet for an earlier wait is dropped
        if waited and table.game is not None:
            with speaking(table.language):
                state.due = (call(table, table.game.seat_view(None)), waited)
        else:
            state.due = ("", frozenset()) if state.standing else None

    def due(self, channel_id: int) -> bool:
        state = self.channels.get(channel_id)
        return state is not None and state.due is not None

    def forget(self, channel_id: int) -> None:
        self.channels.pop(channel_id, None)

    async def send(self, table: Table) -> None:
        """Post the due ping, then remove every ping of the game before it."""
        state = self.channels.get(table.channel_id)
        if state is None or state.due is None:
            return
        (text, users), state.due = state.due, None
        if text:
            # A new message, not an edit: only a new message makes Discord notify the
            # people it mentions. It may ping exactly those users, nobody else.
            allowed = discord.AllowedMentions(
                everyone=False, roles=False, replied_user=False,
                users=[discord.Object(int(user)) for user in sorted(users)])
            message = await self._messageable(table).send(
                text, allowed_mentions=allowed, nonce=secrets.randbits(NONCE_BITS))
            state.standing.append(message.id)
        newest = state.standing[-1] if text else None
        for message_id in [m for m in state.standing if m != newest]:
            try:
                await self._messageable(table).get_partial_message(message_id).delete()
            except discord.NotFound:
                log.debug("ping already gone channel=%s", table.channel_id)
            state.standing.remove(message_id)

    def _messageable(self, table: Table) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)


def _waited(table: Table) -> frozenset[str]:
    """The people (not computer players) the game waits for now; none between rounds."""
    game = table.game
    if game is None or table.phase is not Phase.PLAYING or \
            game.waiting.phase in (GamePhase.ROUND_OVER, GamePhase.MATCH_OVER):
        return frozenset()
    return frozenset(p for p in game.waiting_for() if p not in table.computers)
