"""Two ``python -m bot`` processes, one shard each, on one database: a game in a guild of
each shard; the process of shard 0 is killed with SIGKILL mid-game and started again. Its
game resumes with every card, the other process's game never pauses, each match is
recorded once, and each shows from either process (the two swap shards at the end).

Parametrized over the storage both processes share: adding a backend is one entry in
``STORAGES`` (its settings for the processes, and how the test reads it from outside).
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import pytest

from bot.game.saving import table_from_dict
from bot.game.table import Table
from tests.botprocess import BotProcess, logged_errors
from tests.conftest import MEMBER_NAMES
from tests.fakediscord import FakeDiscord, FakeGuild, add_guild, answered
from tests.pgserver import PostgresServer
from tests.test_process_restart import RemoteGame

pytestmark = pytest.mark.real_clock

SHARDS = 2


class SharedStorage(Protocol):
    """The database both processes use, and the test's own look at it."""

    def env(self) -> dict[str, str]:
        """Settings for each bot process (beyond DATABASE_PATH in its folder)."""
        ...

    def saved_state(self, channel_id: int) -> dict[str, Any] | None: ...

    def recorded_matches(self) -> list[tuple[str, int | None]]:
        """``(match_id, winner_id)`` of every recorded match."""
        ...


@dataclass
class SQLiteFile:
    """One SQLite file, opened by both processes (they run in the same folder)."""

    path: Path

    def env(self) -> dict[str, str]:
        return {}

    def saved_state(self, channel_id: int) -> dict[str, Any] | None:
        with sqlite3.connect(self.path) as connection:
            row = connection.execute("SELECT state FROM saved_games WHERE channel_id = ?",
                                     (channel_id,)).fetchone()
        return dict(json.loads(row[0])) if row else None

    def recorded_matches(self) -> list[tuple[str, int | None]]:
        with sqlite3.connect(self.path) as connection:
            return list(connection.execute("SELECT match_id, winner_id FROM matches"))


@dataclass
class PostgresDatabase:
    """A new database on the session's PostgreSQL server, read with psql."""

    server: PostgresServer
    url: str

    def env(self) -> dict[str, str]:
        return {"DATABASE_URL": self.url}

    def saved_state(self, channel_id: int) -> dict[str, Any] | None:
        rows = self.server.rows(
            self.url, f"SELECT state FROM saved_games WHERE channel_id = {int(channel_id)}")
        return dict(json.loads(rows[0][0])) if rows else None

    def recorded_matches(self) -> list[tuple[str, int | None]]:
        rows = self.server.rows(self.url, "SELECT match_id, winner_id FROM matches")
        return [(match_id, int(winner) if winner else None) for match_id, winner in rows]


STORAGES: dict[str, Callable[[pytest.FixtureRequest, Path], SharedStorage]] = {
    "sqlite": lambda request, folder: SQLiteFile(folder / "data" / "uno.sqlite3"),
    "postgres": lambda request, folder: PostgresDatabase(
        request.getfixturevalue("postgres_server"), request.getfixturevalue("postgres_url")),
}


@pytest.fixture(params=sorted(STORAGES))
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> SharedStorage:
    return STORAGES[request.param](request, tmp_path)


@dataclass
class ShardGame(RemoteGame):
    """A game as seen from outside, read from whichever storage the processes share."""

    storage: SharedStorage | None = None

    def saved(self) -> Table | None:
        assert self.storage is not None
        state = self.storage.saved_state(self.channel_id)
        return table_from_dict(state) if state is not None else None


@dataclass
class Processes:
    fake: FakeDiscord
    folder: Path
    storage: SharedStorage
    logs: ExitStack
    running: dict[int, BotProcess]

    async def start(self, name: str, shard: int) -> BotProcess:
        """Start the process ``name`` (its own log file) running ``shard``."""
        log = self.logs.enter_context((self.folder / f"{name}.log").open("ab"))
        process = BotProcess(self.fake, self.folder, log, shards=(shard,), env={
            **self.storage.env(), "SHARD_COUNT": str(SHARDS), "SHARD_IDS": str(shard)})
        await process.start()
        self.running[shard] = process
        return process

    async def stop_all(self) -> None:
        for process in list(self.running.values()):
            await process.stop()
        self.running.clear()


@pytest.fixture
async def processes(fake_discord: FakeDiscord, tmp_path: Path, storage: SharedStorage
                    ) -> AsyncIterator[Processes]:
    with ExitStack() as logs:
        started = Processes(fake_discord, tmp_path, storage, logs, {})
        try:
            yield started
        finally:
            await started.stop_all()
    for log_path in tmp_path.glob("*.log"):
        errors = logged_errors(log_path)
        assert not errors, f"{log_path.name} logged errors:\n" + "\n".join(errors)


async def open_match(game: ShardGame) -> None:
    """A one-round match (target 1) without pictures, timers far away (600 s)."""
    host, *others = game.members
    lobby = (await host.slash("uno new", ruleset="classic", target=1, turn_seconds=600,
                              images=False)).response
    assert lobby is not None
    for member in others:
        await member.click(lobby, lobby.custom_id("uno:lobby:join:"))
    await host.click(lobby, lobby.custom_id("uno:lobby:start:"))


async def history_shows(guild: FakeGuild, match: tuple[str, int | None]) -> None:
    answer = await guild.members[0].slash("uno history")
    assert f"winner <@{match[1]}>" in answer.text
    assert answer.text.count("· classic ·") == 1  # the one match, once


@pytest.mark.timeout(300)  # four process starts, each identifying in its turn; 45-65 s alone
async def test_two_processes_one_shard_each_share_one_database(
    processes: Processes, fake_discord: FakeDiscord, storage: SharedStorage,
) -> None:
    fake_discord.gateway.shard_count = SHARDS
    guilds = [add_guild(fake_discord, MEMBER_NAMES[:2], shard=n) for n in range(SHARDS)]
    path = processes.folder / "data" / "uno.sqlite3"
    games = [ShardGame(fake_discord, g, g.members, path, storage) for g in guilds]
    rng = random.Random(5)
    for shard in range(SHARDS):
        await processes.start(f"bot{shard}", shard)
    for game in games:
        await open_match(game)
    for _ in range(2):
        for game in games:
            assert await game.step(rng)

    # Shard 0's process killed right after a move was answered: that move was saved.
    mine, others = games
    assert await mine.step(rng)
    answered_state = mine.playing()
    others_before = others.playing()
    await processes.running[0].kill()
    for _ in range(3):  # the other process plays on meanwhile
        assert await others.step(rng)
    assert others.playing().version > others_before.version
    await processes.start("bot0", 0)
    assert await fake_discord.until(mine.restarts_shown) == 1
    restored = mine.playing()  # every card still there
    assert restored.game is not None and answered_state.game is not None
    assert restored.game.to_dict() == answered_state.game.to_dict()
    assert (restored.version, restored.players) == (answered_state.version,
                                                    answered_state.players)

    last_seen = {game.channel_id: game.playing() for game in games}
    for game in games:
        while await game.step(rng):
            last_seen[game.channel_id] = game.saved() or last_seen[game.channel_id]
    for interaction in fake_discord.interactions.values():
        await answered(interaction)
    assert others.restarts_shown() is None  # never shown as restored: it never paused
    matches = storage.recorded_matches()
    assert sorted(m[0] for m in matches) == sorted(t.match_id for t in last_seen.values())
    by_guild = {g.guild.id: next(m for m in matches if m[0] == last_seen[g.channel_id].match_id)
                for g in games}

    # The records read the same from either process: each guild's history, then again
    # once the processes have swapped shards.
    for game in games:
        await history_shows(game.guild, by_guild[game.guild.id])
    await processes.stop_all()
    await processes.start("bot0", 1)
    await processes.start("bot1", 0)
    for game in games:
        await history_shows(game.guild, by_guild[game.guild.id])
