"""A consistent copy of the database while the bot runs, with SQLite's online backup API.

The copy is written beside the target under a temporary name, checked, switched out of
WAL mode (one self-contained file) and only then renamed into place, so a failed backup
never leaves a half-written file where a good one is expected.
"""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from pathlib import Path

from bot.storage.errors import DatabaseUnusable


def backup_name(now: float | None = None) -> str:
    return time.strftime("uno-%Y%m%d-%H%M%S.sqlite3", time.localtime(now))


def backup(source: Path, target: Path, busy_timeout: float = 5.0) -> Path:
    """Copy ``source`` to ``target`` (a file, or a folder for a dated file in it) and
    return the file written. Raises ``DatabaseUnusable`` with one sentence on failure."""
    if not source.is_file():
        raise DatabaseUnusable(
            f"There is no database at {source} to back up: check DATABASE_PATH."
        )
    if target.is_dir():
        target = target / backup_name()
    partial = target.with_name(target.name + ".partial")
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
        partial.replace(target)
    except (sqlite3.Error, OSError) as error:
        raise DatabaseUnusable(
            f"The backup of {source} to {target} failed ({error}): check the paths and the "
            "free space, then try again."
        ) from error
    finally:
        partial.unlink(missing_ok=True)
    return target
