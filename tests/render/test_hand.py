from __future__ import annotations

import random

import pytest

from bot.engine.cards import ALL_CARDS, Card, build_deck
from bot.render import render_hand
from bot.render.hand import MAX_WIDTH
from tests.render.conftest import decode

DISCORD_SAFE_WIDTH = 1600
MAX_BYTES = 1_000_000


def deal(count: int) -> list[Card]:
    """``count`` cards from a deck big enough for any count (repeats allowed past one deck)."""
    pool = build_deck("serious") * 2
    return random.Random(count).sample(pool, count)


@pytest.mark.parametrize("count", [1, 7, 25, 60])
def test_hand_fits_discord_limits(count: int) -> None:
    png = render_hand(deal(count))
    image = decode(png)
    assert image.width <= min(MAX_WIDTH, DISCORD_SAFE_WIDTH)
    assert image.height <= DISCORD_SAFE_WIDTH
    assert len(png) < MAX_BYTES


def test_larger_hands_take_more_rows_not_more_width_and_two_rows_at_most() -> None:
    heights = [decode(render_hand(deal(n))).height for n in (7, 16, 17, 60)]
    widths = [decode(render_hand(deal(n))).width for n in (16, 25, 60)]
    assert heights[0] == heights[1] < heights[2] == heights[3]  # a phone shows it small
    assert MAX_WIDTH - 16 < min(widths) <= max(widths) <= MAX_WIDTH  # squeezed to fit


def test_25_card_hand_stays_small() -> None:
    assert len(render_hand(deal(25), set(range(0, 25, 3)))) <= 60 * 1024


def test_sixty_cards_with_playable_marks_stay_under_a_megabyte() -> None:
    png = render_hand(deal(60), set(range(0, 60, 2)))
    assert len(png) < MAX_BYTES


def test_every_card_renders_in_a_hand() -> None:
    cards = sorted(ALL_CARDS)
    assert decode(render_hand(cards)).width <= MAX_WIDTH


def test_order_matters() -> None:
    assert render_hand(["r1", "b2", "wild"]) != render_hand(["wild", "b2", "r1"])


def test_playable_changes_the_picture() -> None:
    cards: list[Card] = ["r1", "b2", "wild"]
    plain = render_hand(cards)
    some = render_hand(cards, {0, 2})
    assert plain != some
    assert some != render_hand(cards, {1})
    assert render_hand(cards, {0, 1, 2}) != render_hand(cards, set())


def test_playable_index_outside_the_hand_is_refused() -> None:
    with pytest.raises(ValueError):
        render_hand(["r1", "b2"], {2})
    with pytest.raises(ValueError):
        render_hand(["r1", "b2"], {-1})


def test_empty_hand_still_gives_a_picture() -> None:
    assert decode(render_hand([])).width > 0


def test_unknown_card_is_refused() -> None:
    with pytest.raises(KeyError):
        render_hand(["r10"])  # type: ignore[list-item]  # not a card, on purpose
