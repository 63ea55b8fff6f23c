"""What a player may see: the challenged hand goes to the challenger alone; house rule 7."""

from __future__ import annotations

from bot.engine import Action, Game, Options


def test_a_challenged_hand_is_revealed_to_the_challenger_alone() -> None:
    game = Game.from_position(
        "classic", Options(), ["ana", "ben", "cy"],
        hands={"ana": ["wild4", "r2", "g5"], "ben": ["b1"], "cy": ["y9"]},
        discard=["r3"], draw=["y1", "y2", "y3", "y4", "y5"], current="ana", color="r",
    )
    game.apply(Action("ana", "play", card="wild4", color="g"))
    events = game.apply(Action("ben", "challenge"))
    reveal = next(e for e in events if e.kind == "hand_revealed")
    assert sorted(reveal.redact("ben").cards) == ["g5", "r2"]
    assert reveal.redact("cy").cards == () and reveal.redact("ana").cards == ()
    assert reveal.redact("cy").count == 2
    assert "hand" not in next(s for s in game.view("ben")["players"] if s["id"] == "ana")


def test_drawn_cards_are_seen_by_the_drawer_only() -> None:
    game = Game.new("classic", Options(), ["ana", "ben"], seed=2)
    if game.choosing_start_color:
        game.apply(Action(game.current, "color", color="r"))
    drawer = game.current
    drew = next(e for e in game.apply(Action(drawer, "draw")) if e.kind == "drew")
    other = next(p for p in game.players if p != drawer)
    assert len(drew.redact(drawer).cards) == 1
    assert drew.redact(other).cards == () and drew.redact(other).count == 1


def test_house_rule_seven_shows_every_hand_until_the_players_next_turn() -> None:
    game = Game.from_position(
        "customizable", Options.for_ruleset("customizable", {"house_rules": {"wildcustom": 7}}),
        ["ana", "ben", "cy"],
        hands={"ana": ["wildcustom", "r1", "r2"], "ben": ["b1", "b2"], "cy": ["y9", "r4"]},
        discard=["r3"], draw=["y1", "y2", "y3"], current="ana", color="r",
    )
    game.apply(Action("ana", "play", card="wildcustom", color="r"))
    seen_by_ben = {s["id"]: s.get("hand") for s in game.view("ben")["players"]}
    assert sorted(seen_by_ben["cy"]) == ["r4", "y9"] and sorted(seen_by_ben["ana"]) == ["r1", "r2"]
    game.apply(Action("ben", "draw"))
    if game.current == "ben":
        game.apply(Action("ben", "keep"))
    game.apply(Action("cy", "play", card="r4"))
    assert game.current == "ana"
    assert all("hand" not in s for s in game.view("ben")["players"] if s["id"] != "ben")
