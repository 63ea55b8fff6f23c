"""The engine's refusals: every illegal action raises ``IllegalAction``, and a table
the rules will not deal to raises ``SeatingError``.

A refusal has a ``code``, one of the codes of ../shared/vectors/FORMAT.md (what the rule
vectors check), and a finer ``reason`` that says why. Where a vector code says enough on
its own, the reason is the code. The engine gives codes only: the sentence a player reads
for each reason is the UI's (``bot.ui.words.rule_words``).
"""

from __future__ import annotations

ERROR_CODES: tuple[str, ...] = (
    "not_your_turn", "not_in_hand", "does_not_match", "needs_color", "needs_target",
    "not_allowed_now", "not_a_player", "bad_action",
)
"""The codes of shared/vectors/FORMAT.md."""

REASONS: dict[str, str] = {
    # bad_action: fields that do not fit the action (FORMAT.md)
    "unknown_action": "bad_action",
    "color_not_wild": "bad_action",
    "takes_no_target": "bad_action",
    "target_is_self": "bad_action",
    "takes_no_card": "bad_action",
    "laughed_not_vote": "bad_action",
    "takes_no_color": "bad_action",
    "card_and_cards": "bad_action",
    "one_card_as_list": "bad_action",
    "vote_needs_laughed": "bad_action",
    "not_offered": "bad_action",
    # not_allowed_now, said more precisely
    "round_over": "not_allowed_now",
    "match_over": "not_allowed_now",
    "round_not_over": "not_allowed_now",
    "stacking_off": "not_allowed_now",
    "stack_too_big": "not_allowed_now",
    "already_drew": "not_allowed_now",
    "nothing_drawn": "not_allowed_now",
    "answer_the_draw": "not_allowed_now",
    "nothing_to_answer": "not_allowed_now",
    "not_your_draw": "not_allowed_now",
    "nothing_to_challenge": "not_allowed_now",
    "waiting_for_table": "not_allowed_now",
    "jump_in_one_card": "not_allowed_now",
    "jump_in_not_now": "not_allowed_now",
    "jump_in_own_card": "not_allowed_now",
    "must_play": "not_allowed_now",
    "no_bluffing_no_challenge": "not_allowed_now",
    "choose_start_color": "not_allowed_now",
    "no_color_to_choose": "not_allowed_now",
    "catch_self": "not_allowed_now",
    "no_discard_owed": "not_allowed_now",
    "discard_too_many": "not_allowed_now",
    "no_vote": "not_allowed_now",
    "not_waiting_for_you": "not_allowed_now",
    # finer reasons behind other vector codes
    "no_card_named": "not_in_hand",
    "not_the_drawn_card": "not_in_hand",
    "name_drawn_card": "not_in_hand",
    "no_bluffing": "does_not_match",
    "draw_two_wrong_colour": "does_not_match",
    "stack_values_differ": "does_not_match",
}
"""Finer reasons, each with the vector code it says more precisely."""


class IllegalAction(ValueError):
    """An action the rules do not allow now. The game state is left exactly as it was.

    ``IllegalAction(reason)`` takes a reason of ``REASONS`` or a vector code itself.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        if reason in REASONS:
            code = REASONS[reason]
        elif reason in ERROR_CODES:
            code = reason
        else:
            raise ValueError(f"unknown refusal {reason!r}")
        self.code = code
        self.reason = reason
        self.detail = detail
        super().__init__(f"{code} ({reason}): {detail}" if detail else f"{code} ({reason})")


SEATING_CODES: tuple[str, ...] = ("partners_player_count",)
"""The codes of ``SeatingError``."""


class SeatingError(ValueError):
    """Players the rules will not deal to: partners play in teams of two, so 4, 6, 8 or 10
    players (RULES.md 12). A stable ``code`` (``SEATING_CODES``) and the values that say
    more (``params``); the UI words it, as it words the refusals."""

    def __init__(self, code: str, **params: object) -> None:
        if code not in SEATING_CODES:
            raise ValueError(f"unknown seating error {code!r}")
        said = ", ".join(f"{name}={value!r}" for name, value in params.items())
        super().__init__(f"{code} ({said})" if said else code)
        self.code = code
        self.params = params
