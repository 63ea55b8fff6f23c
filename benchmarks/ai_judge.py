"""The ``hard`` level's decisions judged in the true world: how much its searches add to
``normal``'s choices, with far less noise than a win rate.

    .venv/bin/python -m benchmarks.ai_judge --players 4 --games 20 --seed 1000
                                            [--playouts P] [--judge 300] [--cache FILE]

Rounds are played by ``normal`` alone, so every version of ``hard`` is asked the same
questions: at each decision a ``hard`` player would search (in every seat), the search
under test answers, and its answer is put aside. Then each legal action is judged by
``--judge`` playouts in the true world: the real hidden hands, the draw pile shuffled,
every action in the same worlds. A judgement depends on the game and the engine only,
not on the search, so ``--cache`` keeps them: two versions of ``hard`` are compared on
the same judgements, and a second run costs only its searches.

It prints, per decision, the judged win chance of hard's choice less ``normal``'s, with
a 95% confidence interval over the decisions, and how often hard chose otherwise. The
best judged action's margin over ``normal``'s is what perfect knowledge of the hands
would add; it is an upper bound (the best of several noisy judgements).

``--knowing`` tells the search some of the hidden cards, a peek no player gets
(``benchmarks.peek``): every opponent's hand (``hands``), how many cards of each colour
they hold (``colours``, the cards themselves dealt at random), or the next player's hand
(``next``). It measures what a sharper reading of the opponents could add at most.

``--choices`` keeps hard's choice at each decision, and ``--paired A B`` compares two
such files (two versions of hard, or two budgets) decision by decision on the cached
judgements: most choices are the same, so the difference is measured closely.

    .venv/bin/python -m benchmarks.ai_judge --cache FILE --paired A.json B.json
"""

from __future__ import annotations

import argparse
import json
import os
from concurrent.futures import ProcessPoolExecutor

from benchmarks.ai import Z95, decisions, mean_and_error
from benchmarks.peek import add_knowing_argument, budget, peeking
from bot.ai import Question, answer
from bot.ai.determinize import shuffle, world
from bot.ai.memory import Memory
from bot.ai.normal import choose_normal
from bot.ai.playout import play_out
from bot.ai.rng import SplitMix
from bot.engine import Game

Judgement = dict[str, float]
"""Each legal action (its ``repr``) and its win chance in the true world."""


def judge(game: Game, question: Question, playouts: int, seed: int) -> Judgement:
    """How often each legal action of ``question`` wins ``game``'s round, hands as dealt."""
    me = question.view["you"]
    memory = Memory.from_dict(question.memory)
    hands = {p: list(hand) for p, hand in game.hands.items() if p != me}
    legal = list(dict.fromkeys(question.legal))
    won = dict.fromkeys(map(repr, legal), 0)
    rng = SplitMix(seed)
    for _ in range(playouts):
        draw = list(game.draw_pile)
        shuffle(draw, rng)
        luck = rng.next()
        for action in legal:
            true_world = world(question.view, memory, hands, draw, luck)
            true_world.apply(action)
            won[repr(action)] += play_out(true_world, me, SplitMix(luck)) == 1.0
    return {action: n / playouts for action, n in won.items()}


def judged_seed(job: tuple[argparse.Namespace, int, dict[str, Judgement]]
                ) -> list[tuple[str, Judgement, str, str]]:
    """One seed's decisions: each one's key, judgement, hard's choice and normal's."""
    args, seed, cache = job
    rows = []
    for step, (game, question) in enumerate(decisions(args.ruleset, args.players, seed)):
        if args.playouts:
            question = Question(question.view, question.legal, question.memory, question.seed,
                                args.playouts)
        key = f"{args.ruleset}:{args.players}:{seed}:{step}:{args.judge}"
        judgement = cache.get(key) or judge(game, question, args.judge, seed * 1000 + step)
        usual = choose_normal(question.view, list(question.legal),
                              Memory.from_dict(question.memory), SplitMix(question.seed))
        chosen = peeking(args.knowing, game, question) if args.knowing else answer(question)
        if usual is not None and chosen is not None:
            rows.append((key, judgement, repr(chosen), repr(usual)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20, help="rounds, one seed each")
    parser.add_argument("--seed", type=int, default=1000, help="the first round's seed")
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--playouts", type=int, default=None,
                        help="the search's budget per decision (default: the level's)")
    parser.add_argument("--judge", type=int, default=300, help="playouts per legal action")
    parser.add_argument("--cache", help="a JSON file that keeps the judgements")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    add_knowing_argument(parser)
    parser.add_argument("--choices", help="a JSON file to keep hard's choices in")
    parser.add_argument("--paired", nargs=2, metavar=("A", "B"),
                        help="compare two --choices files on the judgements of --cache")
    args = parser.parse_args()
    cache: dict[str, Judgement] = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as file:
            cache = json.load(file)
    if args.paired:
        print(paired(cache, *args.paired))
        return
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [row for rows in pool.map(judged_seed, [(args, s, cache) for s in seeds])
                for row in rows]
    if args.cache:
        cache.update((key, judgement) for key, judgement, _, _ in rows)
        with open(args.cache, "w") as file:
            json.dump(cache, file)
    if args.choices:
        with open(args.choices, "w") as file:
            json.dump({key: chosen for key, _, chosen, _ in rows}, file)
    print_summary(args, rows)


def paired(cache: dict[str, Judgement], first: str, second: str) -> str:
    """The second file's choices less the first's, in judged win chance a decision, on
    the decisions both hold and the cache judges."""
    with open(first) as a_file, open(second) as b_file:
        a, b = json.load(a_file), json.load(b_file)
    keys = [key for key in a if key in b and key in cache]
    if len(keys) < 2:
        return f"{len(keys)} judged decisions in common: nothing to compare"
    diffs = [100 * (cache[key][b[key]] - cache[key][a[key]]) for key in keys]
    mean, error = mean_and_error(diffs)
    return (f"{len(keys)} decisions, {sum(a[k] != b[k] for k in keys)} chosen otherwise: "
            f"B - A {mean:+.2f} points of win chance a decision (95% CI "
            f"{mean - Z95 * error:+.2f} to {mean + Z95 * error:+.2f})")


def print_summary(args: argparse.Namespace, rows: list[tuple[str, Judgement, str, str]]) -> None:
    if not rows:
        print("no decision was searched")
        return
    gain, error = mean_and_error([100 * (j[chosen] - j[usual]) for _, j, chosen, usual in rows])
    room = sum(100 * (max(j.values()) - j[usual]) for _, j, _, usual in rows) / len(rows)
    otherwise = sum(chosen != usual for _, _, chosen, usual in rows)
    print(f"hard, {args.players} players, {args.ruleset}, {budget(args)}, judged by {args.judge} "
          f"playouts an action in the true world: {len(rows)} decisions, {otherwise} chosen "
          f"otherwise than normal; hard's choice {gain:+.2f} points of win chance a decision "
          f"against normal's (95% CI {gain - Z95 * error:+.2f} to {gain + Z95 * error:+.2f}); "
          f"the best judged action {room:+.2f} (at most)", flush=True)

if __name__ == "__main__":
    main()
