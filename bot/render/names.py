"""Player names made safe to draw: any Unicode in, a short drawable line out.

Pillow's bundled font covers little beyond ASCII; other glyphs show as boxes.
Accented Latin letters are folded to their base letter ("José" draws as "Jose");
control, format and combining characters (bidi overrides, zero-width joiners, stacked
diacritics) are dropped so a name cannot reorder the line or spill out of it; a name
too wide for its slot ends in "…".
"""

from __future__ import annotations

import unicodedata

from PIL import ImageFont

MAX_CHARS = 32
ELLIPSIS = "…"


def clean_name(name: str) -> str:
    """``name`` without control, format or combining characters, accents folded away."""
    # Lone surrogates (possible in a str, never in valid UTF-8) would break the encoder.
    name = name.encode("utf-8", "replace").decode("utf-8")
    # NFKD splits "é" into "e" and a combining accent, and full-width letters into ASCII ones.
    decomposed = unicodedata.normalize("NFKD", name)
    kept = "".join(c for c in decomposed if unicodedata.category(c)[0] not in "CM")
    return " ".join(kept.split())[:MAX_CHARS] or "?"


def fit_name(name: str, face: ImageFont.FreeTypeFont, max_width: float) -> str:
    """``clean_name(name)``, cut with an ellipsis to at most ``max_width`` px in ``face``."""
    text = clean_name(name)
    if face.getlength(text) <= max_width:
        return text
    while text and face.getlength(text + ELLIPSIS) > max_width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS
