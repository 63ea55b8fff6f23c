"""Engine speed and size, side by side with RLCard's core UnoGame.

    .venv/bin/pip install -e '.[bench]'        # RLCard 1.2 and numpy, for the comparison
    .venv/bin/python benchmarks/engine.py [--games 500] [--repeats 25] [--all]

A game is one round, dealt to a winner: the unit RLCard's UnoGame plays. Both engines
play classic UNO with 4 players and the same random policy, which only ever picks
among the engine's legal actions: a card play chosen uniformly when there is one,
else one of the other actions (draw, keep, take a draw; never an UNO call or catch).
That is RLCard's own set of legal actions, which offers a draw only when no card can
be played. Both choose with ``random.Random.random``.

The two run interleaved, ``--repeats`` times each, and the figures are CPU time
(``time.process_time``), so a busy machine slows both alike; the ratio is of the
median games per second. Then the size of a game in progress: memory (tracemalloc,
games dealt and 20 actions in) and its saved state (compact JSON, 4 players with
18-digit ids like Discord's). ``--all`` adds every ruleset.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable

from bot.engine import RULESETS, Action, Game, Options

PLAYS = frozenset({"play", "play_drawn"})
SHOUTS = frozenset({"uno", "catch"})
PLAYERS = ["p0", "p1", "p2", "p3"]


def choose(rand: Callable[[], float], actions: list[Action]) -> Action:
    plays = [a for a in actions if a.do in PLAYS]
    if not plays:
        plays = [a for a in actions if a.do not in SHOUTS]
    return plays[int(rand() * len(plays))]


def play_ours(ruleset: str, options: Options, seed: int) -> int:
    """One round of our engine; returns the number of actions."""
    game = Game.new(ruleset, options, PLAYERS, seed)
    rand = random.Random(seed).random
    actions = 0
    while not game.round_over:
        waiting = game.waiting_for()
        player = waiting[0] if len(waiting) == 1 else waiting[int(rand() * len(waiting))]
        game.apply(choose(rand, game.legal_actions(player)))
        actions += 1
    return actions


def ours(games: int, ruleset: str = "classic") -> int:
    options = Options.for_ruleset(ruleset)
    return sum(play_ours(ruleset, options, seed) for seed in range(games))


def theirs(games: int) -> int:
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=4)
    game.np_random.seed(0)
    rand = random.Random(0).random
    actions = 0
    for _ in range(games):
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            game.step(legal[int(rand() * len(legal))])
            actions += 1
    return actions


def timed(run: Callable[[int], int], games: int) -> tuple[float, float]:
    """Games per second and microseconds per action, in CPU time."""
    start = time.process_time()
    actions = run(games)
    spent = time.process_time() - start
    return games / spent, spent / actions * 1e6


def compare(games: int, repeats: int) -> None:
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("RLCard is not installed: pip install -e '.[bench]' to compare")
        runs: dict[str, Callable[[int], int]] = {"ours": ours}
    else:
        runs = {"ours": ours, "rlcard": theirs}
    figures: dict[str, list[tuple[float, float]]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            figures[name].append(timed(run, games))
    print(f"classic, 4 players, random legal play; {games} games x {repeats} repetitions, "
          "interleaved, CPU time (median)")
    rates = {}
    for name, runs_done in figures.items():
        rates[name] = statistics.median(r for r, _ in runs_done)
        per_action = statistics.median(u for _, u in runs_done)
        print(f"  {name:<7}{rates[name]:>9.0f} games/s {per_action:>7.2f} us/action")
    if "rlcard" in rates:
        print(f"  ratio  {rates['ours'] / rates['rlcard']:>9.2f}x RLCard's UnoGame")


def game_in_progress(ruleset: str, seed: int, players: list[str]) -> Game:
    game = Game.new(ruleset, Options.for_ruleset(ruleset), players, seed)
    rand = random.Random(seed).random
    for _ in range(20):
        if game.round_over:
            break
        game.apply(choose(rand, game.legal_actions(game.waiting_for()[0])))
    return game


def sizes(ruleset: str, count: int = 200) -> tuple[float, int]:
    """Bytes of memory per game in progress, and the largest saved state in bytes."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    games = [game_in_progress(ruleset, seed, PLAYERS) for seed in range(count)]
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    ids = [str(10**17 + n) for n in range(4)]
    saved = max(
        len(json.dumps(game_in_progress(ruleset, seed, ids).to_dict(), separators=(",", ":")))
        for seed in range(count)
    )
    return held / len(games), saved


def main() -> None:
    parser = argparse.ArgumentParser(description="engine speed and size")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=25)
    parser.add_argument("--all", action="store_true", help="every ruleset, our engine alone")
    args = parser.parse_args()
    compare(args.games, args.repeats)
    memory, saved = sizes("classic")
    print(f"  size   {memory:>9.0f} bytes per game in progress, "
          f"{saved} bytes of saved state (JSON)")
    if args.all:
        print(f"{'ruleset':<13}{'games/s':>9}{'us/action':>11}{'bytes/game':>12}{'saved':>7}")
        for ruleset in RULESETS:
            rate, per_action = timed(functools.partial(ours, ruleset=ruleset), args.games)
            memory, saved = sizes(ruleset)
            print(f"{ruleset:<13}{rate:>9.0f}{per_action:>11.1f}{memory:>12.0f}{saved:>7}")


if __name__ == "__main__":
    main()
