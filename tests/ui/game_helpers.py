"""Playing UNO through the fake Discord: start a game, open hands, click legal moves.

Everything goes through messages and clicks; the only shortcut is :func:`set_position`,
which replaces the engine state through the manager (as the scenario tests may).
"""

from __future__ import annotations

import random
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.app.client import UnoBot
from bot.engine import Game, Options
from bot.game.clock import FakeClock
from bot.game.table import Table
from tests.fakediscord import (
    EPHEMERAL,
    FakeDiscord,
    FakeGuild,
    FakeMember,
    Interaction,
    StoredMessage,
)

UPDATE_MESSAGE, CHANNEL_MESSAGE = 7, 4
MENTION = re.compile(r"<@(\d+)>")


@dataclass
class Playing:
    """One running game as the test sees it."""

    bot: UnoBot
    fake: FakeDiscord
    guild: FakeGuild
    clock: FakeClock
    members: list[FakeMember]
    thread_id: int | None = None
    """The game's own thread (``/uno new thread:``), else it plays in the channel."""

    @property
    def channel_id(self) -> int:
        return self.thread_id or self.guild.channel_id

    @property
    def table(self) -> Table:
        table = self.bot.manager.get(self.channel_id)
        assert table is not None, "no table in the channel"
        return table

    @property
    def game(self) -> Game:
        game = self.table.game
        assert game is not None
        return game

    def table_message(self) -> StoredMessage:
        ids = [m for m in self.fake.messages.values()
               if m.channel_id == self.channel_id and not m.ephemeral
               and any(c.startswith(f"uno:g:{self.channel_id}:") and c.endswith(":hand")
                       for c in m.custom_ids())]
        assert ids, "no table message posted"
        return ids[-1]

    def member(self, player: str) -> FakeMember:
        return next(m for m in self.members if str(m.id) == player)

    async def settle(self, seconds: float = 1.0) -> None:
        """Let the messages due go out: the courier, then the next edit slot."""
        await self.bot.board.idle()
        await self.clock.advance(seconds)
        await self.bot.board.idle()

    async def open_hand(self, member: FakeMember) -> StoredMessage:
        table = self.table_message()
        answer = await member.click(table, table_button(table, "hand"))
        assert answer.posted_message and answer.ephemeral
        assert answer.response is not None
        return answer.response

    async def click(self, member: FakeMember, message: StoredMessage, custom_id: str
                    ) -> Interaction:
        answer = await member.click(message, custom_id)
        await self.bot.board.idle()
        return answer

    async def discard(self, member: FakeMember, hand: StoredMessage, *cards: str
                      ) -> Interaction:
        """Pick ``cards`` (different ones, in one menu) in the hand's discard menu."""
        for menu in menus(hand):
            values = {o["value"].split(":")[2]: o["value"] for o in menu["options"]}
            if set(cards) <= set(values):
                answer = await member.choose(hand, menu["custom_id"],
                                             [values[c] for c in cards])
                await self.bot.board.idle()
                return answer
        raise AssertionError(f"no discard menu offers {cards}")

    async def set_position(self, game: Game) -> None:
        """Replace the engine state (a known position), as a change through the manager."""
        manager = self.bot.manager
        async with manager.turns.changing(self.channel_id) as told:
            table = self.table
            table.game = game
            told.append(await manager.turns._after_change(table, [], set(game.catchable())))
        await self.settle()


def table_button(message: StoredMessage, what: str) -> str:
    """``hand``, ``catch``, ``rules`` on the table message, ``next`` on a round message."""
    return next(c for c in message.custom_ids() if c.endswith(f":{what}"))


def card_button(hand: StoredMessage, do: str, card: str) -> str:
    """The button of ``card`` (``do`` "play" or "discard") on a hand message."""
    return next(c for c in hand.custom_ids() if f":a:{do}:{card}:" in c)


def menus(message: StoredMessage) -> list[dict[str, Any]]:
    """The select menus on a message, top first."""
    return [c for row in message.payload["components"] for c in row["components"]
            if c["type"] == 3]


def control(message: StoredMessage, label: str) -> str:
    """The button whose label starts with ``label``."""
    found = [c for c, text in message.labels().items() if text.startswith(label)]
    assert len(found) == 1, f"no single {label!r} in {message.labels()}"
    return found[0]


def players(game: Game) -> list[str]:
    return list(game.players)


async def start_game(
    guild: FakeGuild, bot: UnoBot, fake: FakeDiscord, clock: FakeClock, count: int,
    **options: Any,
) -> Playing:
    """``/uno new`` by the first member, Join by the others, Start by the host."""
    members = guild.members[:count]
    answer = await members[0].slash("uno new", **options)
    assert answer.response is not None
    lobby = answer.response
    for member in members[1:]:
        await member.click(lobby, lobby.custom_id("uno:lobby:join:"))
    started = await members[0].click(lobby, lobby.custom_id("uno:lobby:start:"))
    assert started.callback_type == UPDATE_MESSAGE
    session = Playing(bot, fake, guild, clock, members)
    await session.settle()
    return session


def position(ruleset: str, players: list[str], *, options: dict[str, object] | None = None,
             **kwargs: object) -> Game:
    return Game.from_position(ruleset, Options.for_ruleset(ruleset, options), players,
                              **kwargs)  # type: ignore[arg-type]


def is_ephemeral(interaction: Interaction) -> bool:
    return bool((interaction.callback_data.get("flags") or 0) & EPHEMERAL) or (
        interaction.response is not None and interaction.response.ephemeral)


async def play_any_legal_move(session: Playing, hands: dict[str, StoredMessage],
                              rng: random.Random) -> bool:
    """The player(s) the table mentions each click one enabled button of their hand
    message (opening one with My hand when needed), and then whatever question
    follows (colour, player, cards). Returns False when nobody had anything to click."""
    table = session.table_message()
    waited = MENTION.findall(table.content)
    acted = False
    for player in waited:
        member = session.member(player)
        hand = hands.get(player)
        if hand is None or not _usable(hand):
            hand = hands[player] = await session.open_hand(member)
        acted = await move_in_hand(session.click, member, hand, rng) or acted
    await session.settle()
    return acted


Click = Callable[[FakeMember, StoredMessage, str], Awaitable[Interaction]]


async def move_in_hand(click: Click, member: FakeMember, hand: StoredMessage,
                       rng: random.Random) -> bool:
    """One player's move on their open hand message: an UNO call when offered, a random
    enabled button or menu choice (mostly a play), then whatever question follows (colour, player,
    cards). Returns whether anything but an UNO call was clicked."""
    acted = False
    for _ in range(4):  # the move, then at most cards, colour and player questions
        choices = [c for c in hand.enabled_ids()
                   if ":page:" not in c and not c.endswith(":a:uno::::")]
        uno = [c for c in hand.enabled_ids() if c.endswith(":a:uno::::")]
        if uno:
            await click(member, hand, uno[0])
            continue
        if not choices:
            break
        plays = [c for c in choices if ":a:play" in c or ":pick:" in c]  # plays end
        # rounds sooner
        pick = rng.choice(plays if plays and rng.random() < 0.9 else choices)
        menu = hand.component(pick)
        if menu.get("type") == 3:  # a card menu: one card, or several to discard
            values = [o["value"] for o in menu["options"]]
            answer = await member.choose(hand, pick, rng.sample(
                values, rng.randint(1, menu.get("max_values", 1))))
        else:
            answer = await click(member, hand, pick)
        acted = True
        assert answer.updated_message, answer.text
        if "Your hand" in hand.content:
            break
    return acted


def _usable(hand: StoredMessage) -> bool:
    return "Your hand" in hand.content and any(":page:" not in c for c in hand.enabled_ids())


def table_at(bot: UnoBot, channel_id: int) -> Table:
    """The channel's table, which the test expects to exist."""
    table = bot.manager.get(channel_id)
    assert table is not None, f"no table in channel {channel_id}"
    return table
