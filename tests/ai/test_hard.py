"""The ``hard`` level: what it remembers, the worlds it deals, and its choices."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.ai import ComputerPlayer, computer_action, show_events
from bot.ai.determinize import deal_hidden, unseen_cards
from bot.ai.hard import answer
from bot.ai.memory import Memory
from bot.ai.playout import policy
from bot.ai.rng import SplitMix
from bot.engine import RULESETS, Action, Game
from bot.engine.cards import Card, full_deck
from bot.engine.options import TABLE_OPTIONS
from tests.ai.positions import act, decide, position
from tests.ai.tables import new_table, play_checked
from tests.ai.test_no_peeking import reshuffle_hidden

PLAYOUTS = 12
"""A small budget: these tests check what the search does, not how well."""


def hard_table(ruleset: str, players: int, seed: int, overrides: dict[str, object] | None = None
               ) -> tuple[Game, dict[str, ComputerPlayer]]:
    game, computers = new_table(ruleset, players, seed, ("hard", "normal", "easy"), overrides)
    for computer in computers.values():
        computer.playouts = PLAYOUTS
    return game, computers


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_the_memory_accounts_for_every_hidden_card(ruleset: str) -> None:
    """What a hard player counts as unseen is exactly the other hands and the draw pile,
    all round long (the search deals from it)."""
    game, computers = new_table(ruleset, 4, seed=11, levels=("normal",))
    checked = 0
    while not game.round_over:
        for player, computer in computers.items():
            view = game.view(player)
            computer.memory.sync(view)
            hidden = [c for p in game.players if p != player for c in game.hands[p]]
            unseen = unseen_cards(view, computer.memory)
            assert unseen is not None
            assert Counter(unseen) == Counter(hidden + game.draw_pile)
            checked += 1
        action = computer_action(game, computers)
        assert action is not None
        show_events(game, computers.values(), game.apply(action))
    assert checked > 40


def whole_deck(hands: dict[str, list[Card]], ruleset: str, top: Card = "r3") -> list[Card]:
    """The draw pile that makes a position's cards the ruleset's whole deck."""
    rest = Counter(full_deck(ruleset))
    rest.subtract([top, *(c for hand in hands.values() for c in hand)])
    return sorted(rest.elements())


def test_a_traded_hand_is_known_to_the_trader() -> None:
    """Seven-O: the 7's player knows the hand they gave away, and deals it to its holder."""
    hands: dict[str, list[Card]] = {"ana": ["r7", "g1", "g2", "wild"], "ben": ["b1", "b2", "y4"]}
    game, ais = position(hands, ruleset="seven-o", draw=whole_deck(hands, "seven-o"))
    act(game, ais, Action("ana", "play", card="r7", target="ben"))
    memory = ais["ana"].memory
    assert Counter(memory.known["ben"]) == Counter(["g1", "g2", "wild"])
    view = game.view("ana")
    memory.sync(view)
    unseen = unseen_cards(view, memory)
    assert unseen is not None
    for seed in range(5):
        hands, _ = deal_hidden(view, unseen, memory, SplitMix(seed))
        assert Counter(hands["ben"]) == Counter(["g1", "g2", "wild"])


def test_a_seven_o_zero_passes_what_is_known_along() -> None:
    game, ais = position({"ana": ["r0", "g1", "g2"], "ben": ["b1", "b2"], "cy": ["y4", "y5"]},
                         ruleset="seven-o")
    act(game, ais, Action("ana", "play", card="r0"))
    assert ais["ana"].memory.known == {"ben": ["g1", "g2"]}
    assert sorted(game.hands["ben"]) == ["g1", "g2"]


def test_a_player_who_drew_on_a_colour_is_dealt_none_of_it_in_most_worlds() -> None:
    hands: dict[str, list[Card]] = {"ana": ["g1", "g2", "g3"], "ben": ["g4", "y6", "y7"]}
    game, _ = position(hands, draw=whole_deck(hands, "classic"))
    memory = Memory()
    view = game.view("ana")
    memory.sync(view)
    memory.lacks["ben"] = {"r": 0}
    unseen = unseen_cards(view, memory)
    assert unseen is not None
    rng = SplitMix(3)
    without = sum(not any(c.startswith("r") for c in deal_hidden(view, unseen, memory, rng)[0]
                          ["ben"]) for _ in range(200))
    assert without > 150  # trusted in 80% of the deals; red is a quarter of the cards


def test_hidden_cards_do_not_change_a_hard_choice() -> None:
    """Two games that differ only in cards the hard player cannot see: same choices."""
    rng = random.Random(28)
    compared = 0
    game, computers = hard_table("seven-o", 3, seed=4)
    hard = next(p for p, c in computers.items() if c.level == "hard")
    while not game.round_over:
        legal = game.legal_actions(hard)
        if legal and game.hands_shown_until is None:
            twin = ComputerPlayer.from_dict(computers[hard].to_dict())
            twin.playouts = PLAYOUTS
            other = reshuffle_hidden(game, hard, rng)
            assert other.view(hard) == game.view(hard)
            real = computers[hard].choose(game.view(hard), legal)
            assert twin.choose(other.view(hard), other.legal_actions(hard)) == real
            compared += 1
        action = computer_action(game, computers)
        assert action is not None
        show_events(game, computers.values(), game.apply(action))
    assert compared > 10


@pytest.mark.parametrize(("ruleset", "option"), [
    *((r, None) for r in RULESETS), *(("classic", o) for o in TABLE_OPTIONS)])
def test_every_ruleset_and_option_plays_legally_and_the_same_for_the_same_seed(
    ruleset: str, option: str | None
) -> None:
    overrides: dict[str, object] = {option: True} if option else {}
    logs = []
    for _ in range(2):
        game, computers = hard_table(ruleset, 3, seed=6, overrides=overrides)
        logs.append(play_checked(game, computers, whole_match=False))
    assert logs[0] == logs[1] and len(logs[0]) > 5


def test_an_answer_depends_on_its_question_alone() -> None:
    """The same question (it carries its seed) gets the same answer, a legal action."""
    game, computers = hard_table("classic", 2, seed=9)
    hard = next(p for p, c in computers.items() if c.level == "hard")
    for _ in range(100):
        legal = game.legal_actions(hard)
        question = computers[hard].question(game.view(hard), legal) if legal else None
        if question is not None:
            break
        action = computer_action(game, computers)
        assert action is not None
        show_events(game, computers.values(), game.apply(action))
    assert question is not None
    assert answer(question) == answer(question)
    assert answer(question) in question.legal


def test_hard_calls_uno_and_catches_at_once() -> None:
    game, ais = position({"ana": ["r1", "r2"], "ben": ["b1", "b2", "b3"]})
    ais["ana"] = ComputerPlayer("ana", "hard", 1, playouts=PLAYOUTS)
    ais["ana"].observe([], game.view("ana"))
    legal = game.legal_actions("ana")
    assert ais["ana"].question(game.view("ana"), legal) is None
    assert ais["ana"].choose(game.view("ana"), legal) == Action("ana", "uno")


@pytest.mark.parametrize(("ana", "ben", "challenged"), [
    (["wild4", "r5", "g1", "g2", "b4", "y1", "b6"], ["g3", "g4", "b1", "b2", "y2"], True),
    (["wild4", "g1", "g2"], ["r1", "r2", "r4", "r5", "r6", "g3"], False),
])
def test_a_playout_challenges_a_wild_draw_four_as_normal_would(
    ana: list[Card], ben: list[Card], challenged: bool
) -> None:
    """A bluff the search weighs is caught as often as ``normal`` would catch it: a
    challenger who holds no red challenges a player of six cards, one who holds five reds
    does not challenge a player of two."""
    game, ais = position({"ana": ana, "ben": ben})
    act(game, ais, Action("ana", "play", card="wild4", color="g"))
    legal = game.legal_actions("ben")
    assert (policy(game, "ben", legal, SplitMix(0)).do == "challenge") is challenged
    assert (decide(game, ais, "ben") == Action("ben", "challenge")) is challenged
