"""One value says what the game waits for and from whom; the view and timeouts read it."""

from __future__ import annotations

from bot.engine import Action, Game, Options, Phase, PlayerView, Waiting

PLAYERS = ["ana", "ben", "cy"]


def position(ruleset: str = "classic", **state: object) -> Game:
    base: dict[str, object] = {
        "hands": {"ana": ["r5", "wild4", "g2"], "ben": ["y1", "y2"], "cy": ["b1", "b2"]},
        "discard": ["r3"], "draw": ["r9", "g8", "g9", "b9", "y9"], "current": "ana",
    }
    base.update(state)
    return Game.from_position(ruleset, Options.for_ruleset(ruleset), PLAYERS,
                              **base)  # type: ignore[arg-type]


def test_each_phase_names_its_players() -> None:
    game = position()
    assert game.waiting == Waiting(Phase.TURN, ("ana",))
    game.apply(Action("ana", "draw"))
    assert game.waiting == Waiting(Phase.DRAWN_CARD, ("ana",))
    game.apply(Action("ana", "keep"))
    assert game.waiting == Waiting(Phase.TURN, ("ben",))
    game.apply(Action("ben", "draw"))
    game.apply(Action("cy", "draw"))
    game.apply(Action("ana", "play", card="wild4", color="b"))
    assert game.waiting == Waiting(Phase.ANSWER_DRAW, ("ben",))
    assert {a.do for a in game.legal_actions("ben")} == {"accept", "draw", "challenge"}


def test_a_finished_round_waits_for_nobody() -> None:
    game = position(hands={"ana": ["r5"], "ben": ["y1"], "cy": ["b1"]})
    game.apply(Action("ana", "play", card="r5"))
    assert game.waiting == Waiting(Phase.ROUND_OVER, ()) and game.waiting_for() == []


def test_a_timeout_acts_as_the_phase_asks() -> None:
    game = position()
    game.apply(Action("ana", "play", card="wild4", color="b"))
    assert game.waiting.phase is Phase.ANSWER_DRAW
    game.apply(Action("ben", "timeout"))
    assert len(game.hands["ben"]) == 6 and game.waiting == Waiting(Phase.TURN, ("cy",))


def test_the_typed_view_carries_the_phase_and_the_legal_actions() -> None:
    game = position()
    view = game.seat_view("ana")
    assert isinstance(view, PlayerView)
    assert view.waiting == Waiting(Phase.TURN, ("ana",))
    assert list(view.legal) == game.legal_actions("ana")
    assert view.hand == ("r5", "wild4", "g2")
    assert [seat.hand for seat in view.players] == [("r5", "wild4", "g2"), None, None]
    spectator = game.seat_view(None)
    assert spectator.you is None and spectator.legal == () and spectator.hand == ()
    as_dict = game.view("ana")
    assert as_dict == view.to_dict()
    assert as_dict["waiting"] == {"phase": "turn", "players": ["ana"]}
    assert as_dict["phase"] == "turn" and as_dict["waiting_for"] == ["ana"]


def test_the_view_says_whose_wild_draw_four_waits_and_the_colour_a_challenge_judges() -> None:
    game = position()
    assert game.seat_view("ben").wild4_by is None
    game.apply(Action("ana", "play", card="wild4", color="b"))
    for viewer in ("ben", None):
        seen = game.seat_view(viewer)
        assert (seen.wild4_by, seen.wild4_color, seen.pending_kind) == ("ana", "r", "wild4")
    assert game.view("ben")["wild4_by"] == "ana"


def test_the_points_left_in_each_hand_are_seen_once_the_round_is_over() -> None:
    game = position(hands={"ana": ["r5"], "ben": ["y1", "wild"], "cy": ["bskip"]})
    seen = game.seat_view(None)
    assert not seen.round_over and [seat.points_left for seat in seen.players] == [None] * 3
    game.apply(Action("ana", "play", card="r5"))
    seen = game.seat_view(None)
    assert seen.round_over and not seen.match_over
    assert [seat.points_left for seat in seen.players] == [0, 51, 20]
    assert [seat.hand for seat in seen.players] == [None, None, None]  # counted, not shown
    assert game.view(None)["players"][1]["points_left"] == 51


def test_legal_actions_are_worked_out_once_per_version_and_player() -> None:
    game = position()
    first = game.legal_actions("ana")
    first.clear()  # each caller has its own copy
    assert game.legal_actions("ana") and game._legal["ana"] is game._legal_for("ana")
    version = game.version
    game.apply(Action("ana", "draw"))
    assert game.version == version + 1
    assert {a.do for a in game.legal_actions("ana")} == {"play_drawn", "keep"}
