"""Card faces: drawn once per (card, width) and cached, then only pasted.

A face is drawn at ``SUPERSAMPLE`` times its size and scaled down, which gives
smooth edges to the polygons that ``ImageDraw`` draws without anti-aliasing.
Layout of a coloured card: a white rim, the colour, a large pale mark of the colour
behind the centre symbol, and in two opposite corners the small symbol above the mark
(the top-left corner stays visible when cards overlap in a hand).
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from bot.engine.cards import CARD_COLOR, CARD_VALUE, COLORS, Card
from bot.render.style import CARD_RGB, INK, PAPER, RGB, TABLE_RGB, WILD_RGB, draw_mark
from bot.render.symbols import corner_drawer, symbol_drawer

SUPERSAMPLE = 3
ASPECT = 1.5
"""Height over width, as a real card."""


def card_height(width: int) -> int:
    return round(width * ASPECT)


def _tint(rgb: RGB, amount: float) -> RGB:
    """``rgb`` moved ``amount`` of the way towards white."""
    r, g, b = rgb
    return (
        round(r + (255 - r) * amount),
        round(g + (255 - g) * amount),
        round(b + (255 - b) * amount),
    )


def _blank_card(w: int, h: int, inner: RGB) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    rim = round(w * 0.055)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), w * 0.09, PAPER, INK, max(2, round(w * 0.012)))
    draw.rounded_rectangle((rim, rim, w - 1 - rim, h - 1 - rim), w * 0.06, inner)
    return image, draw


def _draw_corners(image: Image.Image, value: str, colour: str) -> Image.Image:
    """Draw the corner symbol (and mark) top left, turn the card, draw it again."""
    w = image.width
    corner = corner_drawer(value)
    for _ in range(2):
        draw = ImageDraw.Draw(image)
        x, y, size = w * 0.09, w * 0.08, w * 0.24
        corner(draw, (x, y, x + size, y + size))
        if colour:
            draw_mark(draw, colour, (x + size / 2, y + size * 1.55), w * 0.075)
        image = image.transpose(Image.Transpose.ROTATE_180)
    return image


@cache
def card_face(code: Card, width: int) -> Image.Image:
    """The RGBA face of card ``code``, ``width`` px wide; transparent outside its corners.

    Cached: treat the result as read-only (paste it, never draw on it).
    """
    colour, value = CARD_COLOR[code], CARD_VALUE[code]
    w, h = width * SUPERSAMPLE, card_height(width) * SUPERSAMPLE
    image, draw = _blank_card(w, h, CARD_RGB[colour] if colour else WILD_RGB)
    cx, cy = w / 2, h / 2
    if colour:
        draw_mark(draw, colour, (cx, cy), w * 0.36, _tint(CARD_RGB[colour], 0.3), CARD_RGB[colour])
    image = _draw_corners(image, value, colour)
    draw = ImageDraw.Draw(image)
    half = w * 0.3
    symbol_drawer(value)(draw, (cx - half, cy - half, cx + half, cy + half))
    return image.reduce(SUPERSAMPLE)


DIM = 0.6
"""How far a dimmed (unplayable) card fades into the table colour."""


@cache
def dimmed_face(code: Card, width: int) -> Image.Image:
    """``card_face`` faded into the table colour, for a card that cannot be played now."""
    face = card_face(code, width)
    faded = Image.blend(face, Image.new("RGBA", face.size, (*TABLE_RGB, 255)), DIM)
    faded.putalpha(face.getchannel("A"))
    return faded


@cache
def card_back(width: int) -> Image.Image:
    """The back of a card (the draw pile): four colour bands, one per mark, on black."""
    w, h = width * SUPERSAMPLE, card_height(width) * SUPERSAMPLE
    image, draw = _blank_card(w, h, WILD_RGB)
    band = h * 0.12
    top = h / 2 - band * 2
    for i, colour in enumerate(COLORS):
        y = top + i * band
        box = (w * 0.14, y + band * 0.1, w * 0.86, y + band * 0.9)
        draw.rounded_rectangle(box, band * 0.2, CARD_RGB[colour], INK, SUPERSAMPLE)
        draw_mark(draw, colour, (w / 2, y + band / 2), band * 0.28)
    return image.reduce(SUPERSAMPLE)
