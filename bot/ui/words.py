"""Words for the game: card labels, colours, and engine events as sentences.

One action's events become one line, e.g. "ana played a red Draw Two; ben drew 2 and
is skipped". Names come from the table (display names, never mentions, so the log
pings nobody).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from bot.engine.cards import CARD_COLOR, CARD_VALUE, COLOR_NAMES, Card, card_name

COLOR_MARKS = {"r": "🟥", "y": "🟨", "g": "🟩", "b": "🟦"}
SHORT_VALUES = {
    "skip": "Skip",
    "reverse": "Reverse",
    "draw2": "+2",
    "blank": "Blank",
    "wild": "Wild",
    "wild4": "Wild +4",
    "wildcustom": "Wild Custom",
    "wildswap": "Wild Swap",
    "bff": "BFF Power",
}

Name = Callable[[str], str]


def card_label(card: Card) -> str:
    """A button label: "🟨 7", "🟥 +2", "Wild +4"."""
    value = SHORT_VALUES.get(CARD_VALUE[card], CARD_VALUE[card])
    color = CARD_COLOR[card]
    return f"{COLOR_MARKS[color]} {value}" if color else value


def color_words(color: str) -> str:
    return f"{COLOR_MARKS[color]} {COLOR_NAMES[color]}" if color else "any colour"


def a_card(card: Card) -> str:
    """ "a red 7", "a Wild Draw Four": every card name starts with a consonant sound."""
    return f"a {card_name(card)}"


def cards_words(cards: Iterable[Card]) -> str:
    return ", ".join(card_name(c) for c in cards)


def count_cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


def action_line(events: list[dict[str, Any]], name: Name) -> str:
    """One action's public events (``Event.to_dict`` after ``redact(None)``) in words."""
    parts: list[str] = []
    skipped_after_draw: set[str] = set()
    for index, event in enumerate(events):
        player = event.get("player")
        if event["kind"] == "skipped" and player in skipped_after_draw:
            continue
        following = events[index + 1] if index + 1 < len(events) else {}
        sentence = event_sentence(event, name)
        if (event["kind"] == "drew" and following.get("kind") == "skipped"
                and following.get("player") == player):
            sentence += " and is skipped"
            skipped_after_draw.add(str(player))
        if sentence:
            parts.append(sentence)
    return "; ".join(parts)


def event_sentence(event: dict[str, Any], name: Name) -> str:
    kind = event["kind"]
    who = name(event["player"]) if event.get("player") else ""
    target = name(event["target"]) if event.get("target") else ""
    cards: list[Card] = event.get("cards", [])
    count: int = event.get("count", 0)
    data: dict[str, Any] = event.get("data") or {}
    chosen = event.get("color")
    if kind in ("played", "blocked"):
        verb = "blocked with" if kind == "blocked" else "played"
        laid = a_card(cards[0]) if len(cards) == 1 else cards_words(cards)
        wild = not CARD_COLOR[cards[-1]]
        return f"{who} {verb} {laid}" + (f" and chose {COLOR_NAMES[chosen]}" if wild and chosen
                                         else "")
    if kind == "drew":
        return f"{who} drew {count_cards(count)}" if count else f"{who} had nothing to draw"
    if kind == "start_card":
        if data.get("returned"):
            return "a Wild Draw Four was turned first and went back into the deck"
        return f"the start card is {a_card(cards[0])}"
    simple = {
        "color_chosen": f"{who} chose {COLOR_NAMES.get(chosen or '', '')}",
        "direction_changed": "play changes direction",
        "skipped": f"{who} is skipped",
        "draw_pending": f"{who} must take {count} or answer",
        "kept": f"{who} kept the card",
        "hands_passed": "every hand moved on to the next player",
        "hands_swapped": f"{who} swapped hands with {target}",
        "uno_called": f"{who} called UNO!",
        "caught": f"{who} caught {target} without UNO",
        "discard_owed": f"{who} must discard {count_cards(count)}",
        "vote_started": f"{who} tells a joke: did anyone laugh? (vote in My hand)",
        "hands_shown": f"every hand is shown until {who}'s next turn",
        "timed_out": f"{who} ran out of time",
        "left": f"{who} left the game",
        "reshuffled": "the discard pile was shuffled into a new draw pile",
    }
    if kind in simple:
        return simple[kind]
    if kind == "challenged":
        verdict = "guilty" if data.get("guilty") else "innocent"
        return f"{who} challenged {target}'s Wild Draw Four: {verdict}"
    if kind == "house_rule":
        return f"house rule: {data.get('text', '')}"
    if kind == "discarded":
        return f"{who} discarded {cards_words(cards) or count_cards(count)}"
    if kind == "round_over":
        points = sum((data.get("round_points") or {}).values())
        return f"{who} wins the round" + (f" (+{points})" if points else "")
    if kind == "match_over":
        if not who:
            return "the match is over"
        return f"{who} wins the match" + (" by forfeit" if data.get("forfeit") else "!")
    return ""
