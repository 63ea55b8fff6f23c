"""A match played to its end by clicks shows up in /uno history and /uno stats."""

from __future__ import annotations

import random

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import control, start_game
from tests.ui.match_play import play_to_the_end


async def test_a_finished_match_is_in_the_history_and_the_stats(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2, target=30)
    await play_to_the_end(session, random.Random(5))
    (match,) = await bot.db.history(guild.id)
    winner = next(m for m in session.members if m.id == match.winner_id)
    loser = next(m for m in session.members if m is not winner)

    history = await loser.slash("uno history")
    assert history.text.count("winner") == 1 and f"winner {winner.mention}" in history.text
    won = await winner.slash("uno stats")
    assert "Matches: 1 · wins: 1 (100%)" in won.text
    lost = await loser.slash("uno stats")
    assert "Matches: 1 · wins: 0 (0%)" in lost.text


async def test_a_win_by_forfeit_is_recorded_and_an_ended_game_is_not(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock
) -> None:
    ana, ben = guild.members[:2]
    session = await start_game(guild, bot, fake_discord, clock, 2)
    asked = await ben.slash("uno leave")  # the last two: leaving ends the match, once confirmed
    assert asked.response is not None
    await ben.click(asked.response, control(asked.response, "Leave and end the match"))
    await session.settle()
    (match,) = await bot.db.history(guild.id)
    assert match.winner_id == ana.id and [p.user_id for p in match.players] == [ana.id, ben.id]

    again = await start_game(guild, bot, fake_discord, clock, 2)
    await ana.slash("uno end")
    await again.settle()  # the end shown on the table: its saved row has gone
    assert len(await bot.db.history(guild.id)) == 1
    assert await bot.db.load_games() == ([], [])
