"""A finished match waiting for its players to press Play again (``bot.ui.again``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.game.table import Phase, Player, Table


@dataclass(slots=True)
class Replay:
    """A finished match waiting for its players to play again."""

    table: Table
    ready: set[int] = field(default_factory=set)

    @property
    def people(self) -> list[Player]:
        return [p for p in self.table.players if not p.is_computer]

    def waiting(self) -> list[Player]:
        return [p for p in self.people if p.id not in self.ready]


def ready_line(replay: Replay) -> str:
    """ "Play again: ana is ready; waiting for ben and cy." """
    ready = [p.name for p in replay.people if p.id in replay.ready]
    waiting = [p.name for p in replay.waiting()]
    verb = "is" if len(ready) == 1 else "are"
    return f"Play again: {_and(ready)} {verb} ready; waiting for {_and(waiting)}."


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def replayable(table: Table) -> bool:
    """Whether ``table`` is a match played to its end by people, which can be played
    again."""
    game = table.game
    return table.phase is Phase.ENDED and game is not None and game.match_over \
        and any(not p.is_computer for p in table.players)
