"""A move that cannot be saved changes nothing and is shown nowhere: the real database
file is full (SQLite's ``PRAGMA max_page_count``, a real SQLITE_FULL without mounting
anything), or a second connection's ``BEGIN EXCLUSIVE`` holds it past the bot's busy
timeout."""

from __future__ import annotations

import logging
import sqlite3

import pytest

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.game.errors import DatabaseDamaged, NotSaved
from bot.storage import SqliteStorage
from tests.conftest import ErrorRecords
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.storage.damage import DamagedPage
from tests.ui.game_helpers import card_button, control, position, start_game

FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]


async def test_a_play_while_another_process_holds_the_database_changes_nothing(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock,
) -> None:
    """With the default busy timeout, within Discord's 3 seconds (the fake fails a later
    answer as a violation)."""
    session = await start_game(guild, bot, fake_discord, clock, 2)
    a, b = session.game.players
    await session.set_position(position(
        "classic", [a, b], hands={a: ["r3", "y7", "b5"], b: ["b1", "y2"]},
        discard=["r9"], draw=FILL, current=a))
    ana = session.member(a)
    hand = await session.open_hand(ana)
    before = session.game.to_dict()
    table_text = session.table_message().text
    edits_before = len(fake_discord.calls_to("PATCH", f"/channels/{guild.channel_id}/"))
    holder = sqlite3.connect(bot.settings.database_path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        answer = await session.click(ana, hand, card_button(hand, "play", "r3"))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    await session.settle()
    assert answer.ephemeral and answer.said == NotSaved().message
    assert session.game.to_dict() == before and "r3" in session.game.hands[a]
    assert session.table_message().text == table_text  # the channel never saw the play
    assert len(fake_discord.calls_to("PATCH", f"/channels/{guild.channel_id}/")) == edits_before
    hand = await session.open_hand(ana)  # with the database free, the same play works
    await session.click(ana, hand, card_button(hand, "play", "r3"))
    assert "r3" not in session.game.hands[a]


def sqlite(bot: UnoBot) -> SqliteStorage:
    assert isinstance(bot.db, SqliteStorage)
    return bot.db


async def fill_the_disk(bot: UnoBot, channel_id: int, guild_id: int) -> None:
    """Cap the file at its size and fill what room is left with rows that sort right
    after the game's own: the next save that makes the game's row grow (a move adds to
    the table's log) needs a new page, and SQLite answers SQLITE_FULL."""
    async with sqlite(bot)._writing() as connection:  # the writer: the limit is per connection
        ((pages,),) = await connection.fetch("PRAGMA page_count")
        await connection.fetch(f"PRAGMA max_page_count = {pages}")
        ballast = channel_id
        try:
            while True:
                ballast += 1
                await connection.fetch(
                    "INSERT INTO saved_games (channel_id, guild_id, format_version, state,"
                    " updated_at) VALUES (?, ?, 1, '{}', 0)", (ballast, guild_id))
        except sqlite3.OperationalError as error:
            assert "full" in str(error)


async def make_room(bot: UnoBot, channel_id: int) -> None:
    async with sqlite(bot)._writing() as connection:
        await connection.fetch("PRAGMA max_page_count = 1073741823")
        await connection.fetch(
            "DELETE FROM saved_games WHERE channel_id > ? AND state = '{}'", (channel_id,))


async def test_a_draw_on_a_full_disk_changes_nothing_and_says_so(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    a, b = session.game.players
    await session.set_position(position(
        "classic", [a, b], hands={a: ["r3", "y7", "b5"], b: ["b1", "y2"]},
        discard=["g9"], draw=FILL, current=a))
    ana = session.member(a)
    hand = await session.open_hand(ana)
    before = (session.game.to_dict(), session.table.version)
    table_text = session.table_message().text
    edits = len(fake_discord.calls_to("PATCH", f"/channels/{guild.channel_id}/"))
    await fill_the_disk(bot, guild.channel_id, guild.id)
    with caplog.at_level(logging.WARNING, logger="bot.game.registry"):
        answer = await session.click(ana, hand, control(hand, "Draw"))
        await session.settle()
    assert answer.ephemeral and answer.said == NotSaved().message
    assert (session.game.to_dict(), session.table.version) == before
    assert session.table_message().text == table_text  # the channel never saw the draw
    assert len(fake_discord.calls_to("PATCH", f"/channels/{guild.channel_id}/")) == edits
    warned = [r for r in caplog.records if r.name == "bot.game.registry"]
    assert [r.levelno for r in warned] == [logging.WARNING]
    assert "full" in warned[0].getMessage()

    await make_room(bot, guild.channel_id)  # with room again, the same draw goes through
    hand = await session.open_hand(ana)
    await session.click(ana, hand, control(hand, "Draw"))
    assert len(session.game.hands[a]) == 4


async def test_a_damaged_database_refuses_moves_in_words_until_it_is_mended(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock,
    error_log: ErrorRecords,
) -> None:
    """Not mistaken for another process's save: the game stays, as it was, its table
    unchanged, and the operator is told once, at ERROR, to restore a backup."""
    session = await start_game(guild, bot, fake_discord, clock, 2)
    a, b = session.game.players
    await session.set_position(position(
        "classic", [a, b], hands={a: ["r3", "y7", "b5"], b: ["b1", "y2"]},
        discard=["r9"], draw=FILL, current=a))
    ana = session.member(a)
    hand = await session.open_hand(ana)
    before = (session.game.to_dict(), session.table.version)
    table_text = session.table_message().text
    edits = len(fake_discord.calls_to("PATCH", f"/channels/{guild.channel_id}/"))
    page = DamagedPage(sqlite(bot), "saved_games")
    await page.damage()
    for move in (lambda m: card_button(m, "play", "r3"), lambda m: control(m, "Draw")):
        hand = await session.open_hand(ana)  # every move, the same answer
        answer = await session.click(ana, hand, move(hand))
        await session.settle()
        assert answer.ephemeral and answer.said == DatabaseDamaged().message
        assert (session.game.to_dict(), session.table.version) == before  # still there
    assert session.table_message().text == table_text  # the channel never saw a move
    assert len(fake_discord.calls_to("PATCH", f"/channels/{guild.channel_id}/")) == edits
    (record,) = error_log.records  # once, not per move
    assert record.name == "bot.game.registry" and "restore the last backup" in record.getMessage()
    error_log.records.clear()  # expected here; any other ERROR still fails the test

    page.mend()  # the same play goes through once the file is sound again
    hand = await session.open_hand(ana)
    await session.click(ana, hand, card_button(hand, "play", "r3"))
    assert "r3" not in session.game.hands[a]
