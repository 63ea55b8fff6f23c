"""The Wild Draw Four challenge: reasoned from what the challenger saw."""

from __future__ import annotations

from bot.ai.challenge import guilt_chance
from bot.engine import Action
from bot.engine.cards import Card
from tests.ai.positions import act, decide, position

ANA: list[Card] = ["r7", "g1", "g2", "y3", "b4"]


def test_challenges_a_player_who_had_just_been_playing_the_colour() -> None:
    game, ais = position({"ben": ["r5", "wild4", "r9", "b2"], "ana": list(ANA)})
    act(game, ais, Action("ben", "play", card="r5"))
    act(game, ais, Action("ana", "play", card="r7"))
    act(game, ais, Action("ben", "play", card="wild4", color="g"))
    assert decide(game, ais, "ana") == Action("ana", "challenge")


def test_accepts_from_a_player_seen_drawing_on_the_colour() -> None:
    game, ais = position({"ben": ["wild4", "g3", "y4"], "ana": list(ANA)},
                         draw=["b8", "y5", "y6", "y7", "y8", "y9"])
    act(game, ais, Action("ben", "draw"))
    act(game, ais, Action("ana", "play", card="r7"))
    act(game, ais, Action("ben", "play", card="wild4", color="b"))
    assert decide(game, ais, "ana") == Action("ana", "accept")


def _chance(hand: list[Card], discarded: int, drawn_since: int | None = None,
            just_played: bool = True) -> float:
    """Red was current; 20 cards lie in the discard pile; the player holds 6."""
    return guilt_chance(ruleset="classic", color="r", hand=hand, discarded_of_color=discarded,
                        discard_size=20, their_cards=6, drawn_since=drawn_since,
                        just_played_color=just_played)


def test_a_colour_fully_seen_cannot_be_held() -> None:
    assert _chance([], discarded=25) == 0.0
    assert _chance(["r1"] * 5, discarded=20) == 0.0
    assert _chance([], discarded=5) > 0.8


def test_evidence_moves_the_estimate_the_right_way() -> None:
    plain = _chance(["g1"], discarded=4, just_played=False)
    seen_drawing = _chance(["g1"], discarded=4, drawn_since=1, just_played=False)
    seen_playing = _chance(["g1"], discarded=4, just_played=True)
    assert seen_drawing < plain < seen_playing
    assert _chance(["g1"], discarded=4, drawn_since=6, just_played=False) > seen_drawing
