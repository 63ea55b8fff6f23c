from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image

from bot.render import table, typefaces


def decode(png: bytes) -> Image.Image:
    """Open PNG bytes, failing the test if they are not a PNG."""
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


@pytest.fixture
def without_system_fonts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As on a machine without fontconfig: Aileron and the shipped DejaVu Sans only."""
    yield from _with_system_typefaces(monkeypatch, ())


@pytest.fixture
def without_colour_font(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """As on a machine without fonts-noto-color-emoji."""
    plain = tuple(face for face in typefaces.system_typefaces() if not face.colour)
    yield from _with_system_typefaces(monkeypatch, plain)


def _with_system_typefaces(monkeypatch: pytest.MonkeyPatch,
                           found: tuple[typefaces.Typeface, ...]) -> Iterator[None]:
    for cached in (typefaces.text_typeface, table._name):  # names drawn with other fonts
        cached.cache_clear()
    monkeypatch.setattr(typefaces, "system_typefaces", lambda: found)
    yield
    for cached in (typefaces.text_typeface, table._name):
        cached.cache_clear()
