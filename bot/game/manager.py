"""GameManager: the table service as the UI sees it, one object wiring its parts.

The :class:`~bot.game.registry.TableRegistry` owns the tables, their locks, versions
and saving; :class:`~bot.game.lobby.Lobby` opens and fills them;
:class:`~bot.game.turns.Turns` plays them, with the
:class:`~bot.game.computers.Computers` moving for computer players. None of them
speaks discord.py: the UI passes callbacks in and reads the tables.
"""

from __future__ import annotations

from bot.game.clock import Clock
from bot.game.computers import Computers
from bot.game.lobby import IDLE_CLOSE_SECONDS, Lobby, Publish
from bot.game.registry import SeedSource, TableRegistry, TableStore
from bot.game.table import Phase, Table
from bot.game.thinking import Thinker
from bot.game.turns import Turns


class GameManager:
    def __init__(
        self,
        clock: Clock,
        on_closed: Publish | None = None,
        *,
        store: TableStore | None = None,
        idle_seconds: float = IDLE_CLOSE_SECONDS,
        first_version: int | None = None,
        seeds: SeedSource | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        self.clock = clock
        self.registry = TableRegistry(store=store, first_version=first_version, seeds=seeds)
        self.computers = Computers(self.registry, clock, thinker=thinker)
        self.turns = Turns(self.registry, clock, self.computers)
        self.lobby = Lobby(self.registry, clock, self.turns, on_closed,
                           idle_seconds=idle_seconds)

    @property
    def store(self) -> TableStore | None:
        return self.registry.store

    @store.setter
    def store(self, store: TableStore | None) -> None:
        self.registry.store = store

    def get(self, channel_id: int) -> Table | None:
        return self.registry.get(channel_id)

    def restore(self, tables: list[Table]) -> None:
        """Take back saved lobbies and games after a restart; a game's timer runs out
        at its saved deadline (UNIX time)."""
        self.registry.adopt(tables)
        for table in tables:
            if table.phase is Phase.LOBBY:
                self.lobby.restore(table)
            else:
                self.turns.resume(table)
                self.computers.schedule(table)

    async def shutdown(self) -> None:
        """Stop the timers and wait until no action is in flight (e.g. a save that
        follows an answer), so the store can close under nobody's feet."""
        self.lobby.stop_all()
        self.turns.stop_all()
        await self.registry.quiet()
        self.computers.thinker.close()
