from __future__ import annotations

import math

import pytest
from PIL import Image, ImageDraw, ImageStat

from bot.engine.cards import ALL_CARDS, COLORS
from bot.render.faces import card_back, card_face, card_height, dimmed_face
from bot.render.style import MARKS, draw_mark

CODES = sorted(ALL_CARDS)


@pytest.mark.parametrize("code", CODES)
def test_every_card_has_a_face(code: str) -> None:
    face = card_face(code, 120)
    assert face.mode == "RGBA"
    assert face.size == (120, card_height(120))
    alpha = face.getchannel("A")
    assert alpha.getpixel((0, 0)) == 0, "corners are rounded off (transparent)"
    assert alpha.getpixel((60, 90)) == 255
    assert len(face.getcolors(1 << 16) or []) > 10, "more than a flat fill"


@pytest.mark.parametrize("width", [60, 120, 136])
def test_distinct_cards_have_distinct_pictures(width: int) -> None:
    pictures = {card_face(code, width).tobytes() for code in CODES}
    assert len(pictures) == len(CODES)


def test_each_colour_differs_in_shape_not_only_in_colour() -> None:
    """The colour marks drawn in one ink must still be four different shapes."""
    shapes = set()
    for colour in COLORS:
        image = Image.new("RGB", (64, 64), (0, 0, 0))
        draw_mark(ImageDraw.Draw(image), colour, (32, 32), 20, (255, 255, 255), (255, 255, 255))
        shapes.add(image.tobytes())
    assert len(shapes) == len(COLORS) == len(set(MARKS.values()))


def test_same_value_cards_differ_in_grey_too() -> None:
    """Seen without colour (greyscale), a red 5 and a green 5 still look different."""
    for value in ["5", "skip", "draw2"]:
        greys = {card_face(c + value, 120).convert("L").tobytes() for c in COLORS}
        assert len(greys) == len(COLORS)


def test_dimmed_face_is_darker_with_the_same_outline() -> None:
    plain, dimmed = card_face("r5", 120), dimmed_face("r5", 120)
    assert dimmed.size == plain.size
    assert dimmed.getchannel("A").tobytes() == plain.getchannel("A").tobytes()
    brightness = ImageStat.Stat(dimmed.convert("L")).mean[0]
    assert brightness < ImageStat.Stat(plain.convert("L")).mean[0] - 20


def test_faces_are_cached() -> None:
    assert card_face("g7", 120) is card_face("g7", 120)
    assert card_back(96) is card_back(96)


def test_the_marks_are_mattels_since_2024() -> None:
    """Issue 44: the cards' colour-blind marks are those of UNO cards since 2024 and the
    official app: a circle for red, a square for blue, a triangle for green, a star for
    yellow."""
    assert MARKS == {"r": "circle", "b": "square", "g": "triangle", "y": "star"}


def _mark(colour: str) -> Image.Image:
    image = Image.new("RGB", (100, 100), (0, 0, 0))
    draw_mark(ImageDraw.Draw(image), colour, (50, 50), 40, (255, 255, 255), (255, 255, 255))
    return image.convert("L")


def test_each_mark_is_drawn_as_its_shape() -> None:
    """Seen from the centre: a circle is as wide every way, a square reaches its
    corners, a triangle points up with a flat base, a star has five points with gaps
    between them."""
    def inked(image: Image.Image, x: float, y: float) -> bool:
        return bool(image.getpixel((round(x), round(y))))

    circle, square, triangle, star = (_mark(c) for c in "rbgy")
    assert inked(circle, 50, 12) and inked(circle, 88, 50) and not inked(circle, 20, 20)
    assert inked(square, 20, 20) and inked(square, 80, 80)
    assert inked(triangle, 50, 14) and inked(triangle, 20, 75) and inked(triangle, 80, 75)
    assert not inked(triangle, 20, 30) and not inked(triangle, 80, 30)
    tips = [(50 + 36 * math.sin(math.radians(72 * k)), 50 - 36 * math.cos(math.radians(72 * k)))
            for k in range(5)]
    gaps = [(50 + 30 * math.sin(math.radians(72 * k + 36)),
             50 - 30 * math.cos(math.radians(72 * k + 36))) for k in range(5)]
    assert all(inked(star, x, y) for x, y in tips)
    assert not any(inked(star, x, y) for x, y in gaps)
