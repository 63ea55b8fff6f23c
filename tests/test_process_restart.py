"""``python -m bot`` killed with SIGKILL mid-game, twice, and started again: the game goes
on to the end of the match with every card and point, and the match is recorded once.
And killed after saving a match's last card but before anyone was shown it: the restart
announces the end.

The fake Discord runs in this process; the bot runs as a real process connected over
loopback, on the real clock. Its turn timer is 600 s, so no timer fires during the test;
every wait is for an event (an interaction answered, a REST call handled, a gateway
session opened or closed), never a sleep.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.engine.cards import build_deck
from bot.game.saving import table_from_dict, table_to_dict
from bot.game.table import Table, TableStatus
from bot.ui.delivery.restart import RESTORED
from bot.ui.messages.custom_ids import game_id
from tests.botprocess import BotProcess, logged_errors
from tests.fakediscord import FakeDiscord, FakeGuild, FakeMember, StoredMessage, answered
from tests.fakediscord.wire import RouteKind
from tests.ui.game_helpers import card_button, move_in_hand, position

pytestmark = pytest.mark.real_clock

TARGET = 100


@pytest.fixture
async def bot_process(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    log_path = tmp_path / "bot.log"
    with log_path.open("wb") as log:
        runner = BotProcess(fake_discord, tmp_path, log)
        try:
            yield runner
        finally:
            await runner.stop()
    errors = logged_errors(log_path)
    assert not errors, "the bot process logged errors:\n" + "\n".join(errors)


@dataclass
class RemoteGame:
    """The game as the test sees it from outside: the saved row and the fake's messages."""

    fake: FakeDiscord
    guild: FakeGuild
    members: list[FakeMember]
    database_path: Path

    @property
    def channel_id(self) -> int:
        return self.guild.channel_id

    def matches(self) -> list[tuple[str, int]]:
        """The recorded matches: (match id, winner id)."""
        with sqlite3.connect(self.database_path) as connection:
            return connection.execute("SELECT match_id, winner_id FROM matches").fetchall()

    def rewrite(self, table: Table) -> None:
        """Save ``table`` as the bot would (the bot is stopped meanwhile)."""
        with sqlite3.connect(self.database_path) as connection:
            connection.execute("UPDATE saved_games SET state = ? WHERE channel_id = ?",
                               (json.dumps(table_to_dict(table)), self.channel_id))

    def saved(self) -> Table | None:
        """The table as saved now (None once the match's end is shown and its row deleted)."""
        with sqlite3.connect(self.database_path) as connection:
            row = connection.execute("SELECT state FROM saved_games WHERE channel_id = ?",
                                     (self.channel_id,)).fetchone()
        return table_from_dict(json.loads(row[0])) if row else None

    def playing(self) -> Table:
        table = self.saved()
        assert table is not None and table.game is not None
        assert table.game.card_count() == len(build_deck(table.ruleset)), "a card went missing"
        return table

    def member(self, player: str) -> FakeMember:
        return next(m for m in self.members if str(m.id) == player)

    def table_message(self) -> StoredMessage | None:
        found = [m for m in self.fake.messages.values()
                 if m.channel_id == self.channel_id and not m.ephemeral
                 and any(c.endswith(":hand") for c in m.enabled_ids())]
        return found[-1] if found else None

    def restarts_shown(self) -> int | None:
        """How many times a restart showed the table (an edit or post with the note that
        the game goes on); None before the first."""
        count = sum(1 for c in self.fake.calls
                    if c.path.startswith(f"/channels/{self.channel_id}/messages")
                    and isinstance(c.json, dict)
                    and str(c.json.get("content") or "").startswith(RESTORED))
        return count or None

    async def step(self, rng: random.Random) -> bool:
        """One move by a player the game waits for, or Next round by the host; False
        once the match is over. A click that meets a state moved on (the board refreshed
        the hand meanwhile) is answered as stale and changes nothing: the next step
        reads the saved game again."""
        table = self.saved()
        if table is None or table.status is TableStatus.ENDED:
            return False
        game = table.game
        assert game is not None
        if game.round_over:
            next_round = game_id(self.channel_id, table.version, "next")

            def button_or_dealt() -> StoredMessage | bool | None:
                """The round message, or True if the 30 s timer dealt the round first."""
                message = next((m for m in self.fake.messages.values()
                                if next_round in m.enabled_ids()), None)
                if message is not None:
                    return message
                now = self.saved()
                return True if now is None or now.version != table.version else None

            found = await self.fake.until(button_or_dealt)
            if isinstance(found, StoredMessage):
                await self.member(str(table.host.id)).click(found, next_round)
            return True
        member = self.member(game.waiting_for()[0])
        hand = await self.open_hand(member)
        await move_in_hand(lambda m, msg, c: m.click(msg, c), member, hand, rng)
        return True

    async def open_hand(self, member: FakeMember) -> StoredMessage:
        table_message = await self.fake.until(self.table_message)
        button = next(c for c in table_message.custom_ids() if c.endswith(":hand"))
        answer = await member.click(table_message, button)
        assert answer.response is not None and answer.ephemeral
        return answer.response


async def test_a_killed_bot_process_picks_the_game_up_where_it_was(
    bot_process: BotProcess, fake_discord: FakeDiscord, guild: FakeGuild
) -> None:
    members = guild.members[:3]
    game = RemoteGame(fake_discord, guild, members, bot_process.database_path)
    rng = random.Random(11)
    await bot_process.start()
    lobby = (await members[0].slash("uno new", ruleset="classic", target=TARGET,
                                    turn_seconds=600)).response
    assert lobby is not None
    for member in members[1:]:
        await member.click(lobby, lobby.custom_id("uno:lobby:join:"))
    await members[0].click(lobby, lobby.custom_id("uno:lobby:start:"))
    for _ in range(4):
        await game.step(rng)

    # 1. Killed right after a move was answered: the answer came after the save.
    await game.step(rng)
    answered_state = game.playing()
    await bot_process.kill()
    await bot_process.start()
    assert await fake_discord.until(game.restarts_shown) == 1
    restored = game.playing()
    assert restored.game is not None and answered_state.game is not None
    assert restored.game.to_dict() == answered_state.game.to_dict()
    assert (restored.version, restored.tally, restored.players) == (
        answered_state.version, answered_state.tally, answered_state.players)

    # 2. Killed mid-round later, with a click on its way: the saved game is the one
    # before that click or the one after it, never anything in between.
    for _ in range(4):
        await game.step(rng)
    before = game.playing()
    while before.game is None or before.game.round_over:
        await game.step(rng)
        before = game.playing()
    member = game.member(before.game.waiting_for()[0])
    hand = await game.open_hand(member)
    pick = next(c for c in hand.enabled_ids() if ":page:" not in c)
    in_flight = await member.click(hand, pick, wait=False)
    await bot_process.kill()
    await bot_process.start()
    assert await fake_discord.until(lambda: (game.restarts_shown() or 0) > 1 or None)
    assert game.restarts_shown() == 2
    after = game.playing()  # every card still there
    assert after.game is not None and after.players == before.players
    assert after.game.to_dict() == before.game.to_dict() or after.version > before.version

    last_seen = after
    while await game.step(rng):
        last_seen = game.saved() or last_seen
    for interaction in fake_discord.interactions.values():
        if interaction is not in_flight:  # its bot died before it could answer
            await answered(interaction)

    with sqlite3.connect(bot_process.database_path) as connection:
        matches = connection.execute("SELECT match_id, winner_id FROM matches").fetchall()
        points = dict(connection.execute("SELECT user_id, points FROM match_players"))
        games = connection.execute("SELECT user_id, games FROM player_totals").fetchall()
    assert [m[0] for m in matches] == [last_seen.match_id]
    assert sorted(games) == sorted((m.id, 1) for m in members)
    assert last_seen.game is not None
    winner = matches[0][1]
    assert points[winner] >= TARGET
    for member in members:  # standard scoring: only the last round's winner gained
        if member.id != winner:
            assert points[member.id] == last_seen.game.scores[str(member.id)]



async def test_a_bot_killed_after_saving_the_last_card_announces_the_end_after_restart(
    bot_process: BotProcess, fake_discord: FakeDiscord, guild: FakeGuild
) -> None:
    ana, ben = guild.members[:2]
    game = RemoteGame(fake_discord, guild, [ana, ben], bot_process.database_path)
    await bot_process.start()
    lobby = (await ana.slash("uno new", ruleset="classic", target=60, turn_seconds=600)).response
    assert lobby is not None
    await ben.click(lobby, lobby.custom_id("uno:lobby:join:"))
    await ana.click(lobby, lobby.custom_id("uno:lobby:start:"))
    await fake_discord.until(game.table_message)
    await bot_process.stop()
    table = game.playing()  # ana is one card from winning the match
    a, b = str(ana.id), str(ben.id)
    table.game = position("classic", [a, b], options={"target": 60},
                          hands={a: ["r3"], b: ["wild", "wild"]}, discard=["r5"],
                          draw=["g7", "g8", "g9"] * 10, current=a, color="r")
    game.rewrite(table)
    await bot_process.start()
    await fake_discord.until(game.restarts_shown)
    hand = await game.open_hand(ana)

    fake_discord.hold(RouteKind.CALLBACK, RouteKind.WEBHOOK, RouteKind.CHANNEL)
    last_card = await ana.click(hand, card_button(hand, "play", "r3"), wait=False)
    callback = f"/interactions/{last_card.id}/"
    await fake_discord.until(lambda: next(
        (c for c in fake_discord.held if c.path.startswith(callback)), None))
    ended = game.saved()  # saved and recorded before the answer was sent ...
    assert ended is not None and ended.status is TableStatus.ENDED
    assert [m[1] for m in game.matches()] == [ana.id]
    await bot_process.kill()  # ... which, like the table's edit, never arrives
    fake_discord.release()
    shown = game.table_message()
    assert shown is not None and "wins the match!" not in shown.content

    await bot_process.start()
    end = await fake_discord.until(lambda: next(
        (m for m in fake_discord.channel_messages(game.channel_id)
         if "wins the match!" in m.content), None))
    assert end.id == shown.id and end.enabled_ids() == []  # the table message, edited
    await bot_process.stop()
    assert game.saved() is None  # shown, so its row is gone
    assert [m[1] for m in game.matches()] == [ana.id]  # recorded once


async def click_everything(fake: FakeDiscord, members: list[FakeMember]) -> list[str]:
    """Every enabled button and menu on every message the bot has sent so far, clicked
    (a menu: its first choice) by whoever sees it: an ephemeral message's own reader,
    anyone for a channel message. Each click returns once it is answered in full (else
    it fails); returns the custom ids clicked. The messages are clicked as they were
    when this began, as a client that has not refreshed would."""
    by_id = {m.id: m for m in members}
    shown = [m.snapshot() for m in list(fake.messages.values()) if m.enabled_ids()]
    clicked = []
    for message in shown:
        owner = message.owner
        member = by_id[owner.user_id] if message.ephemeral and owner else members[0]
        for custom_id in message.enabled_ids():
            component = message.component(custom_id)
            if component["type"] == 3:
                first = component["options"][0]["value"]
                await member.choose(message, custom_id, [first])
            else:
                await member.click(message, custom_id)
            clicked.append(custom_id)
    return clicked


def missing_kinds(clicked: list[str]) -> list[str]:
    """Which of the table, a hand (a move: a card or Draw, whichever the dealt cards
    offer), a lobby and /uno help the clicks did not take in."""
    kinds = (":hand", ":a:", "uno:lobby:join:", "uno:help:")
    return [kind for kind in kinds if not any(kind in custom_id for custom_id in clicked)]


async def test_every_button_the_bot_ever_sent_is_answered_after_a_stop_and_a_kill(
    bot_process: BotProcess, fake_discord: FakeDiscord, guild: FakeGuild
) -> None:
    ana, ben = members = guild.members[:2]
    game = RemoteGame(fake_discord, guild, members, bot_process.database_path)
    await bot_process.start()
    lobby = (await ana.slash("uno new", ruleset="classic", turn_seconds=600)).response
    assert lobby is not None
    await ben.click(lobby, lobby.custom_id("uno:lobby:join:"))
    await ana.click(lobby, lobby.custom_id("uno:lobby:start:"))
    rng = random.Random(5)
    for _ in range(3):
        await game.step(rng)
    for member in members:
        await game.open_hand(member)
    await ben.slash("uno new", guild.channel_ids[1])  # a lobby waiting in another channel
    help_message = (await ana.slash("uno help")).response
    assert help_message is not None
    commands = next(c for c, label in help_message.labels().items() if label == "Commands")
    await ana.click(help_message, commands)

    await bot_process.stop()  # SIGTERM
    await bot_process.start()
    assert missing_kinds(await click_everything(fake_discord, members)) == []
    shown_now = help_message.text
    await ana.click(help_message, commands)  # the page changes in place
    assert help_message.text != shown_now and "`/uno new" in help_message.text

    for member in members:  # hands as the game stands now (the clicks above moved it on)
        await game.open_hand(member)
    await bot_process.kill()  # SIGKILL
    await bot_process.start()
    assert missing_kinds(await click_everything(fake_discord, members)) == []
    for interaction in fake_discord.interactions.values():
        assert interaction.answered.done() and interaction.completed.done()
