"""Alt text of the pictures: what they show, within Discord's 1,024 characters."""

from __future__ import annotations

from bot.render import TableScene
from bot.ui.words.alt_text import MAX_ALT_TEXT, hand_alt_text, table_alt_text


def test_the_table_alt_text_says_top_card_colour_turn_direction_and_counts() -> None:
    scene = TableScene("wild4", "b", 1, (("ana", 1), ("ben", 7)), 1, 40)
    assert table_alt_text(scene) == (
        "Top card: Wild Draw Four. Play on blue. ben to play. Play goes in seating order. "
        "ana 1 card, ben 7 cards. 40 cards to draw.")


def test_the_hand_alt_text_numbers_the_cards_and_says_which_play() -> None:
    assert hand_alt_text(["r7"], [1], set()) == (
        "Your hand, 1 card: 1 red 7. You cannot play a card.")
    assert hand_alt_text(["r7", "b2"], [2, 1], {1}) == (
        "Your hand, 3 cards: 1 red 7 (2 of them), 2 blue 2. You can play 2.")


def test_a_huge_hand_is_cut_to_what_discord_keeps() -> None:
    text = hand_alt_text(["wild4"] * 100, [1] * 100, set(range(100)))
    assert len(text) == MAX_ALT_TEXT and text.endswith("…")
