"""How good a card play is for the ``normal`` level: one number per legal play.

The weights encode the strategy, not a search: shed cards, keep a colour we can follow,
keep wild cards until they are needed (no other card plays, or an opponent is close to
going out, when their 50 points are better out of our hand), attack the next player
when they are close to going out, swap hands only for a smaller one, never bluff a
Wild Draw Four. Drawing has a fixed score, so a play worse than drawing is not made.

Under partners (RULES.md 12) it plays for its team: only opponents count as close to
going out; a trade with the partner only ever hands them the smaller hand (their turn
comes before ours); a Seven-O 0 is judged by both partners' hands; with the partner's
hand in view the colour left to match counts their cards of it too, most when they are
close to going out; and a Skip or a draw that hands the turn straight to a partner close
to going out is worth more.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.ai.context import CLOSE_TO_OUT, Context
from bot.engine.actions import Action
from bot.engine.cards import CARD_COLOR, CARD_POINTS, CARD_VALUE, COLORS, Card, Color

DRAW = -80.0
"""The score of drawing (or keeping a drawn card) instead of playing."""
GOING_OUT = 1e9
PER_CARD = 8.0
WILD_KEPT = -60.0
BLUFF = -500.0
FOLLOW = 6.0
"""Per card left in the colour the play leaves to match: we can follow it next turn."""
POINTS_CALM = 0.1
POINTS_DANGER = 1.0
ATTACK = 4.0
ATTACK_CLOSE = 40.0
SWAP_PER_CARD = 15.0
PARTNER_SWAP_PER_CARD = 5.0
"""Per card by which a trade makes our partner's hand smaller than it was (ours grows)."""
PARTNER_FOLLOW = 2.0
"""Per card our partner holds of the colour left to match, when we see their hand."""
PARTNER_FOLLOW_CLOSE = 30.0
"""The same while they are close to going out: the colour may let them go out."""
PARTNER_NEXT = 30.0
"""A play that makes our partner, close to going out, the next to play."""
HOUSE_RULE_BONUS: dict[int, float] = {1: 25.0, 2: 10.0, 3: 5.0, 4: 30.0, 7: -10.0}
"""Rules 5 and 6 depend on hand sizes (``_house_rule``); 8 and 9 are a coin toss or nothing."""

_ATTACKS = frozenset({"skip", "draw2", "wild4"})
_HOUSE_RULE_VALUES = frozenset({"wildcustom", "blank"})


def score_play(action: Action, ctx: Context) -> float:
    cards = action.played_cards()
    left = len(ctx.hand) - len(cards)
    if not left:
        return GOING_OUT
    last = cards[-1]
    value = CARD_VALUE[last]
    danger = ctx.danger
    score = PER_CARD * len(cards)
    score += sum(CARD_POINTS[c] for c in cards) * (POINTS_DANGER if danger else POINTS_CALM)
    if not CARD_COLOR[last] and not danger:
        score += WILD_KEPT
    if value == "wild4" and ctx.holds_color(ctx.color):
        score += BLUFF
    score += _colour_left(action, cards, ctx)
    score += _attack(value, ctx)
    if ctx.partner_close:
        score += _to_partner(value, len(cards), ctx)
    score += _swap(action, last, left, ctx)
    if value in _HOUSE_RULE_VALUES:
        score += _house_rule(ctx.house_rules.get(last, 9), left, ctx)
    return score


def _colour_left(action: Action, cards: tuple[Card, ...], ctx: Context) -> float:
    """Reward leaving a colour we hold (and, seen, our partner holds); a Wild Swap Hands
    gives our hand away, so it names the colour that hand holds least, unless it goes
    to our partner."""
    last = cards[-1]
    color = action.color or CARD_COLOR[last]
    held = ctx.held.get(color, 0) - sum(1 for c in cards if CARD_COLOR[c] == color)
    if last == "wildswap" and action.target != ctx.partner:
        return -FOLLOW * held + partner_follow(color, ctx)
    return FOLLOW * held + partner_follow(color, ctx)


def partner_follow(color: str, ctx: Context) -> float:
    """What leaving ``color`` to match is worth to our partner, when we see their hand."""
    mine = ctx.partner_held.get(color, 0)
    return mine * (PARTNER_FOLLOW_CLOSE if ctx.partner_close else PARTNER_FOLLOW)


def colour_worth(color: str, ctx: Context, held: Mapping[str, int] | None = None) -> float:
    """What naming ``color`` is worth: per card of it in ``held`` (our hand's colours
    unless told), and to our partner."""
    return FOLLOW * (ctx.held if held is None else held).get(color, 0) + partner_follow(color, ctx)


def colour_to_name(ctx: Context, cards: list[Card] | None = None) -> Color:
    """The colour worth most to name (``COLORS`` order breaks ties): held most by us (in
    ``cards``, our hand unless told), with our partner's cards counted when we see them."""
    held: dict[str, int] | None = None
    if cards is not None:
        held = {c: sum(1 for k in cards if CARD_COLOR[k] == c) for c in COLORS}
    return max(COLORS, key=lambda c: colour_worth(c, ctx, held))


def _attack(value: str, ctx: Context) -> float:
    close = ctx.counts[ctx.next_player] <= CLOSE_TO_OUT
    two_players = len(ctx.order) == 2
    if value in _ATTACKS or (value == "reverse" and two_players):
        return ATTACK + (ATTACK_CLOSE if close else 0.0)
    if value == "reverse":
        behind_close = ctx.counts[ctx.previous_player] <= CLOSE_TO_OUT
        return ATTACK_CLOSE * (close - behind_close)
    return 0.0


def _to_partner(value: str, laid: int, ctx: Context) -> float:
    """A Skip or a draw (``laid`` cards of ``value``) that passes the turn over the next
    player, to our partner close to going out."""
    if value not in _ATTACKS:
        return 0.0
    skipped = laid if value == "skip" else 1
    return PARTNER_NEXT if ctx.seat_after(ctx.me, 1 + skipped) == ctx.partner else 0.0


def _swap(action: Action, last: Card, left: int, ctx: Context) -> float:
    """Seven-O 7 and Wild Swap Hands trade with the target; a Seven-O 0 makes us take
    the hand of the player before us. Worth it by the cards we lose in the trade. A
    trade with our partner leaves the team's cards as they were: worth it only when it
    hands them the smaller hand, never when it takes theirs. A 0 moves our partner's
    hand too: worth it by the cards both of us lose."""
    if action.target is not None and action.target == ctx.partner:
        theirs = ctx.counts[action.target]
        return PARTNER_SWAP_PER_CARD * (theirs - left) if left < theirs else \
            BLUFF * (left > theirs)
    if action.target is not None:
        return SWAP_PER_CARD * (left - ctx.counts[action.target])
    if CARD_VALUE[last] == "0" and ctx.seven_o:
        ours = SWAP_PER_CARD * (left - ctx.counts[ctx.previous_player])
        if ctx.partner is None:
            return ours
        before_partner = ctx.seat_after(ctx.partner, -1)
        return ours + SWAP_PER_CARD * (ctx.counts[ctx.partner] - ctx.counts[before_partner])
    return 0.0


def _house_rule(rule: int, left: int, ctx: Context) -> float:
    if rule == 5:
        return 20.0 if ctx.counts[ctx.next_player] < 7 else -10.0
    if rule == 6:
        # We discard (or draw) to 3; each opponent draws up (good) or discards down (bad).
        # Our partner too, the other way round.
        partner = 3 - ctx.counts[ctx.partner] if ctx.partner is not None else 0
        return 8.0 * (left - 3) + 4.0 * (sum(3 - ctx.counts[p] for p in ctx.opponents())
                                         - partner)
    return HOUSE_RULE_BONUS.get(rule, 0.0)
