"""What every store (matches, leaderboards, settings, saved games) needs of a database,
whichever it is: reads, a write alone, and a transaction.

The stores write their SQL once, with ``?`` placeholders and in the SQL that SQLite and
PostgreSQL both speak; each backend (``bot.storage.sqlite``, ``bot.storage.postgres``)
runs it and maps the failures of its disk, locks or server to ``StorageUnavailable``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, ClassVar, Protocol

Row = tuple[Any, ...]
Statement = tuple[str, Sequence[Any]]
"""SQL with its parameters."""

DEFAULT_BUSY_TIMEOUT = 5.0
"""Seconds a statement waits for a lock held by another program (a backup, the sqlite3
shell, another bot process) before it gives up."""


class Session(Protocol):
    """One connection to send statements on, inside a write or a transaction."""

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run one statement; its rows (none for most writes)."""
        ...

    async def fetch_after(self, writes: Sequence[Statement], sql: str,
                          params: Sequence[Any] = ()) -> list[Row]:
        """Run ``writes``, then one statement; that statement's rows. One trip where the
        database can (PostgreSQL: the writes go in the statement as data-modifying
        ``WITH`` queries), so neither the statement nor any write may depend on what
        the writes before it change: on PostgreSQL they all see the database as it was
        before, and may run in any order."""
        ...


class Connected(ABC):
    """The base of the stores; a backend provides the three ways in."""

    name: str
    """The database for log lines: a path, or a URL without its password."""

    raw_state: ClassVar[str]
    """SQL for a saved game's ``state`` column as bytes: a state that is not valid UTF-8
    must fail its own row, not the whole query."""

    state_with_table_message: ClassVar[str]
    """SQL for a saved game's ``state`` with its ``table_message_id`` set to the
    statement's first parameter (an integer)."""

    @abstractmethod
    async def read(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """A read that never waits for a write and sees only committed ones."""

    @abstractmethod
    def _writing(self) -> AbstractAsyncContextManager[Session]:
        """A session for a write that stands alone (autocommit)."""

    @abstractmethod
    async def _check_damage(self, session: Session) -> None:
        """Raise ``StorageDamaged`` if the database finds itself damaged. A row that is
        not where a compare-and-set expects it is another process's save only in a
        sound database: a damaged page can lose a row or change its version."""

    @abstractmethod
    def transaction(self, server: int | None = None) -> AbstractAsyncContextManager[Session]:
        """A session inside one transaction: committed at the end, rolled back by any
        exception (then ``StorageUnavailable`` for a failure of the database). With a
        ``server`` (a guild id), it waits for any other transaction of that server's to
        end first, and holds the others back until it ends."""


def value_rows(width: int, count: int) -> str:
    """``count`` rows of ``width`` placeholders, for a multi-row VALUES or an IN list."""
    row = f"({', '.join('?' * width)})"
    return ", ".join([row] * count)
