"""A computer player knows only its view and the events redacted for it: under partners
its partner's hand too when partners see hands (RULES.md 12), and nobody else's."""

from __future__ import annotations

import json
import random
from collections.abc import Collection

import pytest

from bot.ai import ComputerPlayer, computer_action, show_events
from bot.engine import RULESETS, Action, Game
from bot.engine.cards import Card
from tests.ai.positions import act, decide, position
from tests.ai.tables import new_table


@pytest.mark.parametrize("ben_holds", [["r9", "b2"], ["g6", "b2"], ["y1", "y2"]])
def test_hidden_cards_do_not_change_the_challenge(ben_holds: list[Card]) -> None:
    """Guilty or not, the same seen play gives the same answer."""
    game, ais = position({"ben": ["r5", "wild4", *ben_holds], "ana": ["r7", "g1", "g2", "y3"]})
    act(game, ais, Action("ben", "play", card="r5"))
    act(game, ais, Action("ana", "play", card="r7"))
    act(game, ais, Action("ben", "play", card="wild4", color="g"))
    assert decide(game, ais, "ana") == Action("ana", "challenge")


def reshuffle_hidden(game: Game, viewer: str, rng: random.Random,
                     seen: Collection[str] = ()) -> Game:
    """A copy of ``game`` that ``viewer`` cannot tell apart: the other hands (but those
    of ``seen``) and the draw pile dealt again from the same cards, every hand keeping
    its size."""
    copy = Game.from_dict(game.to_dict())
    others = [p for p in copy.players if p != viewer and p not in seen]
    pool = [c for p in others for c in copy.hands[p]] + copy.draw_pile
    rng.shuffle(pool)
    for player in others:
        size = len(copy.hands[player])
        copy.hands[player], pool = pool[:size], pool[size:]
    copy.draw_pile = pool
    return copy


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_same_view_and_events_with_other_hidden_cards_give_the_same_choice(
    ruleset: str,
) -> None:
    rng = random.Random(ruleset)
    compared = 0
    game, computers = new_table(ruleset, 4, seed=3, levels=("normal", "easy"))
    while not game.round_over:
        for player in game.players:
            legal = game.legal_actions(player)
            if not legal or game.hands_shown_until is not None or player not in computers:
                continue
            twin = ComputerPlayer.from_dict(computers[player].to_dict())
            other = reshuffle_hidden(game, player, rng)
            assert other.view(player) == game.view(player)
            real = computers[player].choose(game.view(player), legal)
            assert twin.choose(other.view(player), other.legal_actions(player)) == real
            compared += 1
        action = computer_action(game, computers)
        assert action is not None
        show_events(game, computers.values(), game.apply(action))
    assert compared > 10


@pytest.mark.parametrize("see_hands", [False, True])
def test_under_partners_a_player_reads_its_partner_s_hand_only_when_partners_see_hands(
    see_hands: bool,
) -> None:
    """The other hands dealt again, the partner's kept when partners see hands: the same
    view and the same choice, at every level. With partners seeing hands, the partner's
    hand dealt again too shows in the view, and changes some choices: it is read."""
    rng = random.Random(see_hands)
    game, computers = new_table("seven-o", 4, seed=4, levels=("hard", "normal", "easy", "normal"),
                                overrides={"partners": True, "partners_see_hands": see_hands})
    for computer in computers.values():
        computer.playouts = 12
    compared = changed = 0
    while not game.round_over:
        for player in game.players:
            legal = game.legal_actions(player)
            if not legal or game.hands_shown_until is not None:
                continue
            partner = game.partner_of(player) or ""
            other = reshuffle_hidden(game, player, rng, seen=[partner] if see_hands else [])
            assert other.view(player) == game.view(player)
            real = _twin(computers[player]).choose(game.view(player), legal)
            assert _twin(computers[player]).choose(other.view(player),
                                                   other.legal_actions(player)) == real
            compared += 1
            if see_hands:
                dealt_again = reshuffle_hidden(game, player, rng)
                if dealt_again.hands[partner] != game.hands[partner]:
                    assert dealt_again.view(player) != game.view(player)
                changed += _twin(computers[player]).choose(
                    dealt_again.view(player), dealt_again.legal_actions(player)) != real
        action = computer_action(game, computers)
        assert action is not None
        show_events(game, computers.values(), game.apply(action))
    assert compared > 10
    assert (changed > 0) is see_hands


def _twin(computer: ComputerPlayer) -> ComputerPlayer:
    """A copy of ``computer`` to ask (asking moves its generator on)."""
    twin = ComputerPlayer.from_dict(computer.to_dict())
    twin.playouts = computer.playouts
    return twin


def test_choices_need_nothing_but_a_json_view() -> None:
    """The view may travel as JSON (a saved game, another process): same choices."""
    game, computers = new_table("classic", 3, seed=5, levels=("normal",))
    twins = {p: ComputerPlayer.from_dict(c.to_dict()) for p, c in computers.items()}
    while not game.round_over:
        action = None
        for player in game.players:
            legal = game.legal_actions(player)
            view = json.loads(json.dumps(game.view(player)))
            action = computers[player].choose(game.view(player), legal)
            assert twins[player].choose(view, list(legal)) == action
            if action is not None:
                break
        assert action is not None
        events = game.apply(action)
        show_events(game, computers.values(), events)
        show_events(game, twins.values(), events)
    assert game.round_winner is not None
