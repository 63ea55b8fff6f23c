"""Crafted positions for the computer players' tests."""

from __future__ import annotations

from typing import Any

from bot.ai import ComputerPlayer, show_events
from bot.engine import Action, Game, Options
from bot.engine.cards import Card, Color

FILLER: list[Card] = ["y5", "y6", "y7", "y8", "y9", "b9", "b8", "g8", "g9", "g7"]


def position(
    hands: dict[str, list[Card]], top: Card = "r3", *, ruleset: str = "classic",
    current: str | None = None, overrides: dict[str, Any] | None = None,
    draw: list[Card] | None = None, color: Color | None = None, **parts: Any,
) -> tuple[Game, dict[str, ComputerPlayer]]:
    """A mid-round position with a ``normal`` computer player in every seat; ``parts``
    are more of ``Game.from_position``'s."""
    players = list(hands)
    game = Game.from_position(
        ruleset, Options.for_ruleset(ruleset, overrides or {}), players, hands=hands,
        discard=[top], draw=list(FILLER if draw is None else draw),
        current=current or players[0], color=color, **parts,
    )
    computers = {p: ComputerPlayer(p, "normal", seed=7) for p in players}
    show_events(game, computers.values(), [])
    return game, computers


def act(game: Game, computers: dict[str, ComputerPlayer], action: Action) -> None:
    """Apply a scripted action and show its events to every computer player."""
    show_events(game, computers.values(), game.apply(action))


def decide(game: Game, computers: dict[str, ComputerPlayer], player: str) -> Action | None:
    return computers[player].choose(game.view(player), game.legal_actions(player))
