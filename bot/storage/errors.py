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
