"""What only a PostgreSQL server has: a lock held by another client, a lost connection,
a full disk reported by the server, a server or database that cannot be used at start,
and the schema's steps applied once when several bot processes start together. The
behaviour both databases share is tested on both by the other files here."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import asyncpg
import pytest

from bot.app.main import EXIT_FIX_AND_RESTART, EXIT_UNREACHABLE
from bot.game.ports import NEW_TABLE, StorageDamaged, StorageUnavailable
from bot.storage import DatabaseUnusable, PostgresStorage, SchemaTooNewError, open_storage
from bot.storage.postgres import MIGRATIONS
from bot.storage.postgres.connection import SERVER_LOCKS
from bot.storage.schema import Migration
from bot.storage.urls import without_password
from tests.app.test_startup import env_for, last_sentence, run_bot
from tests.fakediscord import FakeDiscord
from tests.pgserver import PostgresServer, free_port
from tests.storage.backends import Backend
from tests.storage.builders import match
from tests.storage.test_open_problems import one_sentence

GUILD = 1


@pytest.fixture
def backend(postgres_url: str) -> Backend:
    """This module's tests are of PostgreSQL alone: ``db`` is not parametrized."""
    return Backend("postgres", postgres_url)


async def stored_state(backend: Backend, channel_id: int) -> str | None:
    rows = await backend.sql("SELECT state FROM saved_games WHERE channel_id = ?", (channel_id,))
    return str(rows[0][0]) if rows else None


async def schema_version(backend: Backend) -> int:
    return int((await backend.sql("SELECT version FROM schema_version"))[0][0])


async def test_a_lock_held_past_the_busy_timeout_raises_storage_unavailable(
    backend: Backend,
) -> None:
    async with PostgresStorage.open(backend.url, busy_timeout=0.2) as db:
        await db.save_game(1, GUILD, {"turn": 1})
        other = await asyncpg.connect(backend.url)
        try:
            holding = other.transaction()
            await holding.start()
            await other.execute("SELECT * FROM saved_games WHERE channel_id = 1 FOR UPDATE")
            with pytest.raises(StorageUnavailable) as raised:
                await db.save_game(1, GUILD, {"turn": 2})
            assert isinstance(raised.value.__cause__, asyncpg.LockNotAvailableError)
            await holding.rollback()
        finally:
            await other.close()
        assert await stored_state(backend, 1) == '{"turn":1}'
        await db.save_game(1, GUILD, {"turn": 3})
        assert await stored_state(backend, 1) == '{"turn":3}'


async def test_a_servers_match_lock_held_past_the_busy_timeout_raises_storage_unavailable(
    backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    """The lock is taken in BEGIN's own trip: when it times out, that transaction is
    rolled back there and then, not left open for the pool to find."""
    async with PostgresStorage.open(backend.url, busy_timeout=0.2) as db:
        other = await asyncpg.connect(backend.url)
        try:
            holding = other.transaction()
            await holding.start()
            await other.execute("SELECT pg_advisory_xact_lock($1, $2)", SERVER_LOCKS, GUILD)
            with pytest.raises(StorageUnavailable) as raised:
                await db.record_match(match("m1", {1: 10, 2: 5}, winner=1))
            assert isinstance(raised.value.__cause__, asyncpg.LockNotAvailableError)
            await holding.rollback()
        finally:
            await other.close()
        assert await db.history(GUILD) == []
        assert await db.record_match(match("m1", {1: 10, 2: 5}, winner=1))
        assert [m.match_id for m in await db.history(GUILD)] == ["m1"]
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []


async def test_a_connection_lost_mid_transaction_raises_storage_unavailable(
    backend: Backend,
) -> None:
    async with PostgresStorage.open(backend.url) as db:
        with pytest.raises(StorageUnavailable) as raised:
            async with db.transaction() as session:
                await session.fetch("INSERT INTO saved_games VALUES (5, 1, 1, '{}', 0, 0)")
                ((pid,),) = await session.fetch("SELECT pg_backend_pid()")
                # Returns once the server process is gone (or after 10 s).
                await backend.sql(f"SELECT pg_terminate_backend({pid}, 10000)")
                await session.fetch("SELECT 1")
        lost = (asyncpg.ConnectionDoesNotExistError, asyncpg.InterfaceError)  # the pool let go
        assert isinstance(raised.value.__cause__, lost)
        assert await db.load_games() == ([], [])  # the insert went with the connection
        await db.save_game(5, GUILD, {"turn": 1})  # the pool connects again
        assert await stored_state(backend, 5) == '{"turn":1}'


async def test_a_connection_goes_back_to_the_pool_without_a_reset_trip(
    backend: Backend,
) -> None:
    """asyncpg's reset query on each release would make every read two trips: the last
    statement the pooled connection ran is the read's own."""
    async with PostgresStorage.open(backend.url) as db:
        assert await db.read("SELECT 41") == [(41,)]
        ran = await backend.sql(
            "SELECT query FROM pg_stat_activity WHERE application_name = 'uno-bot'")
        assert ran == [("SELECT 41",)]


async def test_a_transaction_left_open_is_rolled_back_before_the_next_use(
    backend: Backend,
) -> None:
    """Without the reset query, asyncpg still rolls back (and logs) a transaction a
    connection went back to the pool in."""
    async with PostgresStorage.open(backend.url) as db:
        async with db._pool.acquire() as connection:
            await connection.execute("BEGIN")
            await connection.execute("INSERT INTO saved_games VALUES (6, 1, 1, '{}', 0, 0)")
        assert await db.load_games() == ([], [])
        await db.save_game(6, GUILD, {"turn": 1})
        assert await stored_state(backend, 6) == '{"turn":1}'


async def test_a_full_disk_raises_storage_unavailable_and_keeps_the_row(
    backend: Backend, db: PostgresStorage
) -> None:
    await db.save_game(1, GUILD, {"turn": 1})
    # What the server answers when it cannot extend a file: SQLSTATE 53100 disk_full.
    await backend.script(
        """CREATE FUNCTION fill_the_disk() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN RAISE EXCEPTION 'could not extend file: No space left on device'
                 USING ERRCODE = 'disk_full'; END $$;
           CREATE TRIGGER no_room BEFORE UPDATE ON saved_games
           FOR EACH ROW EXECUTE FUNCTION fill_the_disk()""")
    with pytest.raises(StorageUnavailable) as raised:
        await db.save_game(1, GUILD, {"turn": 2})
    assert isinstance(raised.value.__cause__, asyncpg.DiskFullError)
    assert await stored_state(backend, 1) == '{"turn":1}'

    await backend.sql("DROP TRIGGER no_room ON saved_games")  # room again
    await db.save_game(1, GUILD, {"turn": 2})
    assert await stored_state(backend, 1) == '{"turn":2}'


async def test_a_damaged_page_raises_storage_damaged_and_keeps_the_row(
    backend: Backend, db: PostgresStorage
) -> None:
    await db.save_game(1, GUILD, {"turn": 1}, version=1, replaces=NEW_TABLE)
    # What the server answers when a page it reads is damaged: SQLSTATE XX001.
    await backend.script(
        """CREATE FUNCTION damaged_page() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN RAISE EXCEPTION 'invalid page in block 0 of relation base/1/2'
                 USING ERRCODE = 'data_corrupted'; END $$;
           CREATE TRIGGER damaged BEFORE UPDATE ON saved_games
           FOR EACH ROW EXECUTE FUNCTION damaged_page()""")
    with pytest.raises(StorageDamaged) as raised:
        await db.save_game(1, GUILD, {"turn": 2}, version=2, replaces=1)
    assert isinstance(raised.value.__cause__, asyncpg.DataCorruptedError)
    await backend.sql("DROP TRIGGER damaged ON saved_games")  # restored
    await db.save_game(1, GUILD, {"turn": 2}, version=2, replaces=1)
    assert await stored_state(backend, 1) == '{"turn":2}'


async def test_a_bug_in_the_sql_is_not_called_unavailable(db: PostgresStorage) -> None:
    with pytest.raises(asyncpg.NotNullViolationError):
        async with db._writing() as session:
            await session.fetch("INSERT INTO saved_games VALUES (1, 1, 1, NULL, 0, 0)")


async def test_a_server_that_cannot_be_reached_is_refused() -> None:
    url = f"postgresql://uno:secret@127.0.0.1:{free_port()}/uno"
    with pytest.raises(DatabaseUnusable) as raised:
        await open_storage(url)
    sentence = one_sentence(raised.value)
    assert "cannot be reached" in sentence and "secret" not in sentence


async def test_a_missing_database_is_refused(postgres_server: PostgresServer) -> None:
    with pytest.raises(DatabaseUnusable) as raised:
        await open_storage(postgres_server.url("no_such_database"))
    assert "does not exist" in one_sentence(raised.value)


async def test_an_unknown_user_is_refused(postgres_server: PostgresServer) -> None:
    url = postgres_server.url().replace("uno@", "nobody:pw@")
    with pytest.raises(DatabaseUnusable) as raised:
        await open_storage(url)
    sentence = one_sentence(raised.value)
    assert "refused the user or password" in sentence and ":pw@" not in sentence


async def test_a_fresh_database_gets_every_step(
    backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="bot.storage"):
        async with open_storage(backend.url):
            pass
    assert await schema_version(backend) == len(MIGRATIONS)
    tables = {row[0] for row in await backend.sql(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")}
    assert {"matches", "match_players", "player_totals", "players_by_games",
            "guild_settings", "saved_games", "schema_version", "ratings", "rating_changes",
            "rated_seasons", "listed_by_rating", "partner_ratings", "partner_rating_changes",
            "partner_rated_seasons", "partner_listed_by_rating", "identify_buckets"} == tables
    assert f"upgraded to version {len(MIGRATIONS)}" in caplog.text


async def test_processes_starting_together_apply_each_step_once(backend: Backend) -> None:
    opened = await asyncio.gather(*(open_storage(backend.url) for _ in range(4)))
    try:
        assert await schema_version(backend) == len(MIGRATIONS)
        await opened[0].save_game(1, GUILD, {"turn": 1})
        assert [g.channel_id for g in (await opened[3].load_games())[0]] == [1]
    finally:
        for db in opened:
            await db.close()


async def test_a_newer_schema_is_refused_and_left_untouched(backend: Backend) -> None:
    async with open_storage(backend.url) as db:
        await db.save_game(1, GUILD, {"turn": 1})
    await backend.sql(f"UPDATE schema_version SET version = {len(MIGRATIONS) + 1}")
    with pytest.raises(SchemaTooNewError, match="upgrade the bot"):
        await open_storage(backend.url)
    assert await schema_version(backend) == len(MIGRATIONS) + 1
    assert await stored_state(backend, 1) == '{"turn":1}'


async def test_a_failed_step_leaves_the_database_at_the_last_whole_version(
    backend: Backend,
) -> None:
    broken = Migration(len(MIGRATIONS) + 1, "broken", ("CREATE TABLE half (x INT)", "NONSENSE"))
    with pytest.raises(asyncpg.PostgresSyntaxError):
        await PostgresStorage.open(backend.url, migrations=(*MIGRATIONS, broken))
    assert await schema_version(backend) == len(MIGRATIONS)
    assert await backend.sql("SELECT to_regclass('half')") == [(None,)]


def test_a_url_is_shown_without_its_password() -> None:
    assert without_password("postgresql://uno:s3cret@db:5432/uno") == (
        "postgresql://uno:***@db:5432/uno")
    assert without_password("postgresql://db/uno") == "postgresql://db/uno"
    assert without_password("sqlite:///data/uno.sqlite3") == "sqlite:///data/uno.sqlite3"


async def test_the_bot_gives_up_a_server_it_cannot_reach_with_exit_3_and_no_password(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    url = f"postgresql://uno:s3cret-pw@127.0.0.1:{free_port()}/uno"
    env = env_for(fake_discord, tmp_path / "uno.sqlite3", DATABASE_URL=url,
                  CONNECT_ATTEMPTS="1")
    code, out, err = await run_bot(tmp_path, env)
    assert code == EXIT_UNREACHABLE
    assert "could not be reached" in last_sentence(err)
    assert "after 1 attempt (" in last_sentence(err)
    assert "s3cret-pw" not in out + err
    assert fake_discord.calls == []  # refused before any network


async def test_backup_of_a_postgresql_database_points_to_pg_dump(tmp_path: Path) -> None:
    env = {"DATABASE_URL": "postgresql://uno:pw@127.0.0.1:5432/uno"}
    code, _, err = await run_bot(tmp_path, env, "backup", str(tmp_path / "copy.sqlite3"))
    assert code == EXIT_FIX_AND_RESTART
    assert "pg_dump" in last_sentence(err)
    assert not (tmp_path / "copy.sqlite3").exists()


async def test_ping_answers_while_the_database_does(backend: Backend) -> None:
    db = await open_storage(backend.url)
    assert await db.ping() is True
    await db.close()
    assert await db.ping() is False
