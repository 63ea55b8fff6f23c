"""A move that cannot be saved changes nothing and is shown nowhere: a second
connection's ``BEGIN EXCLUSIVE`` holds the real database file past the bot's busy
timeout (storage turns SQLITE_FULL and I/O errors into the same failure, see
``tests/storage/test_write_failures.py``)."""

from __future__ import annotations

import sqlite3

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.game.errors import NotSaved
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import card_button, position, start_game

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
