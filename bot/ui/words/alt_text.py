"""Alt text of the pictures (the attachment's description): what a screen reader says
for ``table.png`` and ``hand.png``, in the words the messages use, in the language of
the moment."""

from __future__ import annotations

from bot.engine.cards import Card
from bot.i18n import _, ngettext
from bot.render import TableScene
from bot.ui.words.names import and_list
from bot.ui.words.words import card_words, color_name, count_cards

MAX_ALT_TEXT = 1024
"""Discord keeps at most 1,024 characters of an attachment's description."""


def table_alt_text(scene: TableScene) -> str:
    """ "Top card: red 7. Play on red. ben to play. Play goes in seating order. ana 5
    cards, ben 3 cards. 60 cards to draw." """
    turn = scene.players[scene.current][0]
    direction = (_("Play goes in seating order.") if scene.direction == 1
                 else _("Play goes against seating order."))
    # i18n: a player and how many cards they hold, in a list: "ana 5 cards"
    seats = ", ".join(_("{player} {cards}").format(player=name, cards=count_cards(count))
                      for name, count in scene.players)
    return _cut(" ".join([
        _("Top card: {card}.").format(card=card_words(scene.top_card)),
        _("Play on {color}.").format(color=color_name(scene.color)),
        _("{player} to play.").format(player=turn),
        direction,
        f"{seats}.",
        ngettext("{count} card to draw.", "{count} cards to draw.",
                 scene.draw_pile).format(count=scene.draw_pile),
    ]))


def hand_alt_text(cards: list[Card], counts: list[int], playable: set[int] | None) -> str:
    """ "Your hand, 4 cards: 1 red 7 (2 of them), 2 blue 2, 3 Wild. You can play 1
    and 3." """
    listed = ", ".join(_numbered(number, card, copies)
                       for number, (card, copies) in enumerate(zip(cards, counts,
                                                                   strict=True), 1))
    text = _("Your hand, {cards}: {listed}.").format(cards=count_cards(sum(counts)),
                                                      listed=listed)
    if playable is not None:
        numbers = [str(i + 1) for i in sorted(playable)]
        text += " " + (_("You can play {numbers}.").format(numbers=and_list(numbers)) if numbers
                       else _("You cannot play a card."))
    return _cut(text)


def _numbered(number: int, card: Card, copies: int) -> str:
    """A card of the hand by its number in the picture: "1 red 7 (2 of them)"."""
    if copies > 1:
        # i18n: a card of the hand by its number in the picture, held more than once
        return ngettext("{number} {card} ({count} of them)", "{number} {card} ({count} of them)",
                        copies).format(number=number, card=card_words(card), count=copies)
    # i18n: a card of the hand by its number in the picture: "1 red 7"
    return _("{number} {card}").format(number=number, card=card_words(card))


def _cut(text: str) -> str:
    return text if len(text) <= MAX_ALT_TEXT else text[: MAX_ALT_TEXT - 1] + "…"
