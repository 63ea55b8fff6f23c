"""Player names in pictures: any Unicode in, the name as written out, on one line.

A name keeps every letter and accent ("José García", "Łukasz Żółć", "Nguyễn Văn Đức",
"Алёна", "たろう", "김민준", "王伟"), its emoji (in colour where the system has a colour
emoji font, else left out without a gap) and its direction (Arabic and Hebrew right to
left): ``bot.render.lines`` draws it run by run in the typefaces that have its letters.
Only what would break the line is dropped: control and format characters (bidi
overrides that could reorder the picture, zero-width spaces), private-use and unassigned
code points, and the third and later stacked marks on a letter ("Zalgo" text spilling
out of its row); a name too wide for its slot ends in "…", and a name with nothing
drawable left is drawn as "?".

``draw_name`` is the one call for a picture that shows a name: the table, the rating
board, and every picture to come that names players.
"""

from __future__ import annotations

import unicodedata

from PIL import Image

from bot.render.lines import ELLIPSIS, TAGS, ZWJ, ZWNJ, Line, draw_line, fit_line
from bot.render.style import RGB

MAX_CHARS = 32
NOTHING_DRAWABLE = "?"
MARKS_KEPT = 2
"""Stacked marks kept on one letter: Vietnamese ("ệ") and Hebrew with points need two."""
KEPT_FORMATS = frozenset((ZWJ, ZWNJ))
"""Format characters a name keeps: joiners, inside emoji sequences and Indic or Persian
words (tag characters, for flags, are kept too)."""

__all__ = ["ELLIPSIS", "MAX_CHARS", "clean_name", "draw_name", "fit_name"]


def _kept(char: str) -> bool:
    kind = unicodedata.category(char)
    if kind == "Cf":
        return char in KEPT_FORMATS or ord(char) in TAGS
    return kind[0] != "C" and kind not in ("Zl", "Zp")


def clean_name(name: str) -> str:
    """``name`` as written (composed, NFC), without what would break a line: control,
    format (but joiners), private-use and unassigned characters, marks past
    ``MARKS_KEPT`` on a letter; spaces collapsed; at most ``MAX_CHARS`` characters; "?"
    when nothing is left."""
    # Lone surrogates (possible in a str, never in valid UTF-8) would break the encoder.
    name = name.encode("utf-8", "replace").decode("utf-8")
    kept: list[str] = []
    stacked = 0
    for char in unicodedata.normalize("NFC", name):
        if not _kept(char):
            continue
        stacked = stacked + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        if stacked <= MARKS_KEPT:
            kept.append(char)
    return " ".join("".join(kept).split())[:MAX_CHARS] or NOTHING_DRAWABLE


def fit_name(name: str, size: int, max_width: float) -> Line:
    """``name`` cleaned and laid out at ``size`` px, cut with an ellipsis to at most
    ``max_width`` px; "?" when nothing of it can be drawn."""
    line = fit_line(clean_name(name), size, max_width)
    return line if line.runs else fit_line(NOTHING_DRAWABLE, size, max_width)


def draw_name(image: Image.Image, xy: tuple[float, float], name: str, size: int,
              max_width: float, fill: RGB, anchor: str = "la") -> Line:
    """Draw ``name`` on ``image`` as ``fit_name`` lays it out, placed at ``xy`` by
    ``anchor`` as ``ImageDraw.text`` places text; the line drawn."""
    line = fit_name(name, size, max_width)
    draw_line(image, xy, line, fill, anchor)
    return line
