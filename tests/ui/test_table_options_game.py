"""Jump-in and stack draws through the fake Discord, end to end: the Jump in! button
appears in an open hand the moment a jump-in is possible, two jumpers at once (the
first plays, the other is told they were a moment late), and a chain of stacked draws
with Add and Take N."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.app.client import UnoBot
from bot.engine import Action
from bot.game.clock import FakeClock
from tests.conftest import make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild, answered
from tests.ui.game_helpers import card_button, control, position
from tests.ui.test_game_cards import FILL, two_or_three

JUMP_IN: dict[str, object] = {"jump_in": True}
STACK_DRAWS: dict[str, object] = {"stack_draws": True}


async def test_jump_in_appears_the_moment_it_is_possible_and_plays(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, jump_in=True)
    await session.set_position(position(
        "classic", [a, b, c], options=JUMP_IN,
        hands={a: ["r5", "g1", "g2"], b: ["y1", "y2"], c: ["r5", "b1", "b2"]},
        discard=["r3"], draw=FILL, current=a))
    ana, cy = session.member(a), session.member(c)
    hand_c = await session.open_hand(cy)
    assert not any(label.startswith("Jump in!") for label in hand_c.labels().values())
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "r5"))
    await session.settle()
    # refreshed: cy may jump in now, with the card's own button, and the hand says so
    assert "Jump in! 🔴 Red 5" in hand_c.labels().values()
    assert not any(label.startswith("🔴 Red 5") for label in hand_c.labels().values())
    assert ("You hold a red 5, identical to the top card: you may jump in with it now, out of "
            "turn.") in hand_c.content
    answer = await session.click(cy, hand_c, control(hand_c, "Jump in!"))
    assert answer.updated_message
    game = session.game
    assert game.hands[c] == ["b1", "b2"] and game.top == "r5"
    assert game.current == a  # ben lost his turn; play goes on after cy
    await session.settle()
    assert "Jump-in" in session.table_message().text  # the table says jump-ins are on


async def test_no_jump_in_on_the_card_one_has_just_laid(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, jump_in=True)
    await session.set_position(position(
        "classic", [a, b, c], options=JUMP_IN,
        hands={a: ["r5", "r5", "g2"], b: ["y1", "y2"], c: ["b1", "b2"]},
        discard=["r3"], draw=FILL, current=a))
    ana = session.member(a)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "r5"))
    await session.settle()
    assert session.game.top == "r5" and session.game.hands[a] == ["r5", "g2"]
    assert not any(label.startswith("Jump in!") for label in hand_a.labels().values())
    assert "jump in" not in hand_a.content


async def test_two_jump_in_at_once_the_first_plays_the_other_is_a_moment_late(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, jump_in=True)
    await session.set_position(position(
        "classic", [a, b, c], options=JUMP_IN,
        hands={a: ["g1", "g2"], b: ["rskip", "y1", "y2"], c: ["rskip", "b1", "b2"]},
        discard=["r3", "rskip"], draw=FILL, current=a))
    ben, cy = session.member(b), session.member(c)
    hand_b, hand_c = await session.open_hand(ben), await session.open_hand(cy)
    version = session.table.version
    clicks = [await ben.click(hand_b, control(hand_b, "Jump in!"), wait=False),
              await cy.click(hand_c, control(hand_c, "Jump in!"), wait=False)]
    await asyncio.gather(*(answered(i, whole=True) for i in clicks))
    game = session.game
    jumped = [p for p in (b, c) if "rskip" not in game.hands[p]]
    assert len(jumped) == 1
    late = [i for i in clicks if "A moment late" in i.said]
    assert len(late) == 1
    assert session.table.version > version
    after_jumper = {b: a, c: b}[jumped[0]]  # the Skip skips the player after the jumper
    assert game.current == after_jumper


async def test_a_chain_of_stacked_draws_with_add_and_take(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, stack_draws=True)
    await session.set_position(position(
        "classic", [a, b, c], options=STACK_DRAWS,
        hands={a: ["rdraw2", "g1"], b: ["gdraw2", "wild4", "y2"], c: ["b1", "b2"]},
        discard=["r3"], draw=FILL, current=a))
    ana, ben, cy = (session.member(p) for p in (a, b, c))
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "rdraw2"))
    await session.settle()
    hand_b = await session.open_hand(ben)
    labels = set(hand_b.labels().values())
    assert {"Take 2", "Add 🟩 Green +2", "Add Wild +4"} <= labels
    await session.click(ben, hand_b, control(hand_b, "Add 🟩 Green +2"))
    await session.settle()
    assert "must take 4" in session.table_message().text  # the total grows on the table
    hand_c = await session.open_hand(cy)
    assert "Take 4" in hand_c.labels().values()
    assert not any(label.startswith("Add") for label in hand_c.labels().values())
    await session.click(cy, hand_c, control(hand_c, "Take 4"))
    game = session.game
    assert len(game.hands[c]) == 6 and game.current == a and game.pending_draw == 0


async def test_the_state_version_keeps_a_jump_in_exact_across_a_restart(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock, tmp_path: Path
) -> None:
    """Two hands show Jump in! on the same card; the bot restarts; the first click after it
    plays, and the second, drawn for the state before that jump-in, is a moment late,
    though on the new top card its r5 would be a jump-in of its own."""
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, jump_in=True)
    await session.set_position(position(
        "classic", [a, b, c], options=JUMP_IN,
        hands={a: ["g1", "g2"], b: ["r5", "y1", "y2"], c: ["r5", "b1", "b2"]},
        discard=["r3", "r5"], draw=FILL, current=a))
    ben, cy = session.member(b), session.member(c)
    hand_b, hand_c = await session.open_hand(ben), await session.open_hand(cy)
    await bot.close()

    async with running_bot(make_settings(fake_discord, tmp_path), clock,
                           fake_discord) as restarted:
        assert restarted.restore_queue is not None
        await restarted.restore_queue.shown(1)
        await restarted.board.idle()
        first = await cy.click(hand_c, control(hand_c, "Jump in!"))
        await restarted.board.idle()
        late = await ben.click(hand_b, control(hand_b, "Jump in!"))
        table = restarted.manager.get(guild.channel_id)
        assert table is not None and table.game is not None
        assert first.updated_message and table.game.hands[c] == ["b1", "b2"]
        assert "A moment late" in late.text and "r5" in table.game.hands[b]
        assert table.game.current == a
        assert table.game.legal_actions(b) == [Action(b, "play", card="r5")]
