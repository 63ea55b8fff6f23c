"""After a restart each saved table is shown once, by an edit of its own table message
with its picture: posted afresh only where that message is gone or near its hour, a
match that ended just before the crash announced, and many tables paced."""

from __future__ import annotations

import logging
import time
from datetime import timedelta
from pathlib import Path

import discord
import pytest

from bot.app.client import UnoBot
from bot.engine import Action
from bot.game.clock import FakeClock
from bot.game.saving import TableStore, table_from_dict
from bot.game.table import CloseReason, Table, TableStatus
from bot.storage import SqliteStorage
from bot.ui.delivery.pictures import TABLE_FILE
from bot.ui.delivery.restart import BATCH, PAUSE, RESTORED
from tests.conftest import MEMBER_NAMES, make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild, RestCall, StoredMessage, add_guild
from tests.ui.game_helpers import Playing, position, start_game
from tests.ui.test_game_restart import edit_saved_state

CHANNELS = BATCH * 2 + 2


async def game_with_a_picture(guild: FakeGuild, bot: UnoBot, fake: FakeDiscord,
                              clock: FakeClock) -> Playing:
    """A started game whose top card has its colour, so its table has a picture (a wild
    start card still waiting for its colour has none): a known deal, not a random one."""
    session = await start_game(guild, bot, fake, clock, 2)
    a, b = session.game.players
    await session.set_position(position(
        "classic", [a, b], hands={a: ["r1", "r2", "g5"], b: ["r6", "y9"]},
        discard=["r0"], draw=["g1", "g2", "g3", "g4"], current=a))
    return session


@pytest.fixture
def guild(fake_discord: FakeDiscord) -> FakeGuild:
    """Enough channels for more than two batches of restored games."""
    return add_guild(fake_discord, MEMBER_NAMES, channels=CHANNELS, moderators=1)


def channel_calls(fake: FakeDiscord, since: int, channel_id: int) -> list[RestCall]:
    """The REST calls on the channel's messages from ``since`` on (posts and edits)."""
    return [c for c in fake.calls[since:] if c.path.startswith(f"/channels/{channel_id}/")]


def posts(calls: list[RestCall]) -> list[RestCall]:
    return [c for c in calls if c.method == "POST"]


async def shown(bot: UnoBot, count: int = 1) -> None:
    assert bot.restore_queue is not None
    await bot.restore_queue.shown(count)
    await bot.board.idle()


async def test_a_restart_edits_the_table_message_in_place_with_its_picture(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    session = await game_with_a_picture(guild, bot, fake_discord, clock)
    table_message = session.table_message()
    await bot.close()
    since = len(fake_discord.calls)

    with caplog.at_level(logging.INFO, logger="bot.ui.delivery.pictures"):
        settings = make_settings(fake_discord, tmp_path)
        async with running_bot(settings, clock, fake_discord) as restarted:
            await shown(restarted)
            (edit,) = channel_calls(fake_discord, since, guild.channel_id)
            assert (edit.method, edit.path) == (
                "PATCH", f"/channels/{guild.channel_id}/messages/{table_message.id}")
            assert [f.filename for f in edit.files] == [TABLE_FILE]
            assert table_message.content.startswith(f"{RESTORED}\n")
            assert "it is your turn" in table_message.content
            assert table_message.attachment(TABLE_FILE).size > 0
            assert table_message.embeds[0]["image"]["url"].endswith(f"/{TABLE_FILE}")
            resumed = Playing(restarted, fake_discord, guild, clock, session.members)
            hand = await resumed.open_hand(session.members[0])
            assert "Your hand" in hand.content
    assert not [r for r in caplog.records if "text only" in r.getMessage()]


async def test_a_table_message_that_is_gone_is_posted_afresh_once(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path
) -> None:
    session = await game_with_a_picture(guild, bot, fake_discord, clock)
    gone = session.table_message()
    await bot.close()
    del fake_discord.messages[gone.id]  # deleted by a moderator while the bot was down
    since = len(fake_discord.calls)

    settings = make_settings(fake_discord, tmp_path)
    async with running_bot(settings, clock, fake_discord) as restarted:
        await shown(restarted)
        calls = channel_calls(fake_discord, since, guild.channel_id)
        assert [c.method for c in calls] == ["PATCH", "POST"]  # 10008, then afresh
        assert [f.filename for f in calls[1].files] == [TABLE_FILE]
        resumed = Playing(restarted, fake_discord, guild, clock, session.members)
        table_message = resumed.table_message()
        assert table_message.content.startswith(f"{RESTORED}\n")
        assert resumed.table.table_message_id == table_message.id != gone.id
        saved, _ = await restarted.db.load_games()
        assert saved[0].state["table_message_id"] == table_message.id


async def test_a_table_message_near_its_hour_is_posted_afresh_once(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path
) -> None:
    session = await game_with_a_picture(guild, bot, fake_discord, clock)
    old = session.table_message()
    await bot.close()
    # The same message, as if it had been posted 55 minutes ago (its id tells its age).
    aged = discord.utils.time_snowflake(discord.utils.utcnow() - timedelta(minutes=55))
    del fake_discord.messages[old.id]
    old.payload["id"] = str(aged)
    fake_discord.messages[aged] = old
    settings = make_settings(fake_discord, tmp_path)
    await edit_saved_state(settings, guild.channel_id, table_message_id=aged)
    since = len(fake_discord.calls)

    async with running_bot(settings, clock, fake_discord) as restarted:
        await shown(restarted)
        calls = channel_calls(fake_discord, since, guild.channel_id)
        (post,) = posts(calls)
        assert [f.filename for f in post.files] == [TABLE_FILE]
        resumed = Playing(restarted, fake_discord, guild, clock, session.members)
        table_message = resumed.table_message()
        assert table_message.id != aged and table_message.content.startswith(RESTORED)
        assert resumed.table.table_message_id == table_message.id
        assert aged not in fake_discord.messages  # deleted once the new one was out


async def saved_over(db: SqliteStorage, table: Table) -> None:
    """Save ``table`` over the row the bot saved, as the bot does (compare-and-set on
    the version it loaded)."""
    store = TableStore(db)
    await store.load()
    await store.save(table)


async def test_a_match_that_ended_just_before_the_crash_is_announced_and_recorded_once(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2, target=60)
    ana, ben = (str(m.id) for m in session.members)
    await session.set_position(position(
        "classic", [ana, ben], options={"target": 60}, hands={ana: ["r3"], ben: ["wild", "wild"]},
        discard=["r5"], draw=["g7", "g8", "g9"] * 10, current=ana, color="r"))
    table_message = session.table_message()
    assert f"<@{ana}>, it is your turn." in table_message.content
    await bot.close()
    settings = make_settings(fake_discord, tmp_path)
    async with SqliteStorage.open(settings.database_path) as db:  # the last card, saved as
        (saved,), _ = await db.load_games()                  # the bot saves it, then killed
        table = table_from_dict(saved.state)
        assert table.game is not None
        table.tally.observe(table.game.apply(Action(ana, "play", card="r3")))
        assert table.game.match_over
        table.status, table.close_reason = TableStatus.ENDED, CloseReason.FINISHED
        table.version, table.ended_at, table.turn_deadline = table.version + 1, time.time(), None
        await saved_over(db, table)
    since = len(fake_discord.calls)

    async with running_bot(settings, clock, fake_discord) as restarted:
        await shown(restarted)
        assert restarted.manager.get(guild.channel_id) is None
        (edit,) = channel_calls(fake_discord, since, guild.channel_id)
        assert edit.method == "PATCH" and str(table_message.id) in edit.path
        assert "wins the match!" in table_message.content
        assert "**Match:**" in table_message.content and "100" in table_message.content
        assert "it is your turn" not in table_message.content
        assert table_message.custom_ids() and table_message.enabled_ids() == []
        assert await restarted.db.load_games() == ([], [])
        (match,) = await restarted.db.history(guild.id)
        assert match.winner_id == int(ana)
    since = len(fake_discord.calls)
    async with running_bot(settings, clock, fake_discord) as again:
        await shown(again, 0)
        assert len(await again.db.history(guild.id)) == 1
        assert channel_calls(fake_discord, since, guild.channel_id) == []


async def test_many_restored_games_are_shown_a_batch_at_a_time_on_the_bots_clock(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path
) -> None:
    await game_with_a_picture(guild, bot, fake_discord, clock)
    await bot.close()
    settings = make_settings(fake_discord, tmp_path)
    async with SqliteStorage.open(settings.database_path) as db:  # the same game in every channel
        (saved,), _ = await db.load_games()
        for channel_id in guild.channel_ids[1:]:
            await db.save_game(channel_id, guild.id, saved.state | {
                "channel_id": channel_id, "table_message_id": None}, version=saved.version)
    since = len(fake_discord.calls)

    def shown_so_far() -> int:
        return sum(1 for c in fake_discord.calls[since:]
                   if c.path.startswith("/channels/") and c.method in ("POST", "PATCH"))

    async with running_bot(settings, clock, fake_discord) as restarted:
        queue = restarted.restore_queue
        assert queue is not None
        for done in (BATCH, 2 * BATCH):
            await shown(restarted, done)
            assert shown_so_far() == done  # the rest wait for the pause
            await clock.advance(PAUSE)
        await shown(restarted, CHANNELS)
        assert shown_so_far() == CHANNELS
        assert queue.waiting == []
        for channel_id in guild.channel_ids:
            table = restarted.manager.get(channel_id)
            assert table is not None and table.table_message_id is not None
            assert fake_discord.message(table.table_message_id).attachment(TABLE_FILE)



async def test_a_round_result_saved_before_the_crash_is_shown_with_its_next_round_button(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    ana, ben = (str(m.id) for m in session.members)
    await session.set_position(position(
        "classic", [ana, ben], hands={ana: ["r3"], ben: ["wild"]},
        discard=["r5"], draw=["g7", "g8", "g9"] * 10, current=ana, color="r"))
    await bot.close()
    settings = make_settings(fake_discord, tmp_path)
    async with SqliteStorage.open(settings.database_path) as db:  # the round's last card, saved
        (saved,), _ = await db.load_games()
        table = table_from_dict(saved.state)
        assert table.game is not None
        table.tally.observe(table.game.apply(Action(ana, "play", card="r3")))
        assert table.game.round_over and not table.game.match_over
        table.version += 1
        await saved_over(db, table)

    async with running_bot(settings, clock, fake_discord) as restarted:
        await shown(restarted)
        resumed = Playing(restarted, fake_discord, guild, clock, session.members)
        table_message = resumed.table_message()
        assert table_message.content.startswith(RESTORED)
        assert "**Round 1: player1 wins**" in table_message.content
        next_round = next(c for c in table_message.enabled_ids() if c.endswith(":next"))
        await resumed.click(session.members[0], table_message, next_round)
        await resumed.settle()
        assert resumed.game.round_number == 2 and not resumed.game.round_over
        assert not [c for c in resumed.table_message().custom_ids() if c.endswith(":next")]


async def test_a_click_on_a_table_not_shown_yet_shows_it_at_once_and_the_queue_passes_it(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path
) -> None:
    """The last table of the queue is clicked while the first batch waits for its pause:
    it is shown at once, for one bot-token call (posted through the click's token, its
    old message deleted; or, the click deferred while its hand's picture is drawn, its
    old message edited), and the queue passes over it."""
    last = guild.channel_ids[-1]
    host, guest = guild.members[:2]
    lobby = (await host.slash("uno new", last, turn_seconds=600)).response  # no timer plays
    assert lobby is not None
    await guest.click(lobby, lobby.custom_id("uno:lobby:join:"))
    await host.click(lobby, lobby.custom_id("uno:lobby:start:"))
    await bot.board.idle()
    await bot.close()
    settings = make_settings(fake_discord, tmp_path)
    async with SqliteStorage.open(settings.database_path) as db:  # the same game elsewhere
        (saved,), _ = await db.load_games()
        for channel_id in guild.channel_ids[:-1]:
            await db.save_game(channel_id, guild.id, saved.state | {
                "channel_id": channel_id, "table_message_id": None}, version=saved.version)
    (old,) = table_messages(fake_discord, last)
    since = len(fake_discord.calls)

    async with running_bot(settings, clock, fake_discord) as restarted:
        queue = restarted.restore_queue
        assert queue is not None
        await shown(restarted, BATCH)
        assert [t.channel_id for t in queue.waiting][-1] == last  # not reached yet
        hand = next(c for c in old.custom_ids() if c.endswith(":hand"))
        clicked = await host.click(old, hand)
        await restarted.board.idle()
        (table,) = table_messages(fake_discord, last)
        restored = restarted.manager.shown(last)
        assert restored is not None and restarted.board.shown_since_restart(restored)
        assert not table.content.startswith(RESTORED) and table.enabled_ids()
        (call,) = channel_calls(fake_discord, since, last)
        if table.owner is clicked:  # posted through the click's token
            assert old.id not in fake_discord.messages and call.method == "DELETE"
        else:
            assert table.id == old.id and call.method == "PATCH"
        for done in (2 * BATCH, CHANNELS):
            await clock.advance(PAUSE)
            await shown(restarted, done)
        assert queue.waiting == []
        assert channel_calls(fake_discord, since, last) == [call]  # passed over
        assert restored.table_message_id == table.id
    assert fake_discord.violations == []


def table_messages(fake: FakeDiscord, channel_id: int) -> list[StoredMessage]:
    return [m for m in fake.channel_messages(channel_id)
            if not m.ephemeral and any(c.endswith(":hand") for c in m.custom_ids())]
