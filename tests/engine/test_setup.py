"""Setup (RULES.md 3): choosing the dealer, dealing, every start card, the next round."""

from __future__ import annotations

from typing import cast

import pytest

from bot.engine import Action, Game, Options
from bot.engine.cards import Card, build_deck
from bot.engine.rng import SeedCounter
from bot.engine.table import choose_first_dealer, deal_round

PLAYERS = ["ana", "ben", "cy", "dan"]


class StartCardRandom(SeedCounter):
    """Shuffles as usual, then puts ``start`` where the deal will turn it over."""

    def __init__(self, seed: int, start: str, players: int, hand: int) -> None:
        super().__init__(seed)
        self.start, self.dealt = start, players * hand

    def shuffle(self, x: list[str]) -> None:  # type: ignore[override]
        super().shuffle(x)
        if self.start in x and len(x) > self.dealt:
            x.remove(self.start)
            x.insert(len(x) - self.dealt, self.start)


def dealt_with_start(start: str, ruleset: str = "classic", players: list[str] = PLAYERS) -> Game:
    game = Game(ruleset, Options.for_ruleset(ruleset), players, seed=7)
    hand = 11 if ruleset == "serious" else 7
    game.rng = StartCardRandom(7, start, len(players), hand)
    game.dealer = players[0]
    deal_round(game)
    assert game.top == start
    return game


@pytest.mark.parametrize("ruleset,hand", [("classic", 7), ("serious", 11), ("seven-o", 7)])
def test_every_player_is_dealt_the_ruleset_hand(ruleset: str, hand: int) -> None:
    game = Game.new(ruleset, Options.for_ruleset(ruleset), PLAYERS, seed=3)
    sizes = sorted(len(h) for h in game.hands.values())
    assert set(sizes) <= {hand, hand + 2} and sizes.count(hand) >= len(PLAYERS) - 1
    assert game.card_count() == len(build_deck(ruleset))
    assert len(game.discard_pile) == 1


def test_the_highest_number_deals_and_ties_draw_again() -> None:
    for seed in range(40):
        game = Game("classic", Options(), PLAYERS, seed)
        events = choose_first_dealer(game)
        rounds = events[0].data["draws"]  # type: ignore[index]
        last = rounds[-1]
        value = {p: int(c[1:]) if c[1:].isdigit() else 0 for p, c in last.items()}
        assert value[game.dealer] == max(value.values())
        assert list(value.values()).count(max(value.values())) == 1
        for earlier in rounds[:-1]:
            values = [int(c[1:]) if c[1:].isdigit() else 0 for c in earlier.values()]
            assert values.count(max(values)) > 1


def test_start_number_card_left_of_dealer_plays() -> None:
    game = dealt_with_start("r5")
    assert (game.current, game.color, game.direction) == ("ben", "r", 1)


def test_start_draw_two_left_of_dealer_draws_two_and_is_skipped() -> None:
    game = dealt_with_start("gdraw2")
    assert len(game.hands["ben"]) == 9
    assert game.current == "cy"


def test_start_skip_skips_left_of_dealer() -> None:
    game = dealt_with_start("bskip")
    assert game.current == "cy" and len(game.hands["ben"]) == 7


def test_start_reverse_dealer_plays_first_and_play_moves_right() -> None:
    game = dealt_with_start("yreverse")
    assert game.current == "ana" and game.direction == -1
    game.apply(Action("ana", "draw"))
    if game.current != "ana":
        assert game.current == "dan"


def test_start_reverse_with_two_players_dealer_plays_first() -> None:
    game = dealt_with_start("yreverse", players=["ana", "ben"])
    assert game.current == "ana"


@pytest.mark.parametrize("wild,ruleset", [("wild", "classic"), ("wildcustom", "customizable"),
                                          ("wildswap", "swap"), ("bff", "bff")])
def test_start_wild_left_of_dealer_names_the_colour_then_plays(wild: str, ruleset: str) -> None:
    game = dealt_with_start(wild, ruleset)
    assert game.current == "ben" and game.choosing_start_color
    assert [a.do for a in game.legal_actions("ben")] == ["color"] * 4
    game.apply(Action("ben", "color", color="g"))
    assert game.color == "g" and game.current == "ben" and not game.choosing_start_color
    assert {a.do for a in game.legal_actions("ben")} >= {"draw"}


def test_start_wild_draw_four_goes_back_and_another_card_is_turned() -> None:
    for seed in range(300):
        game = Game.new("classic", Options(), PLAYERS, seed)
        assert game.top != "wild4"


def test_start_blank_its_colour_counts() -> None:
    game = dealt_with_start("gblank", "blank")
    assert game.color == "g" and game.current == "ben"


@pytest.mark.parametrize("card", ["r0", "r7"])
def test_seven_o_start_zero_or_seven_has_no_effect(card: str) -> None:
    game = dealt_with_start(card, "seven-o")
    assert game.current == "ben" and all(len(h) == 7 for h in game.hands.values())


def test_the_next_round_is_dealt_by_the_next_seat() -> None:
    game = Game.new("classic", Options(), PLAYERS, seed=11)
    first_dealer = game.dealer
    last = cast(Card, game.top[0] + "1") if game.color else "wild"
    game.hands[game.current] = [last]
    game.apply(Action(game.current, "play", card=last, color=None if game.color else "r"))
    assert game.round_over and not game.match_over
    game.apply(Action(game.players[0], "next_round"))
    assert game.dealer == PLAYERS[(PLAYERS.index(first_dealer) + 1) % len(PLAYERS)]
    assert game.round_number == 2 and game.stage == "turn"
    assert game.card_count() == len(build_deck("classic"))
