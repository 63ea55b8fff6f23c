"""CPU time and size of the pictures a turn sends (the table, and hands of 1, 7, 25 and
60 cards, some lifted as playable), beside the rendering of an earlier revision
measured in the same run; and the CPU a new worker process spends warming up.

Run: .venv/bin/python benchmarks/render.py [--rounds 30] [--batch 20] [--baseline REV]

"table, a new name" draws the table for a player not drawn before in every render (a
name in one of eleven scripts with a number after it), so it measures laying out and
drawing a name, which the table otherwise draws once per name and keeps. "warm-up"
is ``warm_faces`` in a new process (every face, the palette, and since issue 44 the
system's fonts listed), the median of five processes.

The baseline's ``bot`` package is taken out of git (``git archive REV bot``) into a
temporary folder; each side renders in a subprocess of its own, importing ``bot`` from
its tree. After one untimed render of each picture (it draws and caches the faces and
the palette), the two sides take turns, in alternating order: each round every side
renders every picture ``batch`` times, timed with ``time.process_time`` (CPU, so other
processes on a shared machine weigh less than in wall time). Printed: the median over
the rounds of the CPU per picture, the ratio new/baseline, and the PNG sizes.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "0b24eb14884000e1dfccddb281c85327cef69f93"
"""The last commit before the pictures were composed in the palette (issue 27)."""


def _cases() -> dict[str, dict[str, Any]]:
    """What each picture shows, as plain data both sides can read."""
    from bot.engine.cards import build_deck

    cases: dict[str, dict[str, Any]] = {
        "table, 6 players": {"table": {
            "top_card": "wild4", "color": "g", "direction": -1,
            "players": [[f"Player {seat}", 7 + seat] for seat in range(6)],
            "current": 2, "draw_pile": 61,
        }},
    }
    cases["table, a new name"] = {"table": dict(cases["table, 6 players"]["table"]),
                                  "new names": NAMES}
    for count in (1, 7, 25, 60):
        cards = random.Random(count).sample(build_deck("classic"), count)
        playable = [i for i, card in enumerate(cards) if card[0] in "rw"]
        cases[f"hand, {count} cards"] = {"hand": cards, "playable": playable}
    return cases


NAMES = ["José García", "Łukasz Żółć", "Nguyễn Văn Đức", "Алёна", "Γιώργος", "たろう",
         "김민준", "王伟", "🔥Blaze🔥", "محمد", "שרה"]
"""Names in the scripts the bot's players write in (issue 44)."""


def _renderer(case: dict[str, Any]) -> Callable[[], bytes]:
    from bot.render import TableScene, render_hand, render_table

    if "new names" in case:
        scene = dict(case["table"])
        names = itertools.count()

        def with_a_new_name() -> bytes:
            drawn = next(names)
            name = f"{case['new names'][drawn % len(case['new names'])]} {drawn}"
            return render_table(TableScene(**{**scene, "players": ((name, 3), ("Bob", 2)),
                                              "current": 0}))

        return with_a_new_name
    if "table" in case:
        scene = dict(case["table"])
        scene["players"] = tuple(tuple(player) for player in scene["players"])
        table = TableScene(**scene)
        return lambda: render_table(table)
    cards, playable = case["hand"], set(case["playable"])
    return lambda: render_hand(cards, playable)


WARM_UP = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from bot.render import warm_faces
cpu, wall = time.process_time(), time.perf_counter()
warm_faces()
print(json.dumps({"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall}))
"""
WARM_UPS = 5


def warm_up(tree: Path) -> dict[str, float]:
    """The median CPU and wall seconds of ``warm_faces`` in a new process (the CPU of
    ``fc-match`` is its own process's, so wall time is given too)."""
    runs = [json.loads(subprocess.run([sys.executable, "-c", WARM_UP, str(tree)], cwd=tree,
                                      env={**os.environ, "PYTHONPATH": str(tree)},
                                      check=True, capture_output=True, text=True).stdout)
            for _ in range(WARM_UPS)]
    return {key: statistics.median(run[key] for run in runs) for key in ("cpu", "wall")}


def worker(tree: str) -> None:
    """Answer each line ``{"case": ..., "batch": n}`` on stdin with the CPU seconds per
    picture and the PNG's size, rendering with the ``bot`` package under ``tree``."""
    sys.path.insert(0, tree)
    cases = json.loads(sys.stdin.readline())
    renderers = {name: _renderer(case) for name, case in cases.items()}
    for render in renderers.values():
        render()
    print(json.dumps("ready"), flush=True)
    for line in sys.stdin:
        ask = json.loads(line)
        render = renderers[ask["case"]]
        start = time.process_time()
        for _ in range(ask["batch"]):
            png = render()
        cpu = (time.process_time() - start) / ask["batch"]
        print(json.dumps({"cpu": cpu, "size": len(png)}), flush=True)


class Side:
    """One rendering, in a subprocess of its own."""

    def __init__(self, tree: Path, cases: dict[str, dict[str, Any]]) -> None:
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker", str(tree)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)},
        )
        self._send(cases)
        if self._receive() != "ready":
            raise RuntimeError(f"the renderer under {tree} did not start")

    def _send(self, message: object) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()

    def _receive(self) -> Any:
        assert self.process.stdout is not None
        return json.loads(self.process.stdout.readline())

    def render(self, case: str, batch: int) -> dict[str, Any]:
        self._send({"case": case, "batch": batch})
        answer: dict[str, Any] = self._receive()
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def _extract(revision: str, into: Path) -> None:
    archive = subprocess.run(["git", "archive", revision, "bot"], cwd=ROOT, check=True,
                             capture_output=True).stdout
    archive_path = into / "bot.tar"
    archive_path.write_bytes(archive)
    with tarfile.open(archive_path) as tar:
        tar.extractall(into, filter="data")


def main(rounds: int, batch: int, baseline: str) -> None:
    cases = _cases()
    with tempfile.TemporaryDirectory() as folder:
        _extract(baseline, Path(folder))
        sides = {"baseline": Side(Path(folder), cases), "new": Side(ROOT, cases)}
        cpu: dict[tuple[str, str], list[float]] = {}
        size: dict[tuple[str, str], int] = {}
        for round_ in range(rounds):
            order = list(sides) if round_ % 2 == 0 else list(reversed(sides))
            for case in cases:
                for name in order:
                    answer = sides[name].render(case, batch)
                    cpu.setdefault((name, case), []).append(answer["cpu"])
                    size[name, case] = answer["size"]
        for side in sides.values():
            side.close()
        warm = {"baseline": warm_up(Path(folder)), "new": warm_up(ROOT)}
    print(f"baseline {baseline[:12]}; {rounds} rounds of {batch}; load {os.getloadavg()[0]:.1f}")
    print(f"{'picture':18} {'base ms':>8} {'new ms':>8} {'new/base':>8} {'base B':>7} {'new B':>7}")
    for case in cases:
        old = statistics.median(cpu["baseline", case]) * 1000
        new = statistics.median(cpu["new", case]) * 1000
        print(f"{case:18} {old:8.3f} {new:8.3f} {new / old:8.2f} "
              f"{size['baseline', case]:7} {size['new', case]:7}")
    for measure in ("cpu", "wall"):
        old, new = warm["baseline"][measure] * 1000, warm["new"][measure] * 1000
        print(f"{'warm-up, ' + measure:18} {old:8.1f} {new:8.1f} {new / old:8.2f}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--worker":
        worker(sys.argv[2])
        sys.exit()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--batch", type=int, default=20)
    parser.add_argument("--baseline", default=BASELINE, help="git revision to compare with")
    arguments = parser.parse_args()
    main(arguments.rounds, arguments.batch, arguments.baseline)
