"""The engine's refusals: every illegal action raises ``IllegalAction``.

A refusal has a ``code``, one of the codes of ../shared/vectors/FORMAT.md (what the rule
vectors check), and a finer ``reason`` that says why, with a sentence a player can read
(``message``). Where a vector code says enough on its own, the reason is the code.
"""

from __future__ import annotations

ERROR_CODES: dict[str, str] = {
    "not_your_turn": "It is not your turn.",
    "not_in_hand": "You do not hold that card.",
    "does_not_match": "That card does not match the colour, number or symbol on the pile.",
    "needs_color": "Choose a colour for that card.",
    "needs_target": "Choose another player for that card.",
    "not_allowed_now": "You cannot do that right now.",
    "not_a_player": "That is not a player in this game.",
    "bad_action": "That action does not fit together: something in it does not belong.",
}
"""The codes of shared/vectors/FORMAT.md, each with a sentence a player can read."""

REASONS: dict[str, tuple[str, str]] = {
    # bad_action: fields that do not fit the action (FORMAT.md)
    "unknown_action": ("bad_action", "The game knows no such action."),
    "color_not_wild": ("bad_action", "Only a wild card takes a colour."),
    "takes_no_target": ("bad_action", "That card or action does not take a player."),
    "target_is_self": ("bad_action", "Choose another player, not yourself."),
    "takes_no_card": ("bad_action", "That action does not take a card."),
    "laughed_not_vote": ("bad_action", "Only a vote says whether you laughed."),
    "takes_no_color": ("bad_action", "That action does not take a colour."),
    "card_and_cards": ("bad_action", "Name one card, or a list of cards, not both."),
    "one_card_as_list": ("bad_action", "Name a single card as card, not as a list."),
    "vote_needs_laughed": ("bad_action", "Say whether you laughed."),
    "not_offered": ("bad_action", "That is not one of the moves open to you."),
    # not_allowed_now, said more precisely
    "round_over": ("not_allowed_now", "The round is over: wait for the next deal."),
    "match_over": ("not_allowed_now", "The match is over."),
    "round_not_over": ("not_allowed_now", "The round is still being played."),
    "stacking_off": ("not_allowed_now", "Stacking is off at this table: lay one card at a time."),
    "stack_too_big": ("not_allowed_now", "You may lay at most 3 cards at once."),
    "already_drew": ("not_allowed_now",
                     "You have drawn this turn: play the card you drew or keep it."),
    "nothing_drawn": ("not_allowed_now", "You have not drawn a card you could play."),
    "answer_the_draw": ("not_allowed_now",
                        "A draw is waiting on you: take it, or answer it as the rules allow."),
    "nothing_to_answer": ("not_allowed_now", "No draw is waiting on you."),
    "not_your_draw": ("not_allowed_now", "Only the player made to draw may answer the draw."),
    "nothing_to_challenge": ("not_allowed_now", "There is no Wild Draw Four to challenge."),
    "waiting_for_table": ("not_allowed_now",
                          "Wait: other players must discard or vote before play goes on."),
    "jump_in_one_card": ("not_allowed_now", "A jump-in is one card."),
    "jump_in_not_now": ("not_allowed_now",
                        "Too late to jump in: the game is not waiting for an ordinary turn."),
    "must_play": ("not_allowed_now", "Force play is on: you hold a card you can play."),
    "no_bluffing_no_challenge": ("not_allowed_now",
                                 "No bluffing is on: a Wild Draw Four cannot be challenged."),
    "choose_start_color": ("not_allowed_now", "Choose the colour of the start card first."),
    "no_color_to_choose": ("not_allowed_now", "There is no colour to choose now."),
    "catch_self": ("not_allowed_now", "You cannot catch yourself."),
    "no_discard_owed": ("not_allowed_now", "You owe no discards."),
    "discard_too_many": ("not_allowed_now", "That would take you below the cards you must keep."),
    "no_vote": ("not_allowed_now", "There is no vote for you to cast."),
    "not_waiting_for_you": ("not_allowed_now", "The game is not waiting for you."),
    # finer reasons behind other vector codes
    "no_card_named": ("not_in_hand", "Name the card to play."),
    "not_the_drawn_card": ("not_in_hand", "After drawing, only the card you drew may be played."),
    "name_drawn_card": ("not_in_hand", "Name which of the cards you drew to play."),
    "no_bluffing": ("does_not_match", "No bluffing is on: a Wild Draw Four only when you "
                                      "hold nothing of the current colour."),
    "stack_values_differ": ("does_not_match", "Cards laid together must share a number or symbol."),
}
"""Finer reasons: each names its vector code and the sentence shown to the player."""


class IllegalAction(ValueError):
    """An action the rules do not allow now. The game state is left exactly as it was.

    ``IllegalAction(reason)`` takes a reason of ``REASONS`` or a vector code itself.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        if reason in REASONS:
            code = REASONS[reason][0]
        elif reason in ERROR_CODES:
            code = reason
        else:
            raise ValueError(f"unknown refusal {reason!r}")
        self.code = code
        self.reason = reason
        self.detail = detail
        super().__init__(f"{code} ({reason}): {detail}" if detail else f"{code} ({reason})")

    @property
    def message(self) -> str:
        """The sentence to show the player."""
        if self.reason in REASONS:
            return REASONS[self.reason][1]
        return ERROR_CODES[self.code]
