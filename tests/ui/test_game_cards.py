"""Scenarios from known positions (set through the manager), then played by clicks."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import (
    UPDATE_MESSAGE,
    Playing,
    card_button,
    control,
    menus,
    position,
    start_game,
    table_button,
)

FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]


async def two_or_three(guild: FakeGuild, bot: UnoBot, fake: FakeDiscord, clock: FakeClock,
                       count: int = 3, **options: object) -> tuple[Playing, list[str]]:
    session = await start_game(guild, bot, fake, clock, count, **options)
    return session, [str(m.id) for m in session.members]


async def test_wild_draw_four_challenge_guilty(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["wild4", "r3", "b5"], b: ["y1", "y2"], c: ["g1"]},
        discard=["r9"], draw=FILL, current=a))
    ana, ben = session.member(a), session.member(b)
    hand_a = await session.open_hand(ana)
    asked = await session.click(ana, hand_a, card_button(hand_a, "play", "wild4"))
    assert asked.callback_type == UPDATE_MESSAGE and "Choose the colour" in hand_a.content
    await session.click(ana, hand_a, control(hand_a, "🔷"))
    assert session.game.pending_draw == 4 and session.game.current == b
    await session.settle()
    assert f"<@{b}>, a Wild Draw Four is on you" in session.table_message().content
    hand_a = await session.open_hand(ana)  # ana watches: her hand learns the verdict
    hand_b = await session.open_hand(ben)
    assert {"Take 4", "Challenge"} <= set(hand_b.labels().values())
    assert "Block with BFF Power" not in hand_b.labels().values()
    # the prompt says what a challenge risks, in the colour it is judged by
    assert ("player1 played a Wild Draw Four on you: take 4 cards, or challenge it. If "
            "player1 held a red card, player1 takes 4; if not, you take 6 and miss your "
            "turn.") in hand_b.content
    await session.click(ben, hand_b, control(hand_b, "Challenge"))
    assert hand_b.content.startswith(
        "You challenged player1's Wild Draw Four: player1 had a red card, so player1 takes 4.")
    assert "player1's hand: red 3, blue 5." in hand_b.content  # shown to the challenger alone
    assert session.game.hands[a][2:] and len(session.game.hands[a]) == 6
    assert session.game.hands[b] == ["y1", "y2"] and session.game.current == b
    await session.settle()
    table = session.table_message().text
    assert "player2 challenged: player1 had a red card, so player1 takes 4" in table
    since_played = table.split("player1 played a Wild Draw Four")[1]  # not the deal's lines
    assert "red 3" not in since_played  # nobody else saw the hand
    assert "guilty" not in since_played and "drew 4" not in since_played
    assert hand_a.content.startswith(
        "player2 challenged your Wild Draw Four: you had a red card, so you take 4.")


async def test_wild_draw_four_challenge_innocent(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["y3", "b5"], b: ["y1", "y2"], c: ["g1"]},
        discard=["r9", "wild4"], draw=FILL, current=b, color="g", pending_draw=4))
    ben = session.member(b)
    hand_b = await session.open_hand(ben)
    assert ("If player1 held a red card, player1 takes 4; if not, you take 6 and miss your "
            "turn") in hand_b.content
    await session.click(ben, hand_b, control(hand_b, "Challenge"))
    assert hand_b.content.startswith(
        "You challenged player1's Wild Draw Four: player1 had no red card, so you take 6 and "
        "miss your turn.")
    assert "innocent" not in hand_b.content and len(session.game.hands[b]) == 8
    assert session.game.current == c and len(session.game.hands[a]) == 2
    await session.settle()
    assert ("player2 challenged: player1 had no red card, so player2 takes 6 and misses a "
            "turn") in session.table_message().text


async def test_wild_draw_four_on_a_wild_is_judged_by_the_chosen_colour(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """RULES.md 5: the colour in force before the Wild Draw Four, here the blue chosen
    for the Wild under it, not the Wild's own (no) colour."""
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["wild4", "r3", "b5"], b: ["y1", "y2"], c: ["g1"]},
        discard=["r9", "wild"], draw=FILL, current=a, color="b"))
    ana, ben = session.member(a), session.member(b)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "wild4"))
    await session.click(ana, hand_a, control(hand_a, "🔴"))
    assert session.game.pending_draw == 4 and session.game.current == b
    hand_b = await session.open_hand(ben)
    assert ("If player1 held a blue card, player1 takes 4; if not, you take 6 and miss your "
            "turn.") in hand_b.content
    await session.click(ben, hand_b, control(hand_b, "Challenge"))
    assert hand_b.content.startswith(
        "You challenged player1's Wild Draw Four: player1 had a blue card, so player1 takes 4.")
    assert len(session.game.hands[a]) == 6 and session.game.hands[b] == ["y1", "y2"]
    await session.settle()
    assert ("player2 challenged: player1 had a blue card, so player1 takes 4"
            in session.table_message().text)


async def test_catch_and_missed_catch(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r3", "r5"], b: ["r1", "y2"], c: ["g1", "r2"]},
        discard=["r9"], draw=FILL, current=a))
    ana, ben, cat = (session.member(p) for p in (a, b, c))
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "r3"))  # no UNO call
    await session.settle()
    table = session.table_message()
    assert table.component(table_button(table, "catch")).get("disabled") is not True
    assert table.labels()[table_button(table, "catch")] == "Catch player1!"
    late_view = table.snapshot()
    answer = await cat.click(table, table_button(table, "catch"))
    assert answer.ephemeral and "You caught player1 without UNO, so player1 takes 2." in answer.text
    assert len(session.game.hands[a]) == 3
    await session.settle()
    assert hand_a.content.startswith("player3 caught you without UNO, so you take 2.")
    table = session.table_message()
    caught = "player3 caught player1 without UNO, so player1 takes 2"
    assert caught in table.text
    # Said once, not again as a draw (the deal's start card may have made an earlier one).
    assert "player1 drew 2" not in table.text.split(caught)[1]
    # The window closed when ben began his turn: the old Catch! changes nothing.
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r5"], b: ["r1", "y2", "y3"], c: ["g1", "r2"]},
        discard=["r3"], draw=FILL, current=b))
    session.game.catch_window.add(a)
    hand_b = await session.open_hand(ben)
    await session.click(ben, hand_b, card_button(hand_b, "play", "r1"))
    missed = await cat.click(late_view, table_button(late_view, "catch"))
    assert missed.ephemeral and "Too late" in missed.text
    assert session.game.hands[a] == ["r5"]
    await session.settle()
    table = session.table_message()
    assert table.component(table_button(table, "catch")).get("disabled") is True
    assert table.labels()[table_button(table, "catch")] == "Catch!"


async def test_uno_call_protects(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r3", "r5"], b: ["r1", "y2"], c: ["g1"]},
        discard=["r9"], draw=FILL, current=a))
    ana = session.member(a)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, control(hand_a, "UNO!"))
    await session.click(ana, hand_a, card_button(hand_a, "play", "r3"))
    await session.settle()
    table = session.table_message()
    assert "UNO!" in table.text and "player1 called UNO!" in table.text
    assert table.component(table_button(table, "catch")).get("disabled") is True


async def test_bff_blocks_a_draw_two(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, ruleset="bff")
    await session.set_position(position(
        "bff", [a, b, c], hands={a: ["rdraw2", "y1"], b: ["bff", "g2", "g3"], c: ["g1", "r2"]},
        discard=["r9"], draw=FILL, current=a))
    ana, ben = session.member(a), session.member(b)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "rdraw2"))
    await session.settle()
    assert f"<@{b}>, a Draw Two is on you" in session.table_message().content
    hand_b = await session.open_hand(ben)
    assert {"Take 2", "Block with BFF Power"} <= set(hand_b.labels().values())
    await session.click(ben, hand_b, control(hand_b, "Block with BFF Power"))
    await session.click(ben, hand_b, control(hand_b, "🟩"))
    assert sorted(session.game.hands[b]) == ["g2", "g3"] and session.game.current == c
    assert session.game.color == "g" and session.game.top == "bff"


async def test_swap_hands_asks_for_colour_then_player(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, ruleset="swap")
    await session.set_position(position(
        "swap", [a, b, c], hands={a: ["wildswap", "y1"], b: ["g2", "g3", "g4"], c: ["g1"]},
        discard=["r9"], draw=FILL, current=a))
    ana = session.member(a)
    hand_b_before = await session.open_hand(session.member(b))
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "wildswap"))
    await session.click(ana, hand_a, control(hand_a, "🔴"))
    assert "Choose a player" in hand_a.content
    assert set(hand_a.labels().values()) == {"player2", "player3", "Back"}
    await session.click(ana, hand_a, control(hand_a, "player2"))
    assert session.game.hands[a] == ["g2", "g3", "g4"] and session.game.hands[b] == ["y1"]
    await session.settle()
    assert "(1 card)" in hand_b_before.content  # ben's open hand was refreshed


async def test_seven_o_zero_passes_and_seven_swaps(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, ruleset="seven-o")
    await session.set_position(position(
        "seven-o", [a, b, c], hands={a: ["r0", "r7", "y1"], b: ["b1", "b2"], c: ["g1"]},
        discard=["r9"], draw=FILL, current=a))
    ana = session.member(a)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "r0"))
    game = session.game
    assert (game.hands[a], game.hands[b], game.hands[c]) == (["g1"], ["r7", "y1"], ["b1", "b2"])
    assert "(1 card)" in hand_a.content
    await session.settle()
    ben = session.member(b)
    hand_b = await session.open_hand(ben)
    await session.click(ben, hand_b, card_button(hand_b, "play", "r7"))
    assert "Choose a player" in hand_b.content
    await session.click(ben, hand_b, control(hand_b, "player3"))
    assert session.game.hands[b] == ["b1", "b2"] and session.game.hands[c] == ["y1"]


async def test_serious_draw_two_chain(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, ruleset="serious")
    await session.set_position(position(
        "serious", [a, b, c],
        hands={a: ["rdraw2", "ydraw2", "r1"], b: ["gdraw2", "g2"], c: ["g1", "b2"]},
        discard=["r9"], draw=FILL, current=a))
    ana, ben, cat = (session.member(p) for p in (a, b, c))
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "rdraw2"))
    assert "Play which cards?" in hand_a.content  # stacking: alone, or with the yellow one
    await session.click(ana, hand_a, control(hand_a, "🔴 Red +2 + 🟡 Yellow +2"))
    assert session.game.pending_draw == 4
    hand_b = await session.open_hand(ben)
    assert "Take 4" in hand_b.labels().values()
    await session.click(ben, hand_b, card_button(hand_b, "play", "gdraw2"))
    assert session.game.pending_draw == 6 and session.game.current == c
    hand_c = await session.open_hand(cat)
    await session.click(cat, hand_c, control(hand_c, "Take 6"))
    assert len(session.game.hands[c]) == 8 and session.game.current == a


async def test_house_rule_discard_down_to_three(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, ruleset="blank")
    await session.set_position(position(
        "blank", [a, b, c], options={"house_rules": {"rblank": 6}},
        hands={a: ["rblank", "y1"], b: ["g2", "g3", "g4", "g5"], c: ["g1", "b1", "b2"]},
        discard=["r9"], draw=FILL, current=a))
    ana, ben = session.member(a), session.member(b)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "rblank"))
    await session.settle()
    assert f"<@{b}>: discard cards in My hand." in session.table_message().content
    assert "house rule: Every player draws or discards" in session.table_message().text
    hand_b = await session.open_hand(ben)
    assert [m["placeholder"] for m in menus(hand_b)] == ["Discard 1 card..."]
    await session.discard(ben, hand_b, "g5")
    assert sorted(session.game.hands[b]) == ["g2", "g3", "g4"]
    assert len(session.game.hands[a]) == 3 and not session.game.discards_owed
