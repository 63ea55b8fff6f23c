"""What the channels see after a restart: each game goes on, ended, or could not be restored.

Each saved table is shown once, by an edit of its own table message (see
:meth:`bot.ui.delivery.board.Board.show_restored`): the note that the game goes on in its content,
or the round's result with its Next round button, or the match's end (winner, scores,
buttons off) when the match ended just before the crash. That is one REST call a table.

With many tables this is still many calls, and they share the bot token's global 50
requests a second with everything else the bot sends with it. So the tables go through
a queue, ``BATCH`` at a time with a ``PAUSE`` between batches on the bot's clock, ended
matches first. Clicks are answered meanwhile (their tables are playable before they are
shown), and the tables whose players click come first: a click on a table not shown yet
shows it at once through the click's token (its old message deleted: still one bot-token
call), and the queue passes over it, as over a table a live change has shown. The queue
waits (a bounded while) for the gateway's guilds first, so the bot knows where it may
attach pictures.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

import discord

from bot.game.clock import Clock
from bot.game.ports import BadRow
from bot.game.snapshot import TableSnapshot
from bot.game.table import CloseReason, TableStatus
from bot.i18n import N_, _, speaking
from bot.ui.delivery.background import in_background
from bot.ui.messages.table import TableMessage, round_message, table_message
from bot.ui.services import UnoClient

log = logging.getLogger(__name__)

RESTORED = N_("♻️ The bot restarted; the game goes on.")
CLOSED = N_("This UNO game could not be restored after a restart and was closed.")
"""Said in the server's ``/uno settings language:`` (a game that cannot be read has no
language of its own, and the server's Discord locale is not known this early), else in
English."""
BATCH = 10
"""Tables shown at once: with ``PAUSE``, at most 25 edits a second, half the bot token's
budget (a move in play costs it a few hundredths of a call)."""
PAUSE = 0.4
"""Seconds between batches, on the bot's clock."""
READY_WAIT = 60.0
"""Seconds to wait for the guilds before showing tables regardless (then pictures are
tried, see :meth:`bot.ui.delivery.pictures.Pictures.may_attach`)."""


def restored_message(table: TableSnapshot) -> TableMessage:
    """The table message as a restart shows it, in the language of the moment (the
    board composes it speaking the table's)."""
    shown = table_message(table)
    game = table.view
    assert game is not None
    if table.status is TableStatus.ENDED:
        if table.close_reason is CloseReason.FINISHED and game.match_over:
            summary = round_message(table, next_round=False)[0]  # winner, scores
            return replace(shown, content=summary)
        return shown
    if game.round_over:
        summary, next_round = round_message(table, next_round=True)
        return replace(shown, content=f"{_(RESTORED)}\n{summary}", rows=shown.rows + next_round)
    return replace(shown, content=f"{_(RESTORED)}\n{shown.content}")


class RestoreQueue:
    """Shows the restored tables a batch at a time; :meth:`shown` lets a test follow it."""

    def __init__(self, bot: UnoClient, clock: Clock, tables: list[TableSnapshot]) -> None:
        self.bot = bot
        self.clock = clock
        self.waiting = list(tables)
        self.done = 0
        self._progress = asyncio.Condition()

    async def run(self) -> None:
        try:
            await self._show_all()
        except Exception:
            if self.bot.is_closed():  # stopping: the session went away under the last send
                log.info("bot stopped while showing restored tables; %d not shown",
                         len(self.waiting))
                return
            log.exception("showing the restored tables failed; %d not shown",
                          len(self.waiting))

    async def _show_all(self) -> None:
        try:
            await asyncio.wait_for(self.bot.wait_until_ready(), READY_WAIT)
        except TimeoutError:
            log.warning("guilds not ready after %.0f s; showing restored tables anyway",
                        READY_WAIT)
        board = self.bot.board
        while self.waiting:
            batch, passed = self._next_batch()
            await asyncio.gather(*(board.show_restored(t, restored_message) for t in batch))
            async with self._progress:
                self.done += len(batch) + passed
                self._progress.notify_all()
            if self.waiting:
                await self._pause()
        log.info("restored tables shown count=%d", self.done)

    def _next_batch(self) -> tuple[list[TableSnapshot], int]:
        """Up to ``BATCH`` tables still to show, and how many were passed over: those a
        click or a live change has shown since the restart."""
        batch: list[TableSnapshot] = []
        passed = 0
        while self.waiting and len(batch) < BATCH:
            table = self.waiting.pop(0)
            if self.bot.board.shown_since_restart(table):
                passed += 1
            else:
                batch.append(table)
        return batch, passed

    async def shown(self, count: int) -> None:
        """Until ``count`` tables have been shown (the queue is then in its pause, or done)."""
        async with self._progress:
            await self._progress.wait_for(lambda: self.done >= count)

    async def _pause(self) -> None:
        resumed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        async def resume() -> None:
            if not resumed.done():
                resumed.set_result(None)

        self.clock.call_at(self.clock.now() + PAUSE, resume)
        await resumed


async def announce_restart(bot: UnoClient, clock: Clock, unreadable: list[BadRow],
                           tables: list[TableSnapshot]) -> RestoreQueue:
    """Tell each channel whose game could not be restored (``unreadable``) that it was
    closed (now, so the note is out before anyone clicks), and start showing the
    restored and ended ``tables`` (``GameManager.restore``) in the background, paced."""
    for row in unreadable:
        await _tell_closed(bot, row)
    for table in tables:
        if table.status is TableStatus.PLAYING:
            bot.board.adopt(table)
    queue = RestoreQueue(bot, clock, tables)
    bot.board.restoring = in_background(queue.run())
    return queue


async def _tell_closed(bot: UnoClient, row: BadRow) -> None:
    with speaking((await bot.db.get_settings(row.guild_id)).language):
        closed = _(CLOSED)
    try:
        await bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id).send(closed)
    except discord.HTTPException as error:
        log.warning("cannot tell channel %s (guild %s) its game was closed: status %s",
                    row.channel_id, row.guild_id, error.status)

