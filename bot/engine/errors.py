"""The engine's refusals: every illegal action raises ``IllegalAction``.

A refusal has a ``code``, one of the codes of ../shared/vectors/FORMAT.md (what the rule
vectors check), and a finer ``reason`` that says why, with a sentence a player can read
(``message``). Where a vector code says enough on its own, the reason is the code.

The sentences are English message ids marked for the catalogs: the UI translates them
(``translate(error.template, **error.params)``); the engine never does.
"""

from __future__ import annotations

from bot.i18n import N_

ERROR_CODES: dict[str, str] = {
    "not_your_turn": N_("It is not your turn."),
    "not_in_hand": N_("You do not hold that card."),
    "does_not_match": N_("That card does not match the colour, number or symbol on the pile."),
    "needs_color": N_("Choose a colour for that card."),
    "needs_target": N_("Choose another player for that card."),
    "not_allowed_now": N_("You cannot do that right now."),
    "not_a_player": N_("That is not a player in this game."),
    "bad_action": N_("That action does not fit together: something in it does not belong."),
}
"""The codes of shared/vectors/FORMAT.md, each with a sentence a player can read."""

REASONS: dict[str, tuple[str, str]] = {
    # bad_action: fields that do not fit the action (FORMAT.md)
    "unknown_action": ("bad_action", N_("The game knows no such action.")),
    "color_not_wild": ("bad_action", N_("Only a wild card takes a colour.")),
    "takes_no_target": ("bad_action", N_("That card or action does not take a player.")),
    "target_is_self": ("bad_action", N_("Choose another player, not yourself.")),
    "takes_no_card": ("bad_action", N_("That action does not take a card.")),
    "laughed_not_vote": ("bad_action", N_("Only a vote says whether you laughed.")),
    "takes_no_color": ("bad_action", N_("That action does not take a colour.")),
    "card_and_cards": ("bad_action", N_("Name one card, or a list of cards, not both.")),
    "one_card_as_list": ("bad_action", N_("Name a single card as card, not as a list.")),
    "vote_needs_laughed": ("bad_action", N_("Say whether you laughed.")),
    "not_offered": ("bad_action", N_("That is not one of the moves open to you.")),
    # not_allowed_now, said more precisely
    "round_over": ("not_allowed_now", N_("The round is over: wait for the next deal.")),
    "match_over": ("not_allowed_now", N_("The match is over.")),
    "round_not_over": ("not_allowed_now", N_("The round is still being played.")),
    "stacking_off": ("not_allowed_now",
                     N_("Stacking is off at this table: lay one card at a time.")),
    "stack_too_big": ("not_allowed_now", N_("You may lay at most 3 cards at once.")),
    "already_drew": ("not_allowed_now",
                     N_("You have drawn this turn: play the card you drew or keep it.")),
    "nothing_drawn": ("not_allowed_now", N_("You have not drawn a card you could play.")),
    "answer_the_draw": ("not_allowed_now",
                        N_("A draw is waiting on you: take it, or answer it as the rules "
                           "allow.")),
    "nothing_to_answer": ("not_allowed_now", N_("No draw is waiting on you.")),
    "not_your_draw": ("not_allowed_now",
                      N_("Only the player made to draw may answer the draw.")),
    "nothing_to_challenge": ("not_allowed_now", N_("There is no Wild Draw Four to challenge.")),
    "waiting_for_table": ("not_allowed_now",
                          N_("Wait: other players must discard or vote before play goes on.")),
    "jump_in_one_card": ("not_allowed_now", N_("A jump-in is one card.")),
    "jump_in_not_now": ("not_allowed_now",
                        N_("Too late to jump in: the game is not waiting for an ordinary "
                           "turn.")),
    "jump_in_own_card": ("not_allowed_now",
                         N_("You laid that card yourself: a jump-in answers someone else's "
                            "card.")),
    "must_play": ("not_allowed_now", N_("Force play is on: you hold a card you can play.")),
    "no_bluffing_no_challenge": ("not_allowed_now",
                                 N_("No bluffing is on: a Wild Draw Four cannot be "
                                    "challenged.")),
    "choose_start_color": ("not_allowed_now", N_("Choose the colour of the start card first.")),
    "no_color_to_choose": ("not_allowed_now", N_("There is no colour to choose now.")),
    "catch_self": ("not_allowed_now", N_("You cannot catch yourself.")),
    "no_discard_owed": ("not_allowed_now", N_("You owe no discards.")),
    "discard_too_many": ("not_allowed_now",
                         N_("That would take you below the cards you must keep.")),
    "no_vote": ("not_allowed_now", N_("There is no vote for you to cast.")),
    "not_waiting_for_you": ("not_allowed_now", N_("The game is not waiting for you.")),
    # finer reasons behind other vector codes
    "no_card_named": ("not_in_hand", N_("Name the card to play.")),
    "not_the_drawn_card": ("not_in_hand",
                           N_("After drawing, only the card you drew may be played.")),
    "name_drawn_card": ("not_in_hand", N_("Name which of the cards you drew to play.")),
    "no_bluffing": ("does_not_match", N_("No bluffing is on: a Wild Draw Four only when you "
                                         "hold nothing of the current colour.")),
    "draw_two_wrong_colour": ("does_not_match",
                              N_("A Draw Two answering a Wild Draw Four must be of the "
                                 "colour named.")),
    "stack_values_differ": ("does_not_match",
                            N_("Cards laid together must share a number or symbol.")),
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
        """The sentence to show the player, in English (the message id)."""
        if self.reason in REASONS:
            return REASONS[self.reason][1]
        return ERROR_CODES[self.code]

    @property
    def template(self) -> str:
        """The message id the UI translates: a refusal of the engine has no placeholders,
        but answers to the same ``template``/``params`` as the table service's."""
        return self.message

    @property
    def params(self) -> dict[str, object]:
        return {}
