"""What a move costs the bot token (issue 27, point 1): at most 0.1 calls a move over a
whole match, the table and pings going through the players' interaction tokens; the
channel never gets more than Discord's 5 bot-token messages or edits in 5 s, and shows
one table, at most one ping, nothing stale."""

from __future__ import annotations

import random

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from tests.fakediscord import FakeDiscord, FakeGuild, StoredMessage
from tests.fakediscord.ratelimits import CHANNEL_LIMIT
from tests.ui.game_helpers import (
    Playing,
    card_button,
    play_any_legal_move,
    players,
    position,
    start_game,
    table_button,
)
from tests.ui.test_computers_game import BOTS, play_the_match, start_with_computers
from tests.ui.test_game_table import tables
from tests.ui.test_pings import pings

MOST_PER_MOVE = 0.1


def shown(session: Playing) -> tuple[list[StoredMessage], list[StoredMessage]]:
    """The channel's table messages and live pings (the table among them while it rings
    the players it was posted for)."""
    return tables(session), pings(session)


def assert_tidy(session: Playing) -> None:
    table_messages, pings = shown(session)
    assert len(table_messages) == 1 and len(pings) <= 1, (table_messages, pings)


async def test_a_four_player_match_costs_at_most_a_tenth_of_a_call_a_move(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 4, target=300)
    calls, first_version = len(fake_discord.calls), session.table.version
    version = first_version
    rng = random.Random(4)
    hands: dict[str, StoredMessage] = {}
    rounds = 1
    for _ in range(3000):
        table = bot.manager.get(guild.channel_id)
        if table is None:
            break
        version = table.version
        assert table.game is not None
        assert_tidy(session)
        if table.game.round_over:
            (posted,) = [m for m in fake_discord.channel_messages(guild.channel_id)
                         if m.content.startswith(f"**Round {table.game.round_number}:")]
            host = session.member(str(table.host.id))
            await session.click(host, posted, table_button(posted, "next"))
            rounds += 1
            await session.settle()
            continue
        await play_any_legal_move(session, hands, rng)
    else:
        raise AssertionError("the match did not end")
    await session.settle()
    moves = version + 1 - first_version  # the last change ended the match
    spent = fake_discord.bot_token_calls(calls)
    assert rounds > 1 and spent / moves <= MOST_PER_MOVE, (spent, moves, rounds)
    (final,) = tables(session)
    assert "wins the match" in final.content and final.enabled_ids() == []
    assert shown(session)[1] == []  # the last ping went with the match's end
    assert fake_discord.channel_limits.busiest(guild.channel_id) <= CHANNEL_LIMIT
    assert fake_discord.violations == []


async def test_a_match_with_computer_players_costs_at_most_a_tenth_of_a_call_a_move(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """The computer players' moves edit the table through the token of the person's
    last click, which they follow within seconds."""
    session = await start_with_computers(guild, bot, fake_discord, clock, target=200, seed=2)
    table = session.table
    calls, first_version = len(fake_discord.calls), table.version
    computer_turns, person_moves, _logged = await play_the_match(session, BOTS)
    await session.settle()
    moves = table.version - first_version
    spent = fake_discord.bot_token_calls(calls)
    assert computer_turns > 10 and person_moves > 5
    assert spent / moves <= MOST_PER_MOVE, (spent, moves)
    assert_tidy(session)
    assert fake_discord.channel_limits.busiest(guild.channel_id) <= CHANNEL_LIMIT
    assert fake_discord.violations == []


async def test_a_table_posted_twice_after_a_lost_answer_is_left_once(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """Discord makes the table's follow-up and answers 500; discord.py sends it again
    and a second copy is made: the one the bot never learnt of is found on the gateway
    and deleted through its token."""
    session = await start_game(guild, bot, fake_discord, clock, 3)
    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r1", "r2"], b: ["r3", "r4"], c: ["r5", "r6"]},
        discard=["r9"], draw=["g1", "g2", "g3", "g4"], current=a))
    member = session.member(a)
    hand = await session.open_hand(member)
    followups = f"/webhooks/{fake_discord.application_id}/"
    fake_discord.lose_answer("POST", followups)
    calls = len(fake_discord.calls)
    clicked = await session.click(member, hand, card_button(hand, "play", "r1"))
    await session.settle()
    posted = [c for c in fake_discord.calls[calls:] if c.method == "POST"
              and followups in c.path and c.json.get("embeds")]
    assert len(posted) == 2 and posted[0].json == posted[1].json  # the table, sent again
    (table,) = tables(session)
    assert table.owner is clicked and fake_discord.lost_answers == []
    assert fake_discord.bot_token_calls(calls) == 0
    assert fake_discord.violations == []
