"""Errors the storage layer raises on purpose, so callers can tell them from bugs."""

from __future__ import annotations


class StorageError(Exception):
    """Base class of every error the storage layer raises on purpose."""


class SchemaTooNewError(StorageError):
    """The database was written by a newer version of the bot than this one."""

    def __init__(self, path: str, found: int, known: int) -> None:
        super().__init__(
            f"The database {path} has schema version {found}, but this version of the bot "
            f"only knows versions up to {known}; upgrade the bot (the database was left untouched)."
        )
        self.path = path
        self.found = found
        self.known = known


class DatabaseUnusable(StorageError):
    """The bot cannot start on this database; ``str()`` is one sentence that says what
    to do about it."""


class DatabaseUnreachable(DatabaseUnusable):
    """The database server cannot be reached just now (down, restarting, still starting
    up, out of connections): trying again later may work, unlike a wrong password or a
    missing database. ``reason`` is the server's or the network's own words."""

    def __init__(self, sentence: str, reason: str) -> None:
        super().__init__(sentence)
        self.reason = reason
