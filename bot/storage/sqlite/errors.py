"""SQLite's failures: which mean the file or the disk let a write down, and the one
sentence for an operator whose file cannot be opened."""

from __future__ import annotations

from bot.storage.errors import DatabaseUnusable

# SQLite's primary result codes (the low byte of ``sqlite_errorcode``).
SQLITE_PERM = 3
SQLITE_BUSY = 5
SQLITE_LOCKED = 6
SQLITE_READONLY = 8
SQLITE_IOERR = 10
SQLITE_CORRUPT = 11
SQLITE_FULL = 13
SQLITE_CANTOPEN = 14
SQLITE_PROTOCOL = 15
SQLITE_AUTH = 23
SQLITE_NOTADB = 26

UNAVAILABLE_CODES = frozenset({
    SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN,
    SQLITE_PROTOCOL, SQLITE_PERM, SQLITE_AUTH, SQLITE_CORRUPT, SQLITE_NOTADB,
})
"""The codes that mean the file or the disk let a write down, not that the SQL was wrong."""
DAMAGED_CODES = frozenset({SQLITE_CORRUPT, SQLITE_NOTADB})
"""Those of them that mean the file is damaged: only a backup mends it."""


def primary_code(error: BaseException) -> int | None:
    """SQLite's primary result code of ``error``, or None for anything not from SQLite."""
    code = getattr(error, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def unusable(path: str, error: BaseException) -> DatabaseUnusable:
    """The one sentence for an operator whose database failed to open at start."""
    code = primary_code(error)
    if code in DAMAGED_CODES:
        return DatabaseUnusable(
            f"The database {path} is damaged ({error}): restore it from a backup "
            "(see README) or move it away to start with an empty one."
        )
    if code in (SQLITE_BUSY, SQLITE_LOCKED):
        return DatabaseUnusable(
            f"The database {path} is locked by another program (is another copy of the bot "
            "running?): stop that program, then start the bot again."
        )
    if code in (SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH):
        return DatabaseUnusable(
            f"The database {path} cannot be opened for writing ({error}): make the file and "
            "its folder writable for this user, or set DATABASE_PATH to a writable place."
        )
    if code == SQLITE_FULL:
        return DatabaseUnusable(
            f"The disk that holds the database {path} is full: free some space, then start "
            "the bot again."
        )
    if isinstance(error, OSError):
        return DatabaseUnusable(
            f"The folder for the database {path} cannot be created ({error.strerror}): "
            "create it or set DATABASE_PATH to a writable place."
        )
    return DatabaseUnusable(
        f"The database {path} cannot be used ({error}): check the disk, or restore the file "
        "from a backup (see README)."
    )
