"""The look shared by every image: colours, the colour-blind marks, the font.

Colour alone is not enough for players who cannot tell red from green, so every
card colour also has a mark of its own shape (``MARKS``) that is drawn wherever the
colour matters: on the card, on a wild's colour quarters, on the table's colour ring and
swatch. They are the marks UNO cards carry since 2024 (and Mattel's app shows), so a
player who learnt them on real cards reads them here too.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

RGB = tuple[int, int, int]

CARD_RGB: dict[str, RGB] = {
    "r": (215, 38, 56),
    "y": (240, 186, 30),
    "g": (34, 150, 72),
    "b": (30, 104, 208),
}
WILD_RGB: RGB = (28, 28, 32)
INK: RGB = (24, 24, 28)
PAPER: RGB = (250, 250, 246)
TABLE_RGB: RGB = (43, 45, 49)
"""Discord's dark chat background, so the images sit flush in a message."""
LABEL_RGB: RGB = (220, 221, 222)
MUTED_RGB: RGB = (128, 132, 140)
HIGHLIGHT_RGB: RGB = (255, 214, 90)

MARKS: dict[str, str] = {"r": "circle", "b": "square", "g": "triangle", "y": "star"}
"""The shape that stands for each colour, for players who cannot tell the colours apart:
Mattel's, since 2024."""
STAR_INNER = 0.48
"""The star's inner corners, as a share of its points' radius: plumper than a
pentagram's 0.38, so that its arms stay wide enough to read at a card's corner."""


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's bundled font (Aileron) at ``size`` px; needs Pillow >= 10.1 with FreeType.

    Shared by the worker threads: Pillow holds the GIL while it uses a FreeType face,
    which keeps the face to one thread at a time (free-threaded Python needs Pillow
    >= 12.2, which locks each font itself).
    """
    loaded = ImageFont.load_default(size=size)
    if not isinstance(loaded, ImageFont.FreeTypeFont):  # pragma: no cover - build without FreeType
        raise RuntimeError("Pillow was built without FreeType; the card images need it")
    return loaded


FALLBACK_FONT = Path(__file__).with_name("fonts") / "DejaVuSans.ttf"
"""For names with letters Aileron lacks (Greek, Cyrillic, many symbols); its licence
is ``fonts/LICENSE-DejaVu.txt``."""


@cache
def fallback_font(size: int) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at ``size`` px, shipped with the package."""
    return ImageFont.truetype(str(FALLBACK_FONT), size)


def draw_mark(
    draw: ImageDraw.ImageDraw,
    color: str,
    centre: tuple[float, float],
    radius: float,
    fill: RGB = PAPER,
    outline: RGB = INK,
) -> None:
    """Draw the mark of ``color`` (see ``MARKS``) centred on ``centre``."""
    x, y = centre
    width = max(1, round(radius / 4))
    shape = MARKS[color]
    if shape == "circle":
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill, outline, width)
    elif shape == "square":
        r = radius * 0.85
        draw.rectangle((x - r, y - r, x + r, y + r), fill, outline, width)
    elif shape == "triangle":
        draw.regular_polygon((x, y + radius * 0.15, radius * 1.1), 3, 0, fill, outline, width)
    else:
        draw.polygon(_star((x, y + radius * 0.1), radius * 1.2), fill, outline, width)


def _star(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """A five-pointed star with a point up: its ten corners, clockwise."""
    x, y = centre
    corners = []
    for k in range(10):
        reach = radius if k % 2 == 0 else radius * STAR_INNER
        angle = math.pi * k / 5
        corners.append((x + reach * math.sin(angle), y - reach * math.cos(angle)))
    return corners
