"""The private hand: one ephemeral message per player, drawn from the engine's view.

Each distinct card is one button (a second copy shows as "x2": custom ids must be
unique in a message), coloured by its colour and disabled when no legal action starts
with it; the cards the player can play come first, in the buttons as in the picture.
A card that answers a pending draw (stacking, stack draws) reads "Add", and one that may
jump in out of turn reads "Jump in!" (its one button). Below the cards: the actions that
are not cards, each when the engine lists it (Draw, Take, Challenge, Block, Play it,
Keep, colours, votes, and UNO! only when a call would count; those switched off while a
discard is owed are left out). So that a hand fits a phone's screen, the buttons come in
rows that each fit one line of it (``phone_rows``), the cards in ``CARD_ROWS`` rows at
most: a hand whose cards take more shows only the cards that can be played as buttons
(the picture shows them all), and more playable cards than that are chosen in select
menus ("Play a card..."), so no one pages to find a playable card and no message breaks
Discord's 5 rows of 5. A discard is always chosen in menus, several cards at once (up to
25 a menu).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from bot.engine import Phase, PlayerView
from bot.engine.actions import ActionKind
from bot.engine.cards import CARD_COLOR, CARD_VALUE, COLORS, Card
from bot.game.drafts import Draft
from bot.game.locks import outside_table_locks
from bot.game.snapshot import Snapshot
from bot.i18n import _, ngettext, pgettext
from bot.ui.messages.controls import Choice, Control, Menu, Rows, Style, phone_rows
from bot.ui.messages.custom_ids import game_id
from bot.ui.messages.prompts import COLOR_STYLES
from bot.ui.words.names import Seated, name_of, namer
from bot.ui.words.words import (
    a_card,
    a_card_of,
    card_label,
    card_words,
    color_label,
    color_words,
    said_to,
)

MAX_ROWS = 5
MENU_CHOICES = 25
"""Discord's most options in one select menu (and most picked at once)."""
CARD_ROWS = 2
"""Rows of card buttons at most, each one line on a phone: with the text, the picture
and the other buttons, a hand stays within about 450 px on a 400 px wide screen."""
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


def hand_shown(snapshot: Snapshot, notice: str = "") -> HandMessage:
    """The hand message of the snapshot's viewer, drawn from what they may see."""
    outside_table_locks("a hand composed")
    seen = snapshot.view
    lines = [notice or _news(snapshot)]
    if seen.you is None:
        lines.append(_("You are no longer in this game."))
        return HandMessage("\n".join(filter(None, lines)), [])
    hand = seen.hand
    counts = Counter(hand)
    card_do = _card_do(seen)
    usable = playable_cards(seen)
    cards = card_order(hand, lifted_cards(seen))
    controls = phone_rows([c for c in _controls(snapshot)  # a discard leaves out the
                           if card_do != "discard" or not c.disabled])  # buttons off then
    room = min(CARD_ROWS, MAX_ROWS - len(controls))

    def label(card: Card) -> str:
        text = card_label(card)
        if counts[card] > 1:
            # i18n: a card button for a card held more than once: "🔴 Red 7 x2"
            text = pgettext("button", "{card} x{count}").format(card=text, count=counts[card])
        if seen.pending_draw and card in usable:  # a card that answers the draw adds to it
            # i18n: a card button that adds the card to the draw waiting on the player
            text = pgettext("button", "Add {card}").format(card=text)
        elif card_do == "play" and seen.you != seen.current and card in usable:  # a jump-in
            # i18n: a card button that plays an identical card out of turn (jump-in option)
            text = pgettext("button", "Jump in! {card}").format(card=text)
        return text

    def buttons(shown: list[Card]) -> Rows:
        return phone_rows([
            Control(game_id(snapshot.channel_id, snapshot.version,
                            Draft(card_do, (card,)).encode()),
                    label(card), CARD_STYLES[CARD_COLOR[card]], disabled=card not in usable)
            for card in shown])

    rows = buttons(cards)
    if len(rows) > room:  # too many for the buttons: only usable ones
        cards = [card for card in cards if card in usable]
        rows = buttons(cards)
    if card_do == "discard" or len(rows) > room:  # menus, never pages
        keep = seen.discards_owed.get(seen.you, 0)
        rows = _card_menus(snapshot, [(label(c), Draft(card_do, (c,))) for c in cards],
                           MAX_ROWS - len(controls), card_do, len(hand) - keep)
    rows += controls
    lines.append(ngettext("**Your hand** ({count} card)", "**Your hand** ({count} cards)",
                          len(hand)).format(count=len(hand)))
    if seen.top is not None and card_do != "discard":  # once dealt; a discard plays none
        lines.append(_("Top card: {card} · colour to match: {colour}").format(
            card=card_words(seen.top), colour=color_words(seen.color)))
    lines.append(_situation(snapshot, seen))
    return HandMessage("\n".join(line for line in lines if line), rows)


def _card_menus(snapshot: Snapshot, choices: list[tuple[str, Draft]], rows: int,
                card_do: ActionKind, excess: int) -> Rows:
    """The cards as select menus of up to 25 each, one a row, in ``rows`` rows; a
    discard menu lets up to ``excess`` cards (the cards over the count to keep) be
    picked at once. The 61 different cards of the largest deck fit the 3 rows left
    beside two rows of controls; the slice only guards it."""
    chunks = [choices[i:i + MENU_CHOICES]
              for i in range(0, len(choices), MENU_CHOICES)][:rows]
    most = excess if card_do == "discard" else 1
    return [[Menu(game_id(snapshot.channel_id, snapshot.version, f"pick:{n}"),
                  _menu_placeholder(card_do, n + 1, len(chunks), excess),
                  tuple(Choice(label, draft.encode()) for label, draft in chunk),
                  most=max(1, min(most, len(chunk))))]
            for n, chunk in enumerate(chunks)]


def _menu_placeholder(card_do: ActionKind, number: int, menus: int, excess: int) -> str:
    """What a card menu says before a card is chosen: "Play a card (1 of 2)...",
    "Discard 31 cards..." (the count the hand must lose: the text leaves it to the menu)."""
    if card_do == "discard":
        if menus == 1:
            # i18n: the placeholder of the menu of cards to discard, several at once
            return ngettext("Discard {count} card...", "Discard {count} cards...",
                            excess).format(count=excess)
        # i18n: the placeholder of one of several menus of cards to discard
        return ngettext("Discard {count} card ({number} of {menus})...",
                        "Discard {count} cards ({number} of {menus})...",
                        excess).format(count=excess, number=number, menus=menus)
    if menus == 1:
        return pgettext("button", "Play a card...")
    # i18n: the placeholder of one of several menus of cards to play
    return pgettext("button", "Play a card ({number} of {menus})...").format(
        number=number, menus=menus)


def _news(snapshot: Snapshot) -> str:
    """What the last action did to the viewer, said to them (a catch, a challenge)."""
    last = [dict(event) for event in snapshot.last_action]
    return said_to(last, snapshot.viewer, namer(snapshot)) if last else ""


def card_order(hand: Iterable[Card], first: set[Card]) -> list[Card]:
    """The distinct cards of ``hand`` as the buttons and the picture show them: the
    cards in ``first`` (those the player can play now) ahead of the others, each
    group by colour and value."""
    return sorted(set(hand), key=lambda card: (card not in first, sort_key(card)))


def _card_do(seen: PlayerView) -> ActionKind:
    """What pressing a card does: discard it while the viewer owes discards, else play it."""
    return "discard" if seen.you in seen.discards_owed else "play"


def playable_cards(seen: PlayerView) -> set[Card]:
    """The cards whose buttons are enabled: some legal action starts with them."""
    card_do = _card_do(seen)
    return {a.played_cards()[0] for a in seen.legal if a.do == card_do}


def lifted_cards(seen: PlayerView) -> set[Card]:
    """The cards the picture lifts: the playable ones, or the card just drawn when
    only it may be played (its "Play it" button plays it)."""
    return playable_cards(seen) | {a.card for a in seen.legal if a.do == "play_drawn" and a.card}


def _controls(snapshot: Snapshot) -> list[Control]:
    """The hand's non-card actions, each shown when some legal action fits it."""
    seen = snapshot.view
    legal = seen.legal
    specs: list[tuple[Draft, str, Style]] = []
    doing = {a.do for a in legal}
    if seen.pending_draw and "accept" in doing:
        # i18n: a button that takes the cards of the draw waiting on the player
        specs.append((Draft("accept"), pgettext("button", "Take {count}").format(
            count=seen.pending_draw), Style.danger))
        if "challenge" in doing:
            # i18n: a button that challenges the Wild Draw Four played on the player
            specs.append((Draft("challenge"), pgettext("button", "Challenge"), Style.primary))
        if "bff" in doing:
            specs.append((Draft("bff"), pgettext("button", "Block with BFF Power"),
                          Style.success))
    elif "draw" in doing:
        # i18n: a button that draws a card from the draw pile
        specs.append((Draft("draw"), pgettext("button", "Draw"), Style.primary))
    for card in dict.fromkeys(a.card for a in legal if a.do == "play_drawn" and a.card):
        # i18n: a button that plays the card just drawn
        specs.append((Draft("play_drawn", (card,), exact=True),
                      pgettext("button", "Play it: {card}").format(card=card_label(card)),
                      Style.success))
    if "keep" in doing:
        # i18n: a button that keeps the card just drawn instead of playing it
        specs.append((Draft("keep"), pgettext("button", "Keep"), Style.secondary))
    start_colors = {a.color for a in legal if a.do == "color"}
    for color in COLORS:
        if color in start_colors:
            specs.append((Draft("color", color=color), color_label(color), COLOR_STYLES[color]))
    if "vote" in doing:
        # i18n: vote buttons after another player told a joke (house rule 8)
        specs += [(Draft("vote", laughed="1"), pgettext("button", "😂 I laughed"), Style.success),
                  (Draft("vote", laughed="0"), pgettext("button", "😐 Not funny"),
                   Style.secondary)]
    at = snapshot.channel_id, snapshot.version
    controls = [Control(game_id(*at, d.encode()), label, style) for d, label, style in specs]
    if "uno" in doing:  # only when a call would count (RULES.md 8)
        # i18n: the button a player presses when down to one card; most languages call "UNO!"
        controls.append(Control(game_id(*at, Draft("uno").encode()),
                                pgettext("button", "UNO!"), Style.danger))
    return controls




def _situation(table: Seated, seen: PlayerView) -> str:
    """What the hand says the game waits for, read from the engine's phase; it names
    only the actions the engine lists now (each is a button of the hand)."""
    phase, waiting = seen.waiting
    if phase is Phase.MATCH_OVER:
        return _("The match is over: {player} won it.").format(
            player=name_of(table, seen.match_winner or ""))
    if phase is Phase.ROUND_OVER:
        return _("Round {number} is over: {player} won it. The next round starts soon.").format(
            number=seen.round, player=name_of(table, seen.round_winner or ""))
    if seen.you not in waiting:
        waiting_for = _("Waiting for {players}.").format(
            players=", ".join(name_of(table, p) for p in waiting))
        jump_in = jump_in_cards(seen)
        if not jump_in:
            return waiting_for
        # i18n: the jump-in table option: {card} is identical to the top card
        return waiting_for + " " + _(
            "You hold {card}, identical to the top card: you may jump in with it now, "
            "out of turn.").format(card=_either(a_card(c) for c in jump_in))
    match phase:
        case Phase.VOTE | Phase.DISCARD if seen.you in seen.voters:
            return _("{player} told a joke. Did you laugh?").format(
                player=name_of(table, seen.joke_by or ""))
        case Phase.VOTE | Phase.DISCARD:
            return _("You must discard before play goes on.")
        case Phase.START_COLOR:
            return _("Choose the colour of the start card.")
        case Phase.ANSWER_DRAW:
            return draw_question(table, seen)
        case Phase.DRAWN_CARD:
            return _drawn_card_line(seen)
    return _("It is your turn.")


def jump_in_cards(seen: PlayerView) -> list[Card]:
    """The cards ``seen.you`` may jump in with now (RULES.md 11): their plays out of turn."""
    if seen.you == seen.current:
        return []
    return list(dict.fromkeys(a.played_cards()[0] for a in seen.legal if a.do == "play"))


def _drawn_card_line(seen: PlayerView) -> str:
    """The card just drawn that may be played: play it, or keep it where the rules let
    the player keep it (force play does not, RULES.md 11)."""
    drawn = _either(card_words(card) for card in dict.fromkeys(
        a.card for a in seen.legal if a.do == "play_drawn" and a.card))
    if any(a.do == "keep" for a in seen.legal):
        return _("Play the {card} you drew, or keep it and end your turn.").format(card=drawn)
    return _("Force play is on: play the {card} you drew.").format(card=drawn)


def _either(choices: Iterable[str]) -> str:
    """ "a red 7 or a Wild": one of ``choices``, in words."""
    said = ""
    for choice in choices:
        # i18n: joins the last of several choices to the ones before: "a red 7 or a Wild"
        said = _("{choices} or {choice}").format(choices=said, choice=choice) if said \
            else choice
    return said


def draw_question(table: Seated, seen: PlayerView) -> str:
    """The draw waiting on ``seen.you``, named by the card on top: take it, answer it (a
    card to add, a BFF Power block), challenge it, as the engine lists those actions."""
    count = seen.pending_draw
    answerable = any(a.do in ("play", "bff") for a in seen.legal)
    if any(a.do == "challenge" for a in seen.legal):
        return wild_draw_four_question(table, seen, answerable=answerable)
    # i18n: {count} is the number of cards waiting on the player
    if seen.pending_kind == "wild4" and answerable:
        asked = ngettext("A Wild Draw Four is on you: take {count} card, or answer it.",
                         "A Wild Draw Four is on you: take {count} cards, or answer it.", count)
    elif seen.pending_kind == "wild4":
        asked = ngettext("A Wild Draw Four is on you: take {count} card.",
                         "A Wild Draw Four is on you: take {count} cards.", count)
    elif answerable:
        asked = ngettext("A Draw Two is on you: take {count} card, or answer it.",
                         "A Draw Two is on you: take {count} cards, or answer it.", count)
    else:
        asked = ngettext("A Draw Two is on you: take {count} card.",
                         "A Draw Two is on you: take {count} cards.", count)
    return asked.format(count=count)


def wild_draw_four_question(table: Seated, seen: PlayerView, *, answerable: bool) -> str:
    """What a challenge risks, in the colour it is judged by (the colour in force before
    the Wild Draw Four, RULES.md 5) and the cards that move: the waiting total, or that
    total plus 2 (where draws add up)."""
    count = seen.pending_draw
    player = name_of(table, seen.wild4_by or "")
    if answerable:
        asked = ngettext(
            "{player} played a Wild Draw Four on you: take {count} card, answer it, or "
            "challenge it.",
            "{player} played a Wild Draw Four on you: take {count} cards, answer it, or "
            "challenge it.", count)
    else:
        asked = ngettext(
            "{player} played a Wild Draw Four on you: take {count} card, or challenge it.",
            "{player} played a Wild Draw Four on you: take {count} cards, or challenge it.",
            count)
    # i18n: the stakes of a challenge; {more} is {count} plus 2
    stakes = _("If {player} held {held}, {player} takes {count}; if not, you take {more} "
               "and miss your turn.")
    return " ".join((asked.format(player=player, count=count), stakes.format(
        player=player, held=a_card_of(seen.wild4_color), count=count, more=count + 2)))
