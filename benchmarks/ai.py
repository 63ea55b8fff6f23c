"""Computer players: how often ``normal`` beats three ``easy`` players, and how fast each
level decides; or, with ``--level``, how often one level beats another (``versus``).

    .venv/bin/python benchmarks/ai.py [--games 2000] [--per-ruleset 500] [--per-option 500]
    .venv/bin/python -m benchmarks.ai --level hard --against normal --players 2 --games N
                                      --seed S [--playouts P] [--every-rule] [--speed]
                                      [--outcomes FILE] [--knowing hands|colours|next]
    .venv/bin/python -m benchmarks.ai --level normal --against easy --partners [--see-hands]
    .venv/bin/python -m benchmarks.ai --paired A.json B.json

``--partners`` (RULES.md 12) seats the measured level as one team (seats 0 and 2 of
four, or 1 and 3, alternating with the game number) and ``--against`` as the others;
a game is won when either partner goes out. ``--against normal-solo`` (any level with
``-solo``) plays as in a free-for-all: its views show it no partner (``alone``), so it
treats its partner as one more opponent; what playing for the team is worth.

``--knowing`` lets the measured ``hard`` player's search peek at the hidden hands
(``benchmarks.peek``): a ceiling for what reading the opponents could be worth.

``--outcomes`` keeps whether the level's seat won, game by game (by seed), and
``--paired`` compares two such files on the seeds they share (two versions of a level,
or two budgets): the same deals, so much of the luck cancels out of the difference.

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
import itertools
import json
import math
import os
import random
import statistics
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from benchmarks.peek import add_knowing_argument, budget, peeking
from bot.ai import ComputerPlayer, Question, answer, hard, show_events
from bot.ai.rng import SplitMix
from bot.engine import RULESETS, Action, Event, Game, Options
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


# -- one level against another ------------------------------------------------------------

Z95 = 1.959964


def add_versus_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--level", help="the level measured (one seat, or one team with "
                                        "--partners); enables this mode")
    parser.add_argument("--against", default="normal", help="the level of every other seat")
    parser.add_argument("--players", type=int, default=None,
                        help="seats at the table (default 2, or 4 with --partners)")
    parser.add_argument("--partners", action="store_true",
                        help="partners (RULES.md 12): the level measured plays one team, "
                             "the team rotating with the game number")
    parser.add_argument("--see-hands", action="store_true",
                        help="with --partners: partners see each other's hands")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--playouts", type=int, default=None,
                        help="a hard player's budget per decision (default: the level's)")
    add_knowing_argument(parser)
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--option", action="append", default=[],
                        help="a table option (RULES.md 11) to switch on; may repeat")
    parser.add_argument("--every-rule", action="store_true",
                        help="one line per ruleset and per table option, each against "
                             "--against in the same seat on the same deals")
    parser.add_argument("--speed", action="store_true",
                        help="playouts per second of single decisions, in this process")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--outcomes", help="a JSON file to keep each game's result in, by seed")
    parser.add_argument("--paired", nargs=2, metavar=("A", "B"),
                        help="compare two --outcomes files on the seeds they share")


SOLO = "-solo"
"""A level name's ending (``normal-solo``): the level played as in a free-for-all, its
partner unknown to it (``alone``): what playing for the team is measured against."""


@dataclass(frozen=True, slots=True)
class Contest:
    """What every game of a run shares: the table and who plays whom."""

    ruleset: str
    switched: tuple[str, ...]
    players: int
    hero: str
    against: str
    playouts: int | None
    knowing: str | None = None
    partners: bool = False
    see_hands: bool = False

    def options(self) -> Options:
        overrides: dict[str, object] = dict.fromkeys(self.switched, True)
        if self.partners:
            overrides |= {"partners": True, "partners_see_hands": self.see_hands}
        return Options.for_ruleset(self.ruleset, overrides)


def alone(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` as a free-for-all shows it: no teams, no partner, no partner's hand (a
    hand every player is shown, house rule 7, stays)."""
    partner = view.get("partner")
    shown = view["hands_shown_until"] is not None
    players = [seat if shown or seat["id"] != partner
               else {k: v for k, v in seat.items() if k != "hand"} for seat in view["players"]]
    rest = {k: v for k, v in view.items() if k not in ("teams", "partner")}
    return {**rest, "players": players}


def play_versus(contest: Contest, seed: int) -> bool:
    """One round; whether the ``hero`` level's seat (``seed % players``) won it, or under
    partners its team. With ``knowing``, that seat's searches peek (``benchmarks.peek``)."""
    ids = [f"p{i}" for i in range(contest.players)]
    seat = ids[seed % contest.players]
    game = Game.new(contest.ruleset, contest.options(), ids, seed)
    heroes = set(game.team_of(seat))
    extra = {} if contest.playouts is None else {"playouts": contest.playouts}
    levels = {p: contest.hero if p in heroes else contest.against for p in ids}
    computers = {p: ComputerPlayer(p, levels[p].removesuffix(SOLO), seed * 10 + i, **extra)
                 for i, p in enumerate(ids)}
    solo = {p for p in ids if levels[p].endswith(SOLO)}

    def view_of(player: str) -> dict[str, Any]:
        view = game.view(player)
        return alone(view) if player in solo else view

    def show(events: list[Event]) -> None:
        for player, computer in computers.items():
            seated = player in game.hands
            computer.observe([e.redact(player) for e in events],
                             view_of(player) if seated else None)

    show([])
    while not game.round_over:
        for player in game.players:
            legal = game.legal_actions(player)
            if not legal:
                continue
            view, computer = view_of(player), computers[player]
            if contest.knowing and player == seat:
                action = computer.decide(view, legal)  # ``choose``, its search peeking
                if isinstance(action, Question):
                    action = (peeking(contest.knowing, game, action)
                              or computer.choose_at_once(view, legal))
            else:
                action = computer.choose(view, legal)
            if action is not None:
                show(game.apply(action))
                break
    return game.round_winner in heroes


def _play_many(job: tuple[Contest, list[int]]) -> list[tuple[int, bool]]:
    contest, seeds = job
    return [(s, play_versus(contest, s)) for s in seeds]


def contest_of(ruleset: str, switched: tuple[str, ...], args: argparse.Namespace,
               hero: str) -> Contest:
    return Contest(ruleset, switched, args.players, hero, args.against, args.playouts,
                   args.knowing if hero == args.level else None, args.partners, args.see_hands)


def outcomes(pool: ProcessPoolExecutor, jobs: int, ruleset: str, switched: tuple[str, ...],
             args: argparse.Namespace, hero: str) -> dict[int, bool]:
    """Whether the ``hero`` level's seat (or team) won, for each of the ``args.games``
    games (by seed), played in ``jobs`` processes."""
    seeds = list(range(args.seed, args.seed + args.games))
    chunks = [seeds[i::jobs * 4] for i in range(jobs * 4) if seeds[i::jobs * 4]]
    contest = contest_of(ruleset, switched, args, hero)
    return dict(game for chunk in pool.map(_play_many, [(contest, c) for c in chunks])
                for game in chunk)


def wins(pool: ProcessPoolExecutor, jobs: int, ruleset: str, switched: tuple[str, ...],
         args: argparse.Namespace, hero: str) -> int:
    """How many of the ``args.games`` games the ``hero`` level's seat (or team) won."""
    return sum(outcomes(pool, jobs, ruleset, switched, args, hero).values())


def interval(won: int, games: int) -> tuple[float, float]:
    """Wilson's 95% confidence interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate, z2 = won / games, Z95 * Z95
    centre = (rate + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return centre - half, centre + half


def rate(won: int, games: int) -> str:
    low, high = interval(won, games)
    return f"{100 * won / games:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%)"


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def paired(first: str, second: str) -> str:
    """The second file's win rate less the first's, on the seeds both hold, with a 95%
    confidence interval from the game-by-game differences."""
    with open(first) as a_file, open(second) as b_file:
        a, b = json.load(a_file), json.load(b_file)
    seeds = sorted(set(a) & set(b), key=int)
    n = len(seeds)
    if n < 2:
        return f"{n} seeds in common: nothing to compare"
    diffs = [int(b[s]) - int(a[s]) for s in seeds]
    mean, error = mean_and_error(diffs)
    alone = sum(d < 0 for d in diffs), sum(d > 0 for d in diffs)
    return (f"{n} games: A {100 * sum(a[s] for s in seeds) / n:.1f}%, "
            f"B {100 * sum(b[s] for s in seeds) / n:.1f}%; B - A {100 * mean:+.1f} points "
            f"(95% CI {100 * (mean - Z95 * error):+.1f} to {100 * (mean + Z95 * error):+.1f}); "
            f"won by A alone {alone[0]}, by B alone {alone[1]}")


def table(args: argparse.Namespace) -> str:
    """How a summary line states the table: seats, and partners with what they see."""
    if not args.partners:
        return f"{args.players} players"
    seen = "partners seeing each other's hands" if args.see_hands else "hands hidden"
    return f"partners, {args.players} players in {args.players // 2} teams, {seen}"


def versus_main(args: argparse.Namespace) -> None:
    if args.players is None:
        args.players = 4 if args.partners else 2
    if args.speed:
        speed(args)
        return
    sides = args.players // 2 if args.partners else args.players
    whose = "'s team" if args.partners else ""
    with ProcessPoolExecutor(args.jobs) as pool:
        if not args.every_rule:
            start = time.perf_counter()
            games = outcomes(pool, args.jobs, args.ruleset, tuple(args.option), args, args.level)
            elapsed = time.perf_counter() - start
            if args.outcomes:
                with open(args.outcomes, "w") as file:
                    json.dump({str(seed): won for seed, won in sorted(games.items())}, file)
            won = sum(games.values())
            print(f"{args.level} v {args.against}, {table(args)}, {args.ruleset}"
                  f"{''.join(' +' + o for o in args.option)}, {budget(args)}: {args.level}"
                  f"{whose} won {won}/{args.games} = {rate(won, args.games)}; parity "
                  f"{100 / sides:.1f}%; {elapsed:.0f} s", flush=True)
            return
        rows = [(r, ()) for r in RULESETS] + [("classic", (o,)) for o in TABLE_OPTIONS]
        for ruleset, switched in rows:
            label = switched[0] if switched else ruleset
            won = wins(pool, args.jobs, ruleset, switched, args, args.level)
            same = wins(pool, args.jobs, ruleset, switched, args, args.against)
            print(f"{label:<19} {args.level} {rate(won, args.games):<32} {args.against} in "
                  f"the same {'team' if args.partners else 'seat'} {rate(same, args.games)}",
                  flush=True)


def decisions(ruleset: str, players: int, seed: int) -> Iterator[tuple[Game, Question]]:
    """The searches hard players ask for in one round (in every seat), each with the
    game as it stands; not answered here: every seat plays as ``normal``, so the round
    and its questions are the same whatever the search would say."""
    ids = [f"p{i}" for i in range(players)]
    game = Game.new(ruleset, Options.for_ruleset(ruleset, {}), ids, seed)
    computers = {p: ComputerPlayer(p, "hard", seed * 10 + i) for i, p in enumerate(ids)}
    show_events(game, computers.values(), [])
    while not game.round_over:
        player = next(p for p in game.players if game.legal_actions(p))
        view, legal = game.view(player), game.legal_actions(player)
        question = computers[player].question(view, legal)
        if question is not None:
            yield game, question
        action = computers[player].choose_at_once(view, legal)
        assert action is not None
        show_events(game, computers.values(), game.apply(action))


def speed(args: argparse.Namespace) -> None:
    """Playouts per second of single decisions, one process (``--playouts`` each)."""
    playouts = args.playouts or ComputerPlayer("p0", "hard").playouts
    asked = (q for seed in range(args.seed, args.seed + 5)
             for _, q in decisions(args.ruleset, args.players, seed))
    questions = list(itertools.islice(asked, max(1, args.games)))
    played = [0]
    counted = hard.play_out

    def counting(game: Game, me: str, rng: SplitMix) -> float:
        played[0] += 1
        return counted(game, me, rng)

    hard.play_out = counting  # the budget is a target; count the playouts really made
    start = time.process_time()
    for question in questions:
        answer(Question(question.view, question.legal, question.memory, question.seed,
                        playouts))
    seconds = time.process_time() - start
    hard.play_out = counted
    made = played[0]
    print(f"hard, {args.players} players, {args.ruleset}: {len(questions)} decisions of "
          f"{playouts} playouts ({made} made) in {seconds:.2f} s of CPU = "
          f"{made / seconds:.0f} playouts/s, "
          f"{1000 * seconds / len(questions):.0f} ms a decision", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="classic games")
    parser.add_argument("--per-ruleset", type=int, default=500, help="games per other ruleset")
    parser.add_argument("--per-option", type=int, default=500,
                        help="classic games per table option (RULES.md 11), and all on")
    add_versus_arguments(parser)
    args = parser.parse_args()
    if args.paired:
        print(paired(*args.paired))
        return
    if args.level is not None:
        versus_main(args)
        return
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
