"""Properties of legal play over every ruleset, 2 to 10 players, and partners (hypothesis;
the profiles, fixed in CI and deep on demand, are in conftest.py). Hypothesis draws the
deal and every choice of the game (``random_play.choosers``), so a failure shrinks to a
short game."""

from __future__ import annotations

import copy
import random

from hypothesis import given, note
from hypothesis import strategies as st

from bot.engine import NO_EFFECT, Action, Game, IllegalAction
from bot.engine.cards import build_deck
from bot.engine.legal import canonical
from tests.engine.random_play import (
    Deal,
    FirstChoice,
    candidate_actions,
    choosers,
    deals,
    partner_deals,
    play_on,
    step,
)

MAX_ACTIONS = 30_000
DRAWN_ACTIONS = 1_000
"""Actions whose choices Hypothesis draws; a longer match plays on with the first choice
each time, within Hypothesis's budget of choices per example."""
NO_EFFECT_KINDS = [[kind] for kind in NO_EFFECT]


def played(game: Game, rng: random.Random, steps: int) -> bool:
    """Plays ``steps`` actions; False when the match ends before them all."""
    for _ in range(steps):
        if game.match_over:
            return False
        play_on(game, rng)
    return True


@given(deals, choosers)
def test_cards_are_conserved_and_the_player_to_move_can_always_act(
    deal: Deal, rng: random.Random
) -> None:
    game = deal.new()
    deck_size = len(build_deck(game.ruleset))
    for count in range(MAX_ACTIONS):
        if game.match_over:
            break
        if not game.round_over:
            waiting = game.waiting_for()
            assert waiting
            for player in waiting:
                assert game.legal_actions(player), f"{player} has no legal action"
        play_on(game, rng if count < DRAWN_ACTIONS else FirstChoice())
        assert game.card_count() == deck_size
    assert game.match_over, "the match did not end"
    assert game.match_winner in game.players


@given(deals, choosers, st.integers(0, 200))
def test_listed_actions_apply_and_unlisted_ones_change_nothing(
    deal: Deal, rng: random.Random, steps: int
) -> None:
    game = deal.new()
    if not played(game, rng, steps) or game.round_over:
        return
    snapshot = game.to_dict()
    for player in game.players:
        listed = game.legal_actions(player)
        for action in listed:
            Game.from_dict(snapshot).apply(action)
        for action in candidate_actions(game, player):
            if canonical(game, action) in listed:
                continue
            trial = Game.from_dict(snapshot)
            try:
                events = trial.apply(action)
            except IllegalAction:
                pass
            else:  # only the rules' no-effect actions pass unlisted, and change nothing
                assert [e.kind for e in events] in NO_EFFECT_KINDS, f"unlisted {action} applied"
            assert trial.to_dict() == snapshot, f"{action} changed the state"


@given(deals, choosers, st.integers(0, 300), st.integers(1, 200))
def test_a_restored_state_plays_on_identically(
    deal: Deal, rng: random.Random, before: int, after: int
) -> None:
    game = deal.new()
    if not played(game, rng, before):
        return
    restored = Game.from_dict(game.to_dict())
    assert restored.to_dict() == game.to_dict()
    twin_rng = copy.copy(rng)  # the same choices for the same questions
    for _ in range(after):
        if game.match_over:
            break
        action = step(game, rng)
        note(action)
        assert step(restored, twin_rng) == action
        assert [e.to_dict() for e in game.apply(action)] == [
            e.to_dict() for e in restored.apply(action)
        ]
    assert restored.to_dict() == game.to_dict()


@given(deals, choosers, st.integers(0, 300))
def test_a_view_never_shows_another_players_cards(
    deal: Deal, rng: random.Random, steps: int
) -> None:
    game = deal.new()
    for _ in range(steps):
        if game.match_over:
            return
        events = play_on(game, rng)
        for viewer in game.players:
            for event in events:
                seen = event.redact(viewer)
                if event.private_to and viewer not in event.private_to:
                    assert seen.cards == ()
    for viewer in game.players:
        view = game.view(viewer)
        assert view["hand"] == game.hands[viewer]
        shown = game.hands_shown_until is not None
        for seat in view["players"]:
            if seat["id"] != viewer and not shown:
                assert "hand" not in seat


@given(deals, choosers)
def test_same_seed_and_actions_give_the_same_game(deal: Deal, rng: random.Random) -> None:
    first, second = deal.new(), deal.new()
    assert first.to_dict() == second.to_dict()
    for _ in range(300):
        if first.match_over:
            break
        action = step(first, rng)
        note(action)
        first_events = [e.to_dict() for e in first.apply(action)]
        assert first_events == [e.to_dict() for e in second.apply(action)]
    assert first.to_dict() == second.to_dict()


LEAVES = range(400)
"""When a player leaves a partner game: at one of its first actions, or never."""


@given(partner_deals, choosers, st.sampled_from(LEAVES), st.sampled_from(LEAVES), st.booleans())
def test_partner_games_end_with_the_teams_fixed_and_partners_scoring_alike(
    deal: Deal, rng: random.Random, leave: int, desert: int, deserted: bool
) -> None:
    """Cards are conserved, the teams never change, partners' scores never differ, and
    the match ends with a team's win: at the target, or by forfeit when players leave
    (one at ``leave``; when ``deserted``, at ``desert`` one after another until a single
    team is left)."""
    game = deal.new()
    teams = game.teams
    deck_size = len(build_deck(game.ruleset))
    for count in range(MAX_ACTIONS):
        if game.match_over:
            break
        if count == leave or (deserted and count >= desert):
            leaver = rng.choice(game.players)
            note(f"{leaver} leaves")
            game.apply(Action(leaver, "leave"))
        else:
            play_on(game, rng if count < DRAWN_ACTIONS else FirstChoice())
        assert game.card_count() == deck_size
        assert game.teams == teams and all(p in game.team_of(p) for p in game.players)
        assert all(game.scores[a] == game.scores[b] for a, b in teams)
        if game.round_result is not None:
            assert game.round_result.team == game.team_of(game.round_result.winner)
    assert game.match_result is not None, "the match did not end"
    winners = game.match_result.winners
    assert winners == tuple(p for p in game.players if p in game.team_of(winners[0]))
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


@given(partner_deals, choosers, st.integers(0, 300))
def test_a_partner_view_shows_the_partner_s_hand_and_no_other(
    deal: Deal, rng: random.Random, steps: int
) -> None:
    game = deal.new()
    if not played(game, rng, steps):
        return
    shown = game.hands_shown_until is not None
    for viewer in game.players:
        partner = game.partner_of(viewer)
        view = game.view(viewer)
        assert view["partner"] == (partner if partner in game.hands else None)
        seen = {viewer, partner} if game.options.partners_see_hands else {viewer}
        for seat in view["players"]:
            assert ("hand" in seat) == (shown or seat["id"] in seen)
            if "hand" in seat:
                assert seat["hand"] == game.hands[seat["id"]]
