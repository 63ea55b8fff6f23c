"""The private hand: one ephemeral message per player, drawn from the engine's view.

Each distinct card is one button (a second copy shows as "x2": custom ids must be
unique in a message), coloured by its colour and disabled when no legal action starts
with it; the cards the player can play come first, in the buttons as in the picture.
A card that answers a pending draw (stacking, stack draws) reads "Add". Below the
cards, always shown: the actions that are not cards (Draw, Take, Challenge, Block,
Play it, Keep, Jump in!, colours, votes, UNO!). A hand with more cards than the rows
left hold shows only the cards that can be played as buttons (the picture shows them
all); more playable cards than that (a discard from a huge hand) are chosen in select
menus ("Play a card...", "Discard a card..."), so no one pages to find a playable card
and no message breaks Discord's 5 rows of 5.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from bot.engine import Action, Game, Phase
from bot.engine.actions import ActionKind
from bot.engine.cards import CARD_COLOR, CARD_VALUE, COLORS, Card, card_name
from bot.game.table import Table
from bot.ui.controls import ROW, Choice, Control, Menu, Rows, Style, in_rows
from bot.ui.custom_ids import Draft, game_id
from bot.ui.prompts import COLOR_STYLES
from bot.ui.words import (
    a_card,
    a_card_of,
    card_label,
    color_label,
    color_words,
    count_cards,
    plural,
    said_to,
)

MAX_ROWS = 5
MENU_CHOICES = 25
"""Discord's most options in one select menu."""
VALUE_ORDER = [str(d) for d in range(10)] + ["skip", "reverse", "draw2", "blank"]
CARD_STYLES = {**COLOR_STYLES, "": Style.secondary}


@dataclass(frozen=True, slots=True)
class HandMessage:
    content: str
    rows: Rows


def sort_key(card: Card) -> tuple[int, int, str]:
    color = CARD_COLOR[card]
    value = CARD_VALUE[card]
    order = VALUE_ORDER.index(value) if value in VALUE_ORDER else len(VALUE_ORDER)
    return (COLORS.index(color) if color else len(COLORS), order, value)


def hand_message(table: Table, player: str, notice: str = "") -> HandMessage:
    game = table.game
    assert game is not None
    lines = [notice or _news(table, player)]
    if player not in game.hands:
        return HandMessage("\n".join([*filter(None, lines), "You are no longer in this game."]),
                           [])
    hand = game.hands[player]
    legal = game.legal_actions(player)
    counts = Counter(hand)
    card_do = _card_do(game, player)
    usable = playable_cards(game, player, legal)
    cards = card_order(hand, lifted_cards(game, player, legal))
    controls = _controls(table, game, player, legal)
    if len(cards) > _card_slots(controls):  # too many for the buttons: only usable ones
        cards = [card for card in cards if card in usable]
    add = "Add " if game.pending_draw else ""  # a card that answers the draw adds to it

    def label(card: Card) -> str:
        return ((add if card in usable else "") + card_label(card)
                + (f" x{counts[card]}" if counts[card] > 1 else ""))

    rows: Rows
    if len(cards) <= _card_slots(controls):
        card_buttons = [
            Control(game_id(table.channel_id, table.version, Draft(card_do, (card,)).encode()),
                    label(card), CARD_STYLES[CARD_COLOR[card]], disabled=card not in usable)
            for card in cards]
        rows = in_rows(card_buttons)
    else:  # more playable cards than buttons fit: menus, never pages
        rows = _card_menus(table, [(label(c), Draft(card_do, (c,))) for c in cards],
                           MAX_ROWS - math.ceil(len(controls) / ROW), card_do)
    rows += in_rows(controls)
    lines.append(f"**Your hand** ({count_cards(len(hand))})")
    lines.append(f"Top card: {card_name(game.top)} · colour to match: {color_words(game.color)}")
    lines.append(_situation(table, game, player))
    if card_do == "discard":
        how = "press" if len(cards) <= _card_slots(controls) else "choose in the menus"
        lines.append(f"Discard down to {count_cards(game.discards_owed[player])}: {how} the "
                     "cards to discard, one at a time.")
    return HandMessage("\n".join(line for line in lines if line), rows)


def _card_menus(table: Table, choices: list[tuple[str, Draft]], rows: int,
                card_do: ActionKind) -> Rows:
    """The cards as select menus of up to 25 each, one a row, in ``rows`` rows: the
    61 different cards of the largest deck fit the 3 rows left beside two rows of
    controls; the slice only guards it."""
    chunks = [choices[i:i + MENU_CHOICES]
              for i in range(0, len(choices), MENU_CHOICES)][:rows]
    what = "Discard a card" if card_do == "discard" else "Play a card"
    return [[Menu(game_id(table.channel_id, table.version, f"pick:{n}"),
                  what + (f" ({n + 1} of {len(chunks)})" if len(chunks) > 1 else "") + "...",
                  tuple(Choice(label, draft.encode()) for label, draft in chunk))]
            for n, chunk in enumerate(chunks)]


def _news(table: Table, player: str) -> str:
    """What the last action did to ``player``, said to them (a catch, a challenge)."""
    return said_to(table.recent_actions[-1], player, table.name_of) \
        if table.recent_actions else ""


def card_order(hand: Iterable[Card], first: set[Card]) -> list[Card]:
    """The distinct cards of ``hand`` as the buttons and the picture show them: the
    cards in ``first`` (those the player can play now) ahead of the others, each
    group by colour and value."""
    return sorted(set(hand), key=lambda card: (card not in first, sort_key(card)))


def _card_do(game: Game, player: str) -> ActionKind:
    return "discard" if player in game.discards_owed else "play"


def playable_cards(game: Game, player: str, legal: list[Action]) -> set[Card]:
    """The cards whose buttons are enabled: some legal action starts with them."""
    card_do = _card_do(game, player)
    return {a.played_cards()[0] for a in legal if a.do == card_do}


def lifted_cards(game: Game, player: str, legal: list[Action]) -> set[Card]:
    """The cards the picture lifts: the playable ones, or the card just drawn when
    only it may be played (its "Play it" button plays it)."""
    return playable_cards(game, player, legal) | {
        a.card for a in legal if a.do == "play_drawn" and a.card}


def _controls(table: Table, game: Game, player: str, legal: list[Action]) -> list[Control]:
    """The hand's non-card actions, each shown when some legal action fits it."""
    specs: list[tuple[Draft, str, Style]] = []
    doing = {a.do for a in legal}
    if game.pending_draw and "accept" in doing:
        specs.append((Draft("accept"), f"Take {game.pending_draw}", Style.danger))
        if "challenge" in doing:
            specs.append((Draft("challenge"), "Challenge", Style.primary))
        if "bff" in doing:
            specs.append((Draft("bff"), "Block with BFF Power", Style.success))
    elif "draw" in doing:
        specs.append((Draft("draw"), "Draw", Style.primary))
    for card in dict.fromkeys(a.card for a in legal if a.do == "play_drawn" and a.card):
        specs.append((Draft("play_drawn", (card,), exact=True), f"Play it: {card_label(card)}",
                      Style.success))
    if "keep" in doing:
        specs.append((Draft("keep"), "Keep", Style.secondary))
    if player != game.current:  # a play out of turn is a jump-in (RULES.md 11)
        specs += [(Draft("play", (card,), exact=True), f"Jump in! ({card_label(card)})",
                   Style.success) for card in _first_cards(legal)]
    for color in COLORS:
        if Action(player, "color", color=color) in legal:
            specs.append((Draft("color", color=color), color_label(color), COLOR_STYLES[color]))
    if "vote" in doing:
        specs += [(Draft("vote", laughed="1"), "😂 I laughed", Style.success),
                  (Draft("vote", laughed="0"), "😐 Not funny", Style.secondary)]
    controls = [Control(game_id(table.channel_id, table.version, d.encode()), label, style)
                for d, label, style in specs]
    controls.append(Control(game_id(table.channel_id, table.version, Draft("uno").encode()),
                            "UNO!", Style.danger, disabled="uno" not in doing))
    return controls


def _card_slots(controls: list[Control]) -> int:
    """Card buttons that fit beside ``controls`` (which always show: Draw, UNO!...)."""
    return (MAX_ROWS - math.ceil(len(controls) / ROW)) * ROW


def _first_cards(legal: list[Action]) -> list[Card]:
    """The cards the legal plays start with (out of turn: the jump-in)."""
    return list(dict.fromkeys(a.played_cards()[0] for a in legal if a.do == "play"))


def _situation(table: Table, game: Game, player: str) -> str:
    """What the hand says the game waits for, read from the engine's phase."""
    phase, waiting = game.waiting
    if phase is Phase.MATCH_OVER:
        return f"The match is over: {table.name_of(game.match_winner or '')} won it."
    if phase is Phase.ROUND_OVER:
        return f"Round {game.round_number} is over: {table.name_of(game.round_winner or '')} " \
            "won it. The next round starts soon."
    if player not in waiting:
        return f"Waiting for {', '.join(table.name_of(p) for p in waiting)}."
    match phase:
        case Phase.VOTE | Phase.DISCARD if player in game.voters:
            return f"{table.name_of(game.joke_by or '')} told a joke. Did you laugh?"
        case Phase.VOTE | Phase.DISCARD:
            return "You must discard before play goes on."
        case Phase.START_COLOR:
            return "Choose the colour of the start card."
        case Phase.ANSWER_DRAW if game.pending_kind == "wild4" and game.wild4_by:
            return wild_draw_four_question(table, game)
        case Phase.ANSWER_DRAW:
            return f"A Draw Two is on you: take {game.pending_draw}, or answer it."
        case Phase.DRAWN_CARD:
            drawn = " or ".join(a_card(c) for c in game.drawn)
            return (f"You drew {drawn}, which you can play: play it or keep it. Only the "
                    "card you drew can be played this turn, so your other cards are off.")
    return "It is your turn."


def wild_draw_four_question(table: Table, game: Game) -> str:
    """What a challenge risks, in the colour it is judged by: the colour in force before
    the Wild Draw Four (RULES.md 5)."""
    by = table.name_of(game.wild4_by or "")
    held = a_card_of(game.wild4_color)
    take = plural(game.pending_draw, "card")
    return (f"{by} played a Wild Draw Four on you: take {take}, or challenge it. "
            f"If {by} held {held}, {by} takes 4; if not, you take 6 and miss your turn.")
