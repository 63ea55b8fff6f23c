"""Engine speed and memory under random legal play.

    .venv/bin/python benchmarks/engine.py [--games N] [--players 4]

A game here is one round, dealt to a winner: the unit RLCard's UNO benchmark counts.
Two random policies, both choosing only among ``legal_actions``:

- ``rlcard``: a uniformly random card play, and a draw only when no card can be played,
  which is RLCard's own set of legal actions, so the figures compare with its 2,800/s;
- ``uniform``: every legal action equally likely. RULES.md 4 lets a player draw while
  holding a playable card, so this player draws about as often as it plays, hands grow
  large, and a round lasts over a thousand actions.

For each ruleset it prints full games per second on one core and on two (one process
per core), microseconds per action (legal_actions + apply), and memory per game in
progress (tracemalloc, games dealt and 20 actions in).
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from concurrent.futures import ProcessPoolExecutor

from bot.engine import RULESETS, Action, Game, Options

PLAYS = frozenset({"play", "play_drawn"})


def choose(chooser: random.Random, actions: list[Action], policy: str) -> Action:
    if policy == "rlcard":
        plays = [a for a in actions if a.do in PLAYS]
        if plays:
            return chooser.choice(plays)
        turn = [a for a in actions if a.do not in ("uno", "catch")]
        return chooser.choice(turn or actions)
    return chooser.choice(actions)


def play_round(ruleset: str, players: list[str], seed: int, policy: str) -> int:
    game = Game.new(ruleset, Options.for_ruleset(ruleset), players, seed)
    chooser = random.Random(seed)
    actions = 0
    while not game.round_over:
        waiting = game.waiting_for()
        player = waiting[0] if len(waiting) == 1 else chooser.choice(waiting)
        game.apply(choose(chooser, game.legal_actions(player), policy))
        actions += 1
    return actions


def run_games(ruleset: str, players: list[str], seeds: range, policy: str) -> int:
    return sum(play_round(ruleset, players, seed, policy) for seed in seeds)


def one_core(ruleset: str, players: list[str], games: int, policy: str) -> tuple[float, float]:
    start = time.perf_counter()
    actions = run_games(ruleset, players, range(games), policy)
    elapsed = time.perf_counter() - start
    return games / elapsed, elapsed / actions * 1e6


def two_cores(pool: ProcessPoolExecutor, ruleset: str, players: list[str], games: int,
              policy: str) -> float:
    half = games // 2
    start = time.perf_counter()
    jobs = [pool.submit(run_games, ruleset, players, range(i * half, (i + 1) * half), policy)
            for i in range(2)]
    for job in jobs:
        job.result()
    return 2 * half / (time.perf_counter() - start)


def memory_per_game(ruleset: str, players: list[str], count: int = 200) -> float:
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    games = []
    for seed in range(count):
        game = Game.new(ruleset, Options.for_ruleset(ruleset), players, seed)
        chooser = random.Random(seed)
        for _ in range(20):
            if game.round_over:
                break
            game.apply(choose(chooser, game.legal_actions(game.waiting_for()[0]), "rlcard"))
        games.append(game)
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return held / len(games)


def main() -> None:
    parser = argparse.ArgumentParser(description="engine speed and memory")
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    players = [f"p{i}" for i in range(args.players)]
    print(f"{args.players} players; {args.games} games per ruleset (rlcard), "
          f"{args.games // 20} (uniform)")
    header = ("ruleset", "policy", "games/s 1 core", "games/s 2 cores", "us/action", "bytes/game")
    print("{:<13}{:<9}{:>16}{:>17}{:>11}{:>12}".format(*header))
    with ProcessPoolExecutor(max_workers=2) as pool:
        for ruleset in RULESETS:
            memory = memory_per_game(ruleset, players)
            for policy, games in (("rlcard", args.games), ("uniform", args.games // 20)):
                rate, per_action = one_core(ruleset, players, games, policy)
                both = two_cores(pool, ruleset, players, games, policy)
                print(f"{ruleset:<13}{policy:<9}{rate:>16.0f}{both:>17.0f}"
                      f"{per_action:>11.1f}{memory:>12.0f}")


if __name__ == "__main__":
    main()
