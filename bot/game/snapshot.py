"""What the UI answers a click from: the table as the player who clicked finds it.

:class:`Snapshot` is taken under the table's lock, once the click's change (if any) is
saved, and read after the lock is released: the UI composes its answer from it alone,
so no UI code runs under the lock and nothing it reads can change while it composes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.engine import Event, PlayerView
from bot.game.drafts import OpenChoice
from bot.game.players import PlayerId
from bot.game.table import Player, Table, find_player


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One player's table at one version: enough to draw their hand, ask what their
    click left open, and name everyone."""

    guild_id: int
    channel_id: int
    version: int
    """The table's state version: the buttons drawn from this snapshot carry it."""
    language: str
    """What the table's shared messages speak (``Table.language``)."""
    images: bool
    players: tuple[Player, ...]
    """Everyone seated (or once seated), to name them."""
    viewer: str
    """The engine's id of the player who clicked (or ran the command)."""
    view: PlayerView
    """The game as ``viewer`` may see it now (``Game.seat_view``)."""
    events: tuple[Event, ...] = ()
    """What the click did; none when it changed nothing."""
    last_action: tuple[Mapping[str, Any], ...] = ()
    """The table's last logged action (``Table.recent_actions``), as public events."""
    question: OpenChoice | None = None
    """What the click left open, to be asked; ``None`` when it was whole."""

    @classmethod
    def take(cls, table: Table, viewer: str, events: Iterable[Event] = (),
             question: OpenChoice | None = None) -> Snapshot:
        """``viewer``'s snapshot of ``table`` as it is now (under its lock)."""
        game = table.game
        assert game is not None
        last = table.recent_actions[-1] if table.recent_actions else []
        return cls(table.guild_id, table.channel_id, table.version, table.language,
                   table.images, tuple(table.players), viewer, game.seat_view(viewer),
                   tuple(events), tuple(last), question)

    def player(self, player: PlayerId | str) -> Player | None:
        """A seated (or once seated) player, from their id or the engine's (as
        ``Table.player``)."""
        return find_player(self.players, player)
