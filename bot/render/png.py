"""PNG encoding with one shared 128-colour palette.

Measured on a 25-card hand (benchmarks/render.py and trials beside it): an RGB PNG
is about 108 KB and 30 ms at zlib level 1; quantising to a palette fixed in advance,
without dithering, brings it to about 54 KB and 10 ms at level 3 (256 colours:
59 KB; level 4: 4 KB less for 3 ms more); an adaptive palette per image is slower
(about 20 ms) for a few KB. The images only use the colours of ``style``, their
anti-aliased blends and the faces, so a palette taken once from a sample of all of
them fits every image.
"""

from __future__ import annotations

import io
from functools import cache

from PIL import Image, ImageDraw

from bot.engine.cards import ALL_CARDS, COLORS
from bot.render.faces import card_back, card_face, card_height, dimmed_face
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

COMPRESS_LEVEL = 3
PALETTE_COLORS = 128
_SAMPLE_WIDTH = 60


def _sample_sheet() -> Image.Image:
    """Every face (plain and dimmed), the back, and text and marks in every UI colour."""
    faces = [card_face(code, _SAMPLE_WIDTH) for code in sorted(ALL_CARDS)]
    faces += [dimmed_face(code, _SAMPLE_WIDTH) for code in sorted(ALL_CARDS)]
    faces.append(card_back(_SAMPLE_WIDTH))
    h = card_height(_SAMPLE_WIDTH)
    sheet = Image.new("RGB", (_SAMPLE_WIDTH * len(faces), h + 120), TABLE_RGB)
    for i, face in enumerate(faces):
        sheet.paste(face, (i * _SAMPLE_WIDTH, 0), face)
    draw = ImageDraw.Draw(sheet)
    x = 0
    for ink, ground in [
        (LABEL_RGB, TABLE_RGB),
        (MUTED_RGB, TABLE_RGB),
        (INK, HIGHLIGHT_RGB),
        (PAPER, TABLE_RGB),
        *((PAPER, CARD_RGB[c]) for c in COLORS),
    ]:
        draw.rectangle((x, h, x + 220, h + 120), ground)
        draw.text((x + 4, h + 4), "Player 10 cards", ink, font(18))
        draw.text((x + 4, h + 40), "Wgy 42", ink, font(30))
        x += 230
    for i, colour in enumerate(COLORS):
        draw_mark(draw, colour, (x + 30 + i * 60, h + 60), 22, PAPER, INK)
        draw.ellipse((x + i * 60, h, x + i * 60 + 58, h + 58), None, CARD_RGB[colour], 9)
    return sheet


@cache
def shared_palette() -> Image.Image:
    """A "P" image whose palette every rendered image is quantised to."""
    return _sample_sheet().quantize(PALETTE_COLORS, method=Image.Quantize.MEDIANCUT)


def encode_png(image: Image.Image) -> bytes:
    """``image`` (RGB) as PNG bytes, quantised to ``shared_palette`` without dithering."""
    indexed = image.quantize(palette=shared_palette(), dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    indexed.save(buffer, "PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()
