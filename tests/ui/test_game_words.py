"""Every prompt says what happens (issue 12, point 5): a playable draw, a Wild
Customizable nobody wrote on, the end of a round, through clicks on the fake Discord."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from tests.fakediscord import FakeDiscord, FakeGuild, StoredMessage
from tests.ui.composing import hand_cards
from tests.ui.game_helpers import (
    card_button,
    control,
    players,
    position,
    start_game,
)

FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]


async def test_after_a_playable_draw_the_hand_says_only_that_card_plays_and_lifts_it(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    a, b = players(session.game)
    await session.set_position(position(
        "classic", [a, b], hands={a: ["b1", "y5", "g7"], b: ["y1", "y2"]},
        discard=["r9"], draw=["r4", *FILL], current=a))
    ana = session.member(a)
    hand = await session.open_hand(ana)
    await session.click(ana, hand, control(hand, "Draw"))
    lines = hand.content.splitlines()
    assert lines[0] == "You drew: red 4."  # once: no "player1 drew 1 card" beside it
    assert lines[-1] == "Play the red 4 you drew, or keep it and end your turn."
    assert control(hand, "Play it: 🔴 Red 4") in hand.enabled_ids()
    assert control(hand, "Keep") in hand.enabled_ids()
    assert card_button(hand, "play", "b1") not in hand.enabled_ids()
    shown = hand_cards(session.table, a)
    assert shown is not None
    assert shown.cards[0] == "r4" and shown.playable == {0}  # the drawn card alone, lifted


async def test_under_force_play_a_playable_drawn_card_is_played_and_no_keep_is_offered(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    a, b = players(session.game)
    await session.set_position(position(
        "classic", [a, b], options={"force_play": True}, hands={a: ["b1", "y5"], b: ["y1"]},
        discard=["r9"], draw=["r4", *FILL], current=a))
    ana = session.member(a)
    hand = await session.open_hand(ana)
    await session.click(ana, hand, control(hand, "Draw"))
    assert hand.content.splitlines()[-1] == "Force play is on: play the red 4 you drew."
    assert "Keep" not in hand.labels().values()
    assert control(hand, "Play it: 🔴 Red 4") in hand.enabled_ids()


async def test_a_wild_customizable_nobody_wrote_on_says_nothing_more_happens(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2, ruleset="customizable")
    a, b = players(session.game)
    await session.set_position(position(
        "customizable", [a, b], hands={a: ["wildcustom", "y5"], b: ["y1", "y2"]},
        discard=["r9"], draw=FILL, current=a))
    ana = session.member(a)
    hand = await session.open_hand(ana)
    await session.click(ana, hand, card_button(hand, "play", "wildcustom"))
    await session.click(ana, hand, control(hand, "🟡 Yellow"))
    await session.settle()
    table = session.table_message().text
    assert "house rule: none was written for this card, so nothing more happens." in table
    assert "house rule: ;" not in table and not table.rstrip().endswith("house rule:")


def round_message(fake: FakeDiscord) -> StoredMessage:
    found = [m for m in fake.messages.values() if m.content.startswith("**Round")]
    assert len(found) == 1
    return found[0]


async def test_the_round_end_says_who_scores_what_from_whom(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3)
    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r1"], b: ["g2", "y3"], c: ["b1"]},
        discard=["r9"], draw=FILL, current=a, uno_called=[a]))
    ana = session.member(a)
    hand = await session.open_hand(ana)
    await session.click(ana, hand, card_button(hand, "play", "r1"))
    await session.settle()
    names = {p: session.table.name_of(p) for p in (a, b, c)}
    content = round_message(fake_discord).content
    assert (f"{names[a]} scores 6 points: 5 points from {names[b]} (2 cards), "
            f"1 point from {names[c]} (1 card).") in content
    assert "left, " not in content  # not "ben: 2 cards left, 5 points" as if ben scored


async def test_alternative_scoring_says_everyone_scores_their_own_hand(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    a, b = players(session.game)
    await session.set_position(position(
        "classic", [a, b], options={"scoring": "alternative"},
        hands={a: ["r1"], b: ["g2", "y3"]}, discard=["r9"], draw=FILL, current=a,
        uno_called=[a]))
    ana = session.member(a)
    hand = await session.open_hand(ana)
    await session.click(ana, hand, card_button(hand, "play", "r1"))
    await session.settle()
    assert (f"the lowest total wins: {session.table.name_of(b)} 5 points (2 cards left)."
            in round_message(fake_discord).content)


async def test_a_draw_two_is_said_to_its_victim_in_their_hand(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3)
    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["rdraw2", "r1", "y5"], b: ["b3", "b4"],
                                     c: ["y1", "y2"]},
        discard=["r9"], draw=FILL, current=a))
    ana, ben = session.member(a), session.member(b)
    hand_b = await session.open_hand(ben)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "rdraw2"))
    await session.settle()
    assert hand_b.content.startswith("You drew 2 cards and miss your turn.")
    assert not hand_a.content.startswith("You drew")  # ana played; she drew nothing
