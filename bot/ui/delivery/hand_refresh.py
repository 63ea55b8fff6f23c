"""Refreshing the open hand messages after a change (the board's last step).

Each stale hand is composed under the table's lock (only what was saved, in its owner's
language, with its picture where the bot may attach one), then edited through the token
of the newest interaction on the hand message, outside the lock. A hand whose token is
spent is let go ("My hand" gives a fresh one), and one whose edit fails too, unless a
newer hand was opened meanwhile.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord

from bot.game.snapshot import Snapshot
from bot.game.table import Table
from bot.i18n import speaking
from bot.ui.delivery.interaction_calls import edit_original
from bot.ui.delivery.open_hands import HandSession, Key, OpenHands
from bot.ui.delivery.pictures import Picture, Pictures
from bot.ui.messages.controls import Rows
from bot.ui.messages.hand import hand_shown

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Refresh:
    """A hand message to edit: what it says, and its new picture (``kept``: the
    message shows it already)."""

    key: Key
    session: HandSession
    content: str
    rows: Rows
    picture: Picture | None
    kept: bool


def compose_refreshes(hands: OpenHands, pictures: Pictures, table: Table,
                      stale: set[str]) -> list[Refresh]:
    """Under the table's lock: the refreshes of the ``stale`` players' open hands."""
    refreshes = []
    for player in sorted(stale):
        key = (table.channel_id, player)
        session = hands.get(key)
        if session is None or session.version == table.version:
            continue
        if not session.token_alive(hands.clock.now()):
            hands.drop(key)  # the token is spent: "My hand" gives a fresh one
            continue
        with speaking(session.interaction.locale):  # its owner's, not the mover's
            seen = Snapshot.take(table, player)  # one view for the words and the picture
            hand = hand_shown(seen)
            picture = pictures.seen_hand_picture(seen.view) \
                if pictures.in_answer(session.interaction, table) else None
        session.version = table.version
        kept = session.shows(picture)
        refreshes.append(Refresh(key, session, hand.content, hand.rows,
                                 None if kept else picture, kept))
    return refreshes


async def send_refreshes(hands: OpenHands, pictures: Pictures,
                         refreshes: list[Refresh]) -> None:
    """Edit each hand message through its session's token."""
    for refresh in refreshes:
        drawn = await pictures.file(refresh.picture) if refresh.picture is not None else None
        attachments = discord.utils.MISSING if refresh.kept else [drawn] if drawn else []
        try:
            await edit_original(refresh.session.interaction, content=refresh.content,
                                rows=refresh.rows, attachments=attachments)
        except discord.HTTPException as error:
            log.debug("hand refresh failed channel=%s player=%s status=%s",
                      refresh.key[0], refresh.key[1], error.status)
            hands.drop(refresh.key, refresh.session)  # unless a newer hand was opened
