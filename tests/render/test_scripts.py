"""Issue 44: every picture that shows names draws them as written, in every script.

The rating board and the table picture are drawn with a name in each script the bot's
players write in; every call that draws a piece of a name is recorded with its font,
and each character is checked against that font's own character map, as ``fc-query``
reads it from the font file (not what the drawing code was told): no missing-glyph
box, no "?", nothing folded, emoji in the colour font. (The hand picture shows no
names; the results card, when it comes, draws its names with the same
``bot.render.names.draw_name``, and belongs here.)
"""

from __future__ import annotations

import subprocess
import tempfile
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from PIL import ImageDraw, ImageFont

from bot.render import lines, names, render_table, table
from bot.render.names import ELLIPSIS
from bot.render.ratings import BoardLine, render_board
from bot.render.table import TableScene

NAMES = {
    "Latin": "José García",
    "Polish": "Łukasz Żółć",
    "Vietnamese": "Nguyễn Văn Đức",
    "Russian": "Алёна",
    "Greek": "Γιώργος",
    "Japanese": "たろう",
    "Korean": "김민준",
    "Chinese": "王伟",
    "emoji": "🔥Blaze🔥",
    "Arabic": "محمد",
    "Hebrew": "שרה",
}


@dataclass(frozen=True, slots=True)
class Drawn:
    text: str
    font: ImageFont.FreeTypeFont
    in_colour: bool


@cache
def _font_file(font: ImageFont.FreeTypeFont) -> str:
    """The file of ``font``; Pillow's bundled Aileron (loaded from bytes) written out."""
    if isinstance(font.path, str):
        return font.path
    kept = Path(tempfile.mkdtemp()) / "bundled.ttf"
    kept.write_bytes(font.path.getvalue())  # type: ignore[union-attr]
    return str(kept)


@cache
def _read(path: str, index: int) -> tuple[frozenset[int], bool]:
    """The code points in the font's character map, and whether it is a colour font."""
    listed = subprocess.run(["fc-query", "-i", str(index), "--format",
                             "%{color}\t%{charset}", path],
                            capture_output=True, text=True, check=True).stdout
    colour, _, charset = listed.partition("\t")
    points: set[int] = set()
    for part in charset.split():
        low, _, high = part.partition("-")
        points.update(range(int(low, 16), int(high or low, 16) + 1))
    return frozenset(points), colour == "True"


def character_map(font: ImageFont.FreeTypeFont) -> tuple[frozenset[int], bool]:
    return _read(_font_file(font), font.index)


@pytest.fixture
def drawn_names(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Drawn]]:
    """What ``ImageDraw.text`` draws while a picture draws a name (nothing cached)."""
    recorded: list[Drawn] = []
    inside = [False]
    text = ImageDraw.ImageDraw.text
    draw_line = names.draw_line

    def recording_text(self: ImageDraw.ImageDraw, xy: object, words: str, *args: object,
                       **kwargs: object) -> None:
        if inside[0]:
            face = kwargs.get("font", args[1] if len(args) > 1 else None)
            assert isinstance(face, ImageFont.FreeTypeFont)
            recorded.append(Drawn(words, face, bool(kwargs.get("embedded_color"))))
        text(self, xy, words, *args, **kwargs)  # type: ignore[arg-type]

    def recording_line(*args: object, **kwargs: object) -> None:
        inside[0] = True
        try:
            draw_line(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            inside[0] = False

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording_text)
    monkeypatch.setattr(names, "draw_line", recording_line)
    monkeypatch.setattr(lines, "_emoji_picture", lines._emoji_picture.__wrapped__)
    table._name.cache_clear()
    yield recorded
    table._name.cache_clear()


def _board(name: str) -> bytes:
    return render_board([BoardLine(1, name, 1512, 7, 12), BoardLine(2, "Bob", 1490, -3, 9)])


def _table(name: str) -> bytes:
    return render_table(TableScene("r7", "b", -1, ((name, 3), ("Bob", 2)), 0, 40))


PICTURES: dict[str, Callable[[str], bytes]] = {"rating board": _board, "table": _table}


@pytest.mark.parametrize("picture", sorted(PICTURES))
@pytest.mark.parametrize("script", sorted(NAMES))
def test_every_letter_of_a_name_is_drawn_by_a_font_that_has_it(
        drawn_names: list[Drawn], picture: str, script: str) -> None:
    name = NAMES[script]
    PICTURES[picture](name)
    pieces = [piece for piece in drawn_names if piece.text != "Bob"]
    assert pieces, f"{script}: nothing of {name!r} drawn"
    shown = "".join(piece.text for piece in pieces)
    assert "?" not in shown
    whole = unicodedata.normalize("NFC", name)
    cut = shown.removesuffix(ELLIPSIS)
    assert shown == whole or (shown.endswith(ELLIPSIS) and whole.startswith(cut)
                              and len(cut) >= len(whole) // 2), f"{shown!r} for {whole!r}"
    for piece in pieces:
        points, colour = character_map(piece.font)
        missing = [char for char in piece.text if ord(char) not in points]
        assert not missing, f"{script}: {missing} drawn in {_font_file(piece.font)}"
        emoji = any(unicodedata.category(char) == "So" and ord(char) >= 0x1F000
                    for char in piece.text)
        assert emoji == colour == piece.in_colour, f"{script}: {piece.text!r} not in colour"


def test_the_names_stay_whole_where_they_fit(drawn_names: list[Drawn]) -> None:
    """Only the longest of them is cut, in the board's name column."""
    for name in NAMES.values():
        _table(name)
    shown = [piece.text for piece in drawn_names if piece.text != "Bob"]
    assert not any(ELLIPSIS in text for text in shown if "Nguy" not in text)
