"""The burst: at many tables at once, the player whose turn it is clicks seven times at
the same instant on the same hand message (the same card three times, Draw twice) and
on the table message of the same version (Catch! twice), as an impatient player on a
slow connection would.

Every click must be answered, and the move applied once: the saved game (read from the
bot's database after the burst, never from its memory) must show at most one card
played and at most one card drawn.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from benchmarks.players import (
    Clicks,
    Seats,
    actions,
    table_message,
    version_of,
    wait_answer,
    wait_complete,
)
from tests.fakediscord import FakeMember, Interaction, StoredMessage

PREPARE_MOVES = 12
"""Moves a table may make before its player holds a playable plain card and Draw."""
TABLE_CATCH_UP = 10.0
"""Bounds the wait for the table message to show a move (it is edited once a second)."""


@dataclass
class Aim:
    """One table's burst, ready to fire."""

    seats: Seats
    member: FakeMember
    hand: StoredMessage
    card: str
    draw: str
    table: StoredMessage
    catch: str
    version: str
    """The state version the hand and table show before the burst (the messages are
    edited in place afterwards)."""

    def clicks(self) -> list[tuple[StoredMessage, str]]:
        return [(self.hand, self.card)] * 3 + [(self.hand, self.draw)] * 2 + \
            [(self.table, self.catch)] * 2


@dataclass
class Applied:
    """What the saved game shows a table's burst did."""

    played: int
    drawn: int

    @property
    def twice(self) -> bool:
        return self.played > 1 or self.drawn > 1


def plain_card(hand: StoredMessage) -> str | None:
    """An enabled card that is played at once (a wild asks for a colour first)."""
    for custom_id in actions(hand):
        parts = custom_id.split(":")
        if parts[4:6] == ["a", "play"] and not parts[6].startswith(("wild", "bff")):
            return custom_id
    return None


def hand_version(hand: StoredMessage) -> str | None:
    return next((version_of(c) for c in hand.custom_ids() if c.startswith("uno:g:")), None)


async def table_shows(seats: Seats, version: str | None, *, equal: bool) -> StoredMessage:
    """The table message once its version is (``equal``) or is no longer ``version``."""

    def check() -> StoredMessage | None:
        table = table_message(seats.fake, seats.channel_id)
        if table is None:
            return None
        shown = hand_version(table)
        return table if (shown == version) == equal else None

    return await seats.fake.until(check, TABLE_CATCH_UP)


async def prepare(seats: Seats) -> Aim | None:
    """Play until the player to move holds a plain playable card and may draw, with the
    table message showing that very state; None if it never comes."""
    for _ in range(PREPARE_MOVES):
        waiting = seats.waiting_for()
        if len(waiting) != 1:
            return None
        member = waiting[0]
        hand = await seats.hand(member, refresh=True)
        if hand is None:
            return None
        version = hand_version(hand)
        card = plain_card(hand)
        draw = next((c for c in actions(hand) if ":a:draw:" in c), None)
        if card is not None and draw is not None:
            table = await table_shows(seats, version, equal=True)
            catch = next(c for c in table.custom_ids() if c.endswith(":catch"))
            return Aim(seats, member, hand, card, draw, table, catch, version or "")
        if not await seats.move(member):
            return None
        await table_shows(seats, version, equal=False)
    return None


async def tables_behind(aims: list[Aim]) -> int:
    """How many of these tables' messages still show the version before the burst once
    all have caught up or ``TABLE_CATCH_UP`` has passed (for a table that never does)."""

    async def behind(aim: Aim) -> bool:
        try:
            await table_shows(aim.seats, aim.version, equal=False)
        except AssertionError:
            return True
        return False

    return sum(await asyncio.gather(*(behind(aim) for aim in aims)))


async def fire(aims: list[Aim], clicks: Clicks) -> list[Interaction]:
    """Send every table's seven clicks, all before any answer is awaited; returns once
every answered click is complete."""
    sent: list[Interaction] = []
    for aim in aims:
        for message, custom_id in aim.clicks():
            interaction = await aim.member.click(message, custom_id, wait=False)
            clicks.sent.append(interaction)
            sent.append(interaction)
    answered = await asyncio.gather(*(wait_answer(i, clicks) for i in sent))
    # An acknowledged click is done once its answer is complete; the move is saved by then.
    await asyncio.gather(*(wait_complete(i) for i, ok in zip(sent, answered, strict=True) if ok))
    return sent


def applied(before: dict[str, Any], after: dict[str, Any], player: str) -> Applied:
    """What ``player``'s burst did: cards that went onto the discard pile (nobody else
    plays during the burst, and a fresh round's piles are not reshuffled), and cards
    the player drew (their hand grew by them, less the card they played). A Draw Two
    played makes the next player draw, which is not counted."""
    played = len(after["discard_pile"]) - len(before["discard_pile"])
    drawn = len(after["hands"][player]) - len(before["hands"][player]) + played
    return Applied(played, drawn)
