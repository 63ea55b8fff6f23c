"""The pictures whose look is pinned by the reference PNGs in ``reference/``.

The references were rendered by the code at commit 0b24eb1 (before the palette-mode
drawing); ``test_look.py`` compares today's pictures with them. Regenerate them only
when the look changes on purpose: ``.venv/bin/python -m tests.render.looks``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from bot.engine.cards import Card, build_deck
from bot.render import TableScene, render_hand, render_table

REFERENCE = Path(__file__).with_name("reference")

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


if __name__ == "__main__":
    REFERENCE.mkdir(exist_ok=True)
    for name, render in CASES.items():
        (REFERENCE / f"{name}.png").write_bytes(render())
