"""Words for the game: card labels, colours, and engine events as sentences, in the
language of the moment.

One action's events become one line, e.g. "ana played a red Draw Two; ben drew 2 cards
and misses a turn". Every sentence is one message of the catalogs with its placeholders
(``{player}``, ``{card}``, ``{count}``), so a language puts the words in its own order;
counted words take the language's plural forms. Names come from the table (display
names, never mentions, so the log pings nobody).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bot.engine.cards import CARD_COLOR, CARD_VALUE, Card
from bot.engine.options import FREE_TEXT_RULE, HOUSE_RULE_CARDS
from bot.i18n import N_, NP_, _, ngettext, pgettext, translate
from bot.ui.words.rule_words import COLOR_WORDS, HOUSE_RULE_WORDS, card_name

COLOR_MARKS = {"r": "🔴", "y": "🟡", "g": "🟩", "b": "🔷"}
"""A mark per colour, of a different shape for red, green and blue; labels always say
the colour's word beside it, so a colour-blind reader never relies on the colour."""

Name = Callable[[str], str]

HOUSE_RULE_CARD_NAMES: dict[str, str] = {
    # i18n: how /uno settings names the cards that carry house rules
    "wildcustom": N_("Every Wild Customizable"),
    "rblank": N_("The red Blank"),
    "yblank": N_("The yellow Blank"),
    "gblank": N_("The green Blank"),
    "bblank": N_("The blue Blank"),
}
"""How ``/uno settings`` names the cards that carry house rules (English message ids:
translate where shown)."""
assert tuple(HOUSE_RULE_CARD_NAMES) == HOUSE_RULE_CARDS, "a name for each house-rule card"


def choice_name(value: str) -> str:
    """A ruleset, scoring mode or computer level in the words the slash commands offer it
    (their "choice" texts in the catalogs), so a name reads the same in a sentence."""
    return pgettext("choice", value)


def card_words(card: Card) -> str:
    """A card's name in a sentence: "red Draw Two", "Wild Draw Four"."""
    return _(card_name(card))


def color_name(color: str) -> str:
    """A colour's word in a sentence: "red"."""
    return _(COLOR_WORDS[color])


CARD_LABELS: dict[Card, str] = {
    # i18n: a card on its button, a whole phrase per card (the colour's word agreeing
    # with the card's name as your language needs): "Red 7", "Red +2" (a Draw Two)
    "r0": NP_("button", "Red 0"), "r1": NP_("button", "Red 1"), "r2": NP_("button", "Red 2"),
    "r3": NP_("button", "Red 3"), "r4": NP_("button", "Red 4"), "r5": NP_("button", "Red 5"),
    "r6": NP_("button", "Red 6"), "r7": NP_("button", "Red 7"), "r8": NP_("button", "Red 8"),
    "r9": NP_("button", "Red 9"), "rskip": NP_("button", "Red Skip"),
    "rreverse": NP_("button", "Red Reverse"), "rdraw2": NP_("button", "Red +2"),
    "rblank": NP_("button", "Red Blank"),
    "y0": NP_("button", "Yellow 0"), "y1": NP_("button", "Yellow 1"),
    "y2": NP_("button", "Yellow 2"), "y3": NP_("button", "Yellow 3"),
    "y4": NP_("button", "Yellow 4"), "y5": NP_("button", "Yellow 5"),
    "y6": NP_("button", "Yellow 6"), "y7": NP_("button", "Yellow 7"),
    "y8": NP_("button", "Yellow 8"), "y9": NP_("button", "Yellow 9"),
    "yskip": NP_("button", "Yellow Skip"), "yreverse": NP_("button", "Yellow Reverse"),
    "ydraw2": NP_("button", "Yellow +2"), "yblank": NP_("button", "Yellow Blank"),
    "g0": NP_("button", "Green 0"), "g1": NP_("button", "Green 1"),
    "g2": NP_("button", "Green 2"), "g3": NP_("button", "Green 3"),
    "g4": NP_("button", "Green 4"), "g5": NP_("button", "Green 5"),
    "g6": NP_("button", "Green 6"), "g7": NP_("button", "Green 7"),
    "g8": NP_("button", "Green 8"), "g9": NP_("button", "Green 9"),
    "gskip": NP_("button", "Green Skip"), "greverse": NP_("button", "Green Reverse"),
    "gdraw2": NP_("button", "Green +2"), "gblank": NP_("button", "Green Blank"),
    "b0": NP_("button", "Blue 0"), "b1": NP_("button", "Blue 1"), "b2": NP_("button", "Blue 2"),
    "b3": NP_("button", "Blue 3"), "b4": NP_("button", "Blue 4"), "b5": NP_("button", "Blue 5"),
    "b6": NP_("button", "Blue 6"), "b7": NP_("button", "Blue 7"), "b8": NP_("button", "Blue 8"),
    "b9": NP_("button", "Blue 9"), "bskip": NP_("button", "Blue Skip"),
    "breverse": NP_("button", "Blue Reverse"), "bdraw2": NP_("button", "Blue +2"),
    "bblank": NP_("button", "Blue Blank"),
    # i18n: wild cards on their buttons (a Wild Draw Four is "Wild +4")
    "wild": NP_("button", "Wild"), "wild4": NP_("button", "Wild +4"),
    "wildcustom": NP_("button", "Wild Custom"), "wildswap": NP_("button", "Wild Swap"),
    "bff": NP_("button", "BFF Power"),
}
"""Each card's button label (English message ids, context "button"): whole phrases, so
each language words every card as its grammar needs ("Пропуск (зелёный)")."""
assert set(CARD_LABELS) == set(CARD_VALUE), "a label for each card"


def card_label(card: Card) -> str:
    """A button label: "🟡 Yellow 7", "🔴 Red +2", "Wild +4"."""
    named = pgettext("button", CARD_LABELS[card])
    color = CARD_COLOR[card]
    return f"{COLOR_MARKS[color]} {named}" if color else named


def color_label(color: str) -> str:
    """A colour to choose, as its button says it: "🔴 Red". Its own words, not a card's
    colour word: Russian says "Красный" for the colour, "Красная 7" for the card."""
    # i18n: a button that chooses this colour (for a wild card), capitalised
    names = {"r": pgettext("colour button", "Red"), "y": pgettext("colour button", "Yellow"),
             "g": pgettext("colour button", "Green"), "b": pgettext("colour button", "Blue")}
    return f"{COLOR_MARKS[color]} {names[color]}"


def color_words(color: str) -> str:
    """The colour to match in a sentence: "🔴 red" ("any colour" when none is)."""
    return f"{COLOR_MARKS[color]} {color_name(color)}" if color else _("any colour")


_COUNTED: dict[str, Callable[[int], str]] = {
    "card": lambda count: ngettext("{count} card", "{count} cards", count),
    "point": lambda count: ngettext("{count} point", "{count} points", count),
    # i18n: points, abbreviated beside a player's name on the table
    "pt": lambda count: ngettext("{count} pt", "{count} pts", count),
    "win": lambda count: ngettext("{count} win", "{count} wins", count),
    "game": lambda count: ngettext("{count} game", "{count} games", count),
    "round": lambda count: ngettext("{count} round", "{count} rounds", count),
    "match": lambda count: ngettext("{count} match", "{count} matches", count),
}
"""The counted words of the game, each with its plural forms in the catalogs."""


def plural(count: int, word: str) -> str:
    """ "1 card", "2 cards", "1 match", "3 matches": ``word`` is one of ``_COUNTED``."""
    return _COUNTED[word](count).format(count=count)


def a_card(card: Card) -> str:
    """ "a red 7", "a Wild Draw Four": a card as the thing in a sentence."""
    # i18n: a card with its indefinite article, as in "You drew {drawn}"; leave just
    # {card} where your language needs no article
    return _("a {card}").format(card=card_words(card))


def cards_words(cards: Iterable[Card]) -> str:
    return ", ".join(card_words(c) for c in cards)


def count_cards(count: int) -> str:
    return plural(count, "card")


def action_line(events: Sequence[Mapping[str, Any]], name: Name) -> str:
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
        misses_turn = (event["kind"] == "drew" and following.get("kind") == "skipped"
                       and following.get("player") == player)
        if misses_turn:
            skipped_after_draw.add(str(player))
        sentence = event_sentence(event, name, misses_turn=misses_turn)
        if event["kind"] == "challenged":
            loser = challenge_loser(event)
            said_draw.add(loser)
            skipped_after_draw.add(str(player))
        if event["kind"] == "caught":
            said_draw.add(str(event["target"]))
        if sentence:
            parts.append(sentence)
    return "; ".join(parts)


def challenge_loser(event: Mapping[str, Any]) -> str:
    """Who draws after a challenge: the Wild Draw Four's player if it was played
    unfairly (they held a card of the colour before it), else the challenger."""
    guilty = (event.get("data") or {}).get("guilty")
    return str(event["target"] if guilty else event["player"])


def a_card_of(color: str, held: bool = True) -> str:
    """ "a red card" (or "no red card" when not ``held``); "a card of the colour before it"
    when the colour is not known (a game saved before the engine kept it)."""
    if not color:
        return _("a card of the colour before it") if held else \
            _("no card of the colour before it")
    # i18n: {color} is a colour word ("red"): "a red card", "no red card"
    some = _("a {color} card") if held else _("no {color} card")
    return some.format(color=color_name(color))


def challenge_sentence(event: Mapping[str, Any], name: Name) -> str:
    """ "ben challenged: ana had no red card, so ben takes 6 and misses a turn"."""
    data = event.get("data") or {}
    color = str(data.get("color") or "")
    if data.get("guilty"):
        template = (N_("{player} challenged: {target} had a {color} card, so {target} takes "
                       "{count}")
                    if color else
                    N_("{player} challenged: {target} had a card of the colour before it, so "
                       "{target} takes {count}"))
    else:
        template = (N_("{player} challenged: {target} had no {color} card, so {player} takes "
                       "{count} and misses a turn")
                    if color else
                    N_("{player} challenged: {target} had no card of the colour before it, so "
                       "{player} takes {count} and misses a turn"))
    return translate(template, player=name(event["player"]), target=name(event["target"]),
                     color=color_name(color) if color else "", count=challenge_count(event))


def challenge_count(event: Mapping[str, Any]) -> int:
    """The cards a challenge moves: the waiting total, or that total plus 2 (RULES.md 5);
    an event saved before the engine counted them moved 4 or 6."""
    return int(event.get("count") or (4 if (event.get("data") or {}).get("guilty") else 6))


_SIMPLE: dict[str, str] = {
    "color_chosen": N_("{player} chose {color}"),
    "direction_changed": N_("play changes direction"),
    "skipped": N_("{player} is skipped"),
    # i18n: a Draw Two or Wild Draw Four waits on {player}: {count} cards to take
    "draw_pending": N_("{player} must take {count} or answer"),
    "kept": N_("{player} kept the card"),
    "hands_passed": N_("every hand moved on to the next player"),
    "hands_swapped": N_("{player} swapped hands with {target}"),
    "uno_called": N_("{player} called UNO!"),
    "caught": N_("{player} caught {target} without UNO, so {target} takes 2"),
    # i18n: "My hand" is the button that shows a player's cards
    "vote_started": N_("{player} tells a joke: did anyone laugh? (vote in My hand)"),
    "hands_shown": N_("every hand is shown until {player}'s next turn"),
    "timed_out": N_("{player} ran out of time"),
    "left": N_("{player} left the game"),
    "reshuffled": N_("the discard pile was shuffled into a new draw pile"),
}
"""Events said in one sentence each, with the event's player, target, count and colour."""


def event_sentence(event: Mapping[str, Any], name: Name, *, misses_turn: bool = False) -> str:
    """One event in words; ``misses_turn``: a draw the turn's loss follows ("drew 2 cards
    and misses a turn")."""
    kind = event["kind"]
    who = name(event["player"]) if event.get("player") else ""
    target = name(event["target"]) if event.get("target") else ""
    cards: list[Card] = event.get("cards", [])
    count: int = event.get("count", 0)
    data: dict[str, Any] = event.get("data") or {}
    chosen = event.get("color")
    if kind in ("played", "blocked"):
        return _laid_sentence(kind, who, cards, chosen)
    if kind == "drew":
        return _drew_sentence(who, count, misses_turn)
    if kind == "start_card":
        if data.get("returned"):
            return _("a Wild Draw Four was turned first and went back into the deck")
        return _("the start card is a {card}").format(card=card_words(cards[0]))
    if kind in _SIMPLE:
        return translate(_SIMPLE[kind], player=who, target=target, count=count,
                         color=color_name(chosen) if chosen else "")
    if kind == "challenged":
        return challenge_sentence(event, name)
    if kind == "house_rule":
        return _("house rule: {text}").format(text=_house_rule_text(data))
    if kind == "discarded":
        if cards:
            return _("{player} discarded {cards}").format(player=who, cards=cards_words(cards))
        return ngettext("{player} discarded {count} card", "{player} discarded {count} cards",
                        count).format(player=who, count=count)
    if kind == "round_over":
        points = sum((data.get("round_points") or {}).values())
        if not points:
            return _("{player} wins the round").format(player=who)
        return ngettext("{player} wins the round (+{count} point)",
                        "{player} wins the round (+{count} points)",
                        points).format(player=who, count=points)
    if kind == "match_over":
        if not who:
            return _("the match is over")
        if data.get("forfeit"):
            return _("{player} wins the match by forfeit").format(player=who)
        return _("{player} wins the match!").format(player=who)
    return ""


def _laid_sentence(kind: str, who: str, cards: list[Card], chosen: str | None) -> str:
    """ "ana played a red 7", "ben blocked with a BFF Power", "cy played red 7, red 7,
    red 7", "dee played a Wild and chose green"."""
    if chosen and not CARD_COLOR[cards[-1]]:
        if len(cards) == 1:
            template = (N_("{player} blocked with a {card} and chose {color}") if kind == "blocked"
                        else N_("{player} played a {card} and chose {color}"))
        else:
            template = (N_("{player} blocked with {cards} and chose {color}") if kind == "blocked"
                        else N_("{player} played {cards} and chose {color}"))
    elif len(cards) == 1:
        template = (N_("{player} blocked with a {card}") if kind == "blocked"
                    else N_("{player} played a {card}"))
    else:
        template = (N_("{player} blocked with {cards}") if kind == "blocked"
                    else N_("{player} played {cards}"))
    return translate(template, player=who, card=card_words(cards[0]), cards=cards_words(cards),
                     color=color_name(chosen) if chosen else "")


def _drew_sentence(who: str, count: int, misses_turn: bool) -> str:
    if not count:
        return (_("{player} had nothing to draw and misses a turn") if misses_turn
                else _("{player} had nothing to draw")).format(player=who)
    if misses_turn:
        sentence = ngettext("{player} drew {count} card and misses a turn",
                            "{player} drew {count} cards and misses a turn", count)
    else:
        sentence = ngettext("{player} drew {count} card", "{player} drew {count} cards", count)
    return sentence.format(player=who, count=count)


def _house_rule_text(data: dict[str, Any]) -> str:
    """What the house rule did: its own words for rules 1-8, the table's for rule 9."""
    rule = data.get("rule")
    if rule in HOUSE_RULE_WORDS and rule != FREE_TEXT_RULE:
        return _(HOUSE_RULE_WORDS[rule])
    return data.get("text") or _("none was written for this card, so nothing more happens.")


def said_to(events: Sequence[Mapping[str, Any]], player: str, name: Name) -> str:
    """What an action did to ``player``, said to them: "ben caught you without UNO, so
    you take 2.", "You drew 2 cards and miss your turn." Empty when it did nothing to
    them that needs saying (their own draws are told with the cards drawn)."""
    sentences: list[str] = []
    actor = events[0].get("player") if events else None
    told_draw = False
    for index, event in enumerate(events):
        kind = event["kind"]
        who, target = event.get("player"), event.get("target")
        if kind == "challenged" and player in (who, target):
            sentences.append(_challenge_said_to(event, player, name))
            told_draw = True
        elif kind == "caught" and target == player:
            sentences.append(_("{player} caught you without UNO, so you take 2.")
                             .format(player=name(who or "")))
            told_draw = True
        elif kind == "hands_swapped" and target == player:
            sentences.append(_("{player} swapped hands with you.").format(player=name(who or "")))
        elif kind == "drew" and who == player != actor and not told_draw and event.get("count"):
            following = events[index + 1] if index + 1 < len(events) else {}
            count = event["count"]
            if following.get("kind") == "skipped" and following.get("player") == player:
                sentence = ngettext("You drew {count} card and miss your turn.",
                                    "You drew {count} cards and miss your turn.", count)
            else:
                sentence = ngettext("You drew {count} card.", "You drew {count} cards.", count)
            sentences.append(sentence.format(count=count))
        elif kind == "timed_out" and who == player:
            sentences.append(_("You ran out of time."))
    return " ".join(sentences)


CHALLENGE_SAID_TO: dict[tuple[bool, bool, bool], str] = {
    # (said to the challenger, guilty, colour known): {player} is the other one
    (True, True, True): N_("You challenged {player}'s Wild Draw Four: {player} had a {color} "
                           "card, so {player} takes {count}."),
    (True, True, False): N_("You challenged {player}'s Wild Draw Four: {player} had a card of "
                            "the colour before it, so {player} takes {count}."),
    (True, False, True): N_("You challenged {player}'s Wild Draw Four: {player} had no "
                            "{color} card, so you take {count} and miss your turn."),
    (True, False, False): N_("You challenged {player}'s Wild Draw Four: {player} had no card "
                             "of the colour before it, so you take {count} and miss your turn."),
    (False, True, True): N_("{player} challenged your Wild Draw Four: you had a {color} card, "
                            "so you take {count}."),
    (False, True, False): N_("{player} challenged your Wild Draw Four: you had a card of the "
                             "colour before it, so you take {count}."),
    (False, False, True): N_("{player} challenged your Wild Draw Four: you had no {color} "
                             "card, so {player} takes {count}."),
    (False, False, False): N_("{player} challenged your Wild Draw Four: you had no card of "
                              "the colour before it, so {player} takes {count}."),
}
"""A challenge as said to the challenger or to the one challenged, by its verdict and
whether the colour it was judged by is known (a game saved before the engine kept it)."""


def _challenge_said_to(event: Mapping[str, Any], player: str, name: Name) -> str:
    """A challenge, said to the challenger ("You challenged ana's Wild Draw Four: ...")
    or to the one challenged ("ben challenged your Wild Draw Four: ...")."""
    data = event.get("data") or {}
    color = str(data.get("color") or "")
    challenger = player == event["player"]
    other = name(event["target"] if challenger else event["player"])
    template = CHALLENGE_SAID_TO[challenger, bool(data.get("guilty")), bool(color)]
    return translate(template, player=other, color=color_name(color) if color else "",
                     count=challenge_count(event))
