"""Leaving, timeouts and forfeits (RULES.md 10), and the game's refusals."""

from __future__ import annotations

import pytest

from bot.engine import Action, Game, IllegalAction, Options


def position(**state: object) -> Game:
    base: dict[str, object] = {
        "hands": {"ana": ["r3", "g4"], "ben": ["y1", "y2"], "cy": ["b1", "b2"]},
        "discard": ["r5"], "draw": ["g7", "g8", "g9"], "current": "ana",
    }
    base.update(state)
    return Game.from_position("classic", Options(), ["ana", "ben", "cy"], **base)  # type: ignore[arg-type]


def test_a_leaver_hand_goes_into_the_draw_pile_and_the_turn_passes() -> None:
    game = position()
    events = game.apply(Action("ana", "leave"))
    assert events[0].kind == "left"
    assert game.players == ["ben", "cy"] and "ana" not in game.hands
    assert sorted(game.draw_pile) == ["g4", "g7", "g8", "g9", "r3"]
    assert game.current == "ben"
    assert game.card_count() == 3 + 2 + 2 + 2 + 1


def test_the_last_player_left_wins_by_forfeit_with_no_points() -> None:
    game = position()
    game.apply(Action("ben", "leave"))
    events = game.apply(Action("cy", "leave"))
    assert game.match_over and game.match_winner == "ana"
    assert events[-1].kind == "match_over" and events[-1].data == {"scores": game.scores,
                                                                   "forfeit": True}
    assert game.scores["ana"] == 0
    with pytest.raises(IllegalAction) as refused:
        game.apply(Action("ana", "draw"))
    assert refused.value.code == "not_allowed_now"


def test_a_timeout_draws_and_passes_the_turn() -> None:
    game = position(draw=["b9", "g8"])
    events = game.apply(Action("ana", "timeout"))
    assert [e.kind for e in events][:2] == ["timed_out", "drew"]
    assert game.hands["ana"] == ["r3", "g4", "b9"] and game.current == "ben"


def test_a_timeout_keeps_a_playable_drawn_card_and_passes() -> None:
    game = position(draw=["r9"])
    game.apply(Action("ana", "timeout"))
    assert "r9" in game.hands["ana"] and game.current == "ben"


def test_a_timeout_takes_a_pending_wild_draw_four() -> None:
    game = position(hands={"ana": ["wild4", "g4"], "ben": ["y1"], "cy": ["b1"]},
                    draw=["g1", "g2", "g3", "g5", "g6"])
    game.apply(Action("ana", "play", card="wild4", color="b"))
    game.apply(Action("ben", "timeout"))
    assert len(game.hands["ben"]) == 5 and game.current == "cy"


def test_three_timeouts_in_a_row_remove_the_player() -> None:
    game = position(hands={"ana": ["r3", "g4"], "ben": ["y1", "y2"], "cy": ["b1", "b2"]},
                    draw=["y3", "y4", "y5", "y6", "y7", "y8", "y9"])
    for _ in range(2):
        game.apply(Action("ana", "timeout"))
        game.apply(Action("ben", "draw"))
        if game.current == "ben":
            game.apply(Action("ben", "keep"))
        game.apply(Action("cy", "draw"))
        if game.current == "cy":
            game.apply(Action("cy", "keep"))
    assert game.timeouts["ana"] == 2
    events = game.apply(Action("ana", "timeout"))
    assert "left" in [e.kind for e in events]
    assert "ana" not in game.players


def test_acting_yourself_resets_the_timeout_count() -> None:
    game = position(draw=["y3", "y4", "y5", "y6"])
    game.apply(Action("ana", "timeout"))
    game.apply(Action("ben", "draw"))
    if game.current == "ben":
        game.apply(Action("ben", "keep"))
    game.apply(Action("cy", "draw"))
    if game.current == "cy":
        game.apply(Action("cy", "keep"))
    game.apply(Action("ana", "play", card="r3")) if game.color == "r" else game.apply(
        Action("ana", "draw"))
    assert "ana" not in game.timeouts


def test_a_timeout_for_a_player_the_game_is_not_waiting_for_is_refused() -> None:
    game = position()
    before = game.to_dict()
    with pytest.raises(IllegalAction) as refused:
        game.apply(Action("ben", "timeout"))
    assert refused.value.code == "not_allowed_now" and game.to_dict() == before


@pytest.mark.parametrize("action,code", [
    (Action("zed", "play", card="r3"), "not_a_player"),
    (Action("ana", "dance"), "bad_action"),  # type: ignore[arg-type]  # no such kind
    (Action("ana", "play", card="wild"), "not_in_hand"),
    (Action("ana", "catch", target="zed"), "not_a_player"),
    (Action("ana", "catch", target="ana"), "not_allowed_now"),
    (Action("ben", "draw"), "not_your_turn"),
    (Action("ana", "keep"), "not_allowed_now"),
    (Action("ana", "next_round"), "not_allowed_now"),
])
def test_refusals_carry_their_code_and_change_nothing(action: Action, code: str) -> None:
    game = position()
    before = game.to_dict()
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    assert refused.value.code == code
    assert refused.value.reason
    assert game.to_dict() == before


def test_leaving_between_rounds_leaves_a_state_that_restores() -> None:
    game = position(hands={"ana": ["r3"], "ben": ["y1", "y2"], "cy": ["b1", "b2"]})
    game.apply(Action("ana", "play", card="r3"))
    assert game.round_over
    leaver = game.current
    game.apply(Action(leaver, "leave"))
    assert game.current in game.players
    restored = Game.from_dict(game.to_dict())
    restored.apply(Action(restored.players[0], "next_round"))
    assert restored.phase == "turn" and leaver not in restored.hands
