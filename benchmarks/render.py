"""Time and size of the two images a turn sends: a 25-card hand and the table.

Run: .venv/bin/python benchmarks/render.py [runs]

The first render is timed on its own (it draws and caches the faces and the palette);
then each image is rendered ``runs`` times (default 200) and the median and 95th
percentile reported, with the PNG size.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

from bot.engine.cards import build_deck
from bot.render import TableScene, render_hand, render_table

HAND = random.Random(25).sample(build_deck("classic"), 25)
PLAYABLE = {i for i, card in enumerate(HAND) if card[0] in "rw"}
SCENE = TableScene(
    top_card="wild4",
    color="g",
    direction=-1,
    players=tuple((f"Player {seat}", 7 + seat) for seat in range(6)),
    current=2,
    draw_pile=61,
)


def _time_ms(render: Callable[[], bytes]) -> tuple[float, bytes]:
    start = time.perf_counter()
    png = render()
    return (time.perf_counter() - start) * 1000, png


def main(runs: int) -> None:
    cases: list[tuple[str, Callable[[], bytes]]] = [
        ("hand, 25 cards", lambda: render_hand(HAND, PLAYABLE)),
        ("table, 6 players", lambda: render_table(SCENE)),
    ]
    for name, render in cases:
        cold, _ = _time_ms(render)
        print(f"{name:18} cold first render {cold:8.1f} ms")
    print(f"{'image':18} {'median ms':>10} {'p95 ms':>8} {'PNG KB':>8}   ({runs} runs)")
    for name, render in cases:
        times, png = [], b""
        for _ in range(runs):
            elapsed, png = _time_ms(render)
            times.append(elapsed)
        p95 = statistics.quantiles(times, n=20)[-1]
        median = statistics.median(times)
        print(f"{name:18} {median:10.2f} {p95:8.2f} {len(png) / 1024:8.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
