"""The table as one PNG: draw pile, top card in a ring of the colour to match, players.

The ring carries the colour's mark and its name as well as the colour, and shows for
wild cards too (their chosen colour). The players are listed in seating order with the
one whose turn it is highlighted; an arrow beside the list points the way play goes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from bot.engine.cards import ALL_CARDS, COLOR_NAMES, COLORS
from bot.render.faces import SUPERSAMPLE, card_back, card_face, card_height
from bot.render.names import fit_name
from bot.render.png import encode_png
from bot.render.style import (
    CARD_RGB,
    HIGHLIGHT_RGB,
    INK,
    LABEL_RGB,
    MUTED_RGB,
    PAPER,
    TABLE_RGB,
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

    top_card: str
    color: str
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


WIDTH = 900
MIN_HEIGHT = 420
BACK_WIDTH = 96
TOP_WIDTH = 136
RING_CENTRE = (330, 190)
RING_RADIUS = 150
RING_WIDTH = 20
LIST_LEFT = 560
LIST_TOP = 70
ROW_HEIGHT = 34
NAME_SIZE = 20


def _draw_pile(image: Image.Image, draw: ImageDraw.ImageDraw, count: int) -> None:
    back = card_back(BACK_WIDTH)
    x, y = 30, RING_CENTRE[1] - back.height // 2
    image.paste(back, (x, y), back)
    centre_x = x + BACK_WIDTH / 2
    draw.text((centre_x, y - 18), "Draw pile", LABEL_RGB, font(18), "mm")
    draw.text((centre_x, y + back.height + 24), str(count), PAPER, font(30), "mm")


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


def _colour_ring(image: Image.Image, draw: ImageDraw.ImageDraw, scene: TableScene) -> None:
    cx, cy = RING_CENTRE
    r = RING_RADIUS
    ring = _ring(scene.color)
    image.paste(ring, (cx - r, cy - r), ring)
    face = card_face(scene.top_card, TOP_WIDTH)
    image.paste(face, (cx - TOP_WIDTH // 2, cy - card_height(TOP_WIDTH) // 2), face)
    label = f"Play on {COLOR_NAMES[scene.color]}"
    label_font = font(24)
    label_y = cy + r + 28
    text_w = label_font.getlength(label)
    draw_mark(draw, scene.color, (cx - text_w / 2 - 18, label_y), 10, CARD_RGB[scene.color], PAPER)
    draw.text((cx + 8, label_y), label, PAPER, label_font, "mm")


def _direction_arrow(draw: ImageDraw.ImageDraw, direction: int, bottom: float) -> None:
    """A vertical arrow beside the list: down for seating order, up when reversed."""
    x, top = LIST_LEFT - 22, LIST_TOP + 4
    head = 12
    tip, tail = (bottom, top) if direction == 1 else (top, bottom)
    sign = 1 if direction == 1 else -1
    draw.line((x, tail, x, tip - sign * head), LABEL_RGB, 5)
    draw.polygon([(x - 10, tip - sign * head), (x + 10, tip - sign * head), (x, tip)], LABEL_RGB)


def _players(draw: ImageDraw.ImageDraw, scene: TableScene) -> None:
    count_font = font(18)
    right = WIDTH - 24
    draw.text((LIST_LEFT, LIST_TOP - 34), "Players", LABEL_RGB, font(22))
    order = "in seating order" if scene.direction == 1 else "reversed"
    draw.text((right, LIST_TOP - 30), order, MUTED_RGB, font(18), "ra")
    for seat, (name, count) in enumerate(scene.players):
        top = LIST_TOP + seat * ROW_HEIGHT
        middle = top + ROW_HEIGHT / 2
        ink = LABEL_RGB
        if seat == scene.current:
            band = (LIST_LEFT - 6, top + 2, right + 6, top + ROW_HEIGHT - 2)
            draw.rounded_rectangle(band, 8, HIGHLIGHT_RGB)
            ink = INK
        cards = f"{count} card" if count == 1 else f"{count} cards"
        count_w = count_font.getlength(cards)
        shown, name_font = fit_name(name, NAME_SIZE, right - LIST_LEFT - count_w - 24)
        draw.text((LIST_LEFT + 4, middle), shown, ink, name_font, "lm")
        draw.text((right, middle), cards, ink, count_font, "rm")
    bottom = LIST_TOP + len(scene.players) * ROW_HEIGHT - 4
    _direction_arrow(draw, scene.direction, bottom)


def table_image(scene: TableScene) -> Image.Image:
    """The RGB picture of ``render_table``."""
    height = max(MIN_HEIGHT, LIST_TOP + len(scene.players) * ROW_HEIGHT + 24)
    image = Image.new("RGB", (WIDTH, height), TABLE_RGB)
    draw = ImageDraw.Draw(image)
    _draw_pile(image, draw, scene.draw_pile)
    _colour_ring(image, draw, scene)
    _players(draw, scene)
    return image


def render_table(scene: TableScene) -> bytes:
    """PNG of the table: ``WIDTH`` px wide, taller only for more than ten players."""
    return encode_png(table_image(scene))
