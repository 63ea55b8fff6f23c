"""Regenerate the pictures in docs/images/: .venv/bin/python docs/make_images.py"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from bot.engine.cards import ACTION_SYMBOLS, COLORS, WILD_CARDS
from bot.render import TableScene, render_hand, render_table
from bot.render.faces import card_back, card_face, card_height
from bot.render.png import encode_png
from bot.render.style import TABLE_RGB

OUT = Path(__file__).parent / "images"
FACE_WIDTH, PAD = 90, 8


def face_sheet() -> bytes:
    """Every face: a row per colour, then the wilds and the back of a card."""
    rows = [[f"{c}{d}" for d in range(10)] + [c + s for s in ACTION_SYMBOLS] for c in COLORS]
    rows.append(list(WILD_CARDS))
    step_x, step_y = FACE_WIDTH + PAD, card_height(FACE_WIDTH) + PAD
    columns = max(len(row) for row in rows)
    sheet = Image.new("RGB", (PAD + columns * step_x, PAD + len(rows) * step_y), TABLE_RGB)
    for y, row in enumerate(rows):
        faces = [card_face(code, FACE_WIDTH) for code in row]
        if y == len(rows) - 1:
            faces.append(card_back(FACE_WIDTH))
        for x, face in enumerate(faces):
            sheet.paste(face, (PAD + x * step_x, PAD + y * step_y), face)
    return encode_png(sheet)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    hand = ["r7", "gskip", "breverse", "ydraw2", "wild", "wild4", "b9"]
    (OUT / "hand.png").write_bytes(render_hand(hand, playable={0, 2, 4, 5}))
    scene = TableScene(
        top_card="wild4",
        color="g",
        direction=-1,
        players=(("Alice", 7), ("Bartholomew the Magnificent", 1), ("José", 12), ("Kim", 3)),
        current=1,
        draw_pile=61,
    )
    (OUT / "table.png").write_bytes(render_table(scene))
    (OUT / "faces.png").write_bytes(face_sheet())


if __name__ == "__main__":
    main()
