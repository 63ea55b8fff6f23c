"""Computer players: how often ``normal`` beats three ``easy`` players, and how fast each
level decides.

    .venv/bin/python benchmarks/ai.py [--games 2000] [--per-ruleset 500] [--per-option 500]

A game here is one round, dealt to a winner, at a four-player table: one ``normal``
player and three ``easy`` ones, the ``normal`` seat rotating with the game number so
that no seat's advantage counts for it (chance is 25%). ``--games`` games are played
with the classic deck, ``--per-ruleset`` with each other ruleset (its default options),
``--per-option`` with the classic deck and each table option of RULES.md 11 on, then
all five on together.

A decision is one ``choose(view, legal)`` call made with a non-empty list of legal
actions, out-of-turn ones included (UNO calls and catches); building the view and the
legal actions is the engine's part and is not counted.

``easy`` draws about as often as it plays (drawing is always legal), so it is a weak
opponent; with force play on it may draw only when it cannot play, which makes it
nearly as strong as ``eager`` (so read that row's ``v eager`` column too).

For scale, the last column plays ``normal`` against three players of a
stronger random policy instead, ``eager``, defined here: a uniformly random card play
whenever one is legal, UNO called and catches made at once.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.ai import ComputerPlayer, show_events
from bot.engine import RULESETS, Action, Game, Options
from bot.engine.options import TABLE_OPTIONS

PLAYERS = ("p0", "p1", "p2", "p3")


def play_game(ruleset: str, options: Options, seed: int, timings: dict[str, list[int]]) -> bool:
    """One round; whether the ``normal`` player won it. Appends decision times (ns)."""
    normal = PLAYERS[seed % len(PLAYERS)]
    game = Game.new(ruleset, options, list(PLAYERS), seed)
    computers = {
        p: ComputerPlayer(p, "normal" if p == normal else "easy", seed * 10 + i)
        for i, p in enumerate(PLAYERS)
    }
    show_events(game, computers.values(), [])
    while not game.round_over:
        for player in game.players:
            legal = game.legal_actions(player)
            if not legal:
                continue
            view = game.view(player)
            computer = computers[player]
            start = time.perf_counter_ns()
            action = computer.choose(view, legal)
            timings[computer.level].append(time.perf_counter_ns() - start)
            if action is not None:
                show_events(game, computers.values(), game.apply(action))
                break
    return game.round_winner == normal


def eager(legal: list[Action], chooser: random.Random) -> Action | None:
    shouts = [a for a in legal if a.do in ("uno", "catch")]
    if shouts:
        return shouts[0]
    plays = [a for a in legal if a.do in ("play", "play_drawn")]
    return chooser.choice(plays or legal) if legal else None


def play_eager_game(ruleset: str, options: Options, seed: int) -> bool:
    """One round of ``normal`` against three ``eager`` players; whether ``normal`` won."""
    normal = PLAYERS[seed % len(PLAYERS)]
    game = Game.new(ruleset, options, list(PLAYERS), seed)
    computer = ComputerPlayer(normal, "normal", seed)
    chooser = random.Random(seed)
    show_events(game, [computer], [])
    while not game.round_over:
        for player in game.players:
            legal = game.legal_actions(player)
            if player == normal:
                action = computer.choose(game.view(player), legal) if legal else None
            else:
                action = eager(legal, chooser)
            if action is not None:
                show_events(game, [computer], game.apply(action))
                break
    return game.round_winner == normal


def p99(values: list[int]) -> float:
    return statistics.quantiles(values, n=100)[98]


def run(ruleset: str, games: int, switched: tuple[str, ...] = ()) -> None:
    """One row: ``ruleset`` with its default options and the table options ``switched``."""
    options = Options.for_ruleset(ruleset, dict.fromkeys(switched, True))
    label = ruleset if not switched else switched[0] if len(switched) == 1 else "all five"
    timings: dict[str, list[int]] = {"easy": [], "normal": []}
    start = time.perf_counter()
    wins = sum(play_game(ruleset, options, seed, timings) for seed in range(games))
    elapsed = time.perf_counter() - start
    cells = [f"{label:<19}", f"{games:>6}", f"{100 * wins / games:>7.1f}%"]
    for level in ("normal", "easy"):
        ns = timings[level]
        cells += [f"{statistics.fmean(ns) / 1000:>8.1f}", f"{p99(ns) / 1000:>8.1f}"]
    decisions = sum(map(len, timings.values()))
    cells += [f"{decisions / games:>9.0f}", f"{elapsed:>6.1f}s"]
    eager_wins = sum(play_eager_game(ruleset, options, seed) for seed in range(games))
    cells.append(f"{100 * eager_wins / games:>7.1f}%")
    print("  ".join(cells), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="classic games")
    parser.add_argument("--per-ruleset", type=int, default=500, help="games per other ruleset")
    parser.add_argument("--per-option", type=int, default=500,
                        help="classic games per table option (RULES.md 11), and all on")
    args = parser.parse_args()
    print("one normal against three easy, 4 players, one round per game; times in µs")
    print(f"{'ruleset':<19}  {'games':>6}  {'normal':>8}  {'normal':>8}  {'normal':>8}  "
          f"{'easy':>8}  {'easy':>8}  {'decisions':>9}  {'':>7}  {'normal':>8}")
    print(f"{'':<19}  {'':>6}  {'wins':>8}  {'mean':>8}  {'p99':>8}  "
          f"{'mean':>8}  {'p99':>8}  {'per game':>9}  {'wall':>7}  {'v eager':>8}")
    run("classic", args.games)
    for ruleset in RULESETS:
        if ruleset != "classic":
            run(ruleset, args.per_ruleset)
    print("classic with table options (RULES.md 11)")
    for name in TABLE_OPTIONS:
        run("classic", args.per_option, (name,))
    run("classic", args.per_option, tuple(TABLE_OPTIONS))


if __name__ == "__main__":
    main()
