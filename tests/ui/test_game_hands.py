"""Private hands left alone until their token nears its end or failing to refresh; house
rules 5 and 8, the start colour and the automatic next round, through clicks."""

from __future__ import annotations

import logging

import pytest

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.ui.delivery.open_hands import IDLE_HAND
from bot.ui.words.words import COLOR_MARKS
from tests.fakediscord import FakeDiscord, FakeGuild, StoredMessage
from tests.fakediscord.server import UNKNOWN_MESSAGE
from tests.ui.game_helpers import (
    Playing,
    card_button,
    control,
    menus,
    players,
    position,
    start_game,
)

FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]


def hand_edits(fake: FakeDiscord, hand: StoredMessage) -> list[str]:
    """Edits sent through the token of the interaction that made ``hand``, after the one
    that completed a deferred opening (if it was deferred)."""
    owner = hand.owner
    assert owner is not None
    edits = [c.path for c in fake.calls if c.method == "PATCH" and owner.token in c.path]
    return edits[1:] if owner.callback_type == 5 else edits


async def draw_two_on_ben(session: Playing) -> tuple[str, str, str]:
    """ana to play a red Draw Two on ben, who draws g1 g2 at once (classic)."""
    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["rdraw2", "r1", "y5"], b: ["b3", "b4"], c: ["y1", "y2"]},
        discard=["r9"], draw=FILL, current=a))
    return a, b, c


async def test_a_hand_left_alone_for_almost_15_minutes_says_to_press_my_hand(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """Its token dies 15 minutes after My hand: before that, the hand becomes one line
    saying to press My hand, and is refreshed no more."""
    session = await start_game(guild, bot, fake_discord, clock, 3, turn_seconds=600)
    a, b, _ = await draw_two_on_ben(session)
    ben, ana = session.member(b), session.member(a)
    hand_b = await session.open_hand(ben)
    await clock.advance(590)
    await session.set_position(session.game)  # restarts the 600 s turn timer
    assert "Your hand" in hand_b.content and hand_edits(fake_discord, hand_b) == []
    await clock.advance(290)  # the hand's token is 880 s old: too old to use safely
    await session.settle()
    assert hand_b.content == IDLE_HAND
    assert hand_b.custom_ids() == [] and hand_b.attachments == []
    (note,) = hand_edits(fake_discord, hand_b)  # while the token lived (else a violation)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "rdraw2"))
    await session.settle()
    assert sorted(session.game.hands[b]) == ["b3", "b4", "g1", "g2"]
    assert hand_edits(fake_discord, hand_b) == [note]  # refreshed no more
    fresh = await session.open_hand(ben)
    assert fresh.id != hand_b.id
    assert "(4 cards)" in fresh.content


async def test_a_failed_hand_refresh_is_logged_at_debug_and_not_retried(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG, logger="bot.ui.delivery.hand_refresh")
    session = await start_game(guild, bot, fake_discord, clock, 3)
    a, b, c = await draw_two_on_ben(session)
    ben, ana, cy = session.member(b), session.member(a), session.member(c)
    hand_b = await session.open_hand(ben)
    before = hand_b.snapshot()
    assert hand_b.owner is not None
    fake_discord.fail_next("PATCH", f"{hand_b.owner.token}/messages/@original",
                           *UNKNOWN_MESSAGE)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "rdraw2"))
    await session.settle()
    assert fake_discord.faults == [], "the bot never tried to refresh ben's hand"
    assert "hand refresh failed" in caplog.text
    assert hand_b.payload == before.payload
    tried = len(hand_edits(fake_discord, hand_b))
    hand_c = await session.open_hand(cy)
    await session.click(cy, hand_c, card_button(hand_c, "play", "y1"))
    await session.settle()
    assert len(hand_edits(fake_discord, hand_b)) == tried
    assert "(4 cards)" in (await session.open_hand(ben)).content


async def test_house_rule_five_the_next_player_discards_down_to_seven(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3, ruleset="customizable")
    a, b, c = players(session.game)
    ben_cards = ["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8", "b9"]
    await session.set_position(position(
        "customizable", [a, b, c], options={"house_rules": {"wildcustom": 5}},
        hands={a: ["wildcustom", "r1"], b: ben_cards, c: ["y1", "y2", "y3"]},
        discard=["r9"], draw=FILL, current=a))
    ana, ben = session.member(a), session.member(b)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "wildcustom"))
    await session.click(ana, hand_a, control(hand_a, COLOR_MARKS["g"]))
    await session.settle()
    assert session.game.discards_owed == {b: 7}
    assert "house rule: The next player draws or discards until they hold exactly 7" in (
        session.table_message().text)
    hand_b = await session.open_hand(ben)
    assert [m["placeholder"] for m in menus(hand_b)] == ["Discard 2 cards..."]
    await session.discard(ben, hand_b, "b9", "b8")  # both at once, in one menu
    assert sorted(session.game.hands[b]) == ben_cards[:7]
    assert not session.game.discards_owed and session.game.current == b


async def test_house_rule_eight_a_laugh_makes_the_teller_discard_to_one(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3, ruleset="blank")
    a, b, c = players(session.game)
    await session.set_position(position(
        "blank", [a, b, c], options={"house_rules": {"rblank": 8}},
        hands={a: ["rblank", "r1", "y5", "g7"], b: ["b3", "b4"], c: ["y1", "y2"]},
        discard=["r9"], draw=FILL, current=a))
    ana, ben = session.member(a), session.member(b)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "rblank"))
    await session.settle()
    assert "tells a joke" in session.table_message().text
    assert session.game.voters == [b, c]
    hand_b = await session.open_hand(ben)
    assert "told a joke. Did you laugh?" in hand_b.content
    await session.click(ben, hand_b, control(hand_b, "😂 I laughed"))
    assert session.game.voters == [] and session.game.discards_owed == {a: 1}
    hand_a = await session.open_hand(ana)
    for card in ("g7", "y5"):
        hand_a = await session.open_hand(ana)
        await session.discard(ana, hand_a, card)
    assert session.game.hands[a] == ["r1"] and not session.game.discards_owed
    assert a in session.game.catchable()


async def test_a_wild_start_card_asks_its_player_for_the_colour(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3)
    a, b, c = players(session.game)
    game = position("classic", [a, b, c], hands={a: ["r1"], b: ["g2", "y3"], c: ["b1"]},
                    discard=["wild"], draw=FILL, current=b)
    game.choosing_start_color = True
    await session.set_position(game)
    ben = session.member(b)
    hand_b = await session.open_hand(ben)
    assert "Choose the colour of the start card." in hand_b.content
    yellow = next(c for c, label in hand_b.labels().items()
                  if label == f"{COLOR_MARKS['y']} Yellow")  # not the card "🟡 Yellow 3"
    await session.click(ben, hand_b, yellow)
    assert session.game.color == "y" and not session.game.choosing_start_color
    assert session.game.current == b
    hand_b = await session.open_hand(ben)
    await session.click(ben, hand_b, card_button(hand_b, "play", "y3"))
    assert session.game.top == "y3"


async def test_the_next_round_starts_by_itself_after_thirty_seconds(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3)
    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r1"], b: ["g2", "y3"], c: ["b1", "b5"]},
        discard=["r9"], draw=FILL, current=a, uno_called=[a]))
    ana = session.member(a)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "r1"))
    await session.settle()
    assert session.game.round_over and session.game.round_number == 1
    await clock.advance(28)  # settle() let one second pass: 29 s since the round ended
    assert session.game.round_over
    await clock.advance(1)
    await session.settle()
    assert not session.game.round_over and session.game.round_number == 2
    assert session.game.scores[a] == 2 + 3 + 1 + 5
