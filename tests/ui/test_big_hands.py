"""Hands of any size are quick to use (issue 12, point 3): the playable cards first,
Draw and UNO! always there, and a hand too big for the buttons shows only the cards
that can be played, never pages."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.engine.cards import ALL_CARDS, CARD_COLOR, Card
from bot.game.clock import FakeClock
from bot.render import render_hand
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import card_button, control, players, position, start_game
from tests.ui.test_game_pictures import button_cards

FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]
BIG_HAND: list[Card] = ["r1", "r2", "r3", "r4", "r5", "r5",  # 6 reds to play on the red 9
            "b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8",
            "y1", "y2", "y3", "y4", "y6", "y7", "g2", "g3"]


async def test_a_22_card_hand_shows_its_playable_cards_first_and_no_pages(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    assert set(BIG_HAND) <= ALL_CARDS and len(BIG_HAND) == 22
    session = await start_game(guild, bot, fake_discord, clock, 2)
    a, b = players(session.game)
    await session.set_position(position(
        "classic", [a, b], hands={a: BIG_HAND, b: ["y8", "y9"]},
        discard=["b9", "r9"], draw=FILL, current=a))
    hand = await session.open_hand(session.member(a))
    cards, counts, playable = button_cards(hand)
    assert cards == ["r1", "r2", "r3", "r4", "r5"] and counts == [1, 1, 1, 1, 2]
    assert playable == set(range(5))  # only playable cards are buttons, all enabled
    labels = list(hand.labels().values())
    assert "Draw" in labels and "UNO!" not in labels  # a call would not count (RULES.md 8)
    assert not any("Prev" in label or "Next" in label for label in labels)
    rows = hand.payload["components"]
    assert [len(row["components"]) for row in rows] == [3, 2, 1]  # five cards in rows a
    # phone shows as one line each, then Draw
    # the picture shows every card, the playable ones first and lifted, one per button
    shown = sorted(set(BIG_HAND) - {"r1", "r2", "r3", "r4", "r5"},
                   key=lambda c: ("rygb".index(CARD_COLOR[c]), c))
    picture = render_hand(cards + shown, set(range(5)),
                          counts + [BIG_HAND.count(c) for c in shown])
    assert hand.attachment("hand.png").data == picture


async def test_a_big_hand_out_of_turn_shows_no_card_buttons_but_the_picture(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    a, b = players(session.game)
    await session.set_position(position(
        "classic", [a, b], hands={a: BIG_HAND, b: ["y8", "y9"]},
        discard=["b9", "r9"], draw=FILL, current=b))
    hand = await session.open_hand(session.member(a))
    assert hand.enabled_ids() == []  # nothing to do now: no UNO! either (RULES.md 8)
    assert "UNO!" not in hand.labels().values()
    assert "Your hand** (22 cards)" in hand.content and hand.attachment("hand.png").data


async def test_more_playable_cards_than_buttons_are_chosen_in_menus_not_pages(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """House rule 5 makes ben discard down to 7 from 40 different cards: every one may be
    discarded, so they come in two select menus (25 and 15), never in pages,
    and one pick discards up to 25 of them (no more than brings ben down to 7)."""
    session = await start_game(guild, bot, fake_discord, clock, 3, ruleset="customizable")
    a, b, c = players(session.game)
    many: list[Card] = sorted(ALL_CARDS - {"wildcustom"})[:40]
    await session.set_position(position(
        "customizable", [a, b, c], options={"house_rules": {"wildcustom": 5}},
        hands={a: ["wildcustom", "r1"], b: many, c: ["y1", "y2", "y3"]},
        discard=["r9"], draw=FILL, current=a))
    ana, ben = session.member(a), session.member(b)
    hand_a = await session.open_hand(ana)
    await session.click(ana, hand_a, card_button(hand_a, "play", "wildcustom"))
    await session.click(ana, hand_a, control(hand_a, "🟩"))
    await session.settle()
    assert session.game.discards_owed == {b: 7}
    hand_b = await session.open_hand(ben)
    rows = hand_b.payload["components"]
    menus = [row["components"][0] for row in rows if row["components"][0]["type"] == 3]
    assert [m["placeholder"] for m in menus] == ["Discard 33 cards (1 of 2)...",
                                                 "Discard 33 cards (2 of 2)..."]
    assert [len(m["options"]) for m in menus] == [25, 15]
    assert [m["max_values"] for m in menus] == [25, 15]  # several at once, up to 25
    assert "You must discard before play goes on." in hand_b.content
    offered = [o["value"].split(":")[2] for m in menus for o in m["options"]]
    assert sorted(offered) == sorted(many)  # every card, once, each a discard
    assert not any("Prev" in label or "Next" in label for label in hand_b.labels().values())
    assert "UNO!" not in hand_b.labels().values()  # no button that is off while discarding
    assert fake_discord.violations == []
    first = menus[0]
    picked = [o["value"] for o in first["options"]]  # 25 cards in one pick
    answer = await ben.choose(hand_b, first["custom_id"], picked)
    await bot.board.idle()
    assert answer.updated_message and not set(offered[:25]) & set(session.game.hands[b])
    assert len(session.game.hands[b]) == 15 and session.game.discards_owed == {b: 7}
    refreshed = [row["components"][0] for row in hand_b.payload["components"]
                 if row["components"][0]["type"] == 3]
    assert [len(m["options"]) for m in refreshed] == [15]  # the hand, as it now is
    assert refreshed[0]["max_values"] == 8 and refreshed[0]["placeholder"] == \
        "Discard 8 cards..."
    answer = await ben.choose(hand_b, refreshed[0]["custom_id"],
                              [o["value"] for o in refreshed[0]["options"]][:8])
    await bot.board.idle()
    assert len(session.game.hands[b]) == 7 and not session.game.discards_owed
    assert fake_discord.violations == []
