"""Partners (RULES.md 12): the teams and the deal, catching, what a player sees, the
outcome by team, and the teams saved; the rule vectors pin the rest."""

from __future__ import annotations

import json

import pytest

from bot.engine import (
    Action,
    Game,
    IllegalAction,
    MatchResult,
    Options,
    RoundResult,
    SeatingError,
    StateError,
)
from bot.engine.cards import Card

PARTNERS = Options.for_ruleset("classic", {"partners": True})
SEE_HANDS = Options.for_ruleset("classic", {"partners": True, "partners_see_hands": True})
FOUR = ["ana", "ben", "cy", "dee"]


def position(options: Options = PARTNERS, **parts: object) -> Game:
    base: dict[str, object] = {
        "hands": {"ana": ["g7", "g8"], "ben": ["b1", "b2", "b3"], "cy": ["y1", "y2"],
                  "dee": ["r1", "r2"]},
        "discard": ["g5"], "draw": ["b5", "b6", "b7", "b8"], "current": "ana",
    }
    base.update(parts)
    return Game.from_position("classic", options, FOUR, **base)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", range(2, 11))
def test_only_four_six_eight_or_ten_players_are_dealt_to(players: int) -> None:
    seats = [f"p{i}" for i in range(players)]
    if players not in (4, 6, 8, 10):
        with pytest.raises(SeatingError) as refused:
            Game.new("classic", PARTNERS, seats, seed=1)
        assert refused.value.code == "partners_player_count"
        assert refused.value.params == {"players": players}
        return
    game = Game.new("classic", PARTNERS, seats, seed=1)
    half = players // 2
    assert game.teams == tuple((seats[i], seats[i + half]) for i in range(half))
    for seat, player in enumerate(seats):
        assert game.partner_of(player) == seats[(seat + half) % players]
        assert game.partner_of(player) not in (game.seat_after(player), game.seat_after(player, -1))


def test_without_partners_there_are_no_teams_and_each_player_is_a_side() -> None:
    game = Game.new("classic", Options(), FOUR, seed=1)
    assert game.teams == () and game.partner_of("ana") is None
    assert game.team_of("ana") == ("ana",) and game.sides() == [(p,) for p in FOUR]
    assert "teams" not in game.view("ana") and "teams" not in game.to_dict()


def test_the_teams_stay_as_they_were_dealt_through_the_rounds_and_a_leaver() -> None:
    game = position(hands={"ana": ["g7"], "ben": ["b1"], "cy": ["y1"], "dee": ["r1"]},
                    uno_called=["ana"])
    game.apply(Action("ana", "play", card="g7"))
    game.apply(Action("dee", "leave"))
    game.apply(Action("ana", "next_round"))
    assert game.round_number == 2 and game.players == ["ana", "ben", "cy"]
    assert game.teams == (("ana", "cy"), ("ben", "dee")) and game.partner_of("ben") == "dee"
    assert game.sides() == [("ana", "cy"), ("ben", "dee")]


def test_a_partner_is_never_offered_as_a_catch_and_is_refused() -> None:
    game = position()
    game.apply(Action("ana", "play", card="g7"))
    assert game.catchable() == ["ana"]
    assert Action("cy", "catch", target="ana") not in game.legal_actions("cy")
    assert Action("ben", "catch", target="ana") in game.legal_actions("ben")
    before = game.to_dict()
    with pytest.raises(IllegalAction) as refused:
        game.apply(Action("cy", "catch", target="ana"))
    assert refused.value.code == "not_allowed_now" and game.to_dict() == before


def test_a_partner_is_refused_as_a_catch_even_when_not_catchable() -> None:
    """As catching oneself is: a wrong catch of an opponent changes nothing instead."""
    game = position()
    with pytest.raises(IllegalAction) as refused:
        game.apply(Action("cy", "catch", target="ana"))
    assert refused.value.code == "not_allowed_now"
    assert [e.kind for e in game.apply(Action("ben", "catch", target="ana"))] == ["catch_missed"]


def _seen_hands(game: Game, viewer: str | None) -> dict[str, tuple[Card, ...]]:
    return {seat.id: seat.hand for seat in game.seat_view(viewer).players
            if seat.hand is not None}


def test_with_partners_see_hands_a_player_sees_their_partner_s_hand_and_nobody_else_s() -> None:
    game = position(SEE_HANDS)
    for viewer in FOUR:
        partner = game.partner_of(viewer)
        assert partner is not None
        seen = game.seat_view(viewer)
        assert seen.partner == partner and seen.teams == (("ana", "cy"), ("ben", "dee"))
        assert _seen_hands(game, viewer) == {
            viewer: tuple(game.hands[viewer]), partner: tuple(game.hands[partner])}
    assert _seen_hands(game, None) == {} and game.seat_view(None).partner is None
    view = game.view("ben")
    assert view["partner"] == "dee" and view["teams"] == [["ana", "cy"], ["ben", "dee"]]
    assert [s["id"] for s in view["players"] if "hand" in s] == ["ben", "dee"]


def test_without_see_hands_the_partner_is_named_but_their_hand_is_not_shown() -> None:
    game = position()
    assert game.seat_view("ana").partner == "cy"
    assert _seen_hands(game, "ana") == {"ana": ("g7", "g8")}


def test_a_partner_who_left_is_named_no_more_and_shows_no_hand() -> None:
    game = position(SEE_HANDS)
    game.apply(Action("cy", "leave"))
    seen = game.seat_view("ana")
    assert seen.partner is None and seen.teams == (("ana", "cy"), ("ben", "dee"))
    assert _seen_hands(game, "ana") == {"ana": ("g7", "g8")}


def test_the_round_and_the_match_are_the_team_s() -> None:
    game = position(hands={"ana": ["g7"], "ben": ["b1", "b2"], "cy": ["y1"], "dee": ["r1"]},
                    uno_called=["ana"], scores={"ana": 497, "cy": 497})
    events = game.apply(Action("ana", "play", card="g7"))
    assert game.round_result == RoundResult("ana", ("ana", "cy"), {"ana": 4, "cy": 4})
    assert game.match_result == MatchResult(("ana", "cy"), "target")
    assert game.scores == {"ana": 501, "ben": 0, "cy": 501, "dee": 0}
    over = {e.kind: e for e in events}
    assert over["round_over"].data is not None and over["round_over"].data["team"] == ["ana", "cy"]
    assert over["match_over"].player == "ana"
    assert over["match_over"].data == {"scores": game.scores, "forfeit": False,
                                       "winners": ["ana", "cy"]}


def test_the_last_team_seated_wins_by_forfeit() -> None:
    game = position()
    game.apply(Action("ben", "leave"))
    assert not game.match_over  # dee plays on for the team
    game.apply(Action("dee", "leave"))
    assert game.match_result == MatchResult(("ana", "cy"), "forfeit")


def test_the_teams_and_the_options_are_saved_and_loaded() -> None:
    game = Game.new("classic", SEE_HANDS, ["ana", "ben", "cy", "dee", "eve", "fay"], seed=4)
    game.apply(Action("eve", "leave"))
    saved = json.loads(json.dumps(game.to_dict()))
    assert saved["teams"] == [["ana", "dee"], ["ben", "eve"], ["cy", "fay"]]
    assert saved["options"]["partners"] is True and saved["options"]["partners_see_hands"]
    restored = Game.from_dict(saved)
    assert restored.teams == game.teams and restored.options == game.options
    assert restored.to_dict() == game.to_dict()
    with pytest.raises(StateError):
        Game.from_dict({k: v for k, v in saved.items() if k != "teams"})


def test_a_won_match_loads_with_its_winning_team() -> None:
    game = position()
    game.apply(Action("ben", "leave"))
    game.apply(Action("dee", "leave"))
    restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert restored.match_result == MatchResult(("ana", "cy"), "forfeit")


def test_the_partner_options_are_written_only_when_on() -> None:
    assert "partners" not in Options().to_dict()
    assert Options.from_dict(SEE_HANDS.to_dict()) == SEE_HANDS
    assert SEE_HANDS.to_dict()["partners_see_hands"] is True
