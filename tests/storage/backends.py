"""The two databases the storage tests run on, and what a test does to one behind the
bot's back (a vandal's row, a sabotaging trigger) on a connection of its own."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import aiosqlite
import asyncpg

from bot.storage import PostgresStorage, SqliteStorage
from bot.storage.postgres.connection import numbered
from bot.storage.urls import sqlite_path

BACKENDS = ("sqlite", "postgres")

FAIL_INSERTS = {
    "sqlite": """CREATE TRIGGER crash BEFORE INSERT ON {table}
                 BEGIN SELECT RAISE(ABORT, 'simulated crash'); END""",
    "postgres": """CREATE FUNCTION crash() RETURNS trigger LANGUAGE plpgsql AS $$
                   BEGIN RAISE EXCEPTION 'simulated crash'; END $$;
                   CREATE TRIGGER crash BEFORE INSERT ON {table}
                   FOR EACH ROW EXECUTE FUNCTION crash()""",
}
STOP_FAILING = {
    "sqlite": "DROP TRIGGER crash",
    "postgres": "DROP TRIGGER crash ON {table}; DROP FUNCTION crash()",
}

TERMINATE_LEASE_CONNECTIONS = """SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
                                 WHERE application_name = 'uno-bot lease'
                                   AND datname = current_database()"""
"""What a restarted PostgreSQL server or a cut connection does to a database's leases."""


@dataclass(frozen=True)
class Backend:
    kind: str
    """``sqlite`` or ``postgres``."""
    url: str

    @property
    def error(self) -> type[Exception]:
        """What a statement that the database refuses raises."""
        return sqlite3.DatabaseError if self.kind == "sqlite" else asyncpg.PostgresError

    async def sql(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one statement (``?`` placeholders) on a connection of its own, committed."""
        path = sqlite_path(self.url)
        if path is not None:
            async with aiosqlite.connect(path) as connection:
                rows = list(await connection.execute_fetchall(statement, params))
                await connection.commit()
            return [tuple(row) for row in rows]
        connection = await asyncpg.connect(self.url)
        try:
            return [tuple(r) for r in await connection.fetch(numbered(statement), *params)]
        finally:
            await connection.close()

    async def script(self, statements: str) -> None:
        """Run statements separated by ``;`` (PostgreSQL: as one script, so a ``;`` may
        stand inside a function's body)."""
        path = sqlite_path(self.url)
        if path is not None:
            async with aiosqlite.connect(path) as connection:
                await connection.executescript(statements)
            return
        connection = await asyncpg.connect(self.url)
        try:
            await connection.execute(statements)
        finally:
            await connection.close()

    async def count(self, table: str) -> int:
        return int((await self.sql(f"SELECT COUNT(*) FROM {table}"))[0][0])

    async def fail_inserts(self, table: str) -> None:
        """Every insert into ``table`` fails with "simulated crash" until ``stop_failing``."""
        await self.script(FAIL_INSERTS[self.kind].format(table=table))

    async def stop_failing(self, table: str) -> None:
        await self.script(STOP_FAILING[self.kind].format(table=table))


StorageUnderTest = SqliteStorage | PostgresStorage
"""What the ``db`` fixture gives: either backend, with its internals for the tests."""
