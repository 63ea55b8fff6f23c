"""A page of a real SQLite file overwritten with noise, then put back: the same file, as
a disk's bad sector would do, then its repair."""

from __future__ import annotations

import sqlite3

from bot.storage import SqliteStorage


class DamagedPage:
    """The root page of one table or index of ``db``."""

    def __init__(self, db: SqliteStorage, name: str) -> None:
        self.db = db
        self.name = name
        self.kept: tuple[int, bytes] | None = None

    async def damage(self) -> None:
        async with self.db._writing() as connection:  # every page in the file, none in the log
            await connection.fetch("PRAGMA wal_checkpoint(TRUNCATE)")
            ((size,),) = await connection.fetch("PRAGMA page_size")
            ((root,),) = await connection.fetch(
                "SELECT rootpage FROM sqlite_master WHERE name = ?", (self.name,))
        with open(self.db.name, "r+b") as file:
            file.seek((root - 1) * size)
            self.kept = (file.tell(), file.read(size))
            file.seek((root - 1) * size)
            file.write(bytes([0x0D]) + b"\xa5" * (size - 1))  # a leaf page of nonsense
        self.moved_on()

    def mend(self) -> None:
        assert self.kept is not None
        offset, page = self.kept
        with open(self.db.name, "r+b") as file:
            file.seek(offset)
            file.write(page)
        self.moved_on()

    def moved_on(self) -> None:
        """Another connection commits (to the file's header only), as any other write
        would: the bot's connections read their pages from the file again."""
        other = sqlite3.connect(self.db.name, isolation_level=None)
        try:
            ((version,),) = other.execute("PRAGMA user_version").fetchall()
            other.execute(f"PRAGMA user_version = {version}")
        finally:
            other.close()
