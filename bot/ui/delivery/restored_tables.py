"""Showing a table taken back after a restart (``Board.show_restored``, paced by
``bot.ui.delivery.restart``): an edit of its saved table message, whose age its snowflake id
tells, unless that message is gone or near its hour; then it is posted afresh. The
tokens that posted it died with the old process, so this is one bot-token call.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

import discord

from bot.game.snapshot import TableSnapshot
from bot.ui.delivery.pictures import RESTORE_BUDGET, TABLE_FILE, Picture
from bot.ui.delivery.table_courier import REPOST_AFTER, Channel, TableCourier, message_age
from bot.ui.delivery.trail import Trail
from bot.ui.messages.controls import to_view
from bot.ui.messages.table import TableMessage

T = TypeVar("T")

MISSING_PERMISSIONS = 50013
UNKNOWN_MESSAGE = 10008


@dataclass(frozen=True, slots=True)
class Restored:
    """A restored table's message: what it says, its picture, and whether the bot may
    attach files there (``None``: not known yet)."""

    shown: TableMessage
    picture: Picture | None
    allowed: bool | None


def restored_channel(table: TableSnapshot, now: float) -> Channel:
    """A channel's courier state for a table taken back: its table message's age comes
    from its id, so a live change edits that message, as usual, until its hour."""
    channel = Channel.of(table)
    if table.table_message_id is not None:
        age = message_age(table.table_message_id)
        if age < REPOST_AFTER:
            channel.posted_at = now - age
    return channel


async def show_again(courier: TableCourier, channel: Channel, restored: Restored) -> None:
    """Edit the restored table's message in place, with the picture, or post it afresh
    where that message is gone or near its hour."""
    table, shown = channel.table, restored.shown
    channel.table_dirty = False
    channel.last_edit = now = courier.clock.now()
    messageable = courier.messageable(table)
    old_id = channel.table_message_id
    age = message_age(old_id) if old_id is not None else REPOST_AFTER
    if old_id is not None and age < REPOST_AFTER:
        existing = messageable.get_partial_message(old_id)
        try:
            await _with_picture(courier, table, restored, lambda picture: existing.edit(
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
        courier.current(channel)  # near its hour: it goes once the new one is out
    message = await _with_picture(courier, table, restored, lambda picture: messageable.send(
        shown.content, embed=shown.embed, view=to_view(shown.rows),
        files=[picture] if picture else discord.utils.MISSING))
    await courier.posted(channel, message.id, None)


async def _with_picture(courier: TableCourier, table: TableSnapshot, restored: Restored,
                        send: Callable[[discord.File | None], Awaitable[T]]) -> T:
    """``send`` the table message with its picture where the bot may attach files;
    where that is not known yet (the guild not in the cache), try with the picture
    and send again without it should Discord answer Missing Permissions."""
    shown, allowed = restored.shown, restored.allowed
    pictures = courier.pictures
    picture = await pictures.file(restored.picture, RESTORE_BUDGET, queue=True) \
        if restored.picture is not None else None
    shown.show_picture(f"attachment://{TABLE_FILE}" if picture else None)
    try:
        return await send(picture)
    except discord.Forbidden as error:
        if picture is None or allowed or error.code != MISSING_PERMISSIONS:
            raise
    pictures.refused(table)
    shown.show_picture(None)
    return await send(None)
