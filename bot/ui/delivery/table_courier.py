"""The table message of each channel: posted, edited and deleted as ``bot.ui.delivery.board``'s
courier asks (its step 2), at no cost to the bot token when a player's token can carry it.

A change a player's click made is posted afresh as a follow-up of that click, so the
table moves to the bottom of the channel, and the table message before it is deleted
through the token that posted it (``bot.ui.delivery.trail``); being a new message, it carries the
turn ping due, if any (``bot.ui.delivery.pings``), so a click's move costs one new message. A
change no click carries (a computer player's move, a timer) edits the table message
(which rings nobody: the ping is then a message of its own) through the token that
posted it, at most once every ``EDIT_INTERVAL``, or, that token dead (a quiet quarter of an
hour), with the bot token, at most once every ``BOT_EDIT_INTERVAL`` (later changes wait
for the next slot and go out together). The table is posted afresh before its message is
an hour old, when Discord starts to limit edits of it. Once it shows a game's end, the
ended game's saved row is deleted: until then a restart shows the end.

What it shows is the newest :class:`~bot.game.snapshot.TableSnapshot` the board was
handed for the channel; what it tells the game service back (a table posted, the end
shown) goes through the :class:`TableService` it is built with.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

import aiohttp
import discord

from bot.game.clock import Clock, Handle
from bot.game.snapshot import Snapshot, TableSnapshot
from bot.game.table import TableStatus
from bot.i18n import speaking
from bot.ui.delivery.interaction_calls import follow_up
from bot.ui.delivery.pictures import TABLE_FILE, Pictures
from bot.ui.delivery.pings import NONCE_BITS, Due, Pings, may_ping
from bot.ui.delivery.trail import Posted, Trail, Voice
from bot.ui.messages.controls import Rows, to_view
from bot.ui.messages.table import TableMessage, table_message

EDIT_INTERVAL = 1.0
"""Seconds between edits of the table message through a token (no click carrying them)."""
BOT_EDIT_INTERVAL = 3.0
"""Seconds between the bot token's edits of a table message: a fraction of the channel's
5 in 5 s, the rest left for the round messages and a ping."""
REPOST_AFTER = 50 * 60.0
"""Discord limits edits of messages older than an hour; repost well before."""
NOBODY = may_ping(frozenset())
"""A table posted with no ping due pings nobody, though it names whose turn it is."""

Sender = Callable[["Channel", Callable[[], Awaitable[None]]], Awaitable[None]]
"""Runs a send as the channel's one sender (``Board._send``)."""


class TableService(Protocol):
    """What the board tells the game service of what it delivered
    (``bot.game.manager.GameManager``)."""

    async def table_posted(self, shown: TableSnapshot, message_id: int) -> None:
        """The table message of ``shown``'s game was posted afresh: save its id."""
        ...

    async def channel_gone(self, shown: TableSnapshot) -> bool:
        """The channel of ``shown``'s game is gone: end the game; whether it ended."""
        ...

    async def forget_shown(self, shown: TableSnapshot) -> None:
        """The channel has been shown ``shown``: an ended game's saved row can go."""
        ...


POST_TRIES = 3
"""How many times a round message Discord refuses is tried (each with the table's next
delivery) before it is given up, so that one it will never take cannot hold up the
table behind it."""


@dataclass(slots=True)
class Post:
    """A round message the board posts with the bot token. Its nonce is made once, so a
    try after a lost answer finds the message an earlier try made (Discord returns it
    rather than make another)."""

    content: str
    rows: Rows
    nonce: int = field(default_factory=lambda: secrets.randbits(NONCE_BITS))
    tries: int = 0


@dataclass(slots=True)
class Channel:
    """What a channel's courier still has to send, and what it sent last."""

    table: TableSnapshot
    """The newest snapshot the board was handed of the channel's game."""
    table_message_id: int | None = None
    """The game's table message as the courier knows it: the one saved, then each it
    posts (a snapshot taken meanwhile may not know it yet)."""
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    table_dirty: bool = False
    last_edit: float | None = None
    posted_at: float | None = None
    tables: Trail = field(default_factory=Trail)
    """The game's table messages: the current one stays, older ones are deleted."""
    carrier: Voice | None = None
    """The answered click whose token posts the next table and ping, if any."""
    edit_timer: Handle | None = None
    retry: Handle | None = None
    """The courier's next try after a failed delivery (``board.RETRY_AFTER``)."""
    stale_hands: dict[str, Snapshot] = field(default_factory=dict)
    """The hands to refresh, each as the newest change that made it stale shows it."""
    posts: list[Post] = field(default_factory=list)
    """The round messages still to post, oldest first."""
    round_message_id: int | None = None
    retire_round_message: bool = False
    """The next round is dealt: the round message goes, so the table stays in view."""
    lobby_over: bool = False
    """The game ended: its lobby message must stop saying that it has started."""
    unreachable: int = 0
    """Deliveries in a row that found the channel gone (``board.CHANNEL_GONE``)."""

    @classmethod
    def of(cls, table: TableSnapshot) -> Channel:
        return cls(table, table.table_message_id)

    def show(self, table: TableSnapshot) -> None:
        """``table`` is the newest of the channel's game (a newer game's, or the same
        one's at this version or later): the courier shows it from now on."""
        if table.serial != self.table.serial:  # a new game here: its own table message
            self.table, self.table_message_id = table, table.table_message_id
        elif table.version >= self.table.version:
            self.table = table


class TableCourier:
    """Shows each channel's table as it is now, through the cheapest way Discord allows."""

    def __init__(self, client: discord.Client, clock: Clock, pictures: Pictures,
                 tables: TableService, pings: Pings, send: Sender) -> None:
        self.client = client
        self.pings = pings
        self.clock = clock
        self.pictures = pictures
        self.tables = tables
        self._send = send

    async def edit_when_allowed(self, channel: Channel) -> None:
        """Edit the table message now, or at its next slot (``EDIT_INTERVAL``, or
        ``BOT_EDIT_INTERVAL`` without a live token)."""
        if not channel.table_dirty or channel.edit_timer is not None:
            return
        now = self.clock.now()
        interval = EDIT_INTERVAL if self.token_of(channel) else BOT_EDIT_INTERVAL
        if channel.last_edit is None or now - channel.last_edit >= interval:
            await self.edit(channel)
            return

        async def edit_later() -> None:
            async def edit() -> None:
                channel.edit_timer = None
                await self.edit(channel)

            await self._send(channel, edit)

        channel.edit_timer = self.clock.call_at(channel.last_edit + interval, edit_later)

    async def edit(self, channel: Channel, via: Voice | None = None) -> None:
        """Show the table as it is now: posted afresh through ``via``'s token (a click
        carries it, with the ping due), else an edit of the table message (through the
        token that posted it while that lives, else the bot token's; its words name
        whom the game waits for now, and ping nobody), or posted afresh with the bot
        token where there is no message to edit or it nears its hour."""
        if not channel.table_dirty:
            return
        table = channel.table
        channel.table_dirty = False
        if channel.edit_timer is not None:  # this shows what it would have
            channel.edit_timer.cancel()
            channel.edit_timer = None
        channel.last_edit = now = self.clock.now()
        with speaking(table.language):
            shown = table_message(table)
            picture = self.pictures.table_picture(table) \
                if self.pictures.in_channel(self.client, table) else None
        ping = self.pings.carried(table.channel_id) if via is not None else None
        over = table.status is TableStatus.ENDED
        drawn = await self.pictures.file(picture) if picture is not None else None
        if drawn is not None:
            shown.show_picture(f"attachment://{TABLE_FILE}")
        current = self.current(channel)
        token = self.token_of(channel)
        if via is None and current is not None and token is not None:
            await token.interaction.followup.edit_message(
                current.message_id, content=shown.content, embed=shown.embed,
                view=to_view(shown.rows), attachments=[drawn] if drawn else [],
                allowed_mentions=NOBODY)
        elif via is None and current is not None and channel.posted_at is not None \
                and now - channel.posted_at < REPOST_AFTER:
            await self.messageable(table).get_partial_message(current.message_id).edit(
                content=shown.content, embed=shown.embed, view=to_view(shown.rows),
                attachments=[drawn] if drawn else [], allowed_mentions=NOBODY)
        else:
            await self.post(channel, shown, drawn, via, ping)
        channel.unreachable = 0
        if over:  # the end is out: its saved row has served
            await self.tables.forget_shown(table)

    async def post(self, channel: Channel, shown: TableMessage,
                   drawn: discord.File | None, via: Voice | None,
                   ping: Due | None = None) -> None:
        """Post the table afresh, through ``via``'s token or else the bot token, ringing
        the people ``ping`` calls (the ping a click's new table carries, ``pings``),
        then remember (and save) its id and delete the table messages before it."""
        files = [drawn] if drawn else discord.utils.MISSING
        allowed = may_ping(ping[1]) if ping is not None else NOBODY
        try:
            if via is not None:
                channel.tables.posting(via, shown.content, buttons=bool(shown.rows))
                message_id = await follow_up(
                    via.interaction, shown.content, embed=shown.embed,
                    rows=shown.rows, files=files, allowed_mentions=allowed)
            else:
                message_id = (await self.messageable(channel.table).send(
                    shown.content, embed=shown.embed, view=to_view(shown.rows), files=files,
                    allowed_mentions=allowed)).id
        except (discord.HTTPException, aiohttp.ClientError):
            if ping is not None:  # nobody was rung: the ping is due again
                self.pings.not_carried(channel.table.channel_id, ping)
            raise
        await self.posted(channel, message_id, via)

    async def posted(self, channel: Channel, message_id: int, via: Voice | None) -> None:
        """The table was posted afresh as ``message_id``: remember (and save) it, and
        delete the table messages before it."""
        channel.posted_at = self.clock.now()
        channel.tables.posted(message_id, via)
        channel.table_message_id = message_id
        await self.tables.table_posted(channel.table, message_id)
        await channel.tables.sweep(self.clock.now(), self.messageable(channel.table))

    def current(self, channel: Channel) -> Posted | None:
        """The game's table message in the channel, if any (after a restart: the one
        saved, whose token is gone)."""
        message_id = channel.table_message_id
        if message_id is None:  # a new game's first table: the older game's stay
            channel.tables = Trail()
        elif channel.tables.newest is None or channel.tables.newest.message_id != message_id:
            channel.tables.posted(message_id, None)
        return channel.tables.newest

    def token_of(self, channel: Channel) -> Voice | None:
        """The live token that posted the table message, which may edit it."""
        current = self.current(channel)
        if current is None or current.via is None or not current.via.alive(self.clock.now()):
            return None
        return current.via

    def messageable(self, table: TableSnapshot) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)


def message_age(message_id: int) -> float:
    """Seconds since the message was created, read from its snowflake id."""
    created = discord.utils.snowflake_time(message_id)
    return max(0.0, (discord.utils.utcnow() - created).total_seconds())
