"""The real bot on PostgreSQL (``DATABASE_URL=postgresql://...``) against the fake
Discord: a game goes on after a restart with every card, its match is recorded once,
and the leaderboard and stats read it."""

from __future__ import annotations

import random
from pathlib import Path

from bot.game.clock import FakeClock
from bot.storage import PostgresStorage
from tests.conftest import make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import Playing, start_game
from tests.ui.match_play import play_on, play_to_the_end


async def test_a_game_on_postgresql_survives_a_restart_and_is_recorded_once(
    fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, endpoints: None,
    tmp_path: Path, postgres_url: str,
) -> None:
    settings = make_settings(fake_discord, tmp_path, database_url=postgres_url)
    rng = random.Random(5)
    async with running_bot(settings, clock, fake_discord) as bot:
        assert isinstance(bot.db, PostgresStorage)
        session = await start_game(guild, bot, fake_discord, clock, 2, target=60)
        await play_on(session, rng, 5)
        assert session.table.game is not None
        engine_state = session.table.game.to_dict()

    async with running_bot(settings, clock, fake_discord) as restarted:
        assert restarted.restore_queue is not None
        await restarted.restore_queue.shown(1)
        table = restarted.manager.get(guild.channel_id)
        assert table is not None and table.game is not None
        assert table.game.to_dict() == engine_state
        resumed = Playing(restarted, fake_discord, guild, clock, session.members)
        await play_to_the_end(resumed, rng)
        assert await restarted.db.load_games() == ([], [])
        (match,) = await restarted.db.history(guild.id)
        winner = next(p.user_id for p in match.players if p.won)
        board = await restarted.db.leaderboard(guild.id, "wins")
        assert (board.rows[0].user_id, board.rows[0].wins) == (winner, 1)
        assert (await restarted.db.player_stats(guild.id, winner)).games == 1

    async with running_bot(settings, clock, fake_discord) as again:
        assert len(await again.db.history(guild.id)) == 1
