"""Issue 27: the pictures drawn in the shared palette look as the ones drawn before
(the reference PNGs of ``looks.py``, made by the code that composed in RGB and
quantised each picture).

Only the anti-aliased rim of a card that overlaps another may differ (it is blended
with the table colour instead of the card beneath), a few pixels in a thousand.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.render.png import encode_png, shared_palette
from tests.render.conftest import decode
from tests.render.looks import CASES, REFERENCE

MEAN_DIFFERENCE = 0.5
"""Largest mean absolute difference per channel (of 255) over the picture."""
DIFFERING_SHARE = 0.005
"""Largest share of pixels that differ at all."""


def _difference(png: bytes, reference: bytes) -> tuple[float, float]:
    """Mean absolute difference per channel and the share of pixels that differ."""
    new, old = decode(png).convert("RGB"), decode(reference).convert("RGB")
    assert new.size == old.size
    difference = ImageChops.difference(new, old)
    mean = sum(ImageStat.Stat(difference).mean) / 3
    differing = difference.convert("L").point(lambda value: 255 if value else 0)
    share = differing.histogram()[255] / (new.width * new.height)
    return mean, share


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_picture_looks_as_before(name: str) -> None:
    mean, share = _difference(CASES[name](), (REFERENCE / f"{name}.png").read_bytes())
    assert mean <= MEAN_DIFFERENCE, f"{name}: mean difference {mean:.3f}"
    assert share <= DIFFERING_SHARE, f"{name}: {share:.2%} of the pixels differ"


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_png_is_no_larger_than_before(name: str) -> None:
    """Issue 27: faster, and no more bytes to upload (zlib-ng's output is the same for
    the same pixels and release, so this is exact)."""
    assert len(CASES[name]()) <= (REFERENCE / f"{name}.png").stat().st_size


def test_the_comparison_sees_a_changed_look() -> None:
    """The measure is not blind: the table in another colour is far off."""
    reference = (REFERENCE / "table.png").read_bytes()
    other = decode(reference).convert("RGB")
    other.paste((200, 30, 40), (0, 0, 100, 100))
    buffer = io.BytesIO()
    other.save(buffer, "PNG")
    mean, share = _difference(buffer.getvalue(), reference)
    assert mean > MEAN_DIFFERENCE and share > DIFFERING_SHARE


def test_non_overlapping_cards_are_pixel_identical() -> None:
    """Where no card overlaps another (up to sixteen cards in a row), nothing differs."""
    for name in ("table", "hand1", "hand1-playable", "hand7", "hand7-playable"):
        assert _difference(CASES[name](), (REFERENCE / f"{name}.png").read_bytes()) == (0, 0)



def test_an_rgb_picture_is_quantised_to_the_shared_palette() -> None:
    """``encode_png`` of an RGB image (the docs' sheet) gives the quantised pixels."""
    rgb = decode(CASES["hand7"]()).convert("RGB")
    rgb.paste((200, 30, 40), (0, 0, 50, 50))
    expected = rgb.quantize(palette=shared_palette(), dither=Image.Dither.NONE)
    decoded = decode(encode_png(rgb))
    assert decoded.mode == "P"
    assert decoded.convert("RGB").tobytes() == expected.convert("RGB").tobytes()
