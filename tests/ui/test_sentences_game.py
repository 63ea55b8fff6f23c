"""The cases of issue 25 through the fake Discord, end to end: what a player reads names
only the buttons they have, and the cards that really move."""

from __future__ import annotations

from pathlib import Path

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from tests.conftest import make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import card_button, control, position, start_game, table_button
from tests.ui.test_game_cards import FILL, two_or_three


async def test_catch_pressed_by_the_catchable_player_says_they_cannot_catch_themselves(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r3", "r5"], b: ["r1", "y2"], c: ["g1", "r2"]},
        discard=["r9"], draw=FILL, current=a))
    ana, ben = session.member(a), session.member(b)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "r3"))  # no UNO call
    await session.settle()
    assert "UNO!" in hand_a.labels().values()  # the call she still may make
    table = session.table_message()
    own = await ana.click(table, table_button(table, "catch"))
    assert own.ephemeral and own.text == (
        "You cannot catch yourself. Call UNO! in your hand before someone else catches you.")
    assert len(session.game.hands[a]) == 1 and session.game.catchable() == [a]
    caught = await ben.click(table, table_button(table, "catch"))
    assert "You caught player1 without UNO" in caught.text  # the others still can
    assert fake_discord.violations == []


async def test_no_bluffing_offers_no_challenge_and_says_none(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, no_bluff=True)
    await session.set_position(position(
        "classic", [a, b, c], options={"no_bluff": True},
        hands={a: ["wild4", "g5"], b: ["y1", "y2"], c: ["g1", "g2"]},
        discard=["r9"], draw=FILL, current=a))
    ana, ben = session.member(a), session.member(b)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "wild4"))
    await session.click(ana, hand_a, control(hand_a, "🔷"))
    hand_b = await session.open_hand(ben)
    assert hand_b.content.splitlines()[-1] == "A Wild Draw Four is on you: take 4 cards."
    assert "Challenge" not in hand_b.labels().values()
    assert control(hand_b, "Take 4") in hand_b.enabled_ids()


async def test_a_wild_draw_four_laid_as_an_answer_is_named_on_the_next_hand(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, stack_draws=True)
    await session.set_position(position(
        "classic", [a, b, c], options={"stack_draws": True},
        hands={a: ["rdraw2", "g5"], b: ["wild4", "y2"], c: ["g1", "g2"]},
        discard=["r9"], draw=FILL * 2, current=a))
    ana, ben, cy = session.member(a), session.member(b), session.member(c)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "rdraw2"))
    hand_b = await session.open_hand(ben)
    assert hand_b.content.splitlines()[-1] == "A Draw Two is on you: take 2 cards, or answer it."
    await session.click(ben, hand_b, card_button(hand_b, "play", "wild4"))
    await session.click(ben, hand_b, control(hand_b, "🔷"))
    await session.settle()
    hand_c = await session.open_hand(cy)
    assert hand_c.content.splitlines()[-1] == "A Wild Draw Four is on you: take 6 cards."
    assert "a Wild Draw Four is on you" in session.table_message().content
    assert "Challenge" not in hand_c.labels().values()  # an answer cannot be challenged


async def test_stacked_wild_draw_fours_challenged_say_the_total_and_the_total_plus_two(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    options: dict[str, object] = {"stack_draws": True, "stacking": True}
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, stack_draws=True,
                                            stacking=True)
    await session.set_position(position(
        "classic", [a, b, c], options=options,
        hands={a: ["wild4", "wild4", "g5"], b: ["y1", "y2"], c: ["g1", "g2"]},
        discard=["r9"], draw=FILL * 2, current=a))
    ana, ben = session.member(a), session.member(b)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "wild4"))
    await session.click(ana, hand_a, control(hand_a, "Wild +4 + Wild +4"))
    await session.click(ana, hand_a, control(hand_a, "🔷"))
    hand_b = await session.open_hand(ben)
    assert hand_b.content.splitlines()[-1] == (
        "player1 played a Wild Draw Four on you: take 8 cards, or challenge it. If player1 "
        "held a red card, player1 takes 8; if not, you take 10 and miss your turn.")
    await session.click(ben, hand_b, control(hand_b, "Challenge"))
    assert hand_b.content.startswith(
        "You challenged player1's Wild Draw Four: player1 had no red card, so you take 10 "
        "and miss your turn.")
    assert len(session.game.hands[b]) == 12
    await session.settle()
    assert ("player2 challenged: player1 had no red card, so player2 takes 10 and misses a "
            "turn") in session.table_message().text


async def test_the_leave_question_still_works_after_a_restart_and_never_ends_a_later_match(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock, tmp_path: Path
) -> None:
    session, (_a, b) = await two_or_three(guild, bot, fake_discord, clock, count=2)
    ben = session.member(b)
    asked = await ben.slash("uno leave")
    kept = await ben.slash("uno leave")  # a second question, kept for after this match
    assert asked.response is not None and kept.response is not None
    await bot.close()

    async with running_bot(make_settings(fake_discord, tmp_path), clock,
                           fake_discord) as restarted:
        assert restarted.restore_queue is not None
        await restarted.restore_queue.shown(1)
        await restarted.board.idle()
        confirmed = await ben.click(asked.response,
                                    control(asked.response, "Leave and end the match"))
        assert "You left the game" in confirmed.text
        assert restarted.manager.get(guild.channel_id) is None  # player1 won by forfeit
        await restarted.board.idle()
        await start_game(guild, restarted, fake_discord, clock, 2)
        late = await ben.click(kept.response, control(kept.response, "Leave and end the match"))
        assert "A moment late" in late.text
        table = restarted.manager.get(guild.channel_id)
        assert table is not None and table.game is not None and b in table.game.hands
