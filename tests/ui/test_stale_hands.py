"""No stale hands (issue 12, point 4): a newer hand message closes the older one, and
every open hand is refreshed at a round's and the match's end. No frozen hands (issue 23,
point 1): a hand message played from follows the newest token on it for a whole match."""

from __future__ import annotations

import random

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.game.turns import NEXT_ROUND_SECONDS
from bot.ui.delivery.open_hands import CLOSED_HAND
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import card_button, move_in_hand, players, position, start_game

FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]


async def test_a_newer_hand_message_turns_the_older_one_into_a_note(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    current = session.member(session.game.current)
    older = await session.open_hand(current)
    assert older.enabled_ids()
    newer = await session.open_hand(current)
    await session.settle()
    assert newer.id != older.id and newer.enabled_ids()
    assert older.content == CLOSED_HAND
    assert older.custom_ids() == [] and older.attachments == []
    assert "Your hand" in newer.content


async def test_every_open_hand_is_refreshed_at_the_round_and_the_match_end(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3, target=10)
    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], options={"target": 10},
        hands={a: ["r1"], b: ["g2", "y3"], c: ["b1", "b5"]},
        discard=["r9"], draw=FILL, current=a, uno_called=[a]))
    ana, cy = session.member(a), session.member(c)
    ana_name, game = session.table.name_of(a), session.game
    hand_c = await session.open_hand(cy)  # waits for ana, with r9 on top
    assert f"Waiting for {ana_name}." in hand_c.content
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "r1"))
    await session.settle()
    assert game.match_over  # 2 + 3 + 1 + 5 = 11 points reach the target of 10
    assert "Waiting for" not in hand_c.content
    assert f"The match is over: {ana_name} won it." in hand_c.content
    assert "Top card: red 1" in hand_c.content
    assert hand_c.enabled_ids() == []


async def test_a_40_minute_match_played_from_the_first_hand_messages_never_freezes(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """Each player presses My hand once and plays every turn from that message, 40 s a
    move: on every turn it shows their cards live, long after the 15 minutes of the
    token of My hand, and no dead token is ever used (the fake would fail the test)."""
    session = await start_game(guild, bot, fake_discord, clock, 3)
    a, b, c = players(session.game)
    await session.set_position(position(  # a short first round, so the match deals again
        "classic", [a, b, c], hands={a: ["r1", "r2"], b: ["r3", "r4"], c: ["r5", "r6"]},
        discard=["r9"], draw=FILL * 4, current=a))
    hands = {p: await session.open_hand(session.member(p)) for p in (a, b, c)}
    rng, start, turns = random.Random(23), clock.now(), 0
    while clock.now() - start < 40 * 60:
        game = session.game  # the match is not over: a table is there
        if game.round_over:
            await session.settle(NEXT_ROUND_SECONDS)  # the next round deals itself
            continue
        for player in game.waiting_for():
            hand = hands[player]
            assert "Waiting for" not in hand.content and hand.enabled_ids(), hand.content
            await move_in_hand(session.click, session.member(player), hand, rng)
            turns += 1
        await session.settle(40)
    assert turns > 50 and session.game.round_number > 1
    hand_messages = [m for m in fake_discord.messages.values() if m.ephemeral and
                     "Your hand" in m.content]
    assert sorted(m.id for m in hand_messages) == sorted(m.id for m in hands.values())
