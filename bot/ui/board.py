"""What each channel's messages still need after a change, sent in the background.

The manager calls :meth:`Board.changed` under the table's lock; it only notes what is
out of date and wakes the channel's courier, so the player who clicked is answered
without waiting for anyone else's message. The courier then, in order:

1. posts the round and match messages;
2. refreshes the open hand messages of the players the game now waits for and of those
   whose hand changed out of turn (through the interaction's webhook, while its
   15-minute token lasts), each with its new picture;
3. edits the table message, at most once a second per channel (later changes wait for
   the next slot and go out together), its picture replaced by the new one, and posts
   it afresh before the message is an hour old, when Discord starts to limit edits of it.

Messages are drawn from the table as it is when they are sent, so the newest state
always wins and a burst of changes costs one edit.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

import discord

from bot.engine import Event
from bot.game.clock import Clock, Handle
from bot.game.table import Phase, Table
from bot.game.turns import Turns
from bot.ui.controls import Rows, disabled, to_view
from bot.ui.hand import hand_message
from bot.ui.pictures import TABLE_FILE, Pictures
from bot.ui.table import round_message, table_message

log = logging.getLogger(__name__)

EDIT_INTERVAL = 1.0
REPOST_AFTER = 50 * 60.0
"""Discord limits edits of messages older than an hour; repost well before."""
TOKEN_LIFETIME = 15 * 60.0
TOKEN_MARGIN = 30.0
HAND_CHANGES = frozenset({"drew", "discarded", "hands_swapped"})
EVERY_HAND = frozenset({"hands_passed", "dealt", "left"})


@dataclass(slots=True)
class HandSession:
    """A player's open hand message: the interaction that made it (its token edits it)."""

    interaction: discord.Interaction
    opened_at: float
    version: int
    """The table version the message shows."""
    message_id: int
    page: int = 0


@dataclass(slots=True)
class Channel:
    table: Table
    send_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    table_dirty: bool = False
    last_edit: float | None = None
    posted_at: float | None = None
    edit_timer: Handle | None = None
    stale_hands: set[str] = field(default_factory=set)
    posts: list[tuple[str, Rows]] = field(default_factory=list)
    round_message_id: int | None = None
    retire_round_message: bool = False


class Board:
    def __init__(self, client: discord.Client, clock: Clock, pictures: Pictures,
                 turns: Turns) -> None:
        self.client = client
        self.pictures = pictures
        self.turns = turns
        self.clock = clock
        self.channels: dict[int, Channel] = {}
        self.hands: dict[tuple[int, str], HandSession] = {}
        self._tasks: set[asyncio.Task[None]] = set()

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
        if kinds & EVERY_HAND:
            channel.stale_hands.update(game.players)
        for event in events:
            if event.kind in HAND_CHANGES:
                channel.stale_hands.update(p for p in (event.player, event.target) if p)
        channel.stale_hands.update(game.waiting_for())
        if "round_over" in kinds:
            channel.posts.append(round_message(table, next_round=not game.match_over))
        if "dealt" in kinds and channel.round_message_id is not None:
            channel.retire_round_message = True
        self._wake(channel)

    def restored(self, table: Table, note: str) -> None:
        """A game taken back after a restart: post ``note``, then the table afresh (the
        old table message's age is unknown, so it is not edited but replaced)."""
        channel = self.channels[table.channel_id] = Channel(table, table_dirty=True)
        channel.posts.append((note, []))
        self._wake(channel)

    def open_hand(self, channel_id: int, player: str, session: HandSession) -> None:
        self.hands[(channel_id, player)] = session

    def hand_session(self, channel_id: int, player: str) -> HandSession | None:
        return self.hands.get((channel_id, player))

    async def idle(self) -> None:
        """Wait until every message already due has been sent (tests, shutdown).

        A finished delivery leaves ``_tasks`` only when its done callback runs, and from
        Python 3.12 on, gathering finished tasks returns without letting it run: so wait
        for the unfinished ones, or this would spin forever."""
        while running := [task for task in self._tasks if not task.done()]:
            await asyncio.gather(*running)

    def stop(self) -> None:
        for channel in self.channels.values():
            if channel.edit_timer is not None:
                channel.edit_timer.cancel()

    # -- the courier -------------------------------------------------------------------

    def _wake(self, channel: Channel) -> None:
        task = asyncio.get_running_loop().create_task(self._deliver(channel))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _deliver(self, channel: Channel) -> None:
        async with channel.send_lock:
            try:
                await self._send_posts(channel)
                await self._refresh_hands(channel)
                await self._edit_table_when_allowed(channel)
            except discord.HTTPException:
                log.warning("message update failed channel=%s", channel.table.channel_id,
                            exc_info=True)
            self._forget_if_over(channel)

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
            await messageable.get_partial_message(message_id).edit(view=None)

    async def _refresh_hands(self, channel: Channel) -> None:
        table = channel.table
        stale, channel.stale_hands = channel.stale_hands, set()
        for player in sorted(stale):
            key = (table.channel_id, player)
            session = self.hands.get(key)
            if session is None or session.version == table.version:
                continue
            if self.clock.now() - session.opened_at > TOKEN_LIFETIME - TOKEN_MARGIN:
                del self.hands[key]  # the token is spent: "My hand" gives a fresh message
                continue
            hand = hand_message(table, player, session.page)
            session.version = table.version
            pictures = self.pictures
            picture = await pictures.hand_file(table, player) \
                if pictures.in_answer(session.interaction, table) else None
            try:
                await session.interaction.edit_original_response(
                    content=hand.content, view=to_view(hand.rows),
                    attachments=[picture] if picture else [])
            except discord.HTTPException as error:
                log.debug("hand refresh failed channel=%s player=%s status=%s",
                          table.channel_id, player, error.status)
                self.hands.pop(key, None)

    async def _edit_table_when_allowed(self, channel: Channel) -> None:
        if not channel.table_dirty or channel.edit_timer is not None:
            return
        now = self.clock.now()
        if channel.last_edit is None or now - channel.last_edit >= EDIT_INTERVAL:
            await self._edit_table(channel)
            return

        async def edit_later() -> None:
            async with channel.send_lock:
                channel.edit_timer = None
                await self._edit_table(channel)
                self._forget_if_over(channel)

        channel.edit_timer = self.clock.call_at(channel.last_edit + EDIT_INTERVAL, edit_later)

    async def _edit_table(self, channel: Channel) -> None:
        if not channel.table_dirty:
            return
        table = channel.table
        channel.table_dirty = False
        channel.last_edit = now = self.clock.now()
        shown = table_message(table)
        pictures = self.pictures
        picture = await pictures.table_file(table) \
            if pictures.in_channel(self.client, table) else None
        if picture is not None:
            shown.embed.set_image(url=f"attachment://{TABLE_FILE}")
        messageable = self._messageable(table)
        old_id = table.table_message_id
        if old_id is not None and channel.posted_at is not None \
                and now - channel.posted_at < REPOST_AFTER:
            await messageable.get_partial_message(old_id).edit(
                content=shown.content, embed=shown.embed, view=to_view(shown.rows),
                attachments=[picture] if picture else [])
            return
        message = await messageable.send(shown.content, embed=shown.embed,
                                         view=to_view(shown.rows),
                                         files=[picture] if picture else discord.utils.MISSING)
        channel.posted_at = now
        await self.turns.table_posted(table, message.id)
        if old_id is not None:
            await messageable.get_partial_message(old_id).edit(
                content=f"The table moved on: {message.jump_url}",
                view=to_view(disabled(shown.rows)))

    def _messageable(self, table: Table) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    def _forget_if_over(self, channel: Channel) -> None:
        """A finished table keeps nothing here once its last messages are out."""
        table = channel.table
        if table.phase is Phase.PLAYING or channel.table_dirty or channel.posts:
            return
        self.channels.pop(table.channel_id, None)
        for key in [k for k in self.hands if k[0] == table.channel_id]:
            del self.hands[key]
