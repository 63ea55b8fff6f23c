"""Player names made safe to draw: any Unicode in, a short drawable line out.

Pillow's bundled font (Aileron) covers little beyond ASCII, and a glyph a font lacks
is drawn as a box. So accented Latin letters are folded to their base letter ("José"
draws as "Jose"); control, format and combining characters (bidi overrides,
zero-width joiners, stacked diacritics) are dropped so a name cannot reorder the line
or spill out of it; a name with letters Aileron lacks but DejaVu Sans (shipped in
``fonts/``) has, Greek or Cyrillic say, is drawn in DejaVu Sans; characters neither
has (emoji, CJK) are left out, so "🤖 Normal bot 1" draws as "Normal bot 1"; a name
too wide for its slot ends in "…".
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import ImageFont

from bot.render.style import fallback_font, font

MAX_CHARS = 32
ELLIPSIS = "…"
NO_GLYPH = "\U0010fffd"
"""A private-use character no font has: what a font draws for it is its "missing" box."""


def clean_name(name: str) -> str:
    """``name`` without control, format or combining characters, accents folded away."""
    # Lone surrogates (possible in a str, never in valid UTF-8) would break the encoder.
    name = name.encode("utf-8", "replace").decode("utf-8")
    # NFKD splits "é" into "e" and a combining accent, and full-width letters into ASCII ones.
    decomposed = unicodedata.normalize("NFKD", name)
    kept = "".join(c for c in decomposed if unicodedata.category(c)[0] not in "CM")
    return " ".join(kept.split())[:MAX_CHARS] or "?"


@lru_cache(maxsize=4096)
def has_glyph(face: ImageFont.FreeTypeFont, char: str) -> bool:
    """Whether ``face`` draws ``char`` as itself rather than as its missing-glyph box."""
    return char.isspace() or bytes(face.getmask(char)) != bytes(face.getmask(NO_GLYPH))


def drawable_name(name: str, size: int) -> tuple[str, ImageFont.FreeTypeFont]:
    """``clean_name(name)`` without the characters no shipped font has, and the face to
    draw it in: Aileron when it has every character left, else DejaVu Sans."""
    main, spare = font(size), fallback_font(size)
    kept = [c for c in clean_name(name) if has_glyph(main, c) or has_glyph(spare, c)]
    text = " ".join("".join(kept).split()) or "?"
    return text, main if all(has_glyph(main, c) for c in text) else spare


def fit_name(name: str, size: int, max_width: float) -> tuple[str, ImageFont.FreeTypeFont]:
    """``drawable_name(name, size)``, cut with an ellipsis to at most ``max_width`` px."""
    text, face = drawable_name(name, size)
    if face.getlength(text) <= max_width:
        return text, face
    while text and face.getlength(text + ELLIPSIS) > max_width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS, face
