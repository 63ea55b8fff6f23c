"""Every storage test that takes ``db`` (or ``backend``) runs on SQLite and on
PostgreSQL; ``sqlite_db`` is for the tests of what only a SQLite file has."""

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import PostgresStorage, SqliteStorage, open_storage
from bot.storage.urls import sqlite_url
from tests.storage.backends import BACKENDS, Backend, StorageUnderTest


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "uno.sqlite3"


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest, db_path: Path) -> Backend:
    if request.param == "sqlite":
        return Backend("sqlite", sqlite_url(db_path))
    return Backend("postgres", request.getfixturevalue("postgres_url"))


@pytest.fixture
async def db(backend: Backend) -> AsyncIterator[StorageUnderTest]:
    async with open_storage(backend.url) as database:
        assert isinstance(database, SqliteStorage | PostgresStorage)
        yield database


@pytest.fixture
async def sqlite_db(db_path: Path) -> AsyncIterator[SqliteStorage]:
    async with SqliteStorage.open(db_path) as database:
        yield database
