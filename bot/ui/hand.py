"""The private hand: one ephemeral message per player, drawn from the engine's view.

Each distinct card is one button (a second copy shows as "x2": custom ids must be
unique in a message), coloured by its colour and disabled when no legal action starts
with it; the cards the player can play come first, in the buttons as in the picture.
A card that answers a pending draw (stacking, stack draws) reads "Add". Below the
cards, always shown: the actions that are not cards (Draw, Take, Challenge, Block,
Play it, Keep, Jump in!, colours, votes, UNO!). A hand with more cards than the rows
left hold shows only the cards that can be played as buttons (the picture shows them
all), so no one pages to find a playable card and no message breaks Discord's 5 rows
of 5.
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
from bot.ui.controls import Control, Rows, Style
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

MAX_ROWS, ROW = 5, 5
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


def hand_message(table: Table, player: str, page: int = 0, notice: str = "") -> HandMessage:
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
    per_page, controls = _layout(len(cards), controls, table, page)
    pages = max(1, math.ceil(len(cards) / per_page))
    page = min(max(page, 0), pages - 1)
    shown = cards[page * per_page:(page + 1) * per_page]
    add = "Add " if game.pending_draw else ""  # a card that answers the draw adds to it
    card_buttons = [
        Control(
            game_id(table.channel_id, table.version, Draft(card_do, (card,)).encode()),
            (add if card in usable else "") + card_label(card)
            + (f" x{counts[card]}" if counts[card] > 1 else ""),
            CARD_STYLES[CARD_COLOR[card]],
            disabled=card not in usable,
        )
        for card in shown
    ]
    rows = [card_buttons[i:i + ROW] for i in range(0, len(card_buttons), ROW)]
    rows += [controls[i:i + ROW] for i in range(0, len(controls), ROW)]
    pages_note = f" · page {page + 1}/{pages}" if pages > 1 else ""
    lines.append(f"**Your hand** ({count_cards(len(hand))}){pages_note}")
    lines.append(f"Top card: {card_name(game.top)} · colour to match: {color_words(game.color)}")
    lines.append(_situation(table, game, player))
    if card_do == "discard":
        lines.append(f"Discard down to {count_cards(game.discards_owed[player])}: press the cards "
                     "to discard, one at a time.")
    return HandMessage("\n".join(line for line in lines if line), rows)


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


def _layout(
    distinct: int, controls: list[Control], table: Table, page: int
) -> tuple[int, list[Control]]:
    """Cards per page, and the controls with Prev/Next added when one page is not
    enough: only for more than 15 to 20 different cards the player can play at once
    (a discard owed from a huge hand), since a big hand shows only those."""
    per_page = _card_slots(controls)
    if distinct <= per_page:
        return per_page, controls
    per_page = (MAX_ROWS - math.ceil((len(controls) + 2) / ROW)) * ROW
    last = math.ceil(distinct / per_page) - 1
    page = min(max(page, 0), last)
    channel, version = table.channel_id, table.version
    return per_page, [
        *controls,
        Control(game_id(channel, version, f"page:{max(page - 1, 0)}"), "◀ Prev",
                disabled=page == 0),
        Control(game_id(channel, version, f"page:{min(page + 1, last)}"), "Next ▶",
                disabled=page == last),
    ]


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
