"""A table for the tests: computer players in every seat, every choice checked."""

from __future__ import annotations

from bot.ai import ComputerPlayer, show_events
from bot.engine import Action, Game, Options

MAX_ACTIONS = 200_000


def new_table(
    ruleset: str, players: int, seed: int, levels: tuple[str, ...] = ("normal", "easy"),
    overrides: dict[str, object] | None = None,
) -> tuple[Game, dict[str, ComputerPlayer]]:
    """A dealt match; seat ``i`` plays at ``levels[i % len(levels)]``."""
    ids = [f"p{i}" for i in range(players)]
    game = Game.new(ruleset, Options.for_ruleset(ruleset, overrides or {}), ids, seed)
    computers = {
        p: ComputerPlayer(p, levels[i % len(levels)], seed * 100 + i) for i, p in enumerate(ids)
    }
    show_events(game, computers.values(), [])
    return game, computers


def play_checked(game: Game, computers: dict[str, ComputerPlayer],
                 whole_match: bool = True) -> list[Action]:
    """Play until the match (or round) ends, asserting that every choice is one of the
    chooser's legal actions and that a player the game waits on always acts."""
    log: list[Action] = []
    while not (game.match_over if whole_match else game.round_over):
        assert len(log) < MAX_ACTIONS, "the match does not end"
        if game.round_over:
            action: Action | None = Action(game.players[0], "next_round")
        else:
            action = _first_choice(game, computers)
        assert action is not None
        show_events(game, computers.values(), game.apply(action))
        log.append(action)
    return log


def _first_choice(game: Game, computers: dict[str, ComputerPlayer]) -> Action | None:
    waiting = game.waiting_for()
    for player in game.players:
        legal = game.legal_actions(player)
        action = computers[player].choose(game.view(player), legal)
        assert action is None or action in legal, (action, legal)
        if player in waiting and legal:
            assert action is not None
        if action is not None:
            return action
    return None
