"""Computer players play for their team under partners (RULES.md 12): ``normal``'s
choices in crafted positions (trades, a Seven-O 0, colours, Skips, a joke's vote) and
the ``hard`` level's worlds and playouts.

Every position seats ana, ben, cy and dee: ana and cy are partners, ben and dee too.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.ai import computer_action, show_events
from bot.ai.determinize import deal_hidden, unseen_cards
from bot.ai.memory import Memory
from bot.ai.playout import result
from bot.ai.rng import SplitMix
from bot.engine import Action
from bot.engine.cards import Card, Color
from bot.engine.events import Event
from tests.ai.positions import act, decide, position
from tests.ai.tables import new_table

CALM: list[Card] = ["g1", "g2", "b3", "b4", "y5", "y6"]
"""A hand far from going out."""
PARTNERS: dict[str, object] = {"partners": True}
SEEING: dict[str, object] = {"partners": True, "partners_see_hands": True}


@pytest.mark.parametrize(("ruleset", "card"), [("seven-o", "r7"), ("swap", "wildswap")])
def test_a_trade_never_takes_the_partner_s_smaller_hand(ruleset: str, card: Card) -> None:
    hands: dict[str, list[Card]] = {
        "ana": [card, "g1", "g2", "b5", "b6"], "ben": list(CALM), "cy": ["y1", "y2"],
        "dee": ["b1", "b2", "b3", "b4"]}
    alone, ais = position(hands, ruleset=ruleset)
    chosen = decide(alone, ais, "ana")
    assert chosen is not None and chosen.card == card and chosen.target == "cy"
    game, ais = position(hands, ruleset=ruleset, overrides=PARTNERS)
    chosen = decide(game, ais, "ana")
    assert chosen is not None and chosen.card == card and chosen.target == "dee"


def test_a_trade_hands_the_partner_the_smaller_hand() -> None:
    """Our one card to our partner, whose turn comes before ours; never their six to us."""
    hands: dict[str, list[Card]] = {"ana": ["r7", "g1"], "ben": ["b1", "b2", "b3"],
                                    "cy": list(CALM), "dee": ["y1", "y2", "y3"]}
    for overrides, partner_traded in (({}, False), (PARTNERS, True)):
        game, ais = position(hands, ruleset="seven-o", overrides=overrides)
        act(game, ais, Action("ana", "uno"))
        chosen = decide(game, ais, "ana")
        assert chosen is not None and chosen.card == "r7"
        assert (chosen.target == "cy") is partner_traded


def test_a_seven_o_zero_is_not_played_when_it_passes_the_partner_s_short_hand_on() -> None:
    """A 0 would give us dee's two cards for our three, and cy ben's nine for their two."""
    hands: dict[str, list[Card]] = {"ana": ["r0", "r4", "b1", "b2"], "ben": [*CALM, "y7", "y8",
                                    "y9"], "cy": ["g3", "g4"], "dee": ["y1", "y2"]}
    alone, ais = position(hands, top="r5", ruleset="seven-o")
    assert decide(alone, ais, "ana") == Action("ana", "play", card="r0")
    game, ais = position(hands, top="r5", ruleset="seven-o", overrides=PARTNERS)
    assert decide(game, ais, "ana") == Action("ana", "play", card="r4")


@pytest.mark.parametrize(("partner", "card"), [(CALM, "r4"), (["y1", "y2"], "bskip")])
def test_a_skip_hands_the_turn_to_a_partner_close_to_going_out(
    partner: list[Card], card: Card
) -> None:
    hands: dict[str, list[Card]] = {"ana": ["r4", "r2", "r6", "r8", "r9", "bskip"],
                                    "ben": list(CALM),
                                    "cy": partner, "dee": list(CALM)}
    game, ais = position(hands, top="b4", overrides=PARTNERS)
    assert decide(game, ais, "ana") == Action("ana", "play", card=card)


def test_keeps_its_wild_when_only_its_partner_is_close_to_going_out() -> None:
    hands: dict[str, list[Card]] = {"ana": ["wild", "r5", "g1", "g2"], "ben": list(CALM),
                                    "cy": ["b1", "b2"], "dee": list(CALM)}
    alone, ais = position(hands)
    chosen = decide(alone, ais, "ana")
    assert chosen is not None and chosen.card == "wild"
    game, ais = position(hands, overrides=PARTNERS)
    assert decide(game, ais, "ana") == Action("ana", "play", card="r5")


@pytest.mark.parametrize(("overrides", "partner", "color"), [
    (SEEING, ["g5", "g6"], "g"),
    (PARTNERS, ["g5", "g6"], "b"),
    (SEEING, ["g5", "g6", "g7", "y1", "y2", "y3"], "b"),
])
def test_names_a_colour_its_partner_holds_when_it_sees_them_close_to_going_out(
    overrides: dict[str, object], partner: list[Card], color: Color
) -> None:
    """Seen, and close to going out, the partner's colour is named over our own; hidden,
    or far from going out, our own."""
    hands: dict[str, list[Card]] = {"ana": ["wild", "b1", "b2"], "ben": list(CALM),
                                    "cy": partner, "dee": list(CALM)}
    game, ais = position(hands, overrides=overrides)
    assert decide(game, ais, "ana") == Action("ana", "play", card="wild", color=color)


def test_laughs_only_at_its_partner_s_joke() -> None:
    hands: dict[str, list[Card]] = {"ana": list(CALM), "ben": list(CALM), "cy": list(CALM),
                                    "dee": list(CALM)}
    game, ais = position(hands, current="dee", overrides=PARTNERS, joke_by="cy",
                         voters=["ana", "ben", "dee"])
    assert decide(game, ais, "ana") == Action("ana", "vote", laughed=True)
    assert decide(game, ais, "ben") == Action("ben", "vote", laughed=False)


@pytest.mark.parametrize(("partners", "read"), [({}, {"wild": 0}), ({"dee": "ben"}, {})])
def test_a_player_s_own_partner_close_to_going_out_does_not_press_them(
    partners: dict[str, str], read: dict[str, int]
) -> None:
    """A plain number shed while dee holds two cards says ben holds no Wild, unless dee
    is ben's partner: then nobody presses ben, who keeps his Wild for later."""
    memory = Memory(color="r", top="r3", held={"ana": 5, "ben": 5, "cy": 5, "dee": 2},
                    partners={**partners, **{v: k for k, v in partners.items()}})
    memory.observe([Event("played", "ben", ("r5",), 1, "r")], "ana")
    assert memory.seems_to_lack.get("ben", {}) == read


def test_the_memory_knows_the_teams_from_the_view() -> None:
    _, ais = position({"ana": list(CALM), "ben": list(CALM), "cy": list(CALM),
                       "dee": list(CALM)}, overrides=PARTNERS)
    memory = ais["ana"].memory
    assert memory.partners == {"ana": "cy", "cy": "ana", "ben": "dee", "dee": "ben"}
    assert Memory.from_dict(memory.to_dict()) == memory


def test_a_playout_won_by_the_partner_is_won() -> None:
    hands: dict[str, list[Card]] = {"ana": list(CALM), "ben": list(CALM), "cy": ["r4"],
                                    "dee": list(CALM)}
    for overrides, ana_won in (({}, False), (PARTNERS, True)):
        game, _ = position(hands, current="cy", overrides=overrides, uno_called=["cy"])
        game.apply(Action("cy", "play", card="r4"))
        assert game.round_over
        assert (result(game, "ana") == 1.0) is ana_won
        assert result(game, "ben") < 1.0


@pytest.mark.parametrize("see_hands", [False, True])
def test_the_hard_level_deals_the_partner_s_hand_exactly_when_it_sees_it(
    see_hands: bool
) -> None:
    """Unseen: the opponents' hands and the draw pile, with the partner's hand too unless
    partners see hands; then every deal gives the partner exactly their hand."""
    game, computers = new_table("classic", 4, seed=3, levels=("normal",),
                                overrides={**PARTNERS, "partners_see_hands": see_hands})
    checked = 0
    while not game.round_over:
        for player, computer in computers.items():
            view = game.view(player)
            computer.memory.sync(view)
            partner = game.partner_of(player)
            hidden = [c for p in game.players if p != player and (p != partner or not see_hands)
                      for c in game.hands[p]]
            unseen = unseen_cards(view, computer.memory)
            assert unseen is not None and Counter(unseen) == Counter(hidden + game.draw_pile)
            for seed in range(3):
                hands, draw = deal_hidden(view, unseen, computer.memory, SplitMix(seed))
                assert set(hands) == set(game.players) - {player}
                assert all(len(hands[p]) == len(game.hands[p]) for p in hands)
                assert len(draw) == len(game.draw_pile)
                if see_hands:
                    assert hands[partner or ""] == game.hands[partner or ""]
            checked += 1
        action = computer_action(game, computers)
        assert action is not None
        show_events(game, computers.values(), game.apply(action))
    assert checked > 40
