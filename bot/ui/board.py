"""What each channel's messages still need after a change, sent in the background.

The manager calls :meth:`Board.changed` under the table's lock; it only notes what is
out of date and wakes the channel's courier, so the player who clicked is answered
without waiting for anyone else's message. The courier then, in order:

1. posts the round and match messages, and deletes a round's message once the next
   round is dealt, so the table is never more than a ping and one message up;
2. shows the table, its picture replaced by the new one, at no cost to the bot token
   when it can (``bot.ui.trail``): a change a player's click made is posted afresh as a
   follow-up of that click (once it is answered: the courier waits for it), so the table
   moves to the bottom of the channel, and the table message before it is deleted
   through the token that posted it; a change no click carries (a computer player's
   move, a timer) edits the table message through the token that posted it, at most
   once a second, or, that token dead (a quiet quarter of an hour), with the bot token,
   at most once every ``BOT_EDIT_INTERVAL`` seconds (later changes wait for the next
   slot and go out together; Discord allows a bot 5 messages or edits per channel in
   5 s). It is posted afresh before the message is an hour old, when Discord starts to
   limit edits of it. Once it shows a game's end, the ended game's saved row is
   deleted: until then a restart shows the end;
3. posts the ping due, through the same token when a click carries it (``pings``);
4. refreshes the open hand messages of the players the game now waits for, of those
   whose hand changed out of turn, and every one at a round's or the match's end or
   where jump-ins are on (any change may give or take a player's Jump in!) (through
   the webhook of the newest interaction on the hand message: My hand's, then each
   click's, so a hand that is played from never freezes), each with its new picture;
   a hand message replaced by a newer one becomes a note without buttons, and one
   nobody clicked in for almost 15 minutes (when its token dies) says to press My hand.

While a click is being answered, only the first step is taken: the rest waits for its
answer, whose token then carries the table and the ping.

After a restart, :meth:`Board.show_restored` shows each saved table once (paced by
``bot.ui.restart``): an edit of its table message, whose age its snowflake id tells,
unless that message is gone or near its hour. A click on a table not shown yet shows it
at once, through its token (the old message then deleted with the bot token) or, if it
answered by deferring, by an edit: one bot-token call either way.

Messages are drawn from the table as it is when they are sent, so the newest state
always wins and a burst of changes costs one edit.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

import aiohttp
import discord

from bot.engine import Event
from bot.game.clock import Clock, Handle
from bot.game.table import Table, TableStatus
from bot.game.turns import Turns
from bot.i18n import speaking
from bot.ui.background import in_background
from bot.ui.controls import Rows, to_view
from bot.ui.hand_refresh import compose_refreshes, send_refreshes
from bot.ui.lobby_text import table_embed
from bot.ui.open_hands import OpenHands
from bot.ui.pictures import RESTORE_BUDGET, TABLE_FILE, Picture, Pictures
from bot.ui.pings import Pings
from bot.ui.replay import Replay, replayable
from bot.ui.table import TableMessage, round_message, table_message
from bot.ui.trail import Posted, Trail, Voice

log = logging.getLogger(__name__)
T = TypeVar("T")

EDIT_INTERVAL = 1.0
"""Seconds between edits of the table message through a token (no click carrying them)."""
BOT_EDIT_INTERVAL = 3.0
"""Seconds between the bot token's edits of a table message: a fraction of the channel's
5 in 5 s, the rest left for the round messages and a ping."""
REPOST_AFTER = 50 * 60.0
"""Discord limits edits of messages older than an hour; repost well before."""
MISSING_PERMISSIONS = 50013
UNKNOWN_MESSAGE = 10008
CHANNEL_GONE = frozenset({10003, 50001})
"""Discord's codes for a channel the bot can no longer reach: Unknown Channel (deleted)
and Missing Access (the bot may no longer view it)."""
GONE_AFTER = 3
"""Deliveries in a row that find the channel gone before its game is ended: one could
be Discord's passing mistake; three, each a change later, are not."""
HAND_CHANGES = frozenset({"drew", "discarded", "hands_swapped"})
EVERY_HAND = frozenset({"hands_passed", "dealt", "left", "round_over", "match_over"})
"""Events after which every open hand is refreshed (a round's or the match's end too,
so no hand still says "Waiting for ben" with the old top card)."""
NO_PINGS = discord.AllowedMentions.none()
"""The table message pings nobody, even when posted afresh: the pings do (``pings``)."""


@dataclass(frozen=True, slots=True)
class _Restored:
    """A restored table's message, composed under its lock: what it says, its picture,
    and whether the bot may attach files there (``None``: not known yet)."""

    shown: TableMessage
    picture: Picture | None
    allowed: bool | None


@dataclass(slots=True)
class Channel:
    table: Table
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    table_dirty: bool = False
    last_edit: float | None = None
    posted_at: float | None = None
    tables: Trail = field(default_factory=Trail)
    """The game's table messages: the current one stays, older ones are deleted."""
    carrier: Voice | None = None
    """The answered click whose token posts the next table and ping, if any."""
    edit_timer: Handle | None = None
    stale_hands: set[str] = field(default_factory=set)
    posts: list[tuple[str, Rows]] = field(default_factory=list)
    round_message_id: int | None = None
    retire_round_message: bool = False
    """The next round is dealt: the round message goes, so the table stays in view."""
    lobby_over: bool = False
    """The game ended: its lobby message must stop saying that it has started."""
    unreachable: int = 0
    """Deliveries in a row that found the channel gone (``CHANNEL_GONE``)."""


class Board:
    def __init__(self, client: discord.Client, clock: Clock, pictures: Pictures,
                 turns: Turns) -> None:
        self.client = client
        self.pictures = pictures
        self.turns = turns
        self.clock = clock
        self.channels: dict[int, Channel] = {}
        self.hands = OpenHands(clock, self._spawn, self._sending)
        self.pings = Pings(client, clock)
        self.replays: dict[int, Replay] = {}
        """Finished matches whose players may press Play again, by channel."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.restoring: asyncio.Task[None] | None = None
        """Shows the tables saved before a restart, a few at a time (``bot.ui.restart``)."""

    # -- called by the manager and the click handlers ---------------------------------

    def changed(self, table: Table, events: list[Event]) -> None:
        channel = self.channels.get(table.channel_id)
        if channel is None:
            channel = self.channels[table.channel_id] = Channel(table)
        channel.table = table
        channel.table_dirty = True
        game = table.game
        assert game is not None
        kinds = {e.kind for e in events}
        if kinds & EVERY_HAND or game.options.jump_in:  # any change may open a jump-in
            channel.stale_hands.update(game.players)
        for event in events:
            if event.kind in HAND_CHANGES:
                channel.stale_hands.update(p for p in (event.player, event.target) if p)
        channel.stale_hands.update(game.waiting_for())
        if "round_over" in kinds:
            with speaking(table.language):
                channel.posts.append(round_message(table, next_round=not game.match_over))
        if "dealt" in kinds and channel.round_message_id is not None:
            channel.retire_round_message = True
        if table.status is TableStatus.ENDED and table.message_id is not None:
            channel.lobby_over = True
        self.pings.changed(table)
        replay = self.replays.get(table.channel_id)
        if replayable(table):
            self.replays[table.channel_id] = Replay(table)
        elif replay is not None and replay.table is not table:  # a new game here
            del self.replays[table.channel_id]
        self._wake(channel)

    async def show_restored(self, table: Table, compose: Callable[[Table], TableMessage]
                            ) -> None:
        """Show a table taken back (or found over) after a restart, as ``compose`` draws
        it: edit its table message in place, with the picture, or post it afresh where
        that message is gone or near its hour. Nothing is sent if a live change has
        already shown the table since the restart."""
        channel = self.channels.get(table.channel_id)
        if channel is None:
            channel = self.channels[table.channel_id] = self._restored_channel(table)
        elif channel.table is not table:  # a new game in the channel since the restart
            channel = self._restored_channel(table)
        async with channel.send_lock:
            try:
                if channel.last_edit is None:
                    async with self.turns.registry.lock(table.channel_id):  # what was saved
                        allowed = self.pictures.may_attach(self.client, table)
                        with speaking(table.language):
                            shown = compose(channel.table)
                            picture = self.pictures.table_picture(table) \
                                if allowed is not False else None
                    await self._show_restored(channel, _Restored(shown, picture, allowed))
            except discord.HTTPException:
                log.warning("restored table not shown channel=%s", table.channel_id,
                            exc_info=True)
            self._forget_if_over(channel)
        await self.turns.registry.forget_shown(table)  # ended: shown, or tried once more

    def shown_since_restart(self, table: Table) -> bool:
        """Whether a click or a live change has shown ``table`` since the restart (the
        restore queue passes over it)."""
        channel = self.channels.get(table.channel_id)
        return channel is not None and channel.table is table and channel.last_edit is not None

    def adopt(self, table: Table) -> None:
        """A game taken back after a restart: its table message's age comes from its id,
        so a live change before :meth:`show_restored` edits that message, as usual."""
        self.channels.setdefault(table.channel_id, self._restored_channel(table))

    def _restored_channel(self, table: Table) -> Channel:
        channel = Channel(table)
        if table.table_message_id is not None:
            age = message_age(table.table_message_id)
            if age < REPOST_AFTER:
                channel.posted_at = self.clock.now() - age
        return channel

    async def _show_restored(self, channel: Channel, restored: _Restored) -> None:
        table, shown = channel.table, restored.shown
        channel.table_dirty = False
        channel.last_edit = now = self.clock.now()
        messageable = self._messageable(table)
        old_id = table.table_message_id
        age = message_age(old_id) if old_id is not None else REPOST_AFTER
        if old_id is not None and age < REPOST_AFTER:
            existing = messageable.get_partial_message(old_id)
            try:
                await self._with_picture(table, restored, lambda picture: existing.edit(
                    content=shown.content, embed=shown.embed, view=to_view(shown.rows),
                    attachments=[picture] if picture else []))
                channel.posted_at = now - age
                return
            except discord.NotFound as error:
                if error.code != UNKNOWN_MESSAGE:
                    raise
                old_id = None  # deleted: post afresh
                channel.tables = Trail()
        if old_id is not None:
            self._current_table(channel)  # near its hour: it goes once the new one is out
        message = await self._with_picture(table, restored, lambda picture: messageable.send(
            shown.content, embed=shown.embed, view=to_view(shown.rows),
            files=[picture] if picture else discord.utils.MISSING))
        await self._table_posted(channel, message, None)

    async def _with_picture(self, table: Table, restored: _Restored,
                            send: Callable[[discord.File | None], Awaitable[T]]) -> T:
        """``send`` the table message with its picture where the bot may attach files;
        where that is not known yet (the guild not in the cache), try with the picture
        and send again without it should Discord answer Missing Permissions."""
        shown, allowed = restored.shown, restored.allowed
        picture = await self.pictures.file(restored.picture, RESTORE_BUDGET, queue=True) \
            if restored.picture is not None else None
        shown.show_picture(f"attachment://{TABLE_FILE}" if picture else None)
        try:
            return await send(picture)
        except discord.Forbidden as error:
            if picture is None or allowed or error.code != MISSING_PERMISSIONS:
                raise
        self.pictures.refused(table)
        shown.show_picture(None)
        return await send(None)

    @contextlib.contextmanager
    def clicking(self, channel_id: int, interaction: discord.Interaction) -> Iterator[None]:
        """Around the handling of a click: the table and the ping it makes due are
        posted through its own token once it is answered (a token costs no bot-token
        call); so is a table not shown yet since a restart (edited in place with the bot
        token instead, should the click have answered by deferring: see ``pings``)."""
        self.pings.click_started(channel_id)
        try:
            yield
        finally:
            via = self.pings.click_finished(channel_id, interaction) \
                or self.pings.voice(channel_id)
            channel = self.channels.get(channel_id)
            if channel is None:  # no game here (a stray or refused click): keep nothing
                self.pings.forget(channel_id)
            else:
                if channel.last_edit is None:
                    channel.table_dirty = True  # restored, not shown yet: shown now
                if channel.table_dirty or channel.stale_hands or self.pings.due(channel_id):
                    channel.carrier = via
                    self._wake(channel)

    async def message_seen(self, message: discord.Message) -> None:
        """A message from the gateway: a copy of a ping that a request sent again after
        a lost answer left is removed as soon as the bot learns of it (``pings``)."""
        channel = self.channels.get(message.channel.id)
        if channel is None:
            return
        if self.pings.seen(message):
            self._spawn(self._send(channel, lambda: self.pings.sweep(channel.table)))
        elif channel.tables.seen(message):
            self._spawn(self._send(channel, lambda: channel.tables.sweep(
                self.clock.now(), self._messageable(channel.table))))

    async def idle(self) -> None:
        """Wait until every message already due has been sent (tests, shutdown).

        A finished delivery leaves ``_tasks`` only when its done callback runs, and from
        Python 3.12 on, gathering finished tasks returns without letting it run: so wait
        for the unfinished ones, or this would spin forever."""
        while running := [task for task in self._tasks if not task.done()]:
            await asyncio.gather(*running)

    def stop(self) -> None:
        if self.restoring is not None:
            self.restoring.cancel()
        for channel in self.channels.values():
            if channel.edit_timer is not None:
                channel.edit_timer.cancel()
        self.hands.stop()

    # -- the courier -------------------------------------------------------------------

    def _wake(self, channel: Channel) -> None:
        self._spawn(self._deliver(channel))

    def _spawn(self, sending: Coroutine[Any, Any, None]) -> None:
        in_background(sending, self._tasks)

    async def _deliver(self, channel: Channel) -> None:
        async def deliver() -> None:
            await self._send_posts(channel)
            channel_id = channel.table.channel_id
            if self.pings.clicking(channel_id):  # the rest once it is answered, by its token
                return
            via, channel.carrier = channel.carrier, None
            if via is not None and channel.table_dirty:
                await self._edit_table(channel, via)
            else:
                await self._edit_table_when_allowed(channel)
            await self.pings.send(channel.table, via or self.pings.voice(channel_id))
            await self._refresh_hands(channel)

        await self._send(channel, deliver)

    async def _send(self, channel: Channel, send: Callable[[], Awaitable[None]]) -> None:
        """Run ``send`` as the channel's one sender; a failed request is logged (at
        WARNING, or DEBUG while the bot is stopping and its connection goes away) and
        the next change tries again."""
        async with channel.send_lock:
            try:
                await send()
            except discord.HTTPException as error:
                if error.code in CHANNEL_GONE:
                    await self._unreachable(channel, error)
                else:
                    self._failed(channel)
            except aiohttp.ClientError:
                self._failed(channel)
            self._forget_if_over(channel)

    def _failed(self, channel: Channel) -> None:
        stopping = self.client.is_closed()
        log.log(logging.DEBUG if stopping else logging.WARNING,
                "message update failed channel=%s", channel.table.channel_id, exc_info=True)

    async def _unreachable(self, channel: Channel, error: discord.HTTPException) -> None:
        """The channel is gone (deleted, or the bot's access removed): after
        ``GONE_AFTER`` deliveries in a row, its game ends and the board forgets it."""
        table = channel.table
        channel.unreachable += 1
        log.warning("channel unreachable guild=%s channel=%s (%s of %s): %s %s",
                    table.guild_id, table.channel_id, channel.unreachable, GONE_AFTER,
                    error.status, error.text)
        if channel.unreachable < GONE_AFTER:
            return
        await self.turns.channel_gone(table)
        if table.status is TableStatus.ENDED:
            if channel.edit_timer is not None:
                channel.edit_timer.cancel()
            self._forget(table.channel_id)

    async def _send_posts(self, channel: Channel) -> None:
        table = channel.table
        messageable = self._messageable(table)
        while channel.posts:
            content, rows = channel.posts.pop(0)
            if rows:
                message = await messageable.send(content, view=to_view(rows))
                channel.round_message_id = message.id
            else:
                await messageable.send(content)
        if channel.retire_round_message and channel.round_message_id is not None:
            message_id, channel.round_message_id = channel.round_message_id, None
            channel.retire_round_message = False
            with contextlib.suppress(discord.NotFound):  # someone deleted it already
                await messageable.get_partial_message(message_id).delete()
        if channel.lobby_over and table.message_id is not None:
            channel.lobby_over = False
            with speaking(table.language):
                embed = table_embed(table)
            await messageable.get_partial_message(table.message_id).edit(embed=embed, view=None)

    async def _refresh_hands(self, channel: Channel) -> None:
        table = channel.table
        async with self.turns.registry.lock(table.channel_id):  # only what was saved
            stale, channel.stale_hands = channel.stale_hands, set()
            refreshes = compose_refreshes(self.hands, self.pictures, table, stale)
        await send_refreshes(self.hands, self.pictures, refreshes)

    async def _edit_table_when_allowed(self, channel: Channel) -> None:
        """Edit the table message now, or at its next slot (``EDIT_INTERVAL``, or
        ``BOT_EDIT_INTERVAL`` without a live token)."""
        if not channel.table_dirty or channel.edit_timer is not None:
            return
        now = self.clock.now()
        interval = EDIT_INTERVAL if self._token_of_table(channel) else BOT_EDIT_INTERVAL
        if channel.last_edit is None or now - channel.last_edit >= interval:
            await self._edit_table(channel)
            return

        async def edit_later() -> None:
            async def edit() -> None:
                channel.edit_timer = None
                await self._edit_table(channel)

            await self._send(channel, edit)

        channel.edit_timer = self.clock.call_at(channel.last_edit + interval, edit_later)

    async def _edit_table(self, channel: Channel, via: Voice | None = None) -> None:
        """Show the table as it is now: posted afresh through ``via``'s token (a click
        carries it), else an edit of the table message (through the token that posted
        it while that lives, else the bot token's), or posted afresh with the bot token
        where there is no message to edit or it nears its hour."""
        table = channel.table
        async with self.turns.registry.lock(table.channel_id):  # only what was saved
            if not channel.table_dirty:
                return
            channel.table_dirty = False
            if channel.edit_timer is not None:  # this shows what it would have
                channel.edit_timer.cancel()
                channel.edit_timer = None
            channel.last_edit = now = self.clock.now()
            with speaking(table.language):
                shown = table_message(table)
                picture = self.pictures.table_picture(table) \
                    if self.pictures.in_channel(self.client, table) else None
            over = table.status is TableStatus.ENDED
        drawn = await self.pictures.file(picture) if picture is not None else None
        if drawn is not None:
            shown.show_picture(f"attachment://{TABLE_FILE}")
        current = self._current_table(channel)
        token = self._token_of_table(channel)
        if via is None and current is not None and token is not None:
            await token.interaction.followup.edit_message(
                current.message_id, content=shown.content, embed=shown.embed,
                view=to_view(shown.rows), attachments=[drawn] if drawn else [])
        elif via is None and current is not None and channel.posted_at is not None \
                and now - channel.posted_at < REPOST_AFTER:
            await self._messageable(table).get_partial_message(current.message_id).edit(
                content=shown.content, embed=shown.embed, view=to_view(shown.rows),
                attachments=[drawn] if drawn else [])
        else:
            await self._post_table(channel, shown, drawn, via)
        channel.unreachable = 0
        if over:  # the end is out: its saved row has served
            await self.turns.registry.forget_shown(table)

    async def _post_table(self, channel: Channel, shown: TableMessage,
                          drawn: discord.File | None, via: Voice | None) -> None:
        """Post the table afresh, through ``via``'s token or else the bot token, then
        remember (and save) its id and delete the table messages before it."""
        files = [drawn] if drawn else discord.utils.MISSING
        messageable = self._messageable(channel.table)
        if via is not None:
            channel.tables.posting(via, shown.content, buttons=bool(shown.rows))
            message: discord.Message = await via.interaction.followup.send(
                shown.content, embed=shown.embed, view=to_view(shown.rows), files=files,
                allowed_mentions=NO_PINGS, wait=True)
        else:
            message = await messageable.send(shown.content, embed=shown.embed,
                                             view=to_view(shown.rows), files=files,
                                             allowed_mentions=NO_PINGS)
        await self._table_posted(channel, message, via)

    async def _table_posted(self, channel: Channel, message: discord.Message,
                            via: Voice | None) -> None:
        """The table was posted afresh as ``message``: remember (and save) its id, and
        delete the table messages before it."""
        channel.posted_at = self.clock.now()
        channel.tables.posted(message.id, via)
        await self.turns.table_posted(channel.table, message.id)
        await channel.tables.sweep(self.clock.now(), self._messageable(channel.table))

    def _current_table(self, channel: Channel) -> Posted | None:
        """The game's table message in the channel, if any (after a restart: the one
        saved, whose token is gone)."""
        message_id = channel.table.table_message_id
        if message_id is None:  # a new game's first table: the older game's stay
            channel.tables = Trail()
        elif channel.tables.newest is None or channel.tables.newest.message_id != message_id:
            channel.tables.posted(message_id, None)
        return channel.tables.newest

    def _token_of_table(self, channel: Channel) -> Voice | None:
        """The live token that posted the table message, which may edit it."""
        current = self._current_table(channel)
        if current is None or current.via is None or not current.via.alive(self.clock.now()):
            return None
        return current.via

    def _messageable(self, table: Table) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    def _sending(self, channel_id: int) -> contextlib.AbstractAsyncContextManager[Any]:
        """Held while a message of the channel's courier is sent (nothing: no courier)."""
        channel = self.channels.get(channel_id)
        return channel.send_lock if channel is not None else contextlib.nullcontext()

    def _forget_if_over(self, channel: Channel) -> None:
        """A finished table keeps nothing here once its last messages are out."""
        table = channel.table
        if table.status is TableStatus.PLAYING or channel.table_dirty or channel.posts \
                or channel.lobby_over or self.pings.due(table.channel_id):
            return
        self._forget(table.channel_id)

    def _forget(self, channel_id: int) -> None:
        self.channels.pop(channel_id, None)
        self.pings.forget(channel_id)
        self.hands.forget(channel_id)


def message_age(message_id: int) -> float:
    """Seconds since the message was created, read from its snowflake id."""
    created = discord.utils.snowflake_time(message_id)
    return max(0.0, (discord.utils.utcnow() - created).total_seconds())
