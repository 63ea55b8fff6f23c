"""The rules in words: card and colour names, what rulesets and house rules do, and why
the engine refused an action or an option (the options' own words are
``bot.ui.words.option_words``).

The engine speaks in codes and data (``bot.engine``: card codes, refusal reasons, option
error codes); these are its words, one English message id each, translated where shown
(``_(...)``, ``translate``). Every table names every code of the engine (checked below
and in ``tests/ui/test_rule_words.py``).
"""

from __future__ import annotations

from bot.engine.cards import ALL_CARDS, COLORS, Card
from bot.engine.errors import ERROR_CODES, REASONS, IllegalAction
from bot.engine.options import HOUSE_RULES, OPTION_ERROR_CODES, RULESETS
from bot.i18n import N_

COLOR_WORDS: dict[str, str] = {
    # i18n: a colour as a sentence says it ("ana chose {color}")
    "r": N_("red"), "y": N_("yellow"), "g": N_("green"), "b": N_("blue"),
}
"""Each colour's word in a sentence."""

CARD_NAMES: dict[Card, str] = {
    # i18n: card names as sentences say them ("ana played a {card}"); colour words in
    # lower case, the names printed on action and wild cards capitalised
    "r0": N_("red 0"), "r1": N_("red 1"), "r2": N_("red 2"), "r3": N_("red 3"), "r4": N_("red 4"),
    "r5": N_("red 5"), "r6": N_("red 6"), "r7": N_("red 7"), "r8": N_("red 8"), "r9": N_("red 9"),
    "rskip": N_("red Skip"), "rreverse": N_("red Reverse"), "rdraw2": N_("red Draw Two"),
    "rblank": N_("red Blank"),
    "y0": N_("yellow 0"), "y1": N_("yellow 1"), "y2": N_("yellow 2"), "y3": N_("yellow 3"),
    "y4": N_("yellow 4"), "y5": N_("yellow 5"), "y6": N_("yellow 6"), "y7": N_("yellow 7"),
    "y8": N_("yellow 8"), "y9": N_("yellow 9"), "yskip": N_("yellow Skip"),
    "yreverse": N_("yellow Reverse"), "ydraw2": N_("yellow Draw Two"),
    "yblank": N_("yellow Blank"),
    "g0": N_("green 0"), "g1": N_("green 1"), "g2": N_("green 2"), "g3": N_("green 3"),
    "g4": N_("green 4"), "g5": N_("green 5"), "g6": N_("green 6"), "g7": N_("green 7"),
    "g8": N_("green 8"), "g9": N_("green 9"), "gskip": N_("green Skip"),
    "greverse": N_("green Reverse"), "gdraw2": N_("green Draw Two"), "gblank": N_("green Blank"),
    "b0": N_("blue 0"), "b1": N_("blue 1"), "b2": N_("blue 2"), "b3": N_("blue 3"),
    "b4": N_("blue 4"), "b5": N_("blue 5"), "b6": N_("blue 6"), "b7": N_("blue 7"),
    "b8": N_("blue 8"), "b9": N_("blue 9"), "bskip": N_("blue Skip"),
    "breverse": N_("blue Reverse"), "bdraw2": N_("blue Draw Two"), "bblank": N_("blue Blank"),
    "wild": N_("Wild"),
    "wild4": N_("Wild Draw Four"),
    "wildcustom": N_("Wild Customizable"),
    "wildswap": N_("Wild Swap Hands"),
    "bff": N_("BFF Power"),
}
"""Every card's name, one message each (a language may order or inflect the colour and
value as it needs)."""


def card_name(code: Card) -> str:
    """Words for a card, as a table log says them: "red Draw Two", "Wild Draw Four" (in
    English, the message id: say ``_(card_name(code))``)."""
    return CARD_NAMES[code]


RULESET_WORDS: dict[str, str] = {
    "classic": N_("The 108-card deck and the official rules."),
    "customizable": N_("Classic plus 4 Wild Customizable cards carrying house rules."),
    "bff": N_("Classic plus 4 BFF Power cards that block a Draw Two or Wild Draw Four."),
    "swap": N_("Classic plus 1 Wild Swap Hands and 3 Wild Customizable cards."),
    "blank": N_("Classic plus 4 Blank cards, one of each colour, carrying house rules."),
    "seven-o": N_("Extra 0s and 7s: a 0 passes every hand on, a 7 trades hands."),
    "serious": N_("140 cards, 11 dealt, stacking up to 3 cards and Draw Two chains."),
}
"""Each ruleset in a sentence, by its name in ``RULESETS``."""

HOUSE_RULE_WORDS: dict[int, str] = {
    1: N_("The next player draws until they draw a card of the chosen colour, and loses their "
          "turn."),
    2: N_("Every other player discards all their wild cards."),
    3: N_("If the next player cannot play, they draw three instead of one."),
    4: N_("The player takes an extra turn."),
    5: N_("The next player draws or discards until they hold exactly 7."),
    6: N_("Every player draws or discards until they hold exactly 3."),
    7: N_("Every hand is shown to the table until its player's next turn."),
    8: N_("Tell a joke: if anyone laughs, discard down to 1 card; else draw 4."),
    9: N_("A rule written by the table (no automatic effect)."),
}
"""What each house rule does (RULES.md 6), by its number."""

CODE_WORDS: dict[str, str] = {
    "not_your_turn": N_("It is not your turn."),
    "not_in_hand": N_("You do not hold that card."),
    "does_not_match": N_("That card does not match the colour, number or symbol on the pile."),
    "needs_color": N_("Choose a colour for that card."),
    "needs_target": N_("Choose another player for that card."),
    "not_allowed_now": N_("You cannot do that right now."),
    "not_a_player": N_("That is not a player in this game."),
    "bad_action": N_("That action does not fit together: something in it does not belong."),
}
"""The refusal of each code of shared/vectors/FORMAT.md, in a sentence."""

REASON_WORDS: dict[str, str] = {
    "unknown_action": N_("The game knows no such action."),
    "color_not_wild": N_("Only a wild card takes a colour."),
    "takes_no_target": N_("That card or action does not take a player."),
    "target_is_self": N_("Choose another player, not yourself."),
    "takes_no_card": N_("That action does not take a card."),
    "laughed_not_vote": N_("Only a vote says whether you laughed."),
    "takes_no_color": N_("That action does not take a colour."),
    "card_and_cards": N_("Name one card, or a list of cards, not both."),
    "one_card_as_list": N_("Name a single card as card, not as a list."),
    "vote_needs_laughed": N_("Say whether you laughed."),
    "not_offered": N_("That is not one of the moves open to you."),
    "round_over": N_("The round is over: wait for the next deal."),
    "match_over": N_("The match is over."),
    "round_not_over": N_("The round is still being played."),
    "stacking_off": N_("Stacking is off at this table: lay one card at a time."),
    "stack_too_big": N_("You may lay at most 3 cards at once."),
    "already_drew": N_("You have drawn this turn: play the card you drew or keep it."),
    "nothing_drawn": N_("You have not drawn a card you could play."),
    "answer_the_draw": N_("A draw is waiting on you: take it, or answer it as the rules "
                          "allow."),
    "nothing_to_answer": N_("No draw is waiting on you."),
    "not_your_draw": N_("Only the player made to draw may answer the draw."),
    "nothing_to_challenge": N_("There is no Wild Draw Four to challenge."),
    "waiting_for_table": N_("Wait: other players must discard or vote before play goes on."),
    "jump_in_one_card": N_("A jump-in is one card."),
    "jump_in_not_now": N_("Too late to jump in: the game is not waiting for an ordinary "
                          "turn."),
    "jump_in_own_card": N_("You laid that card yourself: a jump-in answers someone else's "
                           "card."),
    "must_play": N_("Force play is on: you hold a card you can play."),
    "no_bluffing_no_challenge": N_("No bluffing is on: a Wild Draw Four cannot be "
                                   "challenged."),
    "choose_start_color": N_("Choose the colour of the start card first."),
    "no_color_to_choose": N_("There is no colour to choose now."),
    "catch_self": N_("You cannot catch yourself."),
    "no_discard_owed": N_("You owe no discards."),
    "discard_too_many": N_("That would take you below the cards you must keep."),
    "no_vote": N_("There is no vote for you to cast."),
    "not_waiting_for_you": N_("The game is not waiting for you."),
    "no_card_named": N_("Name the card to play."),
    "not_the_drawn_card": N_("After drawing, only the card you drew may be played."),
    "name_drawn_card": N_("Name which of the cards you drew to play."),
    "no_bluffing": N_("No bluffing is on: a Wild Draw Four only when you "
                      "hold nothing of the current colour."),
    "draw_two_wrong_colour": N_("A Draw Two answering a Wild Draw Four must be of the "
                                "colour named."),
    "stack_values_differ": N_("Cards laid together must share a number or symbol."),
}
"""The refusal of each finer reason, in a sentence."""

OPTION_ERROR_WORDS: dict[str, str] = {
    "unknown_ruleset": N_("unknown ruleset {ruleset!r}; choose one of {rulesets}"),
    "not_on_or_off": N_("{option} must be true or false"),
    "unknown_scoring": N_("scoring must be one of {choices}"),
    "target_not_whole": N_("target must be a whole number"),
    "target_out_of_range": N_("target must be between 1 and {most}"),
    "house_rule_texts_not_a_map": N_("house_rule_texts maps a card code to a text"),
    "unknown_option": N_("unknown option {option!r}"),
    "house_rules_not_a_map": N_("house_rules maps a card code to a rule number"),
    "carries_no_house_rule": N_("{card!r} carries no house rule"),
    "house_rule_not_a_number": N_("house rule for {card} must be a number from 1 to 9"),
}
"""Each code of the engine's ``OptionsError``, in a sentence its ``params`` fill."""


def refusal_sentence(error: IllegalAction) -> str:
    """The sentence (message id) for the engine's refusal: its reason's, or its code's."""
    return REASON_WORDS.get(error.reason) or CODE_WORDS[error.code]


assert tuple(COLOR_WORDS) == COLORS, "a word for each colour"
assert frozenset(CARD_NAMES) == ALL_CARDS, "every card has a name"
assert tuple(RULESET_WORDS) == RULESETS, "words for each ruleset"
assert tuple(HOUSE_RULE_WORDS) == HOUSE_RULES, "words for each house rule"
assert tuple(CODE_WORDS) == ERROR_CODES, "a sentence for each refusal code"
assert REASON_WORDS.keys() == REASONS.keys(), "a sentence for each refusal reason"
assert OPTION_ERROR_WORDS.keys() == set(OPTION_ERROR_CODES), "a sentence for each option error"
