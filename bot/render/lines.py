"""A line of text in any script, laid out in runs of the typefaces that have its letters.

The text is cut into clusters (a letter with its marks, an emoji with its joiners,
modifiers and variation selectors). An emoji is drawn in the colour font (scaled from
its one size) or left out; the other clusters in the first typeface of
``bot.render.typefaces`` that has every letter of the whole line, else each in the first
that has it (spaces and punctuation staying in the typeface before them); a cluster
no typeface has is left out. Neighbouring clusters of one typeface and one direction
are a run, measured and drawn in one call, so raqm shapes it (Arabic letters join,
Vietnamese marks sit on their letters, an emoji sequence draws as one emoji).

Right-to-left text (Arabic, Hebrew) is ordered by the Unicode bidirectional algorithm's
rules at the level of runs: the line's direction is that of its first strong letter,
neutrals between two runs of one direction take it and others the line's, and runs
are laid out from the deepest level up (rule L2); raqm orders the letters within a run.
Without raqm a right-to-left run is drawn reversed, its letters unjoined.

Every run stands on one baseline, placed as ``ImageDraw.text``'s anchor would place it
for Aileron at the line's size, so names in different scripts line up on a row.
"""

from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.render.style import RGB, font
from bot.render.typefaces import LAYOUT, Typeface, emoji_typeface, text_typeface

ZWJ = "\u200d"
ZWNJ = "\u200c"
EMOJI_STYLE = "\ufe0f"
"""Variation selector 16: the character before it is drawn as an emoji."""
EMOJI_BMP = frozenset(chr(point) for first, last in (
    (0x231A, 0x231B), (0x23E9, 0x23EC), (0x23F0, 0x23F0), (0x23F3, 0x23F3),
    (0x25FD, 0x25FE), (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F),
    (0x2693, 0x2693), (0x26A1, 0x26A1), (0x26AA, 0x26AB), (0x26BD, 0x26BE),
    (0x26C4, 0x26C5), (0x26CE, 0x26CE), (0x26D4, 0x26D4), (0x26EA, 0x26EA),
    (0x26F2, 0x26F3), (0x26F5, 0x26F5), (0x26FA, 0x26FA), (0x26FD, 0x26FD),
    (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728), (0x274C, 0x274C),
    (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797),
    (0x27B0, 0x27B0), (0x27BF, 0x27BF), (0x2B1B, 0x2B1C), (0x2B50, 0x2B50),
    (0x2B55, 0x2B55),
) for point in range(first, last + 1))
"""The characters below U+1F000 that are emoji without a variation selector (Unicode's
Emoji_Presentation: watches, hourglasses, the zodiac, ✅, ❌, ⭐...)."""
PICTOGRAPHS = range(0x1F000, 0x1FB00)
"""Mahjong tiles to Symbols and Pictographs Extended-A: emoji and their kin."""
MODIFIERS = range(0x1F3FB, 0x1F400)
"""Skin tones: they join the emoji before them."""
TAGS = range(0xE0020, 0xE0080)
"""Tag characters: they spell a subdivision's flag after a black flag."""
REGIONAL = range(0x1F1E6, 0x1F200)
"""Regional indicators: two of them are a country's flag."""
IGNORABLE = frozenset((ZWJ, ZWNJ, EMOJI_STYLE, "\ufe0e", *map(chr, TAGS)))
"""Joiners, variation selectors and tags: raqm draws nothing of them, whether the font
has them or not (or, in an emoji sequence, the emoji they make); without raqm they are
left out."""
STRONG = {"L": "ltr", "R": "rtl", "AL": "rtl"}
"""Bidirectional classes of letters that set a direction."""


def _joins(cluster: str, char: str) -> bool:
    """Whether ``char`` belongs to the cluster so far rather than starting one."""
    point = ord(char)
    if unicodedata.category(char)[0] == "M" or char in (ZWJ, ZWNJ):
        return True
    if cluster.endswith(ZWJ) and unicodedata.category(char) == "So":
        return True  # the next emoji of a sequence: 👩‍❤️‍👨, 🏃‍♀️
    if point in MODIFIERS or point in TAGS:
        return True
    return point in REGIONAL and len(cluster) == 1 and ord(cluster) in REGIONAL


def clusters(text: str) -> list[str]:
    """``text`` cut into what is drawn as one: a letter with its marks, an emoji
    sequence, a flag."""
    cut: list[str] = []
    for char in text:
        if cut and _joins(cut[-1], char):
            cut[-1] += char
        else:
            cut.append(char)
    return cut


def is_emoji(cluster: str) -> bool:
    first = cluster[0]
    return ord(first) in PICTOGRAPHS or first in EMOJI_BMP or EMOJI_STYLE in cluster


def _drawn(cluster: str) -> str:
    """The characters of ``cluster`` a typeface must have to draw it."""
    return "".join(char for char in cluster if char not in IGNORABLE)


def _shown(cluster: str) -> str:
    """``cluster`` as it is drawn: without raqm, joiners and selectors left out."""
    return cluster if LAYOUT == ImageFont.Layout.RAQM else _drawn(cluster)


def _direction(cluster: str) -> str | None:
    return STRONG.get(unicodedata.bidirectional(_drawn(cluster)[0]))


@dataclass(frozen=True, slots=True)
class Piece:
    """A cluster with the typeface that draws it and its direction (None: neutral)."""

    text: str
    typeface: Typeface
    direction: str | None


def _typeface(part: str, whole: Typeface | None, before: Typeface | None,
              emoji: Typeface | None) -> tuple[str, Typeface] | None:
    """What of the cluster ``part`` is drawn and in which typeface: in ``whole`` (the one
    for every letter of the line) if there is one, a neutral in the typeface ``before``
    it if that has it, else in the first that has the cluster, else the letter alone
    (without marks no typeface has with it); None when none draws it."""
    needed = _drawn(part)
    if is_emoji(part):
        return (part, emoji) if emoji is not None and all(map(emoji.has, needed)) else None
    if whole is not None:
        return part, whole
    if _direction(part) is None and before is not None and all(map(before.has, needed)):
        return part, before
    typeface = text_typeface(needed)
    if typeface is not None:
        return part, typeface
    typeface = text_typeface(needed[0])
    return (needed[0], typeface) if typeface is not None else None


def _typefaces(parts: list[str]) -> list[Piece]:
    """Each drawable cluster of ``parts`` with its typeface; the others left out."""
    emoji = emoji_typeface()
    parts = [part for part in parts if _drawn(part)]  # a lone joiner draws nothing
    letters = "".join(_drawn(part) for part in parts if not is_emoji(part))
    whole = text_typeface("".join(sorted(set(letters)))) if letters else None
    pieces: list[Piece] = []
    for part in parts:
        before = next((p.typeface for p in reversed(pieces) if not p.typeface.colour), None)
        found = _typeface(part, whole, before, emoji)
        if found is not None:
            drawn, typeface = found
            pieces.append(Piece(_shown(drawn), typeface, _direction(drawn)))
    return _tidy(pieces)


def _tidy(pieces: list[Piece]) -> list[Piece]:
    """No space at either end or beside another, where a left-out cluster was."""
    kept: list[Piece] = []
    for piece in pieces:
        if piece.text.isspace() and (not kept or kept[-1].text.isspace()):
            continue
        kept.append(piece)
    while kept and kept[-1].text.isspace():
        kept.pop()
    return kept


NUMBERS = {"EN", "AN"}
"""Bidirectional classes of digits: they run the way of the letters before them."""


def _resolved(pieces: list[Piece], line: str) -> list[str]:
    """Each piece's direction: digits take that of the letters before them (rules W2
    and W7), a neutral between two of one direction takes it, others the line's (rules
    N1 and N2)."""
    directions = [piece.direction for piece in pieces]
    strong = line
    for at, piece in enumerate(pieces):
        if piece.direction is not None:
            strong = piece.direction
        elif unicodedata.bidirectional(piece.text[0]) in NUMBERS:
            directions[at] = strong
    resolved: list[str] = []
    for at, direction in enumerate(directions):
        if direction is None:
            before = next((d for d in reversed(directions[:at]) if d), line)
            after = next((d for d in directions[at + 1:] if d), line)
            direction = before if before == after else line
        resolved.append(direction)
    return resolved


@dataclass(frozen=True)
class Run:
    """Neighbouring clusters of one typeface and direction, drawn in one call."""

    text: str
    """In reading order."""
    typeface: Typeface
    direction: str
    size: int

    @property
    def face(self) -> ImageFont.FreeTypeFont:
        return self.typeface.face(self.size)

    @property
    def scale(self) -> float:
        """How much the run's glyphs are scaled as drawn: a colour bitmap font is drawn
        at its strike, then scaled to the line's size."""
        return self.size / self.typeface.strike if self.typeface.strike else 1.0

    @property
    def shown(self) -> str:
        """The text as passed to Pillow: reversed for right to left without raqm."""
        if self.direction == "rtl" and LAYOUT != ImageFont.Layout.RAQM:
            return "".join(reversed(clusters(self.text)))
        return self.text

    @property
    def laid(self) -> str | None:
        """The direction Pillow is told: only a font laid out by raqm takes one (Aileron
        is laid out plainly)."""
        return self.direction if self.face.layout_engine == ImageFont.Layout.RAQM else None

    @cached_property
    def width(self) -> float:
        """Measured once: a line's width is asked for as it is fitted and drawn."""
        return self.face.getlength(self.shown, direction=self.laid) * self.scale


def _runs(pieces: list[Piece], size: int) -> list[Run]:
    """``pieces`` in runs, left to right."""
    if not pieces:
        return []
    line = next((piece.direction for piece in pieces if piece.direction), "ltr")
    directions = _resolved(pieces, line)
    runs: list[Run] = []
    for piece, direction in zip(pieces, directions, strict=True):
        last = runs[-1] if runs else None
        if last is not None and last.typeface is piece.typeface \
                and last.direction == direction:
            runs[-1] = Run(last.text + piece.text, last.typeface, direction, size)
        else:
            runs.append(Run(piece.text, piece.typeface, direction, size))
    return _visual_order(runs, line)


def _visual_order(runs: list[Run], line: str) -> list[Run]:
    """Rule L2 on runs: levels 0/1 on a left-to-right line, 1/2 on a right-to-left one;
    from the highest level down to the lowest odd one, each stretch of runs at that level
    or higher is reversed."""
    base = 0 if line == "ltr" else 1
    levels = [base + (run.direction != line) for run in runs]
    order = list(range(len(runs)))
    for level in range(max(levels), 0, -1):
        at = 0
        while at < len(order):
            if levels[order[at]] < level:
                at += 1
                continue
            end = at
            while end < len(order) and levels[order[end]] >= level:
                end += 1
            order[at:end] = reversed(order[at:end])
            at = end
    return [runs[i] for i in order]


@dataclass(frozen=True, slots=True)
class Line:
    """A laid-out line: its runs left to right, at ``size`` px."""

    runs: tuple[Run, ...]
    size: int

    @property
    def width(self) -> float:
        return sum(run.width for run in self.runs)

    @property
    def text(self) -> str:
        """What is drawn, run by run from the left (each run in reading order)."""
        return "".join(run.text for run in self.runs)


def lay_out(text: str, size: int) -> Line:
    """``text`` as one line at ``size`` px, without what no typeface can draw."""
    return Line(tuple(_runs(_typefaces(clusters(text)), size)), size)


ELLIPSIS = "…"


def fit_line(text: str, size: int, max_width: float) -> Line:
    """``text`` at ``size`` px, cut with an ellipsis to at most ``max_width`` px: the
    most clusters (in reading order) that fit with it."""
    parts = clusters(text)
    line = lay_out(text, size)
    if line.width <= max_width:
        return line
    low, high = 0, len(parts)  # low clusters always fit with the ellipsis, high do not
    while high - low > 1:
        middle = (low + high) // 2
        if lay_out("".join(parts[:middle]).rstrip() + ELLIPSIS, size).width <= max_width:
            low = middle
        else:
            high = middle
    return lay_out("".join(parts[:low]).rstrip() + ELLIPSIS, size)


@lru_cache(maxsize=512)
def _emoji_picture(run: Run) -> tuple[Image.Image, int]:
    """The colour glyphs of ``run`` scaled to its size, and how far above the baseline
    their top is."""
    face = run.face
    ascent, descent = face.getmetrics()
    drawn = Image.new("RGBA", (math.ceil(face.getlength(run.shown, direction=run.laid)),
                               ascent + descent), (0, 0, 0, 0))
    ImageDraw.Draw(drawn).text((0, ascent), run.shown, font=face, anchor="ls",
                               direction=run.laid, embedded_color=True)
    scaled = (max(1, round(drawn.width * run.scale)), max(1, round(drawn.height * run.scale)))
    return drawn.resize(scaled, Image.Resampling.LANCZOS), round(ascent * run.scale)


def _lay_on(image: Image.Image, piece: Image.Image, at: tuple[int, int]) -> None:
    """``piece`` (RGBA) over ``image`` at ``at``, blended by its alpha; what falls
    outside ``image`` is cut off."""
    x, y = at
    piece = piece.crop((max(0, -x), max(0, -y), piece.width, piece.height))
    at = (max(0, x), max(0, y))
    if image.mode == "RGBA":
        image.alpha_composite(piece, at)
    else:
        image.paste(piece, at, piece)


def baseline(y: float, size: int, anchor: str) -> float:
    """The baseline of a line at ``size`` anchored at ``y`` with ``anchor``'s vertical
    part, as ``ImageDraw.text`` places Aileron's."""
    reference = font(size)
    return y + reference.getbbox("x", anchor="l" + anchor[1])[1] - \
        reference.getbbox("x", anchor="ls")[1]


SHARE_LEFT = {"l": 0.0, "m": 0.5, "r": 1.0}
"""How much of a line's width lies left of its anchor, by the anchor's first letter."""


def draw_line(image: Image.Image, xy: tuple[float, float], line: Line, fill: RGB,
              anchor: str = "la") -> None:
    """Draw ``line`` on ``image`` (RGB or RGBA) at ``xy``, placed by ``anchor`` as
    ``ImageDraw.text`` places text (horizontal "l", "m" or "r"; vertical "a", "t", "m",
    "s", "b" or "d"); emoji in their own colours, the rest in ``fill``."""
    x = xy[0] - line.width * SHARE_LEFT[anchor[0]]
    on = baseline(xy[1], line.size, anchor)
    draw = ImageDraw.Draw(image)
    for run in line.runs:
        if run.typeface.colour:
            picture, above = _emoji_picture(run)
            _lay_on(image, picture, (round(x), round(on) - above))
        else:
            draw.text((x, on), run.shown, fill, run.face, "ls", direction=run.laid)
        x += run.width
