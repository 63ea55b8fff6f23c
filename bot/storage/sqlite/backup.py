"""A consistent copy of the database while the bot runs, with SQLite's online backup API.

The copy is written beside the target under a temporary name, checked, switched out of
WAL mode (one self-contained file) and only then renamed into place, so a failed backup
never leaves a half-written file where a good one is expected.
"""

from __future__ import annotations

import os
import sqlite3
import time
from contextlib import closing
from pathlib import Path

from bot.storage.errors import DatabaseUnusable


def backup_name(now: float | None = None) -> str:
    return time.strftime("uno-%Y%m%d-%H%M%S.sqlite3", time.localtime(now))


def backup_file(source: Path, target: str) -> Path:
    """The file a backup to ``target`` writes: ``target`` itself, or a dated file in it
    when it names a folder (one that exists, or any path written with a trailing
    slash, as in ``backup backups/``). Its folder is created. Raises
    ``DatabaseUnusable`` for a path under a regular file, and for the live database."""
    path = Path(os.path.abspath(target))
    if target.endswith(("/", os.sep)) or path.is_dir():
        path = path / backup_name()
    blocking = next((p for p in path.parents if p.exists() and not p.is_dir()), None)
    if blocking is not None:
        raise DatabaseUnusable(
            f"The backup cannot be written to {target} because {blocking} is a file, "
            "not a folder: choose another PATH."
        )
    if path.exists() and path.samefile(source):
        raise DatabaseUnusable(
            f"The backup cannot be written to {target} because that is the live database "
            "itself: choose another PATH, such as backups/."
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DatabaseUnusable(
            f"The folder {path.parent} for the backup cannot be created "
            f"({error.strerror}): choose another PATH."
        ) from error
    return path


def backup(source: Path, target: str, busy_timeout: float = 5.0) -> Path:
    """Copy ``source`` to ``target`` (a file, or a folder for a dated file in it: see
    :func:`backup_file`) and return the file written. Raises ``DatabaseUnusable`` with
    one sentence on failure."""
    if not source.is_file():
        raise DatabaseUnusable(
            f"There is no database at {source} to back up: check DATABASE_PATH."
        )
    written = backup_file(source, target)
    partial = written.with_name(written.name + ".partial")
    try:
        partial.unlink(missing_ok=True)
        with (
            closing(sqlite3.connect(source, timeout=busy_timeout)) as live,
            closing(sqlite3.connect(partial)) as copy,
        ):
            live.backup(copy)  # all pages in one step: one consistent snapshot
            copy.execute("PRAGMA journal_mode = DELETE")
            found = [row[0] for row in copy.execute("PRAGMA quick_check")]
        if found != ["ok"]:
            raise DatabaseUnusable(
                f"The database {source} is damaged ({found[0]}), so no backup was written: "
                "restore an older backup (see README)."
            )
        partial.replace(written)
    except (sqlite3.Error, OSError) as error:
        raise DatabaseUnusable(
            f"The backup of {source} to {written} failed ({error}): check the paths and the "
            "free space, then try again."
        ) from error
    finally:
        partial.unlink(missing_ok=True)
    return written
