"""Players of the load benchmark: members of the fake Discord who know only what Discord
shows them.

Whose turn it is comes from the table message (it mentions who must act); what a player
may do comes from the enabled buttons of their hand message, which they open with the
table's "My hand" button. Whether a click did something comes from the answer (given at
once, or acknowledged first and completed after): the hand shown again (a move went
through), a question (colour, player, cards: answer it), the hand with "out of date"
(nothing happened: look again) or a new ephemeral sentence (a refusal). Nothing is
read from the bot's memory.

Every click is kept in a :class:`Clicks` so the benchmark can time it from its
INTERACTION_CREATE to its callback, and each applied move from its click to the table
message showing it (the newest table message in the channel: the table moves down as
each click posts it afresh).
"""

from __future__ import annotations

import asyncio
import enum
import random
import re
from collections.abc import Container
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord import FakeDiscord, FakeMember, Interaction, StoredMessage

MENTION = re.compile(r"<@(\d+)>")
ANSWER_BOUND = 5.0
"""How long a click waits for its answer before counting it unanswered: Discord gives
up after 3 s (the fake then records a late callback), so nothing can come later."""
STALE = "out of date"
HAND = "Your hand"


class Outcome(enum.Enum):
    APPLIED = "applied"
    QUESTION = "question"
    STALE = "stale"
    REFUSED = "refused"
    UNANSWERED = "unanswered"


@dataclass
class Clicks:
    """Every interaction the players sent, in order."""

    sent: list[Interaction] = field(default_factory=list)
    unanswered: int = 0
    applied: int = 0
    shown: list[tuple[float, float]] = field(default_factory=list)
    """(loop time of the click, seconds until the table showed its move) per applied
    move; ``inf`` when it did not within ``ANSWER_BOUND``."""

    def shown_after(self, since: float) -> list[float]:
        """Seconds from click to the table showing the move, for clicks since ``since``."""
        return [seconds for at, seconds in self.shown if at >= since]

    def latencies(self, since: int = 0, channels: Container[int] | None = None
                  ) -> list[float]:
        """Seconds from INTERACTION_CREATE to the callback reaching the fake, answered ones
        (only those sent in ``channels``, when given)."""
        return [i.answered_loop_time - i.created_loop_time for i in self.sent[since:]
                if i.answered_loop_time is not None
                and (channels is None or i.channel_id in channels)]


async def wait_answer(interaction: Interaction, clicks: Clicks) -> bool:
    """Whether the bot answered within Discord's patience (see ``ANSWER_BOUND``)."""
    try:
        await asyncio.wait_for(asyncio.shield(interaction.answered), ANSWER_BOUND)
    except TimeoutError:
        clicks.unanswered += 1
        return False
    return True


async def wait_complete(interaction: Interaction) -> bool:
    """Whether an acknowledged click's answer was completed (a deferred one edited or
    followed up) within ``ANSWER_BOUND``."""
    try:
        await asyncio.wait_for(asyncio.shield(interaction.completed), ANSWER_BOUND)
    except TimeoutError:
        return False
    return True


def table_message(fake: FakeDiscord, channel_id: int) -> StoredMessage | None:
    """The newest message of the channel that everyone sees and that has "My hand"."""
    for message in reversed(fake.channel_messages(channel_id)):
        if not message.ephemeral and any(c.endswith(":hand") for c in message.custom_ids()):
            return message
    return None


def table_version(fake: FakeDiscord, channel_id: int) -> str | None:
    """The game version the table message shows (its buttons carry it)."""
    table = table_message(fake, channel_id)
    return None if table is None else version_of(
        next(c for c in table.custom_ids() if c.endswith(":hand")))


def version_of(custom_id: str) -> str:
    """``uno:g:<channel>:<version>:...`` -> the version, as the button carries it."""
    return custom_id.split(":")[3]


def next_round_button(fake: FakeDiscord, channel_id: int, table: StoredMessage) -> str | None:
    """The enabled "Next round" button of the table's current version, if any."""
    version = version_of(next(c for c in table.custom_ids() if c.endswith(":hand")))
    for message in reversed(fake.channel_messages(channel_id)):
        for custom_id in message.enabled_ids():
            if custom_id.endswith(":next") and version_of(custom_id) == version:
                return custom_id
    return None


def shown_content(interaction: Interaction) -> str | None:
    """What the answer showed: the callback's content, or for a deferred answer (type 5
    or 6) the first edit of the original response; None while that edit has not come."""
    if interaction.callback_type in (5, 6):
        return str(interaction.edits[0].get("content") or "") if interaction.edits else None
    return str(interaction.callback_data.get("content") or "")


async def outcome(fake: FakeDiscord, interaction: Interaction, clicks: Clicks) -> Outcome:
    """What a click on a hand message did, as the player sees it."""
    if not await wait_answer(interaction, clicks):
        return Outcome.UNANSWERED
    if interaction.callback_type == 4:  # a new ephemeral sentence: a refusal
        return Outcome.REFUSED
    content = shown_content(interaction)
    if content is None:  # deferred: completed by an edit, or a refusal as a followup
        if not await wait_complete(interaction):
            return Outcome.UNANSWERED
        if not interaction.edits:
            return Outcome.REFUSED
        content = shown_content(interaction)
        assert content is not None
    if STALE in content:
        return Outcome.STALE
    return Outcome.APPLIED if HAND in content else Outcome.QUESTION


@dataclass
class Seats:
    """One table's members, as players: the first one is the host. ``computers``: the
    levels of the computer players the host seats (``/uno addbot``) in the other seats."""

    fake: FakeDiscord
    channel_id: int
    members: list[FakeMember]
    clicks: Clicks
    rng: random.Random
    computers: tuple[str, ...] = ()
    hands: dict[int, StoredMessage] = field(default_factory=dict)
    finished: bool = False

    @property
    def host(self) -> FakeMember:
        return self.members[0]

    def member(self, user_id: str) -> FakeMember | None:
        return next((m for m in self.members if str(m.id) == user_id), None)

    async def click(self, member: FakeMember, message: StoredMessage, custom_id: str
                    ) -> Interaction:
        interaction = await member.click(message, custom_id, wait=False)
        self.clicks.sent.append(interaction)
        return interaction

    async def open_table(self, **options: Any) -> bool:
        """``/uno new``, ``/uno addbot`` for each of ``computers``, Join by the other
        members, Start by the host; False if any of them went unanswered."""
        interaction = await self.slash("uno new", **options)
        if not await wait_answer(interaction, self.clicks) or interaction.response is None:
            return False
        lobby = interaction.response
        for level in self.computers:  # answered once the lobby shows the seat (deferred)
            added = await self.slash("uno addbot", level=level)
            if not await wait_answer(added, self.clicks) or not await wait_complete(added):
                return False
        for member in self.members[1:]:
            joined = await self.click(member, lobby, lobby.custom_id("uno:lobby:join:"))
            if not await wait_answer(joined, self.clicks):
                return False
        started = await self.click(self.host, lobby, lobby.custom_id("uno:lobby:start:"))
        return await wait_answer(started, self.clicks)

    async def slash(self, command: str, **options: Any) -> Interaction:
        """The host's ``/command`` in this table's channel, sent and kept (not awaited)."""
        interaction = await self.host.slash(command, self.channel_id, wait=False, **options)
        self.clicks.sent.append(interaction)
        return interaction

    def waiting_for(self) -> list[FakeMember]:
        """The members the table message mentions (who must act now)."""
        table = table_message(self.fake, self.channel_id)
        if table is None:
            return []
        return [m for m in map(self.member, MENTION.findall(table.content)) if m is not None]

    async def step(self) -> int:
        """What a glance at the table makes the players do: the host deals the next round,
        or each mentioned player makes their move. Returns the moves applied."""
        table = table_message(self.fake, self.channel_id)
        if table is None:
            return 0
        if not any(c.endswith(":hand") for c in table.enabled_ids()):
            self.finished = True  # the match is over
            return 0
        next_round = next_round_button(self.fake, self.channel_id, table)
        if next_round is not None:
            round_message = next(m for m in reversed(self.fake.channel_messages(self.channel_id))
                                 if next_round in m.custom_ids())
            dealt = await self.click(self.host, round_message, next_round)
            await wait_answer(dealt, self.clicks)
            return 0
        applied = 0
        for member in self.waiting_for():
            applied += await self.move(member)
        return applied

    async def seen_on_table(self, clicked: Interaction, before: str | None) -> None:
        """Wait until the table message shows a newer version than ``before`` (the
        move applied), and note how long after the click that was."""
        try:
            await self.fake.until(lambda: table_version(self.fake, self.channel_id) != before
                                  or None, ANSWER_BOUND)
            seconds = asyncio.get_running_loop().time() - clicked.created_loop_time
        except AssertionError:  # the fake's bound ran out
            seconds = float("inf")
        self.clicks.shown.append((clicked.created_loop_time, seconds))

    async def hand(self, member: FakeMember, refresh: bool = False) -> StoredMessage | None:
        """The member's open hand message, opened (again) with "My hand" when needed."""
        hand = self.hands.get(member.id)
        if hand is not None and not refresh and HAND in hand.content and actions(hand):
            return hand
        table = table_message(self.fake, self.channel_id)
        if table is None:
            return None
        opened = await self.click(member, table, next(c for c in table.custom_ids()
                                                     if c.endswith(":hand")))
        if not await wait_answer(opened, self.clicks) or opened.response is None:
            return None
        if not await wait_complete(opened):  # deferred: the hand comes with the edit after
            return None
        self.hands[member.id] = opened.response
        return opened.response

    async def move(self, member: FakeMember) -> int:
        """One player's turn on their hand: an UNO call when offered, then a random
        enabled action (mostly a card), then the questions it raises. Returns the
        actions applied (an UNO call counts as one)."""
        hand = await self.hand(member)
        applied = 0
        for _ in range(6):
            if hand is None:
                break
            choices = actions(hand)
            if not choices:
                break
            uno = [c for c in choices if ":a:uno:" in c]
            plays = [c for c in choices if ":a:play:" in c]
            others = [c for c in choices if ":a:uno:" not in c]
            if uno:
                pick = uno[0]
            elif plays and self.rng.random() < 0.9:
                pick = self.rng.choice(plays)
            elif others:
                pick = self.rng.choice(others)
            else:
                break
            shown = table_version(self.fake, self.channel_id)
            clicked = await self.click(member, hand, pick)
            result = await outcome(self.fake, clicked, self.clicks)
            if result is Outcome.APPLIED:
                applied += 1
                self.clicks.applied += 1
                await self.seen_on_table(clicked, shown)
                if not uno:
                    break
            elif result is Outcome.REFUSED:
                hand = await self.hand(member, refresh=True)
            elif result is Outcome.UNANSWERED:
                break
        return applied


def actions(message: StoredMessage) -> list[str]:
    """The enabled game actions of a hand message (or of a question on it)."""
    return [c for c in message.enabled_ids() if ":a:" in c]
