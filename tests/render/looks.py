"""The pictures whose look is pinned by the reference PNGs in ``reference/``.

The hands' references are drawn by the code of commit 0b24eb1 (before the palette-mode
drawing: it composed in RGB and quantised each picture) with today's card faces (its
``bot/render`` with today's ``faces.py``, ``style.py`` and ``symbols.py`` laid over it);
``test_look.py`` compares today's pictures with them. The table's is drawn by today's
code: it overlaps no card, so the two ways of drawing agree on it to the pixel, and its
layout is newer than 0b24eb1. Regenerate them only when the look changes on purpose:
``.venv/bin/python -m tests.render.looks``.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

from bot.engine.cards import Card, build_deck
from bot.render import TableScene, render_hand, render_table

REFERENCE = Path(__file__).with_name("reference")
ROOT = Path(__file__).resolve().parents[2]
RGB_DRAWING = "0b24eb14884000e1dfccddb281c85327cef69f93"
"""The last commit that composed the pictures in RGB."""
FACES = ("faces.py", "style.py", "symbols.py")
"""Today's modules that draw a card face, laid over ``RGB_DRAWING``'s."""

SCENE = TableScene(
    top_card="wild4",
    color="g",
    direction=-1,
    players=tuple((f"Player {seat}", 7 + seat) for seat in range(6)),
    current=2,
    draw_pile=61,
)


def hand(count: int) -> list[Card]:
    """``count`` cards drawn from a shuffled deck, the same every run."""
    return random.Random(count).sample(build_deck("classic"), count)


def playable(cards: list[Card]) -> set[int]:
    """Red cards and wilds, as if the top card were red."""
    return {i for i, card in enumerate(cards) if card[0] in "rw"}


def _hand_case(count: int, lit: bool) -> Callable[[], bytes]:
    cards = hand(count)
    return lambda: render_hand(cards, playable(cards) if lit else None)


CASES: dict[str, Callable[[], bytes]] = {"table": lambda: render_table(SCENE)}
for _count in (1, 7, 25, 60):
    CASES[f"hand{_count}"] = _hand_case(_count, lit=False)
    CASES[f"hand{_count}-playable"] = _hand_case(_count, lit=True)


def _write_rgb_hands() -> None:
    """The hands' references, drawn by ``RGB_DRAWING``'s code with today's faces."""
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder)
        archive = subprocess.run(["git", "archive", RGB_DRAWING, "bot"], cwd=ROOT,
                                 check=True, capture_output=True).stdout
        (tree / "bot.tar").write_bytes(archive)
        with tarfile.open(tree / "bot.tar") as tar:
            tar.extractall(tree, filter="data")
        for module in FACES:
            shutil.copy(ROOT / "bot" / "render" / module, tree / "bot" / "render" / module)
        shutil.copytree(Path(__file__).parent, tree / "tests" / "render")
        (tree / "tests" / "__init__.py").touch()
        subprocess.run([sys.executable, "-m", "tests.render.looks", "--hands"], cwd=tree,
                       check=True, env={"PYTHONPATH": str(tree)})
        for made in (tree / "tests" / "render" / "reference").glob("hand*.png"):
            shutil.copy(made, REFERENCE / made.name)


if __name__ == "__main__":
    REFERENCE.mkdir(exist_ok=True)
    if sys.argv[1:] == ["--hands"]:  # in the old tree: its own hands
        for name, render in CASES.items():
            if name.startswith("hand"):
                (REFERENCE / f"{name}.png").write_bytes(render())
    else:
        (REFERENCE / "table.png").write_bytes(CASES["table"]())
        _write_rgb_hands()
