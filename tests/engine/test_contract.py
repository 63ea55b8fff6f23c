"""The contract of ``legal_actions`` and ``apply``: a listed action applies, any other is
refused with a code (FORMAT.md) and a finer reason, and changes nothing (the sentences
for them are the UI's: tests/ui/test_rule_words.py)."""

from __future__ import annotations

import pytest

from bot.engine import Action, Game, IllegalAction, Options
from bot.engine.errors import ERROR_CODES, REASONS

PLAYERS = ["ana", "ben", "cy"]


def position(ruleset: str = "classic", options: dict[str, object] | None = None,
             **state: object) -> Game:
    base: dict[str, object] = {
        "hands": {"ana": ["r5", "r7", "g2", "wild"], "ben": ["y1", "y2"], "cy": ["b1", "b2"]},
        "discard": ["r3"], "draw": ["g7", "g8", "g9", "b9"], "current": "ana",
    }
    base.update(state)
    return Game.from_position(ruleset, Options.for_ruleset(ruleset, options), PLAYERS,
                              **base)  # type: ignore[arg-type]


def refusal(game: Game, action: Action) -> IllegalAction:
    """Refuse ``action`` and check that it is unlisted and that nothing changed."""
    assert action not in game.legal_actions(action.player)
    before = game.to_dict()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert game.to_dict() == before
    return refused.value


# The four actions issue 11 saw applied though never listed.

def test_a_colour_on_a_card_that_is_not_wild_is_a_bad_action() -> None:
    game = position()
    assert refusal(game, Action("ana", "play", card="r5", color="g")).code == "bad_action"
    assert Action("ana", "play", card="r5") in game.legal_actions("ana")


def test_a_target_on_a_seven_without_seven_o_is_a_bad_action() -> None:
    game = position()
    refused = refusal(game, Action("ana", "play", card="r7", target="ben"))
    assert (refused.code, refused.reason) == ("bad_action", "takes_no_target")


def test_a_card_on_draw_is_a_bad_action() -> None:
    game = position()
    refused = refusal(game, Action("ana", "draw", card="r5"))
    assert (refused.code, refused.reason) == ("bad_action", "takes_no_card")


def test_a_seven_o_seven_aimed_at_its_own_player_is_a_bad_action() -> None:
    game = position("seven-o")
    refused = refusal(game, Action("ana", "play", card="r7", target="ana"))
    assert (refused.code, refused.reason) == ("bad_action", "target_is_self")
    assert Action("ana", "play", card="r7", target="ben") in game.legal_actions("ana")


@pytest.mark.parametrize("action,reason", [
    (Action("ana", "keep", cards=("r5", "g2")), "takes_no_card"),
    (Action("ana", "uno", card="r5"), "takes_no_card"),
    (Action("ben", "accept", card="y1"), "takes_no_card"),
    (Action("ben", "challenge", cards=("y1", "y2")), "takes_no_card"),
    (Action("ana", "play", card="r5", laughed=True), "laughed_not_vote"),
    (Action("ana", "draw", color="r"), "takes_no_color"),
    (Action("ana", "catch", target="ben", color="r"), "takes_no_color"),
    (Action("ana", "play", cards=("r5",)), "one_card_as_list"),
    (Action("ana", "play", card="r5", cards=("r5", "r7")), "card_and_cards"),
    (Action("ana", "dance"), "unknown_action"),  # type: ignore[arg-type]  # no such kind
])
def test_fields_that_do_not_fit_are_bad_actions(action: Action, reason: str) -> None:
    refused = refusal(position(), action)
    assert (refused.code, refused.reason) == ("bad_action", reason)


def test_stacking_off_is_said_so() -> None:
    game = position(hands={"ana": ["r5", "g5"], "ben": ["y1"], "cy": ["b1"]})
    refused = refusal(game, Action("ana", "play", cards=("r5", "g5")))
    assert (refused.code, refused.reason) == ("not_allowed_now", "stacking_off")


def test_after_the_round_is_over_every_action_says_so() -> None:
    game = position(hands={"ana": ["r5"], "ben": ["y1"], "cy": ["b1"]})
    game.apply(Action("ana", "play", card="r5"))
    refused = refusal(game, Action("ben", "draw"))
    assert (refused.code, refused.reason) == ("not_allowed_now", "round_over")


def test_a_player_who_drew_is_told_to_play_that_card_or_keep_it() -> None:
    game = position(draw=["r9", "g8"])
    game.apply(Action("ana", "draw"))
    for action in (Action("ana", "play", card="r5"), Action("ana", "draw")):
        refused = refusal(game, action)
        assert (refused.code, refused.reason) == ("not_allowed_now", "already_drew")
    refused = refusal(game, Action("ana", "play_drawn", card="r5"))
    assert (refused.code, refused.reason) == ("not_in_hand", "not_the_drawn_card")


def test_a_challenge_with_nothing_to_challenge_says_so() -> None:
    game = position(hands={"ana": ["rdraw2", "g2"], "ben": ["y1", "y2"], "cy": ["b1"]},
                    ruleset="bff")
    game.apply(Action("ana", "play", card="rdraw2"))
    refused = refusal(game, Action("ben", "challenge"))
    assert (refused.code, refused.reason) == ("not_allowed_now", "nothing_to_challenge")
    refused = refusal(game, Action("cy", "accept"))
    assert (refused.code, refused.reason) == ("not_allowed_now", "not_your_draw")
    refused = refusal(position(), Action("ana", "accept"))
    assert (refused.code, refused.reason) == ("not_allowed_now", "nothing_to_answer")


def test_play_drawn_may_leave_out_the_one_card_that_can_be_played() -> None:
    game = position(draw=["r9", "g8"])
    game.apply(Action("ana", "draw"))
    assert Action("ana", "play_drawn", card="r9") in game.legal_actions("ana")
    game.apply(Action("ana", "play_drawn"))
    assert game.top == "r9" and game.current == "ben"


def test_a_last_wild_names_its_colour_like_any_other() -> None:
    game = position(hands={"ana": ["wild"], "ben": ["y1"], "cy": ["b1"]})
    assert Action("ana", "play", card="wild", color="g") in game.legal_actions("ana")
    assert refusal(game, Action("ana", "play", card="wild")).code == "needs_color"


def test_the_harmless_unlisted_actions_change_nothing() -> None:
    game = position()
    game.timeouts["ben"] = 2
    before = game.to_dict()
    for action in (Action("ben", "uno"), Action("cy", "catch", target="ben")):
        assert action not in game.legal_actions(action.player)
        assert [e.kind for e in game.apply(action)] in (["uno_needless"], ["catch_missed"])
        assert game.to_dict() == before


def test_every_reason_names_a_vector_code() -> None:
    assert set(REASONS.values()) <= set(ERROR_CODES)
    assert IllegalAction("stacking_off").code == "not_allowed_now"
    assert IllegalAction("not_your_turn").reason == "not_your_turn"
    with pytest.raises(ValueError):
        IllegalAction("no_such_reason")
