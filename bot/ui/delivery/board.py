"""What each channel's messages still need after a change, sent in the background.

The game service tells :meth:`Board.changed` of every change of a game once the table's
lock is released, handing over a :class:`~bot.game.snapshot.TableChange` (the table
after it, its events, the hands it made stale); the board only notes what is out of
date and wakes the channel's courier, so the player who clicked is answered without
waiting for anyone else's message. The courier then, in order:

1. posts the round and match messages, and deletes a round's message once the next
   round is dealt, so the table is never more than a ping and one message up;
2. shows the table, at no cost to the bot token when a player's token can carry it
   (``bot.ui.delivery.table_courier``): posted afresh through the click that changed it, with
   the ping due, or edited, at most once a second, or every few seconds with the bot
   token;
3. posts the ping due that no new table carried, through a live token when there is
   one (``pings``), and removes the pings before;
4. refreshes the open hand messages the changes made stale (those of the players the
   game now waits for, of those whose hand changed out of turn, and every one at a
   round's or the match's end or where jump-ins are on: ``TableChange.hands``) (through
   the webhook of the newest interaction on the hand message: My hand's, then each
   click's, so a hand that is played from never freezes), each with its new picture;
   a hand message replaced by a newer one becomes a note without buttons, and one
   nobody clicked in for almost 15 minutes (when its token dies) says to press My hand.

While a click is being answered, only the first step is taken: the rest waits for its
answer, whose token then carries the table and the ping.

After a restart, :meth:`Board.show_restored` shows each saved table once (paced by
``bot.ui.delivery.restart``; see ``bot.ui.delivery.restored_tables``). A click on a
table not shown yet shows it at once, through its token (the old message then deleted
with the bot token) or, if it answered by deferring, by an edit: one bot-token call
either way.

Messages are drawn from the newest snapshot of the table when they are sent, so the
newest state always wins and a burst of changes costs one edit. Nothing here holds a
table or its lock: what the courier tells the game back (a table message posted, a
channel gone, an end shown) goes through the ``TableService`` it is built with.

The lobby messages are sent in order through :attr:`Board.lobbies`
(``bot.ui.delivery.in_order``); a lobby that closes by itself is shown here
(:meth:`Board.lobby_closed`). A delivery Discord refused (or that
never arrived) is tried again ``RETRY_AFTER`` seconds later, unless a change comes first:
the table is never left showing an older turn, nor its ping unrung, until somebody
clicks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from typing import Any

import aiohttp
import discord

from bot.game.clock import Clock
from bot.game.snapshot import TableChange, TableSnapshot
from bot.game.table import TableStatus
from bot.i18n import speaking
from bot.ui.delivery.background import in_background
from bot.ui.delivery.hand_refresh import compose_refreshes, send_refreshes
from bot.ui.delivery.in_order import InOrder
from bot.ui.delivery.open_hands import OpenHands
from bot.ui.delivery.pictures import Pictures
from bot.ui.delivery.pings import Pings
from bot.ui.delivery.restored_tables import Restored, restored_channel, show_again
from bot.ui.delivery.table_courier import POST_TRIES, Channel, Post, TableCourier, TableService
from bot.ui.delivery.trail import Seen, Voice
from bot.ui.messages.controls import to_view
from bot.ui.messages.lobby_text import table_embed
from bot.ui.messages.replay import Replay, replayable
from bot.ui.messages.table import TableMessage, round_message

log = logging.getLogger(__name__)

CHANNEL_GONE = frozenset({10003, 50001})
"""Discord's codes for a channel the bot can no longer reach: Unknown Channel (deleted)
and Missing Access (the bot may no longer view it)."""
RETRY_AFTER = 5.0
"""Seconds after a failed delivery before the courier tries again, unless a change
comes first: a table Discord refused to post must not stay out of date, nor its ping
unrung, until somebody clicks."""
GONE_AFTER = 3
"""Deliveries in a row that find the channel gone before its game is ended: one could
be Discord's passing mistake; three, each a change later, are not."""


class Board:
    def __init__(self, client: discord.Client, clock: Clock, pictures: Pictures,
                 tables: TableService) -> None:
        """``tables``: the game service, told what was delivered."""
        self.client = client
        self.pictures = pictures
        self.tables = tables
        self.clock = clock
        self.channels: dict[int, Channel] = {}
        self.hands = OpenHands(clock, self._spawn, self._sending)
        self.pings = Pings(client, clock)
        self.table_courier = TableCourier(client, clock, pictures, tables, self.pings,
                                          self._send)
        self.lobbies = InOrder()
        """The lobby messages' replies, in order (``bot.ui.delivery.in_order``)."""
        self.replays: dict[int, Replay] = {}
        """Finished matches whose players may press Play again, by channel."""
        self._tasks: set[asyncio.Task[None]] = set()
        self.restoring: asyncio.Task[None] | None = None
        """Shows the tables saved before a restart, a few at a time
        (``bot.ui.delivery.restart``)."""

    # -- called by the game service and the click handlers ----------------------------

    def changed(self, change: TableChange) -> None:
        """A change of a game, told once the table's lock is released."""
        table = change.table
        channel = self.channels.get(table.channel_id)
        if channel is None:
            channel = self.channels[table.channel_id] = Channel.of(table)
        channel.show(table)
        channel.table_dirty = True
        channel.stale_hands.update((hand.viewer, hand) for hand in change.hands)
        kinds = {e.kind for e in change.events}
        seen = table.view
        assert seen is not None
        if "round_over" in kinds:
            with speaking(table.language):
                channel.posts.append(Post(*round_message(table, next_round=not seen.match_over)))
        if "dealt" in kinds and channel.round_message_id is not None:
            channel.retire_round_message = True
        if table.status is TableStatus.ENDED and table.message_id is not None:
            channel.lobby_over = True
        self.pings.changed(table)
        replay = self.replays.get(table.channel_id)
        if replayable(table):
            self.replays[table.channel_id] = Replay(table)
        elif replay is not None and replay.table.serial != table.serial:  # a new game here
            del self.replays[table.channel_id]
        self._wake(channel)

    async def lobby_closed(self, shown: TableSnapshot) -> None:
        """A lobby closed by itself (nobody touched it): its message says so, with the
        bot token (no interaction is at hand), in order with the lobby's replies."""
        async def send() -> None:
            if shown.message_id is not None:
                with speaking(shown.language):
                    embed = table_embed(shown)
                await self.table_courier.messageable(shown).get_partial_message(
                    shown.message_id).edit(embed=embed, view=None)

        await self.lobbies(shown.channel_id, send)()

    async def show_restored(self, table: TableSnapshot,
                            compose: Callable[[TableSnapshot], TableMessage]) -> None:
        """Show a table taken back (or found over) after a restart, as ``compose`` draws
        it (from the newest snapshot of it the board has): edit its table message in
        place, with the picture, or post it afresh where that message is gone or near
        its hour. Nothing is sent if a live change has already shown the table since the
        restart."""
        channel = self.channels.get(table.channel_id)
        if channel is None:
            channel = self.channels[table.channel_id] = restored_channel(table, self.clock.now())
        elif channel.table.serial != table.serial:  # a new game in the channel since
            channel = restored_channel(table, self.clock.now())
        async with channel.send_lock:
            try:
                if channel.last_edit is None:
                    newest = channel.table
                    allowed = self.pictures.may_attach(self.client, newest)
                    with speaking(newest.language):
                        shown = compose(newest)
                        picture = self.pictures.table_picture(newest) \
                            if allowed is not False else None
                    await show_again(self.table_courier, channel,
                                     Restored(shown, picture, allowed))
            except discord.HTTPException:
                log.warning("restored table not shown channel=%s", table.channel_id,
                            exc_info=True)
            self._forget_if_over(channel)
        await self.tables.forget_shown(table)  # ended: shown, or tried once more

    def shown_since_restart(self, table: TableSnapshot) -> bool:
        """Whether a click or a live change has shown ``table`` since the restart (the
        restore queue passes over it)."""
        channel = self.channels.get(table.channel_id)
        return channel is not None and channel.table.serial == table.serial \
            and channel.last_edit is not None

    def adopt(self, table: TableSnapshot) -> None:
        """A game taken back after a restart: its table message's age comes from its id,
        so a live change before :meth:`show_restored` edits that message, as usual."""
        self.channels.setdefault(table.channel_id, restored_channel(table, self.clock.now()))

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

    def message_seen(self, message: Seen) -> None:
        """A message from the gateway: a copy of a ping or a table that a request sent
        again after a lost answer left is removed as soon as the bot learns of it
        (``trail``)."""
        channel = self.channels.get(message.channel_id)
        if channel is None:
            return
        if self.pings.seen(message):
            self._spawn(self._send(channel, lambda: self.pings.sweep(channel.table)))
        elif channel.tables.seen(message):
            self._spawn(self._send(channel, lambda: channel.tables.sweep(
                self.clock.now(), self.table_courier.messageable(channel.table))))

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
            for timer in (channel.edit_timer, channel.retry):
                if timer is not None:
                    timer.cancel()
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
            await _together(self._show_table(channel, via), self._refresh_hands(channel))

        await self._send(channel, deliver)

    async def _show_table(self, channel: Channel, via: Voice | None) -> None:
        """The table (through ``via``'s token when it carries a change), then its ping."""
        if via is not None and channel.table_dirty:
            await self.table_courier.edit(channel, via)
        else:
            await self.table_courier.edit_when_allowed(channel)
        await self.pings.send(channel.table, via or self.pings.voice(channel.table.channel_id))

    async def _send(self, channel: Channel, send: Callable[[], Awaitable[None]]) -> None:
        """Run ``send`` as the channel's one sender; a failed request is logged (at
        WARNING, or DEBUG while the bot is stopping and its connection goes away) and
        the next change, or ``RETRY_AFTER`` seconds, whichever comes first, tries again."""
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
        if stopping or channel.retry is not None:
            return
        channel.table_dirty = True  # it may be what failed: the retry shows it anyway

        async def retry() -> None:
            channel.retry = None
            if self.channels.get(channel.table.channel_id) is channel:
                await self._deliver(channel)

        channel.retry = self.clock.call_at(self.clock.now() + RETRY_AFTER, retry)

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
        ended = await self.tables.channel_gone(table)
        if ended or table.status is TableStatus.ENDED:
            if channel.edit_timer is not None:
                channel.edit_timer.cancel()
            self._forget(table.channel_id)

    async def _send_posts(self, channel: Channel) -> None:
        table = channel.table
        messageable = self.table_courier.messageable(table)
        while channel.posts:
            post = channel.posts[0]
            post.tries += 1
            try:
                if post.rows:
                    message = await messageable.send(
                        post.content, view=to_view(post.rows), nonce=post.nonce)
                else:
                    message = await messageable.send(post.content, nonce=post.nonce)
            except discord.HTTPException:
                if post.tries >= POST_TRIES:
                    log.warning("round message given up channel=%s", table.channel_id)
                    channel.posts.pop(0)
                raise
            channel.posts.pop(0)
            if post.rows:
                channel.round_message_id = message.id
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
        stale, channel.stale_hands = channel.stale_hands, {}
        refreshes = compose_refreshes(self.hands, self.pictures, stale)
        await send_refreshes(self.hands, self.pictures, refreshes)

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


async def _together(*sendings: Awaitable[None]) -> None:
    """Send at once what does not depend on each other (the table, and the hands that
    its change refreshes: a player the table rings finds their hand ready, not a round
    trip or two later); the first failure is raised once all are done, so the channel's
    sender is not let go while one of them is still on its way."""
    outcomes = await asyncio.gather(*sendings, return_exceptions=True)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
