"""What a hard player reads into a draw or a wild card (``Memory.seems_to_lack``), the
worlds it deals from that, and ``normal``, which must not read it."""

from __future__ import annotations

import copy

import pytest

from bot.ai import ComputerPlayer, computer_action, show_events
from bot.ai.determinize import deal_hidden, unseen_cards
from bot.ai.memory import Memory
from bot.ai.normal import choose_normal
from bot.ai.rng import SplitMix
from bot.engine import Action
from bot.engine.cards import CARD_COLOR, Card, Color
from bot.engine.events import Event
from tests.ai.positions import act, position
from tests.ai.tables import new_table
from tests.ai.test_hard import whole_deck

BEN: list[Card] = ["g4", "y6", "y7", "b8", "b9"]


def test_a_draw_on_a_turn_reads_as_nothing_playable_held() -> None:
    """Drawing on a red 3 a card that cannot be played (g7: the turn moves on): no red,
    no 3, no wild card, the card drawn included; ``lacks`` (``normal``'s) keeps the
    colour alone, with the card drawn."""
    game, ais = position({"ana": ["g1", "g2", "g3"], "ben": BEN}, current="ben")
    act(game, ais, Action("ben", "draw"))
    memory = ais["ana"].memory
    assert game.current == "ana"
    assert memory.seems_to_lack["ben"] == {"r": 0, "3": 0, "": 0}
    assert memory.lacks["ben"] == {"r": 1}


def test_a_card_drawn_that_could_be_played_may_be_what_the_drawer_keeps() -> None:
    """Ben drew r8, which he could play, and kept it: one of his cards may be red."""
    game, ais = position({"ana": ["g1", "g2", "g3"], "ben": BEN}, current="ben",
                         draw=["r8", "y1"])
    act(game, ais, Action("ben", "draw"))
    act(game, ais, Action("ben", "keep"))
    assert ais["ana"].memory.seems_to_lack["ben"] == {"r": 1, "3": 1, "": 1}


def test_the_next_turn_says_the_card_drawn_could_not_be_played() -> None:
    """Without a view in between (events alone), the next player's play ends the
    drawer's turn; a catch's penalty draw beside the turn does not."""
    memory = Memory(color="r", top="r3", held={"ana": 5, "ben": 5, "cid": 5})
    memory.observe([_drew("ben", 1, "turn"), _drew("cid", 2, "caught")], "ana")
    assert memory.seems_to_lack["ben"] == {"r": 1, "3": 1, "": 1}
    memory.observe([_played("cid", "r5", "r")], "ana")
    assert memory.seems_to_lack["ben"] == {"r": 0, "3": 0, "": 0}


def test_a_jump_in_on_the_drawers_turn_says_nothing_of_the_card_drawn() -> None:
    """Cid jumped in while Ben chose whether to play the card drawn: it may be playable."""
    memory = Memory(color="r", top="r3", held={"ana": 5, "ben": 5, "cid": 5})
    memory.observe([_drew("ben", 1, "turn")], "ana")
    memory.observe([Event("jumped_in", "cid", target="ben"), _played("cid", "r3", "r")], "ana")
    assert memory.seems_to_lack["ben"] == {"r": 1, "3": 1, "": 1}


def test_what_a_drawer_seemed_to_lack_counts_the_cards_taken_since_and_ends_with_a_play(
) -> None:
    memory = Memory(color="r", top="r3", held={"ana": 3, "ben": 5})
    memory.seems_to_lack["ben"] = {"r": 1, "3": 1, "": 1}
    memory.observe([_drew("ben", 2, "draw2")], "ana")
    assert memory.seems_to_lack["ben"] == {"r": 3, "3": 3, "": 3}
    memory.observe([_played("ben", "wild", "g")], "ana")
    assert "" not in memory.seems_to_lack["ben"]


def test_a_drawn_card_played_leaves_the_hand_that_drew() -> None:
    """Ben drew on a red 3 and played the card drawn: he still holds no red, no 3, no wild."""
    game, ais = position({"ana": ["g1", "g2", "g3"], "ben": BEN}, current="ben",
                         draw=["r8", "y1"])
    act(game, ais, Action("ben", "draw"))
    act(game, ais, Action("ben", "play_drawn", card="r8"))
    assert ais["ana"].memory.seems_to_lack["ben"] == {"r": 0, "3": 0, "": 0}


@pytest.mark.parametrize(("card", "ana_holds", "read"), [
    ("wild", 5, {"r": 0, "3": 0, "wild4": 0}),  # nothing else could be played
    ("wild", 2, {}),  # ana is close to going out: a wild card is worth shedding
    ("wild4", 5, {"r": 0, "3": 0}),
    ("wild4", 2, {"r": 0}),  # normal never bluffs
])
def test_a_wild_card_reads_as_the_colour_lacked_unless_pressed(
    card: Card, ana_holds: int, read: dict[str, int]
) -> None:
    memory = Memory(color="r", top="r3", held={"ana": ana_holds, "ben": 5})
    memory.observe([_played("ben", card, "g")], "ana")
    assert memory.seems_to_lack.get("ben", {}) == read
    assert "ben" not in memory.lacks


@pytest.mark.parametrize(("card", "ana_holds", "read"), [
    ("r5", 2, {"wild": 0}),  # a Wild is worth more to shed than a 5
    ("r5", 5, {}),  # a Wild is worth keeping
    ("rskip", 2, {}),  # the skip stops ana: it may be worth more than a Wild
    ("r7", 2, {}),  # a Seven-O 7 may trade for a smaller hand
])
def test_a_number_card_shed_under_pressure_reads_as_no_wild_held(
    card: Card, ana_holds: int, read: dict[str, int]
) -> None:
    memory = Memory(color="r", top="r3", held={"ana": ana_holds, "ben": 5})
    memory.observe([_played("ben", card, "r")], "ana")
    assert memory.seems_to_lack.get("ben", {}) == read


def test_a_wild_card_laid_on_its_twin_reads_as_nothing() -> None:
    """It may be a jump-in, which any hand holding the twin makes."""
    memory = Memory(color="g", top="wild", held={"ana": 5, "ben": 5})
    memory.observe([_played("ben", "wild", "b")], "ana")
    assert "ben" not in memory.seems_to_lack


def test_a_wild_draw_four_found_guilty_is_not_read_as_lacking() -> None:
    memory = Memory(color="r", top="r3", held={"ana": 5, "ben": 5})
    memory.observe([_played("ben", "wild4", "g"), _challenged("ben", "r", guilty=True)], "ana")
    assert "r" not in memory.seems_to_lack["ben"] and memory.likely["ben"] == "r"


def test_what_a_player_seemed_to_lack_is_saved_with_the_memory() -> None:
    memory = Memory(color="r", top="r3", held={"ana": 5, "ben": 5})
    memory.observe([_played("ben", "wild", "g")], "ana")
    assert Memory.from_dict(memory.to_dict()) == memory


def test_a_drawer_is_dealt_no_wild_card_in_most_worlds() -> None:
    hands: dict[str, list[Card]] = {"ana": ["g1", "g2", "g3"], "ben": BEN}
    game, ais = position(hands, current="ben", draw=whole_deck(hands, "classic"))
    act(game, ais, Action("ben", "draw"))
    view = game.view("ana")
    memory = ais["ana"].memory
    memory.sync(view)
    unseen = unseen_cards(view, memory)
    assert unseen is not None
    rng = SplitMix(5)
    deals = [deal_hidden(view, unseen, memory, rng)[0]["ben"] for _ in range(200)]
    kinds = (lambda c: not CARD_COLOR[c], lambda c: c[0] == "r", lambda c: c[1:] == "3")
    clean = sum(all(sum(map(kind, hand)) <= 1 for kind in kinds) for hand in deals)
    assert clean > 150  # trusted in 80% of the deals; the drawn card may be any
    assert sum(not any(not CARD_COLOR[c] for c in hand) for hand in deals) > 150


@pytest.mark.parametrize("ruleset", ["classic", "bff", "seven-o", "serious"])
def test_normal_does_not_read_what_a_player_seemed_to_lack(ruleset: str) -> None:
    """``normal`` (the baseline and the autopilot) decides exactly as before: the same
    choice at every decision of a round with ``seems_to_lack``, ``held`` and ``drawn_by``
    forgotten."""
    game, computers = new_table(ruleset, 4, seed=17, levels=("normal",))
    read = 0
    while not game.round_over:
        for player, computer in computers.items():
            legal = game.legal_actions(player)
            view = game.view(player)
            computer.memory.sync(view)
            blind = copy.deepcopy(computer.memory)
            blind.seems_to_lack.clear()
            blind.held.clear()
            blind.drawn_by = ""
            rng = computer.rng.state
            chosen = choose_normal(view, legal, computer.memory, SplitMix(rng))
            assert choose_normal(view, legal, blind, SplitMix(rng)) == chosen
            read += any(computer.memory.seems_to_lack.values())
        action = computer_action(game, computers)
        assert action is not None
        show_events(game, computers.values(), game.apply(action))
    assert read > 10


def test_a_hard_player_reads_the_plays_of_a_whole_round_the_same_for_the_same_seed() -> None:
    memories = []
    for _ in range(2):
        game, computers = new_table("classic", 3, seed=23, levels=("normal",))
        computers["p0"] = ComputerPlayer("p0", "hard", 5, playouts=12)
        computers["p0"].observe([], game.view("p0"))
        while not game.round_over:
            action = computer_action(game, computers)
            assert action is not None
            show_events(game, computers.values(), game.apply(action))
        memories.append(computers["p0"].memory.to_dict())
    assert memories[0] == memories[1]


def _drew(player: str, count: int, reason: str) -> Event:
    return Event("drew", player, (), count, data={"reason": reason})


def _played(player: str, card: Card, color: Color) -> Event:
    return Event("played", player, (card,), 1, color)


def _challenged(player: str, color: Color, guilty: bool) -> Event:
    return Event("challenged", "ana", target=player, data={"color": color, "guilty": guilty})
