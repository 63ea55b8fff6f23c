from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Database


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "uno.sqlite3"


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    async with Database.open(db_path) as database:
        yield database
