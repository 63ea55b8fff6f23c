"""A whole match from /uno new to the winner, every move a click on an enabled button."""

from __future__ import annotations

import random

import pytest

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from tests.fakediscord import FakeDiscord, FakeGuild, StoredMessage
from tests.ui.game_helpers import play_any_legal_move, start_game, table_button

RULESETS = ["classic", "bff", "swap", "blank", "seven-o", "serious", "customizable"]


@pytest.mark.parametrize("ruleset", RULESETS)
async def test_a_whole_match_by_clicks(
    ruleset: str, bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3, ruleset=ruleset, target=100)
    table_message = session.table_message()
    rng = random.Random(ruleset)
    hands: dict[str, StoredMessage] = {}
    rounds = 0
    for _ in range(3000):
        table = bot.manager.get(guild.channel_id)
        if table is None:
            break
        assert table.game is not None
        if table.game.round_over:
            rounds += 1
            rounds_posted = [m for m in fake_discord.messages.values()
                             if m.content.startswith(f"**Round {table.game.round_number}:")]
            assert len(rounds_posted) == 1 and "Match:" in rounds_posted[0].content
            host = session.members[0] if str(session.members[0].id) in table.game.hands \
                else session.member(table.game.players[0])
            if str(host.id) == str(table.host.id):
                await session.click(host, rounds_posted[0], table_button(rounds_posted[0], "next"))
            else:
                await clock.advance(30)
            await session.settle()
            continue
        await play_any_legal_move(session, hands, rng)
    else:
        raise AssertionError("the match did not end")
    round_messages = [m for m in fake_discord.messages.values() if m.content.startswith("**Round")]
    assert len(round_messages) == 1  # the last round's message ends the match; each
    # earlier one went once the next round was dealt
    winner = [m for m in fake_discord.messages.values() if "wins the match" in m.content]
    assert winner, "the match winner was never announced"
    final = session.table_message()
    assert final.id == table_message.id or table_message.id not in fake_discord.messages
    assert "wins the match" in final.content
    assert final.custom_ids() and final.enabled_ids() == []  # every button disabled
    assert bot.board.channels == {} and bot.board.hands.sessions == {}  # nothing kept for it
    assert await bot.db.load_games() == ([], [])
