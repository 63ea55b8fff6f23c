"""A fresh database for each benchmark run: a new SQLite file in the run's folder, or,
with ``DATABASE_URL=postgresql://...`` given, a new database on that server (made from
the URL's own database as a place to connect, dropped after the run)."""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import AsyncIterator

import asyncpg

from bot.storage.urls import is_postgres

_runs = itertools.count(1)


@contextlib.asynccontextmanager
async def fresh_database(env: dict[str, str]) -> AsyncIterator[dict[str, str]]:
    """``env`` for the bot processes, its ``DATABASE_URL`` (if any) pointed at a new,
    empty database; without one the processes make their SQLite file themselves."""
    url = env.get("DATABASE_URL", "")
    if not is_postgres(url):
        yield env
        return
    server, _, _ = url.rpartition("/")
    name = f"uno_bench_{os.getpid()}_{next(_runs)}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
        try:
            yield env | {"DATABASE_URL": f"{server}/{name}"}
        finally:
            await admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
    finally:
        await admin.close()
