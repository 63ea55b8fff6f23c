"""Games survive a restart of the bot (close, then a new bot on the same database)."""

from __future__ import annotations

import json
import logging
import random
import sqlite3
import time
from pathlib import Path

import aiosqlite
import pytest

from bot.app.client import UnoBot
from bot.app.settings import Settings
from bot.engine import Action
from bot.game.clock import FakeClock
from bot.storage import SAVED_GAME_FORMAT, SqliteStorage
from bot.ui.delivery.restart import CLOSED, RESTORED
from tests.conftest import make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild, RestCall
from tests.ui.game_helpers import Playing, position, start_game
from tests.ui.match_play import play_on, play_to_the_end


async def edit_saved_state(settings: Settings, channel_id: int, **changes: object) -> None:
    """Change a saved table while the bot is down."""
    async with SqliteStorage.open(settings.database_path) as db:
        games, _ = await db.load_games()
        (saved,) = [g for g in games if g.channel_id == channel_id]
        await db.save_game(channel_id, saved.guild_id, saved.state | changes,
                           version=saved.version)


def posted(fake: FakeDiscord, channel_id: int, content: str) -> list[int]:
    return [m.id for m in fake.messages.values()
            if m.channel_id == channel_id and m.content == content]


def saved_row(path: Path, channel_id: int) -> dict[str, object]:
    with sqlite3.connect(path) as connection:
        (state,) = connection.execute(
            "SELECT state FROM saved_games WHERE channel_id = ?", (channel_id,)).fetchone()
    return dict(json.loads(state))


async def test_every_change_is_saved_before_the_click_is_answered(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    a, b = session.game.players
    await session.set_position(position(  # a known deal: no wild start card to colour first
        "classic", [a, b], hands={a: ["r1", "r2", "r3", "r4", "g5"], b: ["r6", "r7", "r8", "y9"]},
        discard=["r0"], draw=["g1", "g2", "g3", "g4", "g6", "g7"], current=a))
    path = bot.settings.database_path
    seen_at_answer: list[dict[str, object]] = []

    def answer_arrives(call: RestCall) -> bool:
        """Runs as the callback reaches the fake, before the bot hears back."""
        if call.method != "POST" or not call.path.startswith("/interactions/"):
            return False
        seen_at_answer.append(saved_row(path, guild.channel_id))
        return True

    for _ in range(6):
        player = session.game.waiting_for()[0]
        member = session.member(player)
        hand = await session.open_hand(member)
        before = session.table.version
        simple = [a for a in session.game.legal_actions(player)  # no question follows
                  if a.do in ("play", "draw", "keep", "accept", "play_drawn")
                  and a.color is None and a.target is None]
        if not simple:
            break
        action = simple[0]
        wanted = f":a:{action.do}:{action.card or ''}"  # then ":" or "!" (an exact card)
        custom_id = next(c for c in hand.enabled_ids()
                         if any(wanted + end in c for end in (":", "!:")))
        answered = fake_discord.expect_call(answer_arrives)
        await member.click(hand, custom_id)
        await answered
        table = session.table
        assert table.game is not None
        saved = seen_at_answer[-1]
        assert saved["version"] == table.version != before
        assert saved["game"] == table.game.to_dict()
        assert saved["turn_deadline"] == table.turn_deadline
        await session.settle()
        if table.game.round_over or table.game.choosing_start_color:
            break
    assert len(seen_at_answer) >= 2
    assert saved_row(path, guild.channel_id)["table_message_id"] == \
        session.table_message().id


async def test_a_game_goes_on_after_a_restart_and_is_recorded_once(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3, target=60)
    rng = random.Random(3)
    await play_on(session, rng, 6)
    before = session.table
    assert before.game is not None
    engine_state, tally = before.game.to_dict(), before.tally.to_dict()
    old_table_message = session.table_message()
    await bot.close()

    async with running_bot(make_settings(fake_discord, tmp_path), clock,
                           fake_discord) as restarted:
        assert restarted.restore_queue is not None
        await restarted.restore_queue.shown(1)
        await restarted.board.idle()
        table = restarted.manager.get(guild.channel_id)
        assert table is not None and table.game is not None
        assert table.game.to_dict() == engine_state and table.tally.to_dict() == tally
        assert [p.id for p in table.players] == [m.id for m in session.members]
        resumed = Playing(restarted, fake_discord, guild, clock, session.members)
        assert resumed.table_message().id == old_table_message.id == table.table_message_id
        assert old_table_message.content.startswith(f"{RESTORED}\n")  # edited in place

        await play_to_the_end(resumed, rng)

        assert await restarted.db.load_games() == ([], [])
        (match,) = await restarted.db.history(guild.id)
        assert match.match_id == table.match_id and match.winner_id is not None
        assert [p.user_id for p in match.players] == [m.id for m in session.members]
        winner = next(p for p in match.players if p.won)
        assert winner.points >= 60
    async with running_bot(make_settings(fake_discord, tmp_path), clock, fake_discord) as again:
        assert len(await again.db.history(guild.id)) == 1


async def test_a_turn_timer_that_ran_out_during_the_restart_fires_at_once(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    waited = session.game.waiting_for()
    await bot.close()
    settings = make_settings(fake_discord, tmp_path)
    await edit_saved_state(settings, guild.channel_id, turn_deadline=time.time() - 5)

    async with running_bot(settings, clock, fake_discord) as restarted:
        table = restarted.manager.get(guild.channel_id)
        assert table is not None and table.game is not None and table.game.timeouts == {}
        await clock.advance(0)
        assert set(table.game.timeouts) == set(waited)
        assert table.turn_deadline is not None and table.turn_deadline > time.time()


async def test_the_next_round_timer_resumes_from_its_saved_deadline(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    ana, ben = (str(m.id) for m in session.members)
    game = position("classic", [ana, ben], hands={ana: ["r3"], ben: ["wild"]},
                    discard=["r5"], draw=["g7", "g8", "g9"] * 10, current=ana, color="r")
    game.apply(Action(ana, "play", card="r3"))
    await session.set_position(game)
    assert session.game.round_over and not session.game.match_over
    await bot.close()
    settings = make_settings(fake_discord, tmp_path)

    async with running_bot(settings, clock, fake_discord) as restarted:
        table = restarted.manager.get(guild.channel_id)
        assert table is not None and table.game is not None
        await clock.advance(29)
        assert table.game.round_over  # the 30 seconds go on from before the restart
        await restarted.close()
    await edit_saved_state(settings, guild.channel_id, turn_deadline=time.time() - 1)
    async with running_bot(settings, clock, fake_discord) as restarted:
        table = restarted.manager.get(guild.channel_id)
        assert table is not None and table.game is not None
        await clock.advance(0)
        assert table.game.round_number == 2 and not table.game.round_over


BAD_ROWS = ["json", "engine", "ruleset", "format"]


@pytest.mark.parametrize("kind", BAD_ROWS)
async def test_a_game_that_cannot_be_restored_is_closed_and_the_others_go_on(
    kind: str, bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock,
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    good, broken = guild.channel_ids
    session = await start_game(guild, bot, fake_discord, clock, 2)
    await bot.close()
    settings = make_settings(fake_discord, tmp_path)
    async with SqliteStorage.open(settings.database_path) as db:
        (saved,), _ = await db.load_games()
        state = saved.state | {"channel_id": broken}
        if kind == "engine":
            state["game"] = state["game"] | {"hands": {"1": []}}
        elif kind == "ruleset":
            state["ruleset"] = "a-ruleset-from-a-newer-bot"
        await db.save_game(broken, guild.id, state,
                           format_version=SAVED_GAME_FORMAT + (kind == "format"))
    if kind == "json":
        async with aiosqlite.connect(settings.database_path) as vandal:
            await vandal.execute("UPDATE saved_games SET state = ? WHERE channel_id = ?",
                                 (json.dumps(state)[:200], broken))
            await vandal.commit()

    with caplog.at_level(logging.INFO):
        async with running_bot(settings, clock, fake_discord) as restarted:
            assert restarted.manager.get(broken) is None
            assert len(posted(fake_discord, broken, CLOSED)) == 1
            assert [g.channel_id for g in (await restarted.db.load_games())[0]] == [good]
            resumed = Playing(restarted, fake_discord, guild, clock, session.members)
            await restarted.board.idle()
            hand = await resumed.open_hand(session.members[0])
            assert "Your hand" in hand.content
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any(f"channel {broken} (guild {guild.id})" in w for w in warnings), warnings
