"""PNG encoding with one shared 128-colour palette.

The images only use the colours of ``style``, their anti-aliased blends and the faces,
so a palette taken once from a sample of all of them fits every image (an RGB PNG
of a hand is twice the size; an adaptive palette per image is slower for a few KB).

The pictures are composed in that palette directly ("P" mode): every piece (a face, a
label, a ring) is laid on the table colour and quantised once when it is first drawn,
then pasted through a 1-bit mask of the pixels it covers (the rows it covers whole
without one, several times faster). The look is the same but
for the anti-aliased rim of a card that overlaps another (blended with the table
colour instead of the card beneath), which ``tests/render/test_look.py`` bounds.

Measured with ``benchmarks/render.py`` beside the rendering that composed in RGB,
quantised each picture and let Pillow deflate it with zlib at level 3 (25-card hand:
compose 2.7 ms, quantise 0.8 ms, deflate 2.6 ms of CPU): composing in the palette
leaves about 0.2 ms, and the deflate is then most of a picture's CPU. zlib is 1.9 ms
at its fastest level, and larger; ISA-L 0.25 ms but 5 to 9 % larger; libdeflate
spends long on the runs of table colour. zlib-ng (``zlib_ng``) at its level 3 takes
1.2 ms for a PNG 8 % smaller, filter "none" on every row (the palette indices of
flat colours repeat as they are; "sub", "up" and a choice per row came out larger).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw
from zlib_ng import zlib_ng

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
"""zlib-ng's level for a picture: 2 is about a third faster but its PNGs are as large as
zlib's level 3 made them, or larger (hands of 16 cards and more); 4 is a quarter slower
and 4 % smaller."""
DENSE_LEVEL = 4
"""zlib-ng's level for a hand whose cards show less than half their width: rows of
narrow slices of many faces, where level 3 finds too few repeats to stay smaller than
zlib's level 3 (hands of 55 cards and more); such hands cost the most to draw before,
so with the slower level they still take about a quarter of their CPU then."""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
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


def _quantize(image: Image.Image) -> Image.Image:
    return image.quantize(palette=shared_palette(), dither=Image.Dither.NONE)


@dataclass(frozen=True, slots=True)
class Band:
    """Rows of a ``Sprite``: pasted through ``mask``, or whole when ``mask`` is None
    (every pixel covered: a plain paste is several times faster than a masked one)."""

    image: Image.Image
    mask: Image.Image | None
    top: int


@dataclass(frozen=True, slots=True)
class Sprite:
    """A piece of picture in the shared palette, laid on the table colour, as bands of
    rows each with the 1-bit mask of the pixels it covers (none where it covers them
    all), ``at`` its top-left corner."""

    bands: tuple[Band, ...]
    at: tuple[int, int] = (0, 0)

    def paste_on(self, canvas: Image.Image, offset: tuple[int, int] = (0, 0)) -> None:
        """Paste onto ``canvas`` (from ``canvas``) with ``at`` moved by ``offset``.

        Through Pillow's core ``paste`` (what ``Image.paste`` calls once it has checked
        its arguments, which here are right by construction): the checks took half of
        a hand's composing time."""
        x, y = self.at[0] + offset[0], self.at[1] + offset[1]
        core = canvas.im
        for band in self.bands:
            width, height = band.image.size
            box = (x, y + band.top, x + width, y + band.top + height)
            if band.mask is None:
                core.paste(band.image.im, box)
            else:
                core.paste(band.image.im, box, band.mask.im)


def _bands(image: Image.Image, mask: Image.Image) -> tuple[Band, ...]:
    """``image`` cut into runs of rows that ``mask`` covers whole or not."""
    width, height = image.size
    whole = [mask.crop((0, y, width, y + 1)).getextrema() == (255, 255) for y in range(height)]
    bands = []
    top = 0
    for y in range(1, height + 1):
        if y == height or whole[y] != whole[top]:
            box = (0, top, width, y)
            bands.append(Band(image.crop(box), None if whole[top] else mask.crop(box), top))
            top = y
    return tuple(bands)


def sprite(piece: Image.Image, at: tuple[int, int] = (0, 0)) -> Sprite:
    """``piece`` (RGBA) as a ``Sprite``: its blended edges keep their blend with the
    table colour. Cache the result: this quantises."""
    ground = Image.new("RGBA", piece.size, (*TABLE_RGB, 255))
    ground.alpha_composite(piece)
    mask = piece.getchannel("A").point(lambda alpha: 255 if alpha else 0, "1")
    return Sprite(_bands(_quantize(ground.convert("RGB")), mask), at)


def layer(size: tuple[int, int], draw_on: Callable[[ImageDraw.ImageDraw], None]) -> Sprite:
    """What ``draw_on`` draws on a transparent ``size`` image, as a ``Sprite`` cut to
    the pixels drawn. Cache the result: this quantises."""
    return image_layer(size, lambda piece: draw_on(ImageDraw.Draw(piece)))


def image_layer(size: tuple[int, int], paint: Callable[[Image.Image], object]) -> Sprite:
    """``layer`` for what is laid on the image itself (a line of names with its emoji)."""
    piece = Image.new("RGBA", size, (0, 0, 0, 0))
    paint(piece)
    box = piece.getchannel("A").getbbox() or (0, 0, 1, 1)
    return sprite(piece.crop(box), box[:2])


@cache
def _table_index() -> int:
    """The palette index nearest the table colour."""
    return int(_quantize(Image.new("RGB", (1, 1), TABLE_RGB)).getpixel((0, 0)))  # type: ignore[arg-type]


def canvas(size: tuple[int, int]) -> Image.Image:
    """A "P" image of ``size`` in the shared palette, filled with the table colour."""
    image = Image.new("P", size, _table_index())
    image.putpalette(shared_palette().getpalette() or [])
    return image


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def encode_png(image: Image.Image, level: int = COMPRESS_LEVEL) -> bytes:
    """``image`` as PNG bytes: a "P" image from ``canvas`` as it is, any other (RGB)
    quantised to ``shared_palette`` without dithering; deflated by zlib-ng at ``level``.

    Written here rather than by Pillow, whose PNGs are deflated by zlib, at least twice
    the CPU of zlib-ng for a larger PNG.
    """
    indexed = image if image.mode == "P" else _quantize(image)
    width, height = indexed.size
    rows = Image.new("P", (width + 1, height), 0)  # each row after its filter byte, 0: none
    rows.paste(indexed, (1, 0))
    palette = bytes(shared_palette().getpalette() or [])[: 3 * PALETTE_COLORS]
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit palette indices
    return b"".join((
        PNG_SIGNATURE,
        _chunk(b"IHDR", header),
        _chunk(b"PLTE", palette),
        _chunk(b"IDAT", zlib_ng.compress(rows.tobytes(), level)),
        _chunk(b"IEND", b""),
    ))
