"""Whether to challenge a Wild Draw Four: an estimate of the chance its player is guilty.

A challenge costs 2 cards when wrong (6 drawn instead of 4) and gains 4 cards and the
turn when right, so it pays from a guilt chance of about one in three. The estimate:

1. Count what is unseen: the deck's cards of the previous colour, less those in the
   discard pile and in our own hand. Each card the player holds is of that colour with
   probability ``p = unseen of the colour / unseen cards``, so they hold at least one
   with probability ``1 - (1 - p) ** n``.
2. A player seen drawing on that colour held none then, and only the ``k`` cards taken
   since can be of it: ``1 - (1 - p) ** k``. Some players draw while able to play, so
   this evidence is trusted at ``DRAW_TRUST``, not fully.
3. A player whose last play was a card of that colour was holding the colour and chose
   to change it: the odds of guilt are multiplied by ``JUST_PLAYED_ODDS``.
4. Players who bluff are fewer than those who play honestly: the odds are multiplied
   by ``HONESTY_ODDS`` for the player who could have played the colour and did not bluff.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from bot.engine.cards import CARD_COLOR, Card, build_deck

DRAW_TRUST = 0.8
JUST_PLAYED_ODDS = 3.0
HONESTY_ODDS = 0.5
CHALLENGE_AT = 0.35
"""Challenge from this guilt chance (break-even is about 1/3; see the module doc)."""
CHALLENGE_RATHER_THAN_BLOCK_AT = 0.6
"""With BFF Power in hand a block is certain, so a challenge must be likelier to win."""


@cache
def deck_colors(ruleset: str) -> Counter[str]:
    """How many cards of each colour the ruleset's deck holds ('' for the wild cards)."""
    return Counter(CARD_COLOR[card] for card in build_deck(ruleset))


def guilt_chance(
    *,
    ruleset: str,
    color: str,
    hand: list[Card],
    discarded_of_color: int,
    discard_size: int,
    their_cards: int,
    drawn_since: int | None,
    just_played_color: bool,
) -> float:
    """The chance that the Wild Draw Four's player held a card of ``color`` (the colour
    current before it). ``drawn_since`` is the ``k`` of step 2, or ``None``."""
    deck = deck_colors(ruleset)
    unseen_total = sum(deck.values()) - discard_size - len(hand)
    unseen = deck[color] - discarded_of_color - sum(1 for c in hand if CARD_COLOR[c] == color)
    if unseen <= 0 or unseen_total <= 0 or their_cards <= 0:
        return 0.0
    p = min(1.0, unseen / unseen_total)
    chance = 1 - (1 - p) ** their_cards
    if drawn_since is not None:
        since = 1 - (1 - p) ** min(drawn_since, their_cards)
        chance = DRAW_TRUST * since + (1 - DRAW_TRUST) * chance
    odds = chance / (1 - chance) if chance < 1 else float("inf")
    odds *= HONESTY_ODDS
    if just_played_color:
        odds *= JUST_PLAYED_ODDS
    return 1.0 if odds == float("inf") else odds / (1 + odds)
