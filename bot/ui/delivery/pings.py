"""Turn pings: a new message that mentions the people the game starts waiting for.

Discord notifies a mention only in a new message, never in an edit. Whenever the game
starts waiting for other people (a turn, a draw to answer, a vote, a discard), they are
mentioned in a new message, allowed to ping those users only; every earlier ping of the
game is then removed, and the last one once the game waits for nobody (a round's or the
match's end), so a channel holds the table and at most one ping per game.

When a player's click changed the game, the table is posted afresh as a follow-up of
that click (``bot.ui.delivery.table_courier``), and its content already says the ping's words:
that new table message carries the ping (:meth:`Pings.carried`), and no ping message of
its own is posted. A change no click carries (a computer player's move, a timer) edits
the table, which rings nobody, so the ping is a message of its own: a follow-up of the
freshest interaction in the channel whose 15-minute token still lives, removed through
the token that posted it, since interaction webhooks do not count against the bot's
global rate limit. Only with no live token (a timer after a quiet quarter of an hour) is
the bot token used. A table that carried a ping is removed with the tables (an edit
keeps its words up to date and rings nobody).

A ping is never left twice: a copy that a follow-up sent again after a lost answer
left is found on the gateway and removed (``bot.ui.delivery.trail``); a ping posted with the bot
token carries a ``nonce``, which Discord enforces.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

import discord

from bot.engine import Phase as GamePhase
from bot.game.clock import Clock
from bot.game.players import is_computer_seat
from bot.game.snapshot import TableSnapshot
from bot.game.table import TableStatus
from bot.i18n import speaking
from bot.ui.delivery.trail import Seen, Trail, Voice
from bot.ui.messages.table import call

DEFERRED = discord.InteractionResponseType.deferred_channel_message
"""A deferred answer's first follow-up would replace its "thinking…" message."""
NONCE_BITS = 64
"""A channel message's nonce: at most 20 digits (Discord takes up to 25 characters)."""

Due = tuple[str, frozenset[str]]
"""A ping to post: its text and whom it may ping (text "": only remove the pings)."""


@dataclass(slots=True)
class ChannelPings:
    waited: frozenset[str] = frozenset()
    """The people the last ping (or the last change) said the game waits for."""
    due: Due | None = None
    """A ping still to post (its text and whom it may ping); text "" only removes."""
    trail: Trail = field(default_factory=Trail)
    """The game's pings in the channel: the last one posted stays."""
    clicks: int = 0
    """Clicks being answered: their interaction will post the due ping once answered."""
    voice: Voice | None = None


@dataclass
class Pings:
    client: discord.Client
    clock: Clock
    channels: dict[int, ChannelPings] = field(default_factory=dict)

    def changed(self, table: TableSnapshot) -> None:
        """Note a ping due when the game starts waiting for other people (with the table
        as saved, in the table's language); once it waits for nobody (between rounds, at
        the end), the standing ping is to be removed."""
        state = self.channels.setdefault(table.channel_id, ChannelPings())
        waited = _waited(table)
        if waited == state.waited and table.status is not TableStatus.ENDED:
            return
        state.waited = waited  # a ping not sent yet for an earlier wait is dropped
        if waited and table.view is not None:
            with speaking(table.language):
                state.due = (call(table), waited)
        else:
            state.due = ("", frozenset()) if state.trail.standing else None

    def carried(self, channel_id: int) -> Due | None:
        """The table is posted afresh through a click: it carries the ping due, if any,
        instead of a message of its own, which is returned; the game's standing pings
        are then to be removed."""
        state = self.channels.get(channel_id)
        if state is None or state.due is None or not state.due[0]:
            return None
        carried = state.due
        state.due = ("", frozenset()) if state.trail.standing else None
        return carried

    def not_carried(self, channel_id: int, ping: Due) -> None:
        """The table that was to carry ``ping`` could not be posted: the ping is due
        again, for the next click or change to send, unless a change since made
        another one due."""
        state = self.channels.get(channel_id)
        if state is not None and (state.due is None or not state.due[0]):
            state.due = ping

    def due(self, channel_id: int) -> bool:
        state = self.channels.get(channel_id)
        return state is not None and state.due is not None

    def click_started(self, channel_id: int) -> None:
        self.channels.setdefault(channel_id, ChannelPings()).clicks += 1

    def click_finished(self, channel_id: int, interaction: discord.Interaction) -> Voice | None:
        """The click is answered: its token (unless it answered by deferring) becomes
        the channel's voice, which is returned when it may post."""
        state = self.channels.setdefault(channel_id, ChannelPings())
        state.clicks -= 1
        if not interaction.response.is_done() or interaction.response.type is DEFERRED:
            return None
        state.voice = Voice(interaction, self.clock.now())
        return state.voice

    def clicking(self, channel_id: int) -> bool:
        state = self.channels.get(channel_id)
        return state is not None and state.clicks > 0

    def forget(self, channel_id: int) -> None:
        self.channels.pop(channel_id, None)

    def voice(self, channel_id: int) -> Voice | None:
        """The freshest interaction of the channel that can still post, if any."""
        state = self.channels.get(channel_id)
        if state is None or state.voice is None or not state.voice.alive(self.clock.now()):
            return None
        return state.voice

    def seen(self, message: Seen) -> bool:
        """A message of the channel from the gateway: True when it is a copy of one of
        the game's pings that the bot did not know, to be removed (:meth:`sweep`)."""
        state = self.channels.get(message.channel_id)
        return state is not None and state.trail.seen(message)

    async def send(self, table: TableSnapshot, via: Voice | None) -> None:
        """Post the due ping (through ``via``'s token, else the bot token), then remove
        every ping of the game before it."""
        state = self.channels.get(table.channel_id)
        if state is None or state.due is None:
            return
        (text, users), state.due = state.due, None
        if not text:
            state.trail.retire()
        else:
            # A new message, not an edit: only a new message makes Discord notify the
            # people it mentions.
            allowed = may_ping(users)
            if via is not None:
                state.trail.posting(via, text, buttons=False)
                message: discord.Message = await via.interaction.followup.send(
                    text, allowed_mentions=allowed, wait=True)
            else:
                message = await self._messageable(table).send(
                    text, allowed_mentions=allowed, nonce=secrets.randbits(NONCE_BITS))
            state.trail.posted(message.id, via)
        await self.sweep(table)

    async def sweep(self, table: TableSnapshot) -> None:
        """Remove every standing ping of the game but the newest."""
        state = self.channels.get(table.channel_id)
        if state is not None:
            await state.trail.sweep(self.clock.now(), self._messageable(table))

    def _messageable(self, table: TableSnapshot) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)


def may_ping(users: frozenset[str]) -> discord.AllowedMentions:
    """A message that may ping exactly ``users`` (none: nobody), no role, not @everyone."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False,
        users=[discord.Object(int(user)) for user in sorted(users)])


def _waited(table: TableSnapshot) -> frozenset[str]:
    """The people (not computer players) the game waits for now; none between rounds."""
    seen = table.view
    if seen is None or table.status is not TableStatus.PLAYING or \
            seen.waiting.phase in (GamePhase.ROUND_OVER, GamePhase.MATCH_OVER):
        return frozenset()
    return frozenset(p for p in seen.waiting.players if not is_computer_seat(p))
