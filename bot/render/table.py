"""The table as one small PNG: draw pile, top card in a ring of the colour to match,
a large swatch of that colour, whose turn it is and the way play goes.

The picture carries no words, so it reads the same in every language: the colour to
play is a swatch with the colour's marks, the player whose turn it is is the name after
the arrow of the way play goes (the message's text says it all in words).

Made to be read on a phone: Discord shows an embed's picture about 300 px wide on a
400-px screen (0.57 of ``WIDTH``), so its labels are drawn ``MIN_TEXT`` px high, whose
capitals and digits (27-29 px) show at least 15 px tall there. The players with their
card counts are in the message's text (one line), not in the picture.

The ring and the swatch carry the colour's mark as well as the colour, and show for wild
cards too (their chosen colour).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from bot.engine.cards import ALL_CARDS, COLORS, Card, Color
from bot.render.faces import SUPERSAMPLE, card_back, card_face, card_height
from bot.render.names import draw_name
from bot.render.png import Sprite, canvas, encode_png, image_layer, layer, sprite
from bot.render.style import (
    CARD_RGB,
    HIGHLIGHT_RGB,
    LABEL_RGB,
    PAPER,
    draw_mark,
    font,
)


@dataclass(frozen=True, slots=True)
class TableScene:
    """What the table image shows; the manager builds one from the engine state.

    ``players`` are (name, card count) in seating order; ``current`` indexes the player
    whose turn it is; ``direction`` is 1 for seating order, -1 reversed; ``color`` is
    the colour to match ('r', 'y', 'g', 'b'), for a wild the one chosen with it.
    """

    top_card: Card
    color: Color
    direction: int
    players: tuple[tuple[str, int], ...]
    current: int
    draw_pile: int

    def __post_init__(self) -> None:
        if self.top_card not in ALL_CARDS:
            raise ValueError(f"unknown card {self.top_card!r}")
        if self.color not in COLORS:
            raise ValueError(f"colour must be one of {COLORS}, not {self.color!r}")
        if self.direction not in (1, -1):
            raise ValueError(f"direction must be 1 or -1, not {self.direction!r}")
        if not 0 <= self.current < len(self.players):
            raise ValueError(f"current {self.current} is not a seat of {len(self.players)}")
        if self.draw_pile < 0 or any(count < 0 for _, count in self.players):
            raise ValueError("card counts cannot be negative")


WIDTH = 520
HEIGHT = 120
"""Short, so the table message with its picture stays about 350 px tall on a phone."""
PHONE_WIDTH = 296
"""About how wide Discord's phone app shows an embed's picture on a 400-px screen."""
MIN_TEXT = 38
"""The labels' size: Aileron's digits and capitals are 28-29 px high at 38 px (the
capitals of Noto Sans, for names Aileron cannot draw, 27 px), which show 15-16 px tall
at ``PHONE_WIDTH`` (at 28 px, before issue 44, they showed 11)."""
BACK_WIDTH = 40
TOP_WIDTH = 52
RING_CENTRE = (126, 60)
RING_RADIUS = 55
RING_WIDTH = 9
COLUMN_LEFT = 204
COLUMN_RIGHT = WIDTH - 10
ARROW = 32
ARROW_ROOM = ARROW + 10
SWATCH = (COLUMN_LEFT, 6, COLUMN_LEFT + 200, 58)
"""The colour to play: a rounded bar of the colour with its marks, above the turn."""
SWATCH_MARKS = 3


PILE_AT = (16, 4)
"""The top-left corner of the draw pile's back, its count under it."""
COUNT_BASELINE = HEIGHT - 12
"""The draw pile's count and the name whose turn it is stand on this line."""


@lru_cache(maxsize=256)
def _pile_count(count: int) -> Sprite:
    x, _ = PILE_AT
    return layer((WIDTH, HEIGHT), lambda draw: draw.text(
        (x + BACK_WIDTH / 2, COUNT_BASELINE), str(count), PAPER, font(MIN_TEXT), "ms"))


@cache
def _ring(color: str) -> Image.Image:
    """The ring of ``color`` with its mark all round, drawn supersampled for smooth edges."""
    size = 2 * RING_RADIUS * SUPERSAMPLE
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    width = RING_WIDTH * SUPERSAMPLE
    draw.ellipse((0, 0, size - 1, size - 1), None, CARD_RGB[color], width)
    centre, mid = size / 2, size / 2 - width / 2
    for k in range(8):
        angle = math.pi / 8 + k * math.pi / 4
        spot = (centre + mid * math.cos(angle), centre + mid * math.sin(angle))
        draw_mark(draw, color, spot, width * 0.42)
    return image.reduce(SUPERSAMPLE)


@cache
def _back() -> Sprite:
    return sprite(card_back(BACK_WIDTH), PILE_AT)


@cache
def _colour(color: str) -> tuple[Sprite, Sprite]:
    """The ring round the top card, and the swatch right of it."""
    cx, cy = RING_CENTRE
    ring = sprite(_ring(color), (cx - RING_RADIUS, cy - RING_RADIUS))
    return ring, layer((WIDTH, HEIGHT), lambda draw: _swatch(draw, color))


@cache
def _top_card(code: Card) -> Sprite:
    cx, cy = RING_CENTRE
    face = card_face(code, TOP_WIDTH)
    return sprite(face, (cx - TOP_WIDTH // 2, cy - card_height(TOP_WIDTH) // 2))


TURN_AT = (COLUMN_LEFT, COUNT_BASELINE - 14)
"""Where the arrow of the way play goes starts (at the height of the middle of the
name's capitals), the name whose turn it is after it."""


@cache
def _arrow(direction: int) -> Sprite:
    return layer((WIDTH, HEIGHT), lambda draw: _direction_arrow(draw, direction, TURN_AT))


@lru_cache(maxsize=1024)
def _name(name: str) -> Sprite:
    """The name whose turn it is, fitted to the column right of the arrow."""
    return image_layer((WIDTH, HEIGHT), lambda image: draw_name(
        image, (COLUMN_LEFT + ARROW_ROOM, COUNT_BASELINE), name, MIN_TEXT,
        COLUMN_RIGHT - COLUMN_LEFT - ARROW_ROOM, HIGHLIGHT_RGB, "ls"))


def _swatch(draw: ImageDraw.ImageDraw, color: str) -> None:
    x0, y0, x1, y1 = SWATCH
    draw.rounded_rectangle(SWATCH, (y1 - y0) // 4, CARD_RGB[color], PAPER, 3)
    step = (x1 - x0) / SWATCH_MARKS
    for k in range(SWATCH_MARKS):
        draw_mark(draw, color, (x0 + step * (k + 0.5), (y0 + y1) / 2), 14)


def _direction_arrow(draw: ImageDraw.ImageDraw, direction: int, at: tuple[int, int]) -> None:
    """A short arrow: right for seating order, left when reversed."""
    x, y = at
    tail, tip = (x, x + ARROW) if direction == 1 else (x + ARROW, x)
    sign = 1 if direction == 1 else -1
    draw.line((tail, y, tip - sign * 12, y), LABEL_RGB, 5)
    draw.polygon([(tip - sign * 14, y - 10), (tip - sign * 14, y + 10), (tip, y)], LABEL_RGB)


def table_image(scene: TableScene) -> Image.Image:
    """The picture of ``render_table`` (in the shared palette): the draw pile, the top
    card in its ring, the swatch, the way play goes and whose turn it is, each drawn
    once and pasted."""
    image = canvas((WIDTH, HEIGHT))
    ring, swatch = _colour(scene.color)
    for piece in (_back(), _pile_count(scene.draw_pile), ring, _top_card(scene.top_card),
                  swatch, _arrow(scene.direction), _name(scene.players[scene.current][0])):
        piece.paste_on(image)
    return image


def render_table(scene: TableScene) -> bytes:
    """PNG of the table, ``WIDTH`` x ``HEIGHT`` px, for any number of players."""
    return encode_png(table_image(scene))
