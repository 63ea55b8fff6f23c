"""Words for the game: card labels, colours, and engine events as sentences.

One action's events become one line, e.g. "ana played a red Draw Two; ben drew 2 and
is skipped". Names come from the table (display names, never mentions, so the log
pings nobody).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from bot.engine.cards import CARD_COLOR, CARD_VALUE, COLOR_NAMES, Card, card_name, is_card
from bot.engine.options import HOUSE_RULE_CARDS

COLOR_MARKS = {"r": "🔴", "y": "🟡", "g": "🟩", "b": "🔷"}
"""A mark per colour, of a different shape for red, green and blue; labels always say
the colour's word beside it, so a colour-blind reader never relies on the colour."""
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

HOUSE_RULE_CARD_NAMES: dict[str, str] = {
    card: ("Every " if card == "wildcustom" else "The ") + card_name(card)
    for card in HOUSE_RULE_CARDS if is_card(card)}
"""How ``/uno settings`` names the cards that carry house rules: "Every Wild
Customizable", "The red Blank"."""


def card_label(card: Card) -> str:
    """A button label: "🟡 Yellow 7", "🔴 Red +2", "Wild +4"."""
    value = SHORT_VALUES.get(CARD_VALUE[card], CARD_VALUE[card])
    color = CARD_COLOR[card]
    return f"{color_label(color)} {value}" if color else value


def color_label(color: str) -> str:
    """A colour as a button says it: "🔴 Red"."""
    return f"{COLOR_MARKS[color]} {COLOR_NAMES[color].capitalize()}"


def color_words(color: str) -> str:
    return f"{COLOR_MARKS[color]} {COLOR_NAMES[color]}" if color else "any colour"


def plural(count: int, word: str, words: str | None = None) -> str:
    """ "1 card", "2 cards", "1 match", "3 matches"."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def a_card(card: Card) -> str:
    """ "a red 7", "a Wild Draw Four": every card name starts with a consonant sound."""
    return f"a {card_name(card)}"


def cards_words(cards: Iterable[Card]) -> str:
    return ", ".join(card_name(c) for c in cards)


def count_cards(count: int) -> str:
    return plural(count, "card")


def action_line(events: list[dict[str, Any]], name: Name) -> str:
    """One action's public events (``Event.to_dict`` after ``redact(None)``) in words."""
    parts: list[str] = []
    skipped_after_draw: set[str] = set()
    said_draw: set[str] = set()
    """Players whose draw a challenge's or a catch's sentence already told."""
    for index, event in enumerate(events):
        player = event.get("player")
        if event["kind"] == "skipped" and player in skipped_after_draw:
            continue
        if event["kind"] == "drew" and player in said_draw:
            said_draw.discard(player)
            continue
        following = events[index + 1] if index + 1 < len(events) else {}
        sentence = event_sentence(event, name)
        if (event["kind"] == "drew" and following.get("kind") == "skipped"
                and following.get("player") == player):
            sentence += " and misses a turn"
            skipped_after_draw.add(str(player))
        if event["kind"] == "challenged":
            loser = challenge_loser(event)
            said_draw.add(loser)
            skipped_after_draw.add(str(player))
        if event["kind"] == "caught":
            said_draw.add(str(event["target"]))
        if sentence:
            parts.append(sentence)
    return "; ".join(parts)


def challenge_loser(event: dict[str, Any]) -> str:
    """Who draws after a challenge: the Wild Draw Four's player if it was played
    unfairly (they held a card of the colour before it), else the challenger."""
    guilty = (event.get("data") or {}).get("guilty")
    return str(event["target"] if guilty else event["player"])


def a_card_of(color: str, held: bool = True) -> str:
    """ "a red card" (or "no red card" when not ``held``); "a card of the colour before it"
    when the colour is not known (a game saved before the engine kept it)."""
    some = "a" if held else "no"
    return f"{some} {COLOR_NAMES[color]} card" if color else f"{some} card of the colour before it"


def challenge_sentence(event: dict[str, Any], name: Name) -> str:
    """ "ben challenged: ana had no red card, so ben takes 6 and misses a turn"."""
    who, target = name(event["player"]), name(event["target"])
    data = event.get("data") or {}
    guilty = bool(data.get("guilty"))
    held = a_card_of(str(data.get("color") or ""), guilty)
    if guilty:
        return f"{who} challenged: {target} had {held}, so {target} takes 4"
    return f"{who} challenged: {target} had {held}, so {who} takes 6 and misses a turn"


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
        "caught": f"{who} caught {target} without UNO, so {target} takes 2",
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
        return challenge_sentence(event, name)
    if kind == "house_rule":
        text = data.get("text") or "none was written for this card, so nothing more happens."
        return f"house rule: {text}"
    if kind == "discarded":
        return f"{who} discarded {cards_words(cards) or count_cards(count)}"
    if kind == "round_over":
        points = sum((data.get("round_points") or {}).values())
        return f"{who} wins the round" + (f" (+{plural(points, 'point')})" if points else "")
    if kind == "match_over":
        if not who:
            return "the match is over"
        return f"{who} wins the match" + (" by forfeit" if data.get("forfeit") else "!")
    return ""


def said_to(events: list[dict[str, Any]], player: str, name: Name) -> str:
    """What an action did to ``player``, said to them: "ben caught you without UNO, so
    you take 2.", "You drew 2 cards and miss your turn." Empty when it did nothing to
    them that needs saying (their own draws are told with the cards drawn)."""
    sentences: list[str] = []
    actor = events[0].get("player") if events else None
    told_draw = False
    for index, event in enumerate(events):
        kind, data = event["kind"], event.get("data") or {}
        who, target = event.get("player"), event.get("target")
        if kind == "challenged" and player in (who, target):
            owner = "you" if player == target else name(target or "")
            held = a_card_of(str(data.get("color") or ""), bool(data.get("guilty")))
            loser = challenge_loser(event)
            taken = ("you take 6 and miss your turn" if loser == player == who
                     else "you take 4" if loser == player
                     else f"{name(loser)} takes {4 if loser == target else 6}")
            by = "your" if player == target else f"{name(target or '')}'s"
            asker = "You" if player == who else name(who or "")
            sentences.append(f"{asker} challenged {by} Wild Draw Four: {owner} had {held}, "
                             f"so {taken}.")
            told_draw = True
        elif kind == "caught" and target == player:
            sentences.append(f"{name(who or '')} caught you without UNO, so you take 2.")
            told_draw = True
        elif kind == "hands_swapped" and target == player:
            sentences.append(f"{name(who or '')} swapped hands with you.")
        elif kind == "drew" and who == player != actor and not told_draw and event.get("count"):
            following = events[index + 1] if index + 1 < len(events) else {}
            misses = following.get("kind") == "skipped" and following.get("player") == player
            sentences.append(f"You drew {count_cards(event['count'])}"
                             + (" and miss your turn." if misses else "."))
        elif kind == "timed_out" and who == player:
            sentences.append("You ran out of time.")
    return " ".join(sentences)
