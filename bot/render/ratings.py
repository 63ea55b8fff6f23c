"""The rating board and a player's rating over time, as pictures for a phone.

Drawn at 640 px wide with large type: a phone shows an attachment about 300-400 px
wide, where the 36 px type still reads as 17-22 px. The pictures carry names and numbers
only (the message around them has the words, in the reader's language; the headers are
signs every language reads): ``#`` the place, ``★`` the rating, ``±7d`` its change over
the last week, ``⚔`` rated matches.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.render.names import draw_name
from bot.render.png import encode_png
from bot.render.style import LABEL_RGB, MUTED_RGB, RGB, TABLE_RGB, fallback_font, font

WIDTH = 640
ROW = 66
TOP = 60
MARGIN = 20
TEXT = 36
SMALL = 28
MEDALS: dict[int, RGB] = {1: (255, 204, 77), 2: (200, 206, 214), 3: (214, 140, 80)}
RISE: RGB = (87, 199, 118)
FALL: RGB = (237, 95, 95)
LINE: RGB = (88, 101, 242)
"""Discord's blurple: the rating's line."""


@dataclass(frozen=True, slots=True)
class BoardLine:
    place: int
    name: str
    rating: int
    week_change: int
    matches: int


def render_board(lines: list[BoardLine]) -> bytes:
    """The board's rows, best first, as PNG bytes."""
    image = Image.new("RGB", (WIDTH, TOP + ROW * max(len(lines), 1) + MARGIN // 2), TABLE_RGB)
    draw = ImageDraw.Draw(image)
    columns = {"place": MARGIN, "name": 80, "rating": 432, "change": 534, "matches": 620}
    symbols = fallback_font(SMALL)
    for key, sign in (("place", "#"), ("rating", "★"), ("change", "±7d"), ("matches", "⚔")):
        anchor = "ls" if key == "place" else "rs"
        draw.text((columns[key], TOP - 18), sign, MUTED_RGB, symbols, anchor=anchor)
    draw.line((MARGIN, TOP - 8, WIDTH - MARGIN, TOP - 8), MUTED_RGB, 1)
    for row, line in enumerate(lines):
        base = TOP + ROW * row + ROW // 2 + 14
        draw.text((columns["place"], base), str(line.place), MEDALS.get(line.place, LABEL_RGB),
                  font(TEXT), anchor="ls")
        draw_name(image, (columns["name"], base), line.name, TEXT,
                  columns["rating"] - 96 - columns["name"], LABEL_RGB, "ls")
        draw.text((columns["rating"], base), str(line.rating), LABEL_RGB, font(TEXT),
                  anchor="rs")
        change = line.week_change
        shown, colour = (f"▲{change}", RISE) if change > 0 else (
            (f"▼{-change}", FALL) if change < 0 else ("±0", MUTED_RGB))
        draw.text((columns["change"], base), shown, colour, fallback_font(SMALL), anchor="rs")
        draw.text((columns["matches"], base), str(line.matches), MUTED_RGB, font(SMALL),
                  anchor="rs")
    return encode_png(image)


CHART_HEIGHT = 300


def render_rating_chart(ratings: list[int]) -> bytes:
    """A player's rating after each of their last rated matches, oldest first, as a line
    with its lowest, highest and last values; PNG bytes. Needs at least one rating."""
    if not ratings:
        raise ValueError("a chart needs at least one rating")
    image = Image.new("RGB", (WIDTH, CHART_HEIGHT), TABLE_RGB)
    draw = ImageDraw.Draw(image)
    low, high = min(ratings), max(ratings)
    span = max(high - low, 20)
    left, right, top, bottom = 80, WIDTH - 90, 30, CHART_HEIGHT - 30
    middle = (low + high) / 2

    def y_of(value: float) -> float:
        return (top + bottom) / 2 - (value - middle) / span * (bottom - top)

    def x_of(index: int) -> float:
        return left + (right - left) * index / max(len(ratings) - 1, 1)

    for value in {low, high}:
        draw.line((left, y_of(value), right, y_of(value)), MUTED_RGB, 1)
        draw.text((left - 10, y_of(value)), str(value), MUTED_RGB, font(SMALL), anchor="rm")
    points = [(x_of(i), y_of(v)) for i, v in enumerate(ratings)]
    if len(points) > 1:
        draw.line(points, LINE, 4, joint="curve")
    last = points[-1]
    draw.ellipse((last[0] - 7, last[1] - 7, last[0] + 7, last[1] + 7), LABEL_RGB)
    draw.text((last[0] + 14, last[1]), str(ratings[-1]), LABEL_RGB, font(TEXT), anchor="lm")
    return encode_png(image)


async def render_board_async(lines: list[BoardLine]) -> bytes:
    return await asyncio.to_thread(render_board, list(lines))


async def render_rating_chart_async(ratings: list[int]) -> bytes:
    return await asyncio.to_thread(render_rating_chart, list(ratings))
