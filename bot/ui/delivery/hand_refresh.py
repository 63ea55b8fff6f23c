"""Refreshing the open hand messages after a change (the board's last step).

Each stale hand is composed from the snapshot of it the game handed over with the change
that made it stale (``TableChange.hands``: only what was saved), in its owner's language,
with its picture where the bot may attach one, then edited through the token of the
newest interaction on the hand message. A hand that already shows that version (the
click that made the change answered with it) is left as it is. A hand whose token is
spent is let go ("My hand" gives a fresh one), and one whose edit fails too, unless a
newer hand was opened meanwhile.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import discord

from bot.game.snapshot import Snapshot
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


def compose_refreshes(hands: OpenHands, pictures: Pictures,
                      stale: dict[str, Snapshot]) -> list[Refresh]:
    """The refreshes of the open hands among ``stale``, each from its snapshot."""
    refreshes = []
    for player, seen in sorted(stale.items()):
        key = (seen.channel_id, player)
        session = hands.get(key)
        if session is None or session.version >= seen.version:
            continue
        if not session.token_alive(hands.clock.now()):
            hands.drop(key)  # the token is spent: "My hand" gives a fresh one
            continue
        with speaking(session.interaction.locale):  # its owner's, not the mover's
            hand = hand_shown(seen)
            picture = pictures.hand_picture(seen.view) \
                if pictures.in_answer(session.interaction, seen) else None
        session.version = seen.version
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
