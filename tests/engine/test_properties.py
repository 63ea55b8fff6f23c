"""Properties of random legal play over every ruleset, 2 to 10 players (hypothesis;
the profiles, fixed in CI and deep on demand, are in conftest.py)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from bot.engine import NO_EFFECT, Action, Game, IllegalAction
from bot.engine.cards import build_deck
from bot.engine.legal import canonical
from tests.engine.random_play import (
    ALL_RULESETS,
    candidate_actions,
    choose_action,
    choose_actor,
    new_game,
    random_options,
)

MAX_ACTIONS = 30_000
NO_EFFECT_KINDS = [[kind] for kind in NO_EFFECT]

games = st.tuples(
    st.sampled_from(ALL_RULESETS), st.integers(2, 10), st.integers(0, 2**32 - 1)
)


def _setup(spec: tuple[str, int, int]) -> tuple[Game, random.Random]:
    ruleset, players, seed = spec
    rng = random.Random(seed)
    return new_game(ruleset, players, seed, random_options(rng, ruleset)), rng


def _step(game: Game, rng: random.Random) -> Action:
    """One random legal action (dealing the next round when a round is over)."""
    if game.round_over:
        return Action(game.players[0], "next_round")
    actor = choose_actor(game, rng)
    actions = game.legal_actions(actor)
    if not actions:
        actor = rng.choice(game.waiting_for())
        actions = game.legal_actions(actor)
    return choose_action(actions, rng)


@given(games)
def test_cards_are_conserved_and_the_player_to_move_can_always_act(
    spec: tuple[str, int, int],
) -> None:
    game, rng = _setup(spec)
    deck_size = len(build_deck(game.ruleset))
    for _ in range(MAX_ACTIONS):
        if game.match_over:
            break
        if not game.round_over:
            waiting = game.waiting_for()
            assert waiting
            for player in waiting:
                assert game.legal_actions(player), f"{player} has no legal action"
        game.apply(_step(game, rng))
        assert game.card_count() == deck_size
    assert game.match_over, "the match did not end"
    assert game.match_winner in game.players


@given(games, st.integers(0, 200))
def test_listed_actions_apply_and_unlisted_ones_change_nothing(
    spec: tuple[str, int, int], steps: int
) -> None:
    game, rng = _setup(spec)
    for _ in range(steps):
        if game.match_over:
            return
        game.apply(_step(game, rng))
    if game.round_over:
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


@given(games, st.integers(0, 300), st.integers(1, 200))
def test_a_restored_state_plays_on_identically(
    spec: tuple[str, int, int], before: int, after: int
) -> None:
    game, rng = _setup(spec)
    for _ in range(before):
        if game.match_over:
            return
        game.apply(_step(game, rng))
    restored = Game.from_dict(game.to_dict())
    assert restored.to_dict() == game.to_dict()
    chooser_state = rng.getstate()
    twin_rng = random.Random()
    twin_rng.setstate(chooser_state)
    for _ in range(after):
        if game.match_over:
            break
        action = _step(game, rng)
        assert _step(restored, twin_rng) == action
        assert [e.to_dict() for e in game.apply(action)] == [
            e.to_dict() for e in restored.apply(action)
        ]
    assert restored.to_dict() == game.to_dict()


@given(games, st.integers(0, 300))
def test_a_view_never_shows_another_players_cards(spec: tuple[str, int, int], steps: int) -> None:
    game, rng = _setup(spec)
    for _ in range(steps):
        if game.match_over:
            return
        action = _step(game, rng)
        events = game.apply(action)
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


@given(games)
def test_same_seed_and_actions_give_the_same_game(spec: tuple[str, int, int]) -> None:
    first, rng = _setup(spec)
    second, _ = _setup(spec)
    assert first.to_dict() == second.to_dict()
    for _ in range(300):
        if first.match_over:
            break
        action = _step(first, rng)
        first_events = [e.to_dict() for e in first.apply(action)]
        assert first_events == [e.to_dict() for e in second.apply(action)]
    assert first.to_dict() == second.to_dict()
