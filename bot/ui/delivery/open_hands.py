"""The open hand messages, one per player and table, and the token that edits each.

A hand message is an ephemeral answer, which only an interaction's token can edit, and
only for 15 minutes after that interaction. Each click answered on the hand message
brings a fresh token, and the hand follows the newest one: a player who plays from one
hand message never has to open another. A hand nobody clicked in for almost 15 minutes
is turned, while its token still works, into one line saying to press My hand, and is
refreshed no more; a newer hand message of the same player turns the older one into a
note without buttons, so no older hand with live cards stays on screen.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine, Hashable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any

import discord

from bot.game.clock import Clock, Handle
from bot.i18n import N_, _, speaking
from bot.ui.delivery.interaction_calls import edit_original
from bot.ui.delivery.pictures import Picture
from bot.ui.delivery.trail import TOKEN_LIFETIME, TOKEN_MARGIN, token_alive

log = logging.getLogger(__name__)

CLOSED_HAND = N_("This hand is closed: your newer hand message shows your cards.")
"""Said by a hand message a newer one replaced, in its owner's language."""
# i18n: "My hand" is the button on the table that shows a player's cards
IDLE_HAND = N_("This hand stopped following the game after 15 minutes without a click: "
               "press My hand on the table to see your cards.")
"""Said by a hand message nobody clicked in for almost 15 minutes, before its token dies."""

Key = tuple[int, str]
"""A table's channel and a player."""


@dataclass(slots=True)
class HandSession:
    """A player's open hand message and the newest interaction on it (My hand, or a
    click answered on the message), whose token edits it for 15 minutes."""

    interaction: discord.Interaction
    heard_at: float
    """When that interaction was answered: its token's 15 minutes count from about then."""
    version: int
    """The table version the message shows."""
    message_id: int
    picture: Hashable | None = None
    """What the message's picture shows (its cache key), so an answer or a refresh that
    would show the same picture leaves it in place instead of uploading it again."""
    expiry: Handle | None = None
    """Turns the hand into a note shortly before the token dies (``IDLE_HAND``)."""

    def shows(self, picture: Picture | None) -> bool:
        """Whether the message already carries ``picture``; remembers it otherwise."""
        if picture is None or picture.key == self.picture:
            return picture is not None
        self.picture = picture.key
        return False

    def token_alive(self, now: float) -> bool:
        """Whether the interaction's 15-minute token is still safe to use."""
        return token_alive(self.heard_at, now)


class OpenHands:
    """The hand sessions by table and player. ``spawn`` runs a message edit in the
    background; ``sending(channel_id)`` is held while the idle note is sent, so that
    it comes after any refresh of that table's hands already on its way."""

    def __init__(self, clock: Clock, spawn: Callable[[Coroutine[Any, Any, None]], None],
                 sending: Callable[[int], AbstractAsyncContextManager[Any]]) -> None:
        self.clock = clock
        self.spawn = spawn
        self.sending = sending
        self.sessions: dict[Key, HandSession] = {}

    def get(self, key: Key) -> HandSession | None:
        return self.sessions.get(key)

    def open(self, key: Key, session: HandSession) -> None:
        """``session``'s interaction was answered on (or with) the player's hand message:
        that message is edited through its token from now on. A click on the hand
        message already open only renews the token; another message it replaces becomes
        a note without buttons."""
        older = self.sessions.get(key)
        if older is not None and older.message_id == session.message_id:
            older.interaction, older.heard_at = session.interaction, session.heard_at
            session = older  # what it shows (version, picture) is known already
        elif older is not None and older.token_alive(self.clock.now()):
            self.spawn(_close(key, older, CLOSED_HAND))
        self.drop(key)
        self.sessions[key] = session
        session.expiry = self.clock.call_at(session.heard_at + TOKEN_LIFETIME - TOKEN_MARGIN,
                                            lambda: self._left_alone(key, session))

    def drop(self, key: Key, session: HandSession | None = None) -> None:
        """The hand message (if still ``session``, when given) is no longer edited."""
        dropped = self.sessions.get(key)
        if dropped is None or (session is not None and dropped is not session):
            return
        del self.sessions[key]
        if dropped.expiry is not None:
            dropped.expiry.cancel()

    def forget(self, channel_id: int) -> None:
        """Every hand of the channel's table, which has ended."""
        for key in [k for k in self.sessions if k[0] == channel_id]:
            self.drop(key)

    def stop(self) -> None:
        for key in list(self.sessions):
            self.drop(key)

    async def _left_alone(self, key: Key, session: HandSession) -> None:
        """Nobody clicked in the hand for almost 15 minutes: while its token still works,
        it says to press My hand, and is refreshed no more."""
        if self.sessions.get(key) is not session:
            return
        self.drop(key)
        async with self.sending(key[0]):
            await _close(key, session, IDLE_HAND)


async def _close(key: Key, session: HandSession, note: str) -> None:
    """Turn the hand message into ``note`` (in its owner's language), without buttons or
    picture."""
    with speaking(session.interaction.locale):
        said = _(note)
    try:
        await edit_original(session.interaction, content=said, rows=None, attachments=[])
    except discord.HTTPException as error:
        log.debug("closing a hand failed channel=%s player=%s status=%s",
                  key[0], key[1], error.status)
