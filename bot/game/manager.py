"""GameManager: the table service as the UI sees it, one object wiring its parts.

The :class:`~bot.game.registry.TableRegistry` owns the tables, their locks, versions
and saving; :class:`~bot.game.lobby.Lobby` opens and fills them;
:class:`~bot.game.turns.Turns` plays them, with the
:class:`~bot.game.computers.Computers` moving for computer players. None of them
speaks discord.py: every operation hands back an immutable value taken under the
table's lock (``bot.game.snapshot``), and the ``watcher`` (the UI's board) is told of
every change once the lock is released.
"""

from __future__ import annotations

from bot.game.clock import Clock
from bot.game.lobby import IDLE_CLOSE_SECONDS, Lobby
from bot.game.registry import SeedSource, TableRegistry, TableStore
from bot.game.saving import Recovered
from bot.game.snapshot import TableSnapshot, Watcher
from bot.game.table import Table, TableStatus
from bot.game.thinking import Thinker
from bot.game.turns import Turns


class GameManager:
    def __init__(
        self,
        clock: Clock,
        watcher: Watcher | None = None,
        *,
        store: TableStore | None = None,
        idle_seconds: float = IDLE_CLOSE_SECONDS,
        first_version: int | None = None,
        seeds: SeedSource | None = None,
        thinker: Thinker | None = None,
    ) -> None:
        """``watcher`` is told of every change (``None``: nobody is, as in the game
        layer's tests); ``store`` saves every change (``None``: nothing is saved)."""
        self.clock = clock
        self.registry = TableRegistry(store=store, first_version=first_version, seeds=seeds,
                                      on_close=self._closed, on_revert=self._reverted)
        self.turns = Turns(self.registry, clock, watcher, thinker=thinker)
        self.computers = self.turns.computers
        self.lobby = Lobby(self.registry, clock, self.turns, watcher,
                           idle_seconds=idle_seconds)

    @property
    def store(self) -> TableStore | None:
        return self.registry.store

    def get(self, channel_id: int) -> Table | None:
        return self.registry.get(channel_id)

    def shown(self, channel_id: int) -> TableSnapshot | None:
        """The channel's table as it stands, taken without waiting for its lock: for
        what a change does not touch (its rules), or a question asked before any
        change (is this a game, who is in it)."""
        table = self.registry.get(channel_id)
        return TableSnapshot.take(table) if table is not None else None

    def busy(self, channel_id: int) -> bool:
        """Whether a change of the channel's table is being worked on right now."""
        return self.registry.busy(channel_id)

    def restore(self, recovered: Recovered) -> list[TableSnapshot]:
        """Take back the lobbies and games saved before a restart (a game's timer runs
        out at its saved deadline, UNIX time); returns the tables whose channel is to
        be shown them again: the ended games whose end may not have been shown, then
        the games in play."""
        tables = recovered.live
        self.registry.adopt(tables)
        for table in tables:
            if table.status is TableStatus.LOBBY:
                self.lobby.restore(table)
            else:
                self.turns.resume(table)
                self.computers.schedule(table)
        ended = [t for t in recovered.ended if t.table_message_id is not None]
        playing = [t for t in tables if t.status is TableStatus.PLAYING and t.game is not None]
        return [TableSnapshot.take(table) for table in ended + playing]

    # -- what the UI tells of what it delivered -------------------------------------------

    async def table_posted(self, shown: TableSnapshot, message_id: int) -> None:
        await self.turns.table_posted(shown, message_id)

    async def channel_gone(self, shown: TableSnapshot) -> bool:
        return await self.turns.channel_gone(shown)

    async def forget_shown(self, shown: TableSnapshot) -> None:
        await self.registry.forget_shown(shown)

    # -- the parts kept in step ------------------------------------------------------------

    def _closed(self, channel_id: int) -> None:
        """A table closed (or was let go): its timers and computer players stop."""
        self.turns.stop(channel_id)
        self.lobby.stop_idle_timer(channel_id)

    def _reverted(self, table: Table) -> None:
        """A table was put back as last saved: its timers follow that state again."""
        self.turns.reverted(table)
        self.lobby.reverted(table)

    async def shutdown(self) -> None:
        """Stop the timers and wait until no action is in flight (e.g. a save that
        follows an answer), so the store can close under nobody's feet."""
        self.lobby.stop_all()
        self.turns.stop_all()
        await self.registry.quiet()
        self.computers.thinker.close()
