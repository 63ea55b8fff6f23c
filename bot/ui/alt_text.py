"""Alt text of the pictures (the attachment's description): what a screen reader says
for ``table.png`` and ``hand.png``, in the words the messages use, in the language of the
moment (the table's for ``table.png``, the hand's owner's for ``hand.png``)."""

from __future__ import annotations

from bot.engine.cards import COLOR_NAMES, Card, card_name
from bot.i18n import _, ngettext
from bot.render import TableScene
from bot.ui.names import and_list
from bot.ui.words import count_cards

MAX_ALT_TEXT = 1024
"""Discord keeps at most 1,024 characters of an attachment's description."""


def table_alt_text(scene: TableScene) -> str:
    """ "Top card: red 7. Play on red. ben to play. Play goes in seating order. ana 5
    cards, ben 3 cards. 60 cards to draw." """
    turn = scene.players[scene.current][0]
    seats = ", ".join(
        # i18n: a player and how many cards they hold: "ana 5 cards"
        _("{player} {cards}").format(player=name, cards=count_cards(count))
        for name, count in scene.players)
    return _cut(" ".join([
        _("Top card: {card}.").format(card=card_name(scene.top_card)),
        _("Play on {colour}.").format(colour=_(COLOR_NAMES[scene.color])),
        _("{player} to play.").format(player=turn),
        _("Play goes in seating order.") if scene.direction == 1
        else _("Play goes against seating order."),
        f"{seats}.",
        _("{cards} to draw.").format(cards=count_cards(scene.draw_pile)),
    ]))


def hand_alt_text(cards: list[Card], counts: list[int], playable: set[int] | None) -> str:
    """ "Your hand, 4 cards: 1 red 7 (2 of them), 2 blue 2, 3 Wild. You can play 1
    and 3." """
    listed = ", ".join(_card(number, card, copies) for number, (card, copies)
                       in enumerate(zip(cards, counts, strict=True), 1))
    text = _("Your hand, {cards}: {listed}.").format(cards=count_cards(sum(counts)),
                                                     listed=listed)
    if playable is not None:
        numbers = [str(i + 1) for i in sorted(playable)]
        # i18n: {numbers} are the cards' numbers in the picture: "1, 2 and 4"
        text += " " + (_("You can play {numbers}.").format(numbers=and_list(numbers))
                       if numbers else _("You cannot play a card."))
    return _cut(text)


def _card(number: int, card: Card, copies: int) -> str:
    """ "1 red 7", "2 blue 2 (2 of them)": a card of the picture, by its number."""
    if copies == 1:
        # i18n: a card of the hand's picture by its number: "1 red 7"
        return _("{number} {card}").format(number=number, card=card_name(card))
    # i18n: a card held more than once, by its number in the hand's picture
    return ngettext("{number} {card} ({copies} of them)", "{number} {card} ({copies} of them)",
                    copies).format(number=number, card=card_name(card), copies=copies)


def _cut(text: str) -> str:
    return text if len(text) <= MAX_ALT_TEXT else text[: MAX_ALT_TEXT - 1] + "…"
