"""PostgreSQL's failures: which mean the server, its disk or a lock let a write down,
and the one sentence for an operator whose server cannot be used at start."""

from __future__ import annotations

import asyncpg

from bot.storage.errors import DatabaseUnreachable, DatabaseUnusable

UNAVAILABLE_CLASSES = frozenset({
    "08",  # connection exception: the connection was lost or refused
    "53",  # insufficient resources: disk full, out of memory, too many connections
    "57",  # operator intervention: shutdown, a statement cancelled or timed out
    "58",  # system error: an I/O error
    "XX",  # internal error: a damaged table or index
})
UNAVAILABLE_STATES = frozenset({
    "55P03",  # lock not available: held past lock_timeout (DATABASE_BUSY_TIMEOUT)
    "55006",  # object in use
    "25006",  # read-only transaction: a standby, or default_transaction_read_only
    "40001",  # serialization failure
    "40P01",  # deadlock detected
})

NOT_YET_STATES = frozenset({
    "57P01",  # admin shutdown: the server is stopping
    "57P02",  # crash shutdown
    "57P03",  # cannot connect now: the server is starting up
    "53300",  # too many connections
})
"""Refusals at connection time that go away by themselves: tried again at start."""


def is_unreachable(error: BaseException) -> bool:
    """Whether ``error``, met while connecting, means the server cannot be reached just
    now (see ``DatabaseUnreachable``)."""
    return isinstance(error, OSError | TimeoutError | asyncpg.PostgresConnectionError) or (
        isinstance(error, asyncpg.PostgresError) and error.sqlstate in NOT_YET_STATES)


def is_unavailable(error: BaseException) -> bool:
    """Whether ``error`` is the server's, the disk's or the network's failure rather
    than a mistake in the SQL or a broken constraint (a bug, raised as is)."""
    if isinstance(error, OSError | TimeoutError):  # OSError: the socket; Timeout: the pool
        return True
    if isinstance(error, asyncpg.InterfaceError):
        # A connection lost between two statements: the pool has let go of it. (Its other
        # uses, two statements at once on one connection, never happen here.)
        return True
    if not isinstance(error, asyncpg.PostgresError):
        return False
    state = str(error.sqlstate)
    return state[:2] in UNAVAILABLE_CLASSES or state in UNAVAILABLE_STATES


DAMAGED_STATES = frozenset({
    "XX001",  # data corrupted: a damaged table page
    "XX002",  # index corrupted
})


def is_damaged(error: BaseException) -> bool:
    """Whether ``error`` is the server finding the database's own pages damaged."""
    return isinstance(error, asyncpg.PostgresError) and str(error.sqlstate) in DAMAGED_STATES


def unusable(name: str, error: BaseException) -> DatabaseUnusable:
    """The one sentence for an operator whose PostgreSQL cannot be used at start."""
    reason = str(error).rstrip(".") or type(error).__name__
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return DatabaseUnusable(
            f"The database of DATABASE_URL {name} does not exist ({reason}): create it "
            "(createdb) or correct DATABASE_URL."
        )
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError):
        return DatabaseUnusable(
            f"PostgreSQL refused the user or password of DATABASE_URL {name} ({reason}): "
            "correct them, then start the bot again."
        )
    if is_unreachable(error):
        return DatabaseUnreachable(
            f"The PostgreSQL server of DATABASE_URL {name} cannot be reached ({reason}): "
            "start it or correct DATABASE_URL, then start the bot again.",
            reason,
        )
    return DatabaseUnusable(
        f"The database {name} cannot be used ({reason}): check the server and its disk, "
        "then start the bot again."
    )
