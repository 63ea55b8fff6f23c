"""Card pictures on a game's messages: ``table.png`` on the table message (its embed
shows it) and ``hand.png`` on each private hand.

The table picture shows what everyone sees (the snapshot's view): the top card in a
ring of the colour to match, also for wilds, the direction of play, and each player's
card count. The hand picture shows every card of the hand in the order of the hand's
buttons, one card per button ("3 x2" under a card held twice); on the player's turn
the cards they can play come first, lifted, and the others are faded.

Pictures are kept by what they show, so a message edit whose picture has not changed
renders nothing. A click answered directly (the bot not busy) draws its hand picture
there and then (about a millisecond, :meth:`Pictures.now`): one callback then answers
the click, where waiting for a drawing would take two calls. Every other message (an
answer completing an acknowledgement, table edits, hand refreshes, restores) has its
picture drawn by a painter: a worker process (``bot.workers``; ``RENDER_WORKERS``),
or a worker thread when there is none or it cannot be started. A process, because
drawing and encoding the pictures in threads took about 30% of the bot's process's CPU
in steady play, all of it sharing one interpreter with the event loop that answers the
clicks (``benchmarks/table_load.py`` with ``RENDER_WORKERS=0`` and ``1``). A picture
never holds a message up for long, so a busy bot sheds pictures rather than fall behind:
each painter draws one picture at a time, a message waits ``BACKGROUND_BUDGET`` at most,
and when too many pictures are waiting, a message goes without a new one.
A picture still being drawn goes on and serves the next message that shows the same.

A message carries a picture when its game shows pictures (``/uno new images:``,
default the server's ``/uno settings images:``) and the bot may attach files where
the message goes: the interaction's ``app_permissions`` for an answer or a hand, the
bot member's permissions in the channel for the table message. Without Attach Files
the message is text only, and the first time in a channel this is logged at INFO.

After a restart the guilds may not be known yet (or their guild stays unavailable):
:meth:`Pictures.may_attach` then says "unknown", and the restored table message is
tried with its picture, and sent without it should Discord refuse the file
(:meth:`Pictures.refused`).
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Protocol, TypeVar

import discord

from bot.engine import PlayerView
from bot.engine.cards import COLORS, Card
from bot.game.locks import outside_table_locks
from bot.game.snapshot import TableSnapshot
from bot.render import TableScene, render_hand, render_table, warm_faces, warm_faces_async
from bot.ui.messages.hand import card_order, lifted_cards
from bot.ui.words.alt_text import hand_alt_text, table_alt_text
from bot.ui.words.names import name_of
from bot.workers import WorkerDied

log = logging.getLogger(__name__)

T = TypeVar("T")

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
CACHE_SIZE = 256
"""Pictures kept (tens of KB each): the recent tables and hands of every channel."""
BACKGROUND_BUDGET = 2.0
"""Seconds a table edit or a hand refresh waits for its picture."""
MAX_WAITING = 8
"""Pictures queued to be drawn at most; past that, messages go without a new one."""
RESTORE_BUDGET = 10.0
"""Seconds a restored table waits for its picture: restores are few at a time (see
``bot.ui.delivery.restart``) and not urgent, so they wait their turn rather than go without."""


def table_scene(table: TableSnapshot) -> TableScene | None:
    """What the table picture shows, its names in the language of the moment; ``None``
    while no colour is set yet (a Wild start card waiting for the first player to choose
    it)."""
    seen = table.view
    if seen is None or seen.top is None or seen.color not in COLORS:
        return None
    seats = [seat.id for seat in seen.players]
    return TableScene(
        top_card=seen.top,
        color=seen.color,
        direction=1 if seen.direction >= 0 else -1,
        players=tuple((name_of(table, seat.id), seat.cards) for seat in seen.players),
        current=seats.index(seen.current) if seen.current in seats else 0,
        draw_pile=seen.draw_size,
    )


@dataclass(frozen=True, slots=True)
class HandCards:
    """What the hand picture shows: one card per button, in the buttons' order."""

    cards: list[Card]
    counts: list[int]
    playable: set[int] | None


def cards_seen(seen: PlayerView) -> HandCards | None:
    """The distinct cards of the viewer's hand in button order (playable first), how
    many of each, and (when the game waits for them) the indices of the cards lifted
    as playable; ``None`` for someone not in the game or without cards (the round's
    winner: no empty picture)."""
    if seen.you is None or not seen.hand:
        return None
    hand = seen.hand
    waited = seen.you in seen.waiting.players
    lifted = lifted_cards(seen) if waited else set()
    cards = card_order(hand, lifted)
    counts = [hand.count(card) for card in cards]
    if not waited:
        return HandCards(cards, counts, None)
    return HandCards(cards, counts, {i for i, card in enumerate(cards) if card in lifted})


class Placed(Protocol):
    """Where a message goes and whether its game shows pictures: a table, or a
    snapshot of one."""

    @property
    def guild_id(self) -> int: ...

    @property
    def channel_id(self) -> int: ...

    @property
    def images(self) -> bool: ...


class Painters(Protocol):
    """Who draws the pictures that can wait: worker processes (``bot.workers``)."""

    count: int

    async def run(self, function: Callable[[], T]) -> T: ...

    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class Picture:
    """A picture to attach: what it shows (its cache key) and how to draw it."""

    key: Hashable
    draw: Callable[[], bytes]
    """Draws it: a renderer and what it shows, which a worker process can be sent."""
    filename: str
    description: str
    """Its alt text, for screen readers (``bot.ui.words.alt_text``)."""


class Pictures:
    """Renders, caches and wraps the pictures; one per bot."""

    def __init__(self, cache_size: int = CACHE_SIZE, painters: Painters | None = None) -> None:
        """``painters``: the worker processes that draw; without them, one worker thread."""
        self._cache: OrderedDict[Hashable, bytes] = OrderedDict()
        self._cache_size = cache_size
        self._drawing: dict[Hashable, asyncio.Task[bytes]] = {}
        self._painters = painters
        self._painters_ready = False
        """Set once :meth:`warm` has started them: until then, a thread draws."""
        self._one_each = asyncio.Semaphore(painters.count if painters else 1)
        self._text_only: set[int] = set()
        """Channels already logged as lacking Attach Files."""

    # -- may this message carry a picture? -----------------------------------------------

    def in_channel(self, client: discord.Client, table: Placed) -> bool:
        """For a channel message: the game shows pictures and the bot may attach files."""
        if not table.images:
            return False
        guild = client.get_guild(table.guild_id)
        channel = guild.get_channel_or_thread(table.channel_id) if guild else None
        if guild is None or channel is None or guild.me is None:
            return self._allowed(table, False, "the channel is not in the cache")
        allowed = channel.permissions_for(guild.me).attach_files
        return self._allowed(table, allowed, "no Attach Files permission")

    def may_attach(self, client: discord.Client, table: Placed) -> bool | None:
        """Like :meth:`in_channel`, but ``None`` (not known) when the channel is not in
        the cache: a game that shows pictures then tries with one."""
        if not table.images:
            return False
        guild = client.get_guild(table.guild_id)
        if guild is None or guild.me is None or \
                guild.get_channel_or_thread(table.channel_id) is None:
            return None
        return self.in_channel(client, table)

    def refused(self, table: Placed) -> None:
        """Discord refused a file in the table's channel (Missing Permissions)."""
        self._allowed(table, False, "Discord refused the file (Missing Permissions)")

    def in_answer(self, interaction: discord.Interaction, table: Placed) -> bool:
        """For an interaction's answer or its later edits."""
        if not table.images:
            return False
        allowed = interaction.app_permissions.attach_files
        return self._allowed(table, allowed, "no Attach Files permission")

    def _allowed(self, table: Placed, allowed: bool, why: str) -> bool:
        if allowed:
            self._text_only.discard(table.channel_id)
        elif table.channel_id not in self._text_only:
            self._text_only.add(table.channel_id)
            log.info("pictures off, text only guild=%s channel=%s: %s",
                     table.guild_id, table.channel_id, why)
        return allowed

    # -- the pictures --------------------------------------------------------------------

    def table_picture(self, table: TableSnapshot) -> Picture | None:
        """What ``table.png`` shows of ``table`` (its alt text in the language of the
        moment, the table's); ``None`` when there is nothing to draw."""
        outside_table_locks("a table picture composed")
        scene = table_scene(table)
        if scene is None:
            return None
        return Picture(scene, functools.partial(render_table, scene), TABLE_FILE,
                       table_alt_text(scene))

    def hand_picture(self, seen: PlayerView) -> Picture | None:
        """What ``hand.png`` shows of the hand in ``seen``; ``None`` for a non-player or
        an empty hand."""
        outside_table_locks("a hand picture composed")
        shown = cards_seen(seen)
        if shown is None:
            return None
        cards, counts, playable = shown.cards, shown.counts, shown.playable
        key = ("hand", tuple(cards), tuple(counts),
               None if playable is None else frozenset(playable))
        return Picture(key, functools.partial(render_hand, cards, playable, counts),
                       HAND_FILE, hand_alt_text(cards, counts, playable))

    def now(self, picture: Picture) -> discord.File:
        """The picture, drawn here and now if need be: the answer to a click not yet
        acknowledged goes out in one callback, rather than acknowledging it and
        completing it once a painter drew its picture (a hand draws in about a
        millisecond)."""
        outside_table_locks("a picture drawn")
        png = self._cache.get(picture.key)
        if png is None:
            png = self._keep(picture.key, picture.draw())
        else:
            self._cache.move_to_end(picture.key)
        return discord.File(io.BytesIO(png), picture.filename, description=picture.description)

    async def file(self, picture: Picture, budget: float = BACKGROUND_BUDGET, *,
                   queue: bool = False) -> discord.File | None:
        """The picture, drawn if need be; ``None`` when it is not drawn within
        ``budget`` seconds (the message then goes without it). ``queue``: wait for a
        drawing slot even when ``MAX_WAITING`` pictures are waiting (the caller bounds
        how many do)."""
        outside_table_locks("a picture waited for")
        png = await self._png(picture.key, picture.draw, budget, queue)
        if png is None:
            return None
        return discord.File(io.BytesIO(png), picture.filename, description=picture.description)

    async def _png(self, key: Hashable, draw: Callable[[], bytes], budget: float,
                   queue: bool = False) -> bytes | None:
        png = self._cache.get(key)
        if png is not None:
            self._cache.move_to_end(key)
            return png
        drawing = self._drawing.get(key)
        if drawing is None:
            if len(self._drawing) >= MAX_WAITING and not queue:
                log.debug("pictures busy, a message goes without one waiting=%d",
                          len(self._drawing))
                return None
            drawing = self._drawing[key] = asyncio.ensure_future(self._draw(key, draw))
        try:
            return await asyncio.wait_for(asyncio.shield(drawing), budget)
        except TimeoutError:
            log.debug("picture not ready within %.1f s, the message goes without it", budget)
            return None

    async def _draw(self, key: Hashable, draw: Callable[[], bytes]) -> bytes:
        try:
            async with self._one_each:
                png = await self._painted(draw)
        finally:
            del self._drawing[key]
        return self._keep(key, png)

    async def _painted(self, draw: Callable[[], bytes]) -> bytes:
        """``draw()`` by a painter: a worker process once they are up, else (none yet,
        or a new one died as well) a worker thread."""
        if self._painters is not None and self._painters_ready:
            try:
                return await self._painters.run(draw)
            except WorkerDied:
                log.warning("a picture is drawn in a thread: the painters could not start")
        return await asyncio.to_thread(draw)

    async def warm(self) -> None:
        """Draw every face ahead of time here (in a worker thread, for :meth:`now` and
        the thread painter), then start the painter processes, which draw theirs as
        they start. No player's picture waits for either: until the painters are up
        (a second or two), pictures are drawn in a thread, as after a restart the
        first tables are shown again."""
        await warm_faces_async()
        if self._painters is not None:
            try:
                await self._painters.run(warm_faces)
            except WorkerDied:
                log.warning("the painters could not start: pictures are drawn in a thread")
            else:
                self._painters_ready = True

    def close(self) -> None:
        """Stop the painters (a picture being drawn is abandoned)."""
        if self._painters is not None:
            self._painters.close()

    def _keep(self, key: Hashable, png: bytes) -> bytes:
        self._cache[key] = png
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return png
