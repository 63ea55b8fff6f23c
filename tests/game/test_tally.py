"""The match tally counts what each player did from the engine's events."""

from __future__ import annotations

from bot.engine import Action, Game, Options
from bot.game.tally import MatchTally


def test_a_tally_counts_plays_calls_catches_challenges_and_rounds() -> None:
    game = Game.from_position(
        "classic", Options(), ["ana", "ben", "cy"],
        hands={"ana": ["wild4", "r2", "g5"], "ben": ["b1", "b2", "g1"], "cy": ["y9", "g7"]},
        discard=["r3"], draw=["y1", "y2", "y3", "y4", "y5", "y6", "y7"], current="ana",
        color="r",
    )
    tally = MatchTally()
    for action in (
        Action("ana", "play", card="wild4", color="g"),
        Action("ben", "challenge"),          # guilty: ana held r2
        Action("ben", "play", card="g1"),
        Action("cy", "uno"),
        Action("cy", "play", card="g7"),
        Action("ana", "play", card="g5"),
        Action("ben", "catch", target="cy"),  # cy called: a missed catch
    ):
        tally.observe(game.apply(action))
    ana, ben, cy = (tally.of(p).counts for p in ("ana", "ben", "cy"))
    assert (ana["challenges_lost"], ben["challenges_won"]) == (1, 1)
    assert (ana["cards_played"], ben["cards_played"], cy["cards_played"]) == (2, 1, 1)
    assert tally.of("ana").colours_played == {"g": 1}
    assert cy["uno_calls"] == 1 and ben["catches_made"] == 0


def test_a_tally_counts_round_wins_and_best_rounds_and_round_trips() -> None:
    game = Game.from_position(
        "classic", Options(), ["ana", "ben"],
        hands={"ana": ["r3", "g4"], "ben": ["y1", "wild"]},
        discard=["r5"], draw=["g7", "g8", "g9"], current="ana", color="r",
    )
    tally = MatchTally()
    tally.observe(game.apply(Action("ana", "play", card="r3")))
    tally.observe(game.apply(Action("ben", "catch", target="ana")))
    assert tally.of("ben").counts["catches_made"] == 1
    assert tally.of("ana").counts["catches_suffered"] == 1
    restored = MatchTally.from_dict(tally.to_dict())
    assert restored == tally
    game.hands["ana"] = ["r9"]
    restored.observe(game.apply(Action("ben", "play", card="wild", color="r")))
    restored.observe(game.apply(Action("ana", "play", card="r9")))
    assert restored.rounds == 1 and restored.of("ana").counts["round_wins"] == 1
    assert restored.of("ana").counts["best_round"] == 1
