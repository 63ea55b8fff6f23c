"""The symbol of each card value, drawn into a square box.

Every symbol differs in shape, not only in colour: a slashed ring for Skip, two
opposed arrows for Reverse, "+2" over two card outlines for Draw Two, ruled lines
for Blank, a four-colour disc for the wilds, with "+4", a pencil, swap arrows or a
shield on top. The same drawers serve the big centre symbol and the small corner one.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import ImageDraw

from bot.engine.cards import COLORS
from bot.render.style import CARD_RGB, INK, PAPER, draw_mark, font

Box = tuple[float, float, float, float]
Point = tuple[float, float]
SymbolDrawer = Callable[[ImageDraw.ImageDraw, Box], None]


def _outline_width(box: Box) -> int:
    return max(2, round((box[2] - box[0]) / 22))


def _text(draw: ImageDraw.ImageDraw, box: Box, text: str, scale: float = 0.9) -> None:
    """``text`` in paper white with an ink outline, as large as fits ``box``."""
    x0, y0, x1, y1 = box
    size = max(6, int((y1 - y0) * scale))
    face = font(size)
    while size > 6 and face.getlength(text) > (x1 - x0) * 0.95:
        size = int(size * 0.9)
        face = font(size)
    # Aileron has no bold: a paper-coloured stroke thickens the letters, and a wider
    # ink stroke under it outlines them, so they read on any card colour.
    centre, weight = ((x0 + x1) / 2, (y0 + y1) / 2), size / 28
    draw.text(centre, text, INK, face, "mm", stroke_width=weight * 3, stroke_fill=INK)
    draw.text(centre, text, PAPER, face, "mm", stroke_width=weight, stroke_fill=PAPER)


def _rotate(points: list[Point], centre: Point, angle: float) -> list[Point]:
    cx, cy = centre
    cos, sin = math.cos(angle), math.sin(angle)
    return [(cx + x * cos - y * sin, cy + x * sin + y * cos) for x, y in points]


def _arrow(centre: Point, length: float, angle: float) -> list[Point]:
    """A straight arrow of ``length`` through ``centre``, pointing along ``angle`` (radians)."""
    half, shaft, head = length / 2, length * 0.11, length * 0.25
    outline = [
        (-half, -shaft),
        (half - head * 1.2, -shaft),
        (half - head * 1.2, -head),
        (half, 0),
        (half - head * 1.2, head),
        (half - head * 1.2, shaft),
        (-half, shaft),
    ]
    return _rotate(outline, centre, angle)


def _card_outline(draw: ImageDraw.ImageDraw, centre: Point, height: float, tilt: float) -> None:
    w, h = height / 3, height / 2
    corners = [(-w, -h), (w, -h), (w, h), (-w, h)]
    draw.polygon(_rotate(corners, centre, tilt), PAPER, INK, max(2, round(height / 14)))


def digit_drawer(digit: str) -> SymbolDrawer:
    """A number; 6 and 9 are underlined so that a card upside down still reads right."""

    def draw_digit(draw: ImageDraw.ImageDraw, box: Box) -> None:
        _text(draw, box, digit)
        if digit in "69":
            x0, _, x1, y1 = box
            w = x1 - x0
            line = (x0 + w * 0.3, y1 - w * 0.02, x1 - w * 0.3, y1 + w * 0.06)
            draw.rectangle(line, PAPER, INK, max(1, round(w / 40)))

    return draw_digit


def draw_skip(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """A ring with a slash across it; the card colour shows through the ring."""
    x0, y0, x1, y1 = box
    size = x1 - x0
    ring, pad, ink = size * 0.14, size * 0.1, _outline_width(box)
    outer = (x0 + pad, y0 + pad, x1 - pad, y1 - pad)
    hole = (outer[0] + ring, outer[1] + ring, outer[2] - ring, outer[3] - ring)
    draw.ellipse(outer, None, PAPER, round(ring))
    draw.ellipse(outer, None, INK, ink)
    draw.ellipse(hole, None, INK, ink)
    half = (hole[2] - hole[0]) / 2 + ink
    slash = [(-half, -ring / 2), (half, -ring / 2), (half, ring / 2), (-half, ring / 2)]
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    draw.polygon(_rotate(slash, centre, -math.pi / 4), PAPER, INK, ink)


def draw_reverse(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, y1 = box
    size = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    offset = size * 0.14
    ink = _outline_width(box)
    for sign in (-1, 1):
        centre = (cx + sign * offset, cy + sign * offset)
        angle = -math.pi / 4 + (math.pi if sign > 0 else 0)
        draw.polygon(_arrow(centre, size * 0.78, angle), PAPER, INK, ink)


def draw_draw2(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, y1 = box
    size = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    _card_outline(draw, (cx - size * 0.14, cy - size * 0.12), size * 0.5, -0.25)
    _card_outline(draw, (cx + size * 0.1, cy - size * 0.08), size * 0.5, 0.2)
    _text(draw, (x0, cy, x1, y1), "+2", 1.0)


def draw_blank(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """An empty ruled sheet: the card carries a rule the table writes on it."""
    x0, y0, x1, y1 = box
    size = x1 - x0
    ink = _outline_width(box)
    sheet = (x0 + size * 0.2, y0 + size * 0.08, x1 - size * 0.2, y1 - size * 0.08)
    draw.rounded_rectangle(sheet, size * 0.06, PAPER, INK, ink)
    for row in range(4):
        y = sheet[1] + size * (0.2 + row * 0.15)
        draw.line((sheet[0] + size * 0.1, y, sheet[2] - size * 0.1, y), INK, ink)


def _four_colours(draw: ImageDraw.ImageDraw, box: Box, scale: float, marks: bool = True) -> None:
    """A disc in quarters of the four colours, each with its colour's mark if ``marks``."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = (x1 - x0) / 2 * scale
    disc = (cx - r, cy - r, cx + r, cy + r)
    ink = _outline_width(box)
    for quarter, colour in enumerate(COLORS):
        start = -90 + quarter * 90
        draw.pieslice(disc, start, start + 90, CARD_RGB[colour], INK, ink)
        if not marks:
            continue
        mid = math.radians(start + 45)
        spot = (cx + r * 0.55 * math.cos(mid), cy + r * 0.55 * math.sin(mid))
        draw_mark(draw, colour, spot, r / 6)


def draw_wild(draw: ImageDraw.ImageDraw, box: Box) -> None:
    _four_colours(draw, box, 0.9)


def draw_wild4(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """ "+4" on the four colours, unmarked: the marks would crowd the figures."""
    _four_colours(draw, box, 0.9, marks=False)
    x0, y0, x1, y1 = box
    size = x1 - x0
    _text(draw, (x0, y0 + size * 0.2, x1, y1 - size * 0.2), "+4", 1.0)


def draw_wildcustom(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The four colours with a pencil across: the table writes the card's rule."""
    _four_colours(draw, box, 0.9, marks=False)
    x0, y0, x1, y1 = box
    size = x1 - x0
    half, w = size * 0.42, size * 0.09
    body = [(-half, -w), (half * 0.55, -w), (half, 0), (half * 0.55, w), (-half, w)]
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    angle = -math.pi / 4
    draw.polygon(_rotate(body, centre, angle), PAPER, INK, _outline_width(box))
    tip = [(half * 0.8, -w * 0.45), (half, 0), (half * 0.8, w * 0.45)]
    draw.polygon(_rotate(tip, centre, angle), INK)


def draw_wildswap(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The four colours with two arrows trading places: swap hands."""
    _four_colours(draw, box, 0.9, marks=False)
    x0, y0, x1, y1 = box
    size = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    ink = _outline_width(box)
    draw.polygon(_arrow((cx, cy - size * 0.13), size * 0.8, 0), PAPER, INK, ink)
    draw.polygon(_arrow((cx, cy + size * 0.13), size * 0.8, math.pi), PAPER, INK, ink)


def draw_bff(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The four colours behind a shield: BFF Power blocks a draw."""
    _four_colours(draw, box, 0.9, marks=False)
    x0, y0, x1, y1 = box
    size = x1 - x0
    cx = (x0 + x1) / 2
    top, w = y0 + size * 0.16, size * 0.34
    shield = [
        (cx - w, top),
        (cx + w, top),
        (cx + w, top + size * 0.34),
        (cx, y1 - size * 0.1),
        (cx - w, top + size * 0.34),
    ]
    draw.polygon(shield, PAPER, INK, _outline_width(box))
    label = font(max(6, int(size * 0.2)))
    draw.text((cx, top + size * 0.27), "BFF", fill=INK, font=label, anchor="mm")


SYMBOLS: dict[str, SymbolDrawer] = {
    "skip": draw_skip,
    "reverse": draw_reverse,
    "draw2": draw_draw2,
    "blank": draw_blank,
    "wild": draw_wild,
    "wild4": draw_wild4,
    "wildcustom": draw_wildcustom,
    "wildswap": draw_wildswap,
    "bff": draw_bff,
}
CORNER_TEXT: dict[str, str] = {"draw2": "+2", "wild4": "+4", "bff": "BFF"}
"""Values whose small corner symbol is text: their full symbol is too busy at that size."""


def symbol_drawer(value: str) -> SymbolDrawer:
    """The drawer of a card value (a digit, an action symbol or a wild's code)."""
    return digit_drawer(value) if value.isdigit() else SYMBOLS[value]


def corner_drawer(value: str) -> SymbolDrawer:
    if value in CORNER_TEXT:
        text = CORNER_TEXT[value]
        return lambda draw, box: _text(draw, box, text)
    return symbol_drawer(value)
