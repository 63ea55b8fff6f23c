"""A player's hand as one PNG, cards in the order of the hand's buttons.

Each card has its number under it (1 for the first card), with "x2" for a card held
twice, so a player can match the picture to the buttons. When the caller says which
cards are playable, those are lifted a little and the others faded: the difference
shows in position as well as in brightness.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

from PIL import Image

from bot.engine.cards import Card
from bot.render.faces import card_face, card_height, dimmed_face
from bot.render.png import (
    COMPRESS_LEVEL,
    DENSE_LEVEL,
    Sprite,
    canvas,
    encode_png,
    layer,
    sprite,
)
from bot.render.style import LABEL_RGB, MUTED_RGB, font

CARD_WIDTH = 120
CARDS_PER_ROW = 16
MOST_ROWS = 2
"""A huge hand overlaps its cards more rather than take a third row: a phone shows the
picture at its width, so every row adds height to the hand message."""
NARROWEST = 7
"""A picture is at least as wide as seven cards (the rest left empty): a client scales
a picture to its width, so a smaller hand would otherwise show bigger, taller cards."""
MAX_WIDTH = 1200
"""Discord shows up to about this width before it scales a picture down."""
MARGIN = 12
GAP = 8
LIFT = 12
LABEL_HEIGHT = 24
ROW_GAP = 8


def _row_length(count: int) -> int:
    """Cards per row: at most ``CARDS_PER_ROW`` (more, overlapping more, past
    ``MOST_ROWS`` rows), with the rows as even as they can be."""
    rows = min(math.ceil(count / CARDS_PER_ROW), MOST_ROWS)
    return math.ceil(count / rows)


def _step(per_row: int) -> int:
    """How far apart the cards of a row are: a card and a gap, less when a row of
    ``per_row`` would be wider than ``MAX_WIDTH`` (the cards then overlap)."""
    squeezed = (MAX_WIDTH - 2 * MARGIN - CARD_WIDTH) // max(1, per_row - 1)
    return min(CARD_WIDTH + GAP, squeezed)


@cache
def _face(code: Card, faded: bool) -> Sprite:
    return sprite(dimmed_face(code, CARD_WIDTH) if faded else card_face(code, CARD_WIDTH))


LABEL_ROOM = CARD_WIDTH // 2
"""Half the width and height of the room a label is drawn in, more than it needs."""


@lru_cache(maxsize=1024)
def _label(text: str, faded: bool, half: bool) -> Sprite:
    """The number under a card, centred ``LABEL_ROOM`` right of and below its corner,
    or half a pixel further right when ``half`` (as ``ImageDraw.text`` would draw it
    there)."""
    return layer((2 * LABEL_ROOM, 2 * LABEL_ROOM), lambda draw: draw.text(
        (LABEL_ROOM + (0.5 if half else 0), LABEL_ROOM), text,
        MUTED_RGB if faded else LABEL_RGB, font(16), "mm"))


def hand_image(cards: list[Card], playable: set[int] | None = None,
               counts: list[int] | None = None) -> Image.Image:
    """The picture of ``render_hand`` (in the shared palette); ``playable`` holds
    indices into ``cards``."""
    if playable is not None and any(not 0 <= i < len(cards) for i in playable):
        raise ValueError(f"playable indices {sorted(playable)} outside a hand of {len(cards)}")
    if counts is not None and (len(counts) != len(cards) or min(counts, default=1) < 1):
        raise ValueError(f"counts {counts} do not give 1 or more of each of {len(cards)} cards")
    per_row = _row_length(len(cards)) if cards else 1
    rows = math.ceil(len(cards) / per_row) if cards else 1
    card_h = card_height(CARD_WIDTH)
    step = _step(per_row)
    row_h = LIFT + card_h + LABEL_HEIGHT + ROW_GAP
    width = 2 * MARGIN + CARD_WIDTH + step * (max(per_row, NARROWEST) - 1)
    image = canvas((width, 2 * MARGIN + rows * row_h - ROW_GAP))
    visible = min(step, CARD_WIDTH)
    for i, code in enumerate(cards):
        row, col = divmod(i, per_row)
        x = MARGIN + col * step
        top = MARGIN + row * row_h
        faded = playable is not None and i not in playable
        lifted = playable is not None and not faded
        _face(code, faded).paste_on(image, (x, top if lifted else top + LIFT))
        copies = counts[i] if counts is not None else 1
        label = _label(f"{i + 1} x{copies}" if copies > 1 else str(i + 1), faded,
                       visible % 2 == 1)
        label.paste_on(image, (x + visible // 2 - LABEL_ROOM,
                               top + LIFT + card_h + LABEL_HEIGHT // 2 - LABEL_ROOM))
    return image


def render_hand(cards: list[Card], playable: set[int] | None = None,
                counts: list[int] | None = None) -> bytes:
    """PNG of ``cards`` in rows of up to sixteen (two rows at most), numbered from 1 in
    the order given.

    ``playable``: indices (0-based, into ``cards``) of the cards that may be played
    now; ``None`` shows every card plain. ``counts``: how many copies of each card
    the hand holds, shown beside its number ("3 x2"), so one card stands for each
    button. As wide as seven cards at least, at most 1200 px wide; 60 cards stay well
    under a megabyte.
    """
    shows = _step(_row_length(len(cards))) if cards else CARD_WIDTH
    level = DENSE_LEVEL if 2 * shows < CARD_WIDTH else COMPRESS_LEVEL
    return encode_png(hand_image(cards, playable, counts), level)
