"""The typefaces a picture's words are drawn in, found once per process.

Pillow's bundled Aileron draws the cards' figures and every name it has all the letters
of (little beyond ASCII). The other names are drawn in the system's fonts, in the order
fontconfig gives them for "sans-serif" (``fc-match --sort``, trimmed to the fonts that add
letters): with Debian's fonts-noto-core and fonts-noto-cjk that is Noto Sans for Latin
with every accent, Greek and Cyrillic, Noto Sans CJK for Japanese, Korean and Chinese,
Noto's Arabic and Hebrew, and so on; emoji in the system's colour font
(fonts-noto-color-emoji); and DejaVu Sans, shipped in ``fonts/``, last. Without
fontconfig a name is drawn in Aileron and DejaVu Sans, and what neither has is left out
(``missing_scripts`` says which scripts, logged at start).

One ``fc-match`` call lists the fonts with the characters each has (its charset), about
60 ms once per process (a worker process makes it as it starts, ``bot.render.warm``);
a face is opened at a size the first time a name needs it (a few ms, then cached).
"""

from __future__ import annotations

import bisect
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from pathlib import Path

from PIL import ImageFont, features

from bot.render.style import FALLBACK_FONT, font

LAYOUT = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
"""Raqm (with FriBiDi: ``libraqm0`` on Debian) shapes Arabic, orders right-to-left runs
and joins emoji sequences; without it a run is drawn glyph by glyph."""

FONTCONFIG = ["fc-match", "--sort", "sans-serif", "--format",
              "%{file}\t%{index}\t%{slant}\t%{color}\t%{pixelsize}\t%{fontformat}\t%{charset}\n"]
UPRIGHT = "0"
"""fontconfig's slant of a roman face (italic and oblique faces are left out)."""
FORMATS = {"TrueType", "CFF"}
"""The font formats FreeType draws well at any size (bitmap-only formats are left out)."""
FONTCONFIG_TIMEOUT = 10.0


@dataclass(frozen=True, slots=True)
class Charset:
    """The characters a font has, as fontconfig lists them: sorted ranges."""

    starts: tuple[int, ...]
    ends: tuple[int, ...]

    @classmethod
    def parse(cls, text: str) -> Charset:
        """fontconfig's ``%{charset}``: hexadecimal code points and ranges, "20-7e a0"."""
        starts, ends = [], []
        for part in text.split():
            low, _, high = part.partition("-")
            starts.append(int(low, 16))
            ends.append(int(high or low, 16))
        return cls(tuple(starts), tuple(ends))

    def __contains__(self, char: str) -> bool:
        point = ord(char)
        at = bisect.bisect_right(self.starts, point) - 1
        return at >= 0 and point <= self.ends[at]


NO_GLYPH = "\U0010fffd"
"""A private-use character no font has: what a font draws for it is its "missing" box."""
PROBE_SIZE = 20


@dataclass(frozen=True, eq=False)
class Typeface:
    """A font file (or Pillow's bundled Aileron, ``path`` None) and the characters it has:
    its fontconfig charset, or (``listed`` None) what FreeType draws as more than its
    missing-glyph box."""

    name: str
    path: str | None
    index: int = 0
    listed: str | None = None
    """fontconfig's ``%{charset}``, read the first time a letter is looked for (most
    fonts of a system never are)."""
    colour: bool = False
    strike: int | None = None
    """The one size a colour bitmap font (CBDT, as Noto Color Emoji) opens at: it is
    drawn there and scaled. None: any size."""
    _probe: dict[str, bool] = field(default_factory=dict, repr=False)

    @cached_property
    def charset(self) -> Charset | None:
        return None if self.listed is None else Charset.parse(self.listed)

    def has(self, char: str) -> bool:
        if self.charset is not None:
            return char in self.charset
        known = self._probe.get(char)
        if known is None:
            face = self.face(PROBE_SIZE)
            known = self._probe[char] = bytes(face.getmask(char)) != bytes(face.getmask(NO_GLYPH))
        return known

    def face(self, size: int) -> ImageFont.FreeTypeFont:
        """The font at ``size`` px (a colour bitmap font at its ``strike``)."""
        return _face(self, self.strike or size)


@lru_cache(maxsize=256)
def _face(typeface: Typeface, size: int) -> ImageFont.FreeTypeFont:
    if typeface.path is None:
        return font(size)
    return ImageFont.truetype(typeface.path, size, index=typeface.index, layout_engine=LAYOUT)


AILERON = Typeface("Aileron", None)
DEJAVU = Typeface("DejaVu Sans", str(FALLBACK_FONT))


def _colour_strike(path: str, index: int, pixelsize: str) -> int | None:
    """None when the colour font opens at any size (vector colour glyphs), else the size
    fontconfig gives it (a bitmap font's strike)."""
    try:
        ImageFont.truetype(path, PROBE_SIZE, index=index)
    except OSError:
        return round(float(pixelsize))
    return None


def _listed(lines: Iterable[str]) -> list[Typeface]:
    """The typefaces of ``fc-match``'s lines, upright ones in formats FreeType draws."""
    found = []
    for line in lines:
        fields = line.split("\t")
        if len(fields) != 7:
            continue
        path, index, slant, colour, pixelsize, kind, charset = fields
        if slant != UPRIGHT or kind not in FORMATS or not Path(path).is_file():
            continue
        is_colour = colour == "True"
        strike = _colour_strike(path, int(index), pixelsize) if is_colour else None
        found.append(Typeface(Path(path).stem, path, int(index), charset, is_colour, strike))
    return found


@cache
def system_typefaces() -> tuple[Typeface, ...]:
    """The system's fonts in fontconfig's order for sans-serif; none without fontconfig."""
    try:
        listed = subprocess.run(FONTCONFIG, capture_output=True, text=True, check=True,
                                timeout=FONTCONFIG_TIMEOUT).stdout
    except (OSError, subprocess.SubprocessError):
        return ()
    return tuple(_listed(listed.splitlines()))


def text_typefaces() -> tuple[Typeface, ...]:
    """Where a letter is looked for, first to last."""
    return (AILERON, *(face for face in system_typefaces() if not face.colour), DEJAVU)


def emoji_typeface() -> Typeface | None:
    """The system's first colour font, for emoji; None without one."""
    return next((face for face in system_typefaces() if face.colour), None)


@lru_cache(maxsize=4096)
def text_typeface(chars: str) -> Typeface | None:
    """The first text typeface that has every one of ``chars``."""
    return next((face for face in text_typefaces() if all(map(face.has, chars))), None)


SCRIPTS: dict[str, str] = {
    "Latin with every accent (Polish, Vietnamese...)": "ŻółćĐễ",
    "Greek": "Ωλ",
    "Cyrillic": "Жё",
    "Japanese": "たカ",
    "Korean": "김",
    "Chinese": "王伟",
    "Arabic": "م",
    "Hebrew": "ש",
    "Thai": "ก",
    "Devanagari": "क",
}
"""The scripts checked at start, each with letters a font for it has."""


def missing_scripts() -> list[str]:
    """The scripts (of ``SCRIPTS``, and colour emoji) no typeface here can draw."""
    missing = [script for script, letters in SCRIPTS.items()
               if any(text_typeface(letter) is None for letter in letters)]
    if emoji_typeface() is None:
        missing.append("colour emoji")
    if LAYOUT != ImageFont.Layout.RAQM:
        missing.append("right-to-left and joined letters (Arabic shaping; Pillow without raqm)")
    return missing
