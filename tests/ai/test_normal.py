"""The ``normal`` level's choices in crafted positions."""

from __future__ import annotations

from collections import Counter

from bot.ai import ComputerPlayer
from bot.engine import Action, Game, Options
from bot.engine.cards import CARD_COLOR, COLORS, Card
from bot.engine.options import HOUSE_RULE_CARDS
from tests.ai.positions import act, decide, position

CALM: list[Card] = ["g1", "g2", "b3", "b4", "y5", "y6"]
"""An opponent's hand far from going out."""


def test_calls_uno_with_two_cards_on_its_turn_before_playing() -> None:
    game, ais = position({"ana": ["r1", "g5"], "ben": list(CALM)})
    assert decide(game, ais, "ana") == Action("ana", "uno")
    act(game, ais, Action("ana", "uno"))
    assert decide(game, ais, "ana") == Action("ana", "play", card="r1")


def test_calls_uno_holding_one_card_out_of_turn() -> None:
    game, ais = position({"ana": ["g5"], "ben": list(CALM)}, current="ben")
    assert decide(game, ais, "ana") == Action("ana", "uno")


def test_catches_whoever_can_be_caught() -> None:
    game, ais = position({"ana": list(CALM), "ben": ["r5", "g9"], "cy": list(CALM)},
                         current="ben")
    act(game, ais, Action("ben", "play", card="r5"))
    assert decide(game, ais, "cy") == Action("cy", "catch", target="ben")
    assert decide(game, ais, "ana") == Action("ana", "catch", target="ben")


def test_does_nothing_out_of_turn_when_nothing_is_worth_doing() -> None:
    game, ais = position({"ana": list(CALM), "ben": list(CALM)}, current="ben")
    assert decide(game, ais, "ana") is None


def test_keeps_a_wild_while_another_card_plays() -> None:
    game, ais = position({"ana": ["wild", "r5", "g1", "g2"], "ben": list(CALM)})
    assert decide(game, ais, "ana") == Action("ana", "play", card="r5")


def test_plays_the_wild_when_an_opponent_is_close_to_going_out() -> None:
    game, ais = position({"ana": ["wild", "r5", "g1", "g2"], "ben": ["b1", "b2"]})
    choice = decide(game, ais, "ana")
    assert choice is not None and choice.card == "wild" and choice.color == "g"


def test_a_needed_wild_names_the_colour_held_most() -> None:
    game, ais = position({"ana": ["wild", "g1", "b4", "g2", "y5"], "ben": list(CALM)})
    assert decide(game, ais, "ana") == Action("ana", "play", card="wild", color="g")


def test_sheds_high_points_when_an_opponent_is_close_to_going_out() -> None:
    hand: list[Card] = ["r1", "r9", "g2", "g3"]
    close, ais = position({"ana": hand, "ben": list(CALM), "cy": ["b1"]})
    assert decide(close, ais, "ana") == Action("ana", "play", card="r9")
    game, ais = position({"ana": ["rskip", "r1", "g2"], "ben": list(CALM), "cy": ["b1"]})
    assert decide(game, ais, "ana") == Action("ana", "play", card="rskip")


def test_never_bluffs_a_wild_draw_four() -> None:
    game, ais = position({"ana": ["wild4", "r7", "g1"], "ben": ["b1"]})
    assert decide(game, ais, "ana") == Action("ana", "play", card="r7")
    game, ais = position({"ana": ["wild4", "g7", "g1"], "ben": ["b1"]})
    assert decide(game, ais, "ana") == Action("ana", "play", card="wild4", color="g")


def test_seven_o_seven_trades_with_the_smallest_hand() -> None:
    hands: dict[str, list[Card]] = {
        "ana": ["r7", "g1", "g2", "b5", "b6"], "ben": list(CALM), "cy": ["y1", "y2"],
        "dee": ["b1", "b2", "b3", "b4"]}
    game, ais = position(hands, ruleset="seven-o")
    assert decide(game, ais, "ana") == Action("ana", "play", card="r7", target="cy")


def test_wild_swap_hands_trades_with_the_smallest_hand_naming_a_colour_it_gives_away_least(
) -> None:
    hands: dict[str, list[Card]] = {"ana": ["wildswap", "g1", "g2", "b5", "b6", "y3"],
                                    "ben": list(CALM), "cy": ["y1", "y2"]}
    game, ais = position(hands, ruleset="swap")
    choice = decide(game, ais, "ana")
    assert choice is not None and (choice.card, choice.target) == ("wildswap", "cy")
    assert choice.color == "r"


def test_blocks_a_draw_two_with_bff_power() -> None:
    game, ais = position({"ben": ["rdraw2", "g1", "g2"], "ana": ["bff", "b1", "b2", "y3"]},
                         ruleset="bff")
    act(game, ais, Action("ben", "play", card="rdraw2"))
    assert decide(game, ais, "ana") == Action("ana", "bff", color="b")


def test_stacks_draw_twos_in_serious() -> None:
    hands: dict[str, list[Card]] = {"ben": ["rdraw2", "g1", "g2"],
                                    "ana": ["gdraw2", "bdraw2", "b1", "y3"], "cy": CALM}
    game, ais = position(hands, ruleset="serious")
    act(game, ais, Action("ben", "play", card="rdraw2"))
    choice = decide(game, ais, "ana")
    assert choice is not None and choice.do == "play"
    assert sorted(choice.played_cards()) == ["bdraw2", "gdraw2"]
    assert choice.played_cards()[-1] == "bdraw2"


def test_discards_the_highest_points_but_keeps_a_wild() -> None:
    rules = {"house_rules": {card: 6 for card in HOUSE_RULE_CARDS}}
    hands: dict[str, list[Card]] = {"ben": ["wildcustom", "g1", "g2", "g3"],
                                    "ana": ["wild", "r9", "g1", "bskip", "y2", "y3"]}
    game, ais = position(hands, ruleset="customizable", overrides=rules)
    act(game, ais, Action("ben", "play", card="wildcustom", color="g"))
    assert decide(game, ais, "ana") == Action("ana", "discard", cards=("bskip",))
    act(game, ais, Action("ana", "discard", cards=("bskip",)))
    assert decide(game, ais, "ana") == Action("ana", "discard", cards=("r9",))
    act(game, ais, Action("ana", "discard", cards=("r9",)))
    assert decide(game, ais, "ana") == Action("ana", "discard", cards=("y3",))


def test_does_not_laugh_at_an_opponents_joke() -> None:
    rules = {"house_rules": {card: 8 for card in HOUSE_RULE_CARDS}}
    hands: dict[str, list[Card]] = {"ben": ["wildcustom", "g1", "g2"], "ana": list(CALM)}
    game, ais = position(hands, ruleset="customizable", overrides=rules)
    act(game, ais, Action("ben", "play", card="wildcustom", color="g"))
    assert decide(game, ais, "ana") == Action("ana", "vote", laughed=False)


def test_names_the_start_colour_it_holds_most() -> None:
    seed = next(s for s in range(500)
                if Game.new("classic", Options(), ["a", "b"], s).choosing_start_color)
    game = Game.new("classic", Options(), ["a", "b"], seed)
    chooser = game.current
    held = Counter(CARD_COLOR[card] for card in game.hands[chooser])
    most = max(COLORS, key=lambda c: held[c])
    choice = ComputerPlayer(chooser, "normal").choose(game.view(chooser),
                                                      game.legal_actions(chooser))
    assert choice == Action(chooser, "color", color=most)
