import asyncio
import sqlite3

import pytest

from bot.game.players import PlayerId
from bot.game.ports import MatchRecord, PlayerResult
from bot.storage import SqliteStorage
from tests.storage.backends import Backend, StorageUnderTest
from tests.storage.builders import CHANNEL, GUILD, match


async def count_rows(db: StorageUnderTest, table: str) -> int:
    rows = await db.read(f"SELECT COUNT(*) FROM {table}")
    return int(rows[0][0])


def full_match(match_id: str = "10-1700000000") -> MatchRecord:
    return MatchRecord(
        match_id=match_id,
        guild_id=GUILD,
        channel_id=CHANNEL,
        ruleset="seven-o",
        started_at=1_700_000_000.0,
        ended_at=1_700_001_800.5,
        rounds=4,
        winner_id=PlayerId(7),
        players=(
            PlayerResult(
                PlayerId(7), 512, won=True, round_wins=3, best_round=230, uno_calls=4,
                catches_made=2,
                catches_suffered=1, challenges_won=1, challenges_lost=0, cards_played=40,
                colours_played={"r": 5, "y": 12, "g": 12, "b": 3},
            ),
            PlayerResult(
                PlayerId(8), 140, won=False, round_wins=1, best_round=140, uno_calls=1,
                catches_made=0,
                catches_suffered=2, challenges_won=0, challenges_lost=1, cards_played=31,
                colours_played={"b": 9},
            ),
            PlayerResult(PlayerId(900), 0, won=False, is_bot=True, cards_played=25),
        ),
    )


async def test_recording_the_same_match_twice_counts_it_once(db: StorageUnderTest) -> None:
    assert await db.record_match(full_match()) is True
    assert await db.record_match(full_match()) is False

    assert await count_rows(db, "matches") == 1
    assert await count_rows(db, "match_players") == 3
    stats = await db.player_stats(GUILD, PlayerId(7))
    assert (stats.games, stats.wins, stats.points) == (1, 1, 512)


async def test_a_crash_mid_recording_leaves_nothing_and_the_retry_records_once(
    db: StorageUnderTest, backend: Backend
) -> None:
    # A second connection installs a trigger that fails the last insert of the
    # transaction, after the match and its player rows are already written.
    await backend.fail_inserts("player_totals")

    with pytest.raises(backend.error, match="simulated crash"):
        await db.record_match(full_match())

    assert await count_rows(db, "matches") == 0
    assert await count_rows(db, "match_players") == 0
    assert await count_rows(db, "player_totals") == 0

    await backend.stop_failing("player_totals")

    assert await db.record_match(full_match()) is True
    assert await db.record_match(full_match()) is False
    assert await count_rows(db, "matches") == 1
    assert (await db.player_stats(GUILD, PlayerId(8))).games == 1


async def test_player_stats_add_up_over_matches(db: StorageUnderTest) -> None:
    await db.record_match(full_match("first"))
    second = match("second", {7: 90, 8: 300}, winner=8)
    await db.record_match(second)

    stats = await db.player_stats(GUILD, PlayerId(7))
    assert stats.games == 2
    assert stats.wins == 1
    assert stats.round_wins == 3
    assert stats.points == 602
    assert stats.best_round == 230
    assert stats.uno_calls == 4
    assert stats.catches_made == 2
    assert stats.catches_suffered == 1
    assert stats.challenges_won == 1
    assert stats.challenges_lost == 0
    assert stats.cards_played == 40
    assert stats.favourite_colour == "y"  # yellow and green tie at 12: COLORS order decides

    other = await db.player_stats(GUILD, PlayerId(8))
    assert (other.games, other.wins, other.best_round, other.favourite_colour) == (2, 1, 140, "b")


async def test_stats_of_someone_who_never_played_are_zero(db: StorageUnderTest) -> None:
    await db.record_match(full_match())
    stats = await db.player_stats(GUILD, PlayerId(12345))
    assert stats.games == 0
    assert stats.favourite_colour is None
    assert (await db.player_stats(GUILD + 1, PlayerId(7))).games == 0  # other servers count apart


async def test_computer_players_are_recorded_but_have_no_totals(db: StorageUnderTest) -> None:
    await db.record_match(full_match())
    assert (await db.player_stats(GUILD, PlayerId(900))).games == 0
    [summary] = await db.history(GUILD)
    assert [(p.user_id, p.is_bot) for p in summary.players] == [(7, False), (8, False), (900, True)]


async def test_history_of_a_channel_and_of_the_server_newest_first(db: StorageUnderTest) -> None:
    await db.record_match(match("a", {1: 10, 2: 0}, winner=2, ended_at=100.0, channel_id=10))
    await db.record_match(match("b", {1: 0, 3: 50}, winner=1, ended_at=300.0, channel_id=20))
    await db.record_match(match("c", {2: 5, 3: 0}, ended_at=200.0, channel_id=10))
    await db.record_match(match("z", {1: 5, 2: 0}, winner=2, ended_at=400.0, guild_id=GUILD + 1))

    server = await db.history(GUILD)
    assert [m.match_id for m in server] == ["b", "c", "a"]
    channel = await db.history(GUILD, channel_id=10)
    assert [m.match_id for m in channel] == ["c", "a"]
    assert [m.match_id for m in await db.history(GUILD, limit=1)] == ["b"]

    newest = server[0]
    assert (newest.channel_id, newest.ruleset, newest.rounds, newest.winner_id) == (
        20, "classic", 3, 1
    )
    assert newest.ended_at == 300.0
    assert [(p.user_id, p.points, p.won) for p in newest.players] == [(1, 0, True), (3, 50, False)]
    assert server[1].winner_id is None


async def test_history_of_a_quiet_channel_is_empty(db: StorageUnderTest) -> None:
    assert await db.history(GUILD, channel_id=10) == []


def test_a_record_must_name_each_player_once_and_agree_on_its_winner() -> None:
    with pytest.raises(ValueError, match="each listed once"):
        match("x", {}, winner=None)
    with pytest.raises(ValueError, match="did not play"):
        match("x", {1: 0, 2: 0}, winner=3)
    with pytest.raises(ValueError, match="exactly the winner"):
        MatchRecord("x", GUILD, CHANNEL, "classic", 0, 1, 1, None,
                    (PlayerResult(PlayerId(1), 0, won=True),))
    with pytest.raises(ValueError, match="unknown ruleset"):
        match("x", {1: 0}, winner=1, ruleset="poker")
    with pytest.raises(ValueError, match="unknown colours"):
        PlayerResult(PlayerId(1), 0, won=False, colours_played={"purple": 1})


async def test_a_save_made_during_a_failing_recording_is_kept(
    db: StorageUnderTest, backend: Backend
) -> None:
    # On SQLite both coroutines share one connection: the save must not run inside the
    # recording's transaction, or that transaction's rollback would take the save with it.
    await backend.fail_inserts("player_totals")

    recorded, saved = await asyncio.gather(
        db.record_match(full_match()),
        db.save_game(CHANNEL, GUILD, {"turn": 4}),
        return_exceptions=True,
    )

    assert isinstance(recorded, backend.error)
    assert saved is None
    games, _ = await db.load_games()
    assert [(g.channel_id, g.state) for g in games] == [(CHANNEL, {"turn": 4})]
    assert await count_rows(db, "matches") == 0


async def test_many_matches_recorded_at_once_are_all_counted(db: StorageUnderTest) -> None:
    results = await asyncio.gather(
        *(db.record_match(match(f"m{n % 10}", {1: n, 2: 0}, winner=1)) for n in range(30))
    )
    assert results.count(True) == 10
    assert (await db.player_stats(GUILD, PlayerId(1))).games == 10


async def test_a_recording_cancelled_while_it_begins_leaves_the_connection_usable(
    db: StorageUnderTest,
) -> None:
    # An interaction timing out cancels its task; here, at the first await (BEGIN).
    task = asyncio.create_task(db.record_match(full_match("cancelled")))
    await asyncio.sleep(0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task

    assert await db.record_match(full_match("next")) is True
    assert [m.match_id for m in await db.history(GUILD)] == ["next"]


async def test_reads_do_not_wait_for_an_open_write_nor_see_it(db: StorageUnderTest) -> None:
    await db.record_match(match("before", {1: 10, 2: 0}, winner=1))
    async with db.transaction() as session:
        await session.fetch(
            "INSERT INTO matches (match_id, guild_id, channel_id, ruleset, started_at, ended_at, "
            "rounds, winner_id) VALUES ('during', ?, ?, 'classic', 0, 2e9, 1, NULL)",
            (GUILD, CHANNEL),
        )
        # With one lock for reads and writes this would wait forever; the guard turns
        # that into a failure instead of a hung test run.
        seen = await asyncio.wait_for(db.history(GUILD), timeout=30)
    assert [m.match_id for m in seen] == ["before"]
    assert [m.match_id for m in await db.history(GUILD)] == ["during", "before"]


async def test_the_sqlite_read_connection_cannot_write(sqlite_db: SqliteStorage) -> None:
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        await sqlite_db.read("DELETE FROM matches")
