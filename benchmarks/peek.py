"""A peek no player gets, for measuring: the ``hard`` level's search told some of the true
hidden hands. ``benchmarks.ai_judge`` judges such choices decision by decision and
``benchmarks.ai`` plays whole games with them (``--knowing``): what a sharper reading of
the opponents could add at most. The bot never peeks; this lives under ``benchmarks/``.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from bot.ai import Question, answer, hard
from bot.ai.determinize import deal_hidden, shuffle
from bot.ai.memory import Memory
from bot.ai.rng import SplitMix
from bot.engine import Action, Game
from bot.engine.cards import CARD_COLOR, Card

KNOWING = {"hands": "the opponents' hands", "colours": "the colours of the opponents' hands",
           "next": "the next player's hand"}
"""What ``--knowing`` may tell the search, and how the summary says it."""


def add_knowing_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--knowing", choices=list(KNOWING),
                        help="tell the hard player's search this much of the hidden hands "
                             "(a peek no player gets: what reading them could add)")


def budget(args: argparse.Namespace) -> str:
    """How a summary line states the search's budget (``--playouts``) and peek."""
    stated = f"{args.playouts} playouts" if args.playouts else "default playouts"
    return f"{stated}, knowing {KNOWING[args.knowing]}" if args.knowing else stated


def peeking(knowing: str, game: Game, question: Question) -> Action | None:
    """The search's answer, its deals told ``knowing`` (one of ``KNOWING``) of the true
    hands in ``game``; the cards it is not told are dealt as the search deals them."""

    def told_deal(view: dict[str, Any], unseen: list[Card], memory: Memory, rng: SplitMix
                  ) -> tuple[dict[str, list[Card]], list[Card]]:
        seats = [seat["id"] for seat in view["players"]]
        me = seats.index(view["you"])
        opponents = seats[me + 1:] + seats[:me]
        if knowing == "colours":
            return _by_colour(game, opponents, list(unseen), rng)
        told = opponents if knowing == "hands" else [
            seats[(me + view["direction"]) % len(seats)]]
        pool = Counter(unseen)
        pool.subtract(card for player in told for card in game.hands[player])
        rest = dict(view, players=[dict(seat, cards=0) if seat["id"] in told else seat
                                   for seat in view["players"]])
        hands, draw = deal_hidden(rest, sorted(pool.elements()), memory, rng)
        hands.update((player, list(game.hands[player])) for player in told)
        return hands, draw

    hard.deal_hidden = told_deal
    try:
        return answer(question)
    finally:
        hard.deal_hidden = deal_hidden


def _by_colour(game: Game, opponents: list[str], cards: list[Card], rng: SplitMix
               ) -> tuple[dict[str, list[Card]], list[Card]]:
    """``cards`` dealt at random, each opponent getting as many of each colour (and of
    wild cards) as they truly hold; the rest is the draw pile."""
    shuffle(cards, rng)
    hands = {}
    for player in opponents:
        wanted = Counter(CARD_COLOR[card] for card in game.hands[player])
        hand = []
        for card in cards:
            if wanted[CARD_COLOR[card]] > 0:
                wanted[CARD_COLOR[card]] -= 1
                hand.append(card)
        for card in hand:
            cards.remove(card)
        hands[player] = hand
    return hands, cards
