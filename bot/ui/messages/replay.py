"""A finished match waiting for its players to press Play again (``bot.ui.clicks.again``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.game.snapshot import TableSnapshot
from bot.game.table import Player, TableStatus
from bot.i18n import ngettext
from bot.ui.words.names import and_list


@dataclass(slots=True)
class Replay:
    """A finished match waiting for its players to play again."""

    table: TableSnapshot
    """The match's end."""
    ready: set[int] = field(default_factory=set)

    @property
    def people(self) -> list[Player]:
        return [p for p in self.table.players if not p.is_computer]

    def waiting(self) -> list[Player]:
        return [p for p in self.people if p.id not in self.ready]


def ready_line(replay: Replay) -> str:
    """ "Play again: ana is ready; waiting for ben and cy.", in the language of the
    moment."""
    ready = [p.name for p in replay.people if p.id in replay.ready]
    waiting = [p.name for p in replay.waiting()]
    # i18n: {ready} pressed Play again (the button), {waiting} have not yet
    return ngettext("Play again: {ready} is ready; waiting for {waiting}.",
                    "Play again: {ready} are ready; waiting for {waiting}.",
                    len(ready)).format(ready=and_list(ready), waiting=and_list(waiting))


def replayable(table: TableSnapshot) -> bool:
    """Whether ``table`` is a match played to its end by people, which can be played
    again."""
    seen = table.view
    return table.status is TableStatus.ENDED and seen is not None and seen.match_over \
        and any(not p.is_computer for p in table.players)
