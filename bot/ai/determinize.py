"""Possible worlds for the ``hard`` level: the hidden cards dealt so that they agree with
everything its seat has seen, and a ``Game`` built from them and its own view.

What is unseen is the deck less our hand, the discard pile (``Memory.pile``) and, under
partners, the partner's hand when the view shows it (``partners_see_hands``: every world
deals it exactly that hand); it is dealt to the opponents, each keeping their hand size,
and the rest is the draw pile. A
deal honours what the memory learnt: cards an opponent surely holds (a hand we traded
them, a hand a challenge showed us), what they held none of when they drew instead of
playing or laid a wild card (``lacks``, ``seems_to_lack``: only the cards they took
since may be of it), a colour they probably hold (one they named). The last two are
evidence, not proof (people draw with a playable card in hand, and name colours they
lack), so each is trusted for a share of the deals only.

The world's ``Game`` is built from the view alone, and checked: our legal actions in
it must be the ones the table gave us, or the world is not used (``None``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot.ai.memory import Memory
from bot.ai.rng import SplitMix
from bot.engine.actions import Action
from bot.engine.cards import CARD_COLOR, CARD_VALUE, Card, full_deck
from bot.engine.game import Game
from bot.engine.options import Options

DRAW_TRUST = 0.8
"""The share of deals that believe what a player's draws and wild cards said they lacked."""
LIKELY_TRUST = 0.6
"""The share of deals that give a player a card of the colour they named."""


def seen_hands(view: dict[str, Any]) -> dict[str, list[Card]]:
    """The other hands we see in ``view``: our partner's, when the view shows it."""
    partner = view.get("partner")
    return {seat["id"]: list(seat["hand"]) for seat in view["players"]
            if seat["id"] == partner and "hand" in seat}


def unseen_cards(view: dict[str, Any], memory: Memory) -> list[Card] | None:
    """The cards we cannot see (opponents' hands and the draw pile), or ``None`` when the
    memory does not account for every card (it missed events: a seat taken mid-round, a
    player who left with their cards)."""
    seen = seen_hands(view)
    left = Counter(full_deck(view["ruleset"]))
    left.subtract(view["hand"])
    left.subtract(memory.pile)
    for hand in seen.values():
        left.subtract(hand)
    if min(left.values(), default=0) < 0 or sum(memory.pile.values()) != view["discard_size"]:
        return None
    hidden = sum(seat["cards"] for seat in view["players"]
                 if seat["id"] != view["you"] and seat["id"] not in seen)
    cards = sorted(left.elements())
    return cards if len(cards) == hidden + view["draw_size"] else None


def shuffle(cards: list[Card], rng: SplitMix) -> None:
    """Fisher-Yates with our own generator: the same seed deals the same worlds."""
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def deal_hidden(
    view: dict[str, Any], unseen: list[Card], memory: Memory, rng: SplitMix
) -> tuple[dict[str, list[Card]], list[Card]]:
    """One deal of the unseen cards: each opponent's hand, and the draw pile; a hand we
    see (``seen_hands``) is dealt as it is."""
    pool = list(unseen)
    shuffle(pool, rng)
    seen = seen_hands(view)
    sizes = {seat["id"]: seat["cards"] for seat in view["players"]
             if seat["id"] != view["you"] and seat["id"] not in seen}
    hands: dict[str, list[Card]] = {p: [] for p in sizes}
    for player, cards in memory.known.items():
        for card in cards:
            if player in hands and len(hands[player]) < sizes[player] and card in pool:
                pool.remove(card)
                hands[player].append(card)
    for player, color in memory.likely.items():
        if player in hands and rng.chance(LIKELY_TRUST):
            _take_one_of(color, pool, hands[player], sizes[player])
    constrained = [p for p in sizes if _lacking(memory, p) and rng.chance(DRAW_TRUST)]
    for player in constrained:
        _fill(hands[player], sizes[player], pool, _lacking(memory, player))
        shuffle(pool, rng)  # the cards passed over go anywhere, not on top of the rest
    for player in sizes:
        if player not in constrained:
            _fill(hands[player], sizes[player], pool, {})
    return {**hands, **seen}, pool


def _lacking(memory: Memory, player: str) -> dict[str, int]:
    """``lacks`` and ``seems_to_lack`` together: for each colour, number or symbol (or
    wild cards, '') the player held none of, how many cards they have taken since."""
    lacking = dict(memory.lacks.get(player, {}))
    for key, count in memory.seems_to_lack.get(player, {}).items():
        lacking[key] = min(count, lacking.get(key, count))
    return lacking


def _take_one_of(color: str, pool: list[Card], hand: list[Card], size: int) -> None:
    if len(hand) >= size or any(CARD_COLOR[c] == color for c in hand):
        return
    for i, card in enumerate(pool):
        if CARD_COLOR[card] == color:
            hand.append(pool.pop(i))
            return


def _fill(hand: list[Card], size: int, pool: list[Card], lacking: dict[str, int]) -> None:
    """Fill ``hand`` from the front of the shuffled ``pool``. ``lacking[k] = n``: the
    player held nothing of colour, number or symbol ``k`` ``n`` cards ago, so only the
    ``n`` cards they took since may be of it: the hand's newest cards come first, each
    the next card of the pool that none of the older evidence rules out (any card when
    nothing else is left)."""
    kept: list[Card] = []
    newest = 0
    while len(hand) < size and pool:
        card = pool.pop()
        if any(lacking.get(k, size) <= newest for k in (CARD_COLOR[card], CARD_VALUE[card])):
            kept.append(card)
            continue
        hand.append(card)
        newest += 1
    while len(hand) < size and kept:
        hand.append(kept.pop())
    pool.extend(reversed(kept))


def world(
    view: dict[str, Any], memory: Memory, hands: dict[str, list[Card]], draw: list[Card],
    seed: int,
) -> Game:
    """The game as ``view`` shows it, with ``hands`` for the opponents and ``draw`` as the
    draw pile (its top last); its own shuffles come from ``seed``."""
    me = view["you"]
    seats = view["players"]
    top = view["top"]
    pile = Counter(memory.pile)
    pile[top] -= 1
    return Game.from_position(
        view["ruleset"], Options.from_dict(view["options"]), [s["id"] for s in seats],
        hands={s["id"]: view["hand"] if s["id"] == me else hands[s["id"]] for s in seats},
        discard=[*pile.elements(), top], draw=draw[::-1], current=view["current"],
        direction=view["direction"], color=view["color"], dealer=view["dealer"],
        round_number=view["round"], scores={s["id"]: s["score"] for s in seats},
        teams=view.get("teams"),
        pending_draw=view["pending_draw"], pending_kind=view["pending_kind"] or "",
        wild4_by=view["wild4_by"], wild4_color=view["wild4_color"],
        drawn=view["drawn"] if view["current"] == me else (),
        choosing_start_color=view["choosing_start_color"],
        uno_called=[s["id"] for s in seats if s["uno"]],
        catch_window=view["catchable"], hands_shown_until=view["hands_shown_until"],
        discards_owed=view["discards_owed"], voters=view["voters"], joke_by=view["joke_by"],
        seed=seed,
    )


def agrees(game: Game, me: str, legal: list[Action]) -> bool:
    """Whether the built world offers us exactly the actions the real table does."""
    return set(game.legal_actions(me)) == set(legal)
