"""Alt text of the pictures (the attachment's description): what a screen reader says
for ``table.png`` and ``hand.png``, in the words the messages use."""

from __future__ import annotations

from bot.engine.cards import COLOR_NAMES, Card, card_name
from bot.render import TableScene
from bot.ui.words import count_cards

MAX_ALT_TEXT = 1024
"""Discord keeps at most 1,024 characters of an attachment's description."""


def table_alt_text(scene: TableScene) -> str:
    """ "Top card: red 7. Play on red. ben to play. Play goes in seating order. ana 5
    cards, ben 3 cards. 60 cards to draw." """
    turn = scene.players[scene.current][0]
    direction = "in seating order" if scene.direction == 1 else "against seating order"
    seats = ", ".join(f"{name} {count_cards(count)}" for name, count in scene.players)
    return _cut(f"Top card: {card_name(scene.top_card)}. Play on {COLOR_NAMES[scene.color]}. "
                f"{turn} to play. Play goes {direction}. {seats}. "
                f"{count_cards(scene.draw_pile)} to draw.")


def hand_alt_text(cards: list[Card], counts: list[int], playable: set[int] | None) -> str:
    """ "Your hand, 4 cards: 1 red 7 (2 of them), 2 blue 2, 3 Wild. You can play 1
    and 3." """
    listed = ", ".join(f"{number} {card_name(card)}" + (f" ({copies} of them)" if copies > 1
                                                       else "")
                       for number, (card, copies) in enumerate(zip(cards, counts,
                                                                   strict=True), 1))
    text = f"Your hand, {count_cards(sum(counts))}: {listed}."
    if playable is not None:
        numbers = [str(i + 1) for i in sorted(playable)]
        text += f" You can play {_and(numbers)}." if numbers else " You cannot play a card."
    return _cut(text)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _cut(text: str) -> str:
    return text if len(text) <= MAX_ALT_TEXT else text[: MAX_ALT_TEXT - 1] + "…"
