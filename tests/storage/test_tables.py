"""Tables saved in the database's saved_games: round trips, bad rows, finished matches."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import aiosqlite
import pytest

from bot.engine import Action, Game
from bot.engine.options import Options
from bot.game.players import PlayerId
from bot.game.records import match_record
from bot.game.saving import TableStore, table_from_dict, table_to_dict
from bot.game.snapshot import TableSnapshot
from bot.game.table import CloseReason, Player, Table, TableStatus
from bot.storage import SqliteStorage
from bot.storage.sqlite import MIGRATIONS
from tests.storage.backends import StorageUnderTest

GUILD = 5


def sample(channel_id: int) -> Table:
    host = Player(PlayerId(1), "ann")
    return Table(
        guild_id=GUILD, channel_id=channel_id, host=host, ruleset="seven-o",
        options=Options.for_ruleset("seven-o", {"target": 250, "scoring": "alternative"}),
        turn_seconds=45, version=77, players=[host, Player(PlayerId(2), "bo")],
        status=TableStatus.PLAYING,
        message_id=99,
    )


def playing(channel_id: int) -> Table:
    table = sample(channel_id)
    table.game = Game.new("seven-o", table.options, ["1", "2"], seed=4)
    table.started_at = 1_700_000_000.25
    return table


def finished(channel_id: int) -> Table:
    """Ann lays her last card; Bo's Wild scores 50, past the target of 10."""
    host, guest = Player(PlayerId(1), "ann"), Player(PlayerId(-2), "computer")
    options = Options.for_ruleset("classic", {"target": 10})
    table = Table(guild_id=GUILD, channel_id=channel_id, host=host, ruleset="classic",
                  options=options, turn_seconds=60, version=5, players=[host, guest],
                  status=TableStatus.PLAYING, started_at=1_700_000_000.0)
    table.game = Game.from_position(
        "classic", options, ["1", "-2"], hands={"1": ["r3"], "-2": ["wild"]},
        discard=["r5"], draw=["g7", "g8"], current="1", color="r",
    )
    table.tally.observe(table.game.apply(Action("1", "play", card="r3")))
    assert table.game.match_over
    table.status, table.close_reason = TableStatus.ENDED, CloseReason.FINISHED
    table.ended_at = 1_700_000_900.0
    return table


async def test_tables_round_trip_and_delete(db: StorageUnderTest) -> None:
    store = TableStore(db)
    await store.save(sample(10))
    await store.save(sample(11))
    await store.delete(11)

    (table,), bad = await store.load()
    assert bad == []
    original = sample(10)
    assert table.players == original.players and table.host == original.host
    assert table.options == original.options and table.options.seven_o
    assert (table.ruleset, table.turn_seconds, table.version, table.status, table.message_id) == (
        "seven-o", 45, 77, TableStatus.PLAYING, 99,
    )


async def test_a_game_in_progress_round_trips(db: StorageUnderTest) -> None:
    table = playing(12)
    table.table_message_id, table.turn_deadline, table.catch_version = 123, 1_700_000_060.5, 70
    table.recent_actions = [[{"kind": "played", "player": "1", "cards": ["r7"]}]]
    table.tally.of("1").counts["uno_calls"] = 2
    store = TableStore(db)
    await store.save(table)
    (loaded,), _ = await store.load()
    assert loaded.game is not None and table.game is not None
    assert loaded.game.to_dict() == table.game.to_dict()
    assert (loaded.table_message_id, loaded.turn_deadline, loaded.catch_version) == (
        123, 1_700_000_060.5, 70,
    )
    assert loaded.recent_actions == table.recent_actions
    assert loaded.tally == table.tally and loaded.match_id == table.match_id == "12-1700000000250"


def test_a_row_saved_before_the_match_fields_existed_still_loads() -> None:
    older = table_to_dict(sample(10))
    for key in ("close_reason", "started_at", "ended_at", "tally"):
        del older[key]
    table = table_from_dict(older)
    assert table.started_at == 0.0 and table.tally.players == {}


async def test_rows_that_make_no_table_are_bad_rows_and_the_others_load(
    db: StorageUnderTest, caplog: pytest.LogCaptureFixture
) -> None:
    store = TableStore(db)
    corrupted = table_to_dict(playing(21))
    corrupted["game"]["hands"] = {"9": []}  # the engine's StateError
    newer_ruleset = table_to_dict(sample(22)) | {"ruleset": "ultimate"}
    missing = table_to_dict(sample(23))
    del missing["players"]
    for channel_id, state in ((21, corrupted), (22, newer_ruleset), (23, missing)):
        await db.save_game(channel_id, GUILD, state)
    await store.save(playing(20))

    with caplog.at_level(logging.WARNING, logger="bot.game.saving"):
        tables, bad = await store.load()

    assert [t.channel_id for t in tables] == [20]
    assert [(b.channel_id, b.guild_id) for b in bad] == [(21, GUILD), (22, GUILD), (23, GUILD)]
    assert "StateError" in bad[0].reason and "ultimate" in bad[1].reason
    for channel_id in (21, 22, 23):
        assert f"channel {channel_id} (guild {GUILD})" in caplog.text
    assert all(r.levelno <= logging.WARNING for r in caplog.records)


async def test_a_finished_match_is_recorded_once_and_its_row_kept_until_shown(
    db: StorageUnderTest,
) -> None:
    store = TableStore(db)
    await store.finish(finished(30))
    await store.finish(finished(30))  # a retry

    (match,) = await db.history(GUILD)
    assert (match.match_id, match.rounds, match.winner_id) == ("30-1700000000000", 1, 1)
    assert (match.ended_at - match.started_at) == 900.0
    ann, computer = match.players
    assert (ann.points, ann.won, ann.is_bot) == (50, True, False)
    assert (computer.points, computer.won, computer.is_bot) == (0, False, True)
    stats = await db.player_stats(GUILD, PlayerId(1))
    assert (stats.games, stats.round_wins, stats.best_round, stats.cards_played) == (1, 1, 50, 1)
    games, _ = await db.load_games()
    assert [g.state["phase"] for g in games] == [TableStatus.ENDED.value]  # until shown

    await store.forget_shown(TableSnapshot.take(finished(30)))
    assert await db.load_games() == ([], [])


async def test_an_ended_row_shown_late_never_deletes_the_channels_next_table(
    db: StorageUnderTest,
) -> None:
    store = TableStore(db)
    ended = finished(31)
    await store.finish(ended)
    lobby = sample(31)
    lobby.version = ended.version + 1
    await store.save(lobby)  # a new game opened before the end was shown

    await store.forget_shown(TableSnapshot.take(ended))

    games, _ = await db.load_games()
    assert [(g.channel_id, g.state["version"]) for g in games] == [(31, lobby.version)]


async def test_recover_records_a_match_a_crash_left_unrecorded_but_never_twice(
    db: StorageUnderTest,
) -> None:
    store = TableStore(db)
    unrecorded, recorded, unshowable = finished(40), finished(41), finished(44)
    unrecorded.table_message_id = recorded.table_message_id = 400
    await store.save(unrecorded)  # crashed before recording
    await store.save(recorded)  # crashed after recording, before the end was shown
    await db.record_match(match_record(recorded))
    await store.save(unshowable)  # no table message: nothing to show
    await store.save(playing(42))
    await db.save_game(43, GUILD, {"ruleset": "classic"})

    found = await store.recover()

    assert [t.channel_id for t in found.live] == [42]
    assert sorted(t.channel_id for t in found.ended) == [40, 41]  # to be shown over
    assert [b.channel_id for b in found.unreadable] == [43]
    assert sorted(m.channel_id for m in await db.history(GUILD)) == [40, 41, 44]
    assert (await db.player_stats(GUILD, PlayerId(1))).games == 3
    games, _ = await db.load_games()
    assert sorted(g.channel_id for g in games) == [40, 41, 42]  # kept until shown


async def test_tables_saved_by_the_old_table_store_move_to_saved_games(db_path: Path) -> None:
    async with SqliteStorage.open(db_path, migrations=MIGRATIONS[:3]):
        pass
    async with aiosqlite.connect(db_path) as old:
        await old.execute("CREATE TABLE tables (channel_id INTEGER PRIMARY KEY, state TEXT)")
        await old.executemany("INSERT INTO tables VALUES (?, ?)",
                              [(10, json.dumps(table_to_dict(sample(10)))), (11, "{broken")])
        await old.commit()

    async with SqliteStorage.open(db_path) as db:
        tables, bad = await TableStore(db).load()
        listed = await db.read(
            "SELECT name FROM sqlite_master WHERE name = 'tables'")
    assert [(t.channel_id, t.guild_id) for t in tables] == [(10, GUILD)]
    assert [(b.channel_id, b.guild_id) for b in bad] == [(11, 0)]
    assert list(listed) == []


async def test_a_table_is_saved_with_its_version(db: StorageUnderTest) -> None:
    """The version a later compare-and-set save of the table names as the one it replaces."""
    await TableStore(db).save(sample(10))
    (saved,), _ = await db.load_games()
    assert saved.version == sample(10).version == 77
