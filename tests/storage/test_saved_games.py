import asyncio
import logging
from typing import Any

import pytest

from bot.game.ports import BadRow, SaveConflict
from bot.storage.saved_games import SAVED_GAME_FORMAT
from tests.storage.backends import Backend, StorageUnderTest

GUILD = 1


def game_state(turn: int) -> dict[str, object]:
    return {
        "engine": {"hands": {"7": ["r7", "wild4"], "8": ["g0"]}, "discard_pile": ["b2"]},
        "turn": turn,
        "table_message_id": 123456789012345678,
        "timer_deadline": 1_700_000_060.5,
        "note": "héllo ✓",
    }


async def test_saved_games_round_trip(db: StorageUnderTest) -> None:
    await db.save_game(10, GUILD, game_state(1))
    await db.save_game(20, GUILD + 1, game_state(2))

    games, bad = await db.load_games()
    assert bad == []
    assert [(g.channel_id, g.guild_id, g.state) for g in games] == [
        (10, GUILD, game_state(1)), (20, GUILD + 1, game_state(2))
    ]
    assert games[0].format_version == SAVED_GAME_FORMAT
    assert games[0].updated_at > 0


async def test_saving_again_replaces_the_channels_game(db: StorageUnderTest) -> None:
    await db.save_game(10, GUILD, game_state(1))
    await db.save_game(10, GUILD, game_state(5))
    games, _ = await db.load_games()
    assert [g.state["turn"] for g in games] == [5]


async def test_a_deleted_game_is_not_restored(db: StorageUnderTest) -> None:
    await db.save_game(10, GUILD, game_state(1))
    await db.save_game(20, GUILD, game_state(1))
    await db.delete_game(10)
    await db.delete_game(99)  # nothing saved there: no error
    games, _ = await db.load_games()
    assert [g.channel_id for g in games] == [20]


async def test_a_table_message_id_is_saved_alone_at_the_version_saved(
    db: StorageUnderTest,
) -> None:
    await db.save_game(10, GUILD, game_state(1), version=4)
    await db.save_table_message(10, 987654321098765432, version=4)
    with pytest.raises(SaveConflict):
        await db.save_table_message(10, 5, version=3)
    games, _ = await db.load_games()
    assert [(g.state, g.version) for g in games] == [
        (game_state(1) | {"table_message_id": 987654321098765432}, 4)]


async def test_a_state_that_is_not_json_raises_and_saves_nothing(db: StorageUnderTest) -> None:
    with pytest.raises(TypeError):
        await db.save_game(10, GUILD, {"hand": {"r7"}})
    assert await db.load_games() == ([], [])


BAD_ROWS: list[tuple[Any, ...]] = [
    (11, GUILD, SAVED_GAME_FORMAT, '{"turn": 3, "hands": [trunc'),
    (12, GUILD, SAVED_GAME_FORMAT + 1, '{"turn": 3}'),
    (13, GUILD, SAVED_GAME_FORMAT, "[1, 2, 3]"),
    (16, GUILD, SAVED_GAME_FORMAT, "[" * 100_000),
]
SQLITE_ONLY_BAD_ROWS: list[tuple[Any, ...]] = [
    # Values of the wrong type: SQLite keeps them, PostgreSQL's typed columns refuse them.
    (14, GUILD, SAVED_GAME_FORMAT, b"\xff\xfe not utf-8"),
    (15, GUILD, "one", "{}"),
]


async def test_bad_rows_are_reported_with_their_ids_and_never_raise(
    db: StorageUnderTest, backend: Backend, caplog: pytest.LogCaptureFixture
) -> None:
    await db.save_game(10, GUILD, game_state(1))
    rows = BAD_ROWS + (SQLITE_ONLY_BAD_ROWS if backend.kind == "sqlite" else [])
    for row in rows:
        await backend.sql(
            """INSERT INTO saved_games (channel_id, guild_id, format_version, state, updated_at)
               VALUES (?, ?, ?, ?, 0)""",
            row,
        )

    with caplog.at_level(logging.WARNING, logger="bot.storage.saved_games"):
        games, bad = await db.load_games()

    assert [g.channel_id for g in games] == [10]
    channels = sorted(row[0] for row in rows)
    assert [(b.channel_id, b.guild_id) for b in bad] == [(c, GUILD) for c in channels]
    reasons = {b.channel_id: b.reason for b in bad}
    assert "not valid JSON" in reasons[11]
    assert f"format {SAVED_GAME_FORMAT + 1}" in reasons[12]
    assert "not a JSON object" in reasons[13]
    assert "not valid JSON" in reasons[16]  # nested too deep to parse
    if backend.kind == "sqlite":
        assert "not valid JSON" in reasons[14]
        assert "not a number" in reasons[15]
    for channel_id in channels:
        assert f"channel {channel_id} (guild {GUILD})" in caplog.text


async def test_a_newer_format_is_fine_for_code_that_knows_it(db: StorageUnderTest) -> None:
    await db.save_game(10, GUILD, game_state(1), format_version=SAVED_GAME_FORMAT + 1)
    assert (await db.load_games())[1] == [
        BadRow(10, GUILD, f"it was saved in format {SAVED_GAME_FORMAT + 1}, "
               f"newer than {SAVED_GAME_FORMAT}")
    ]
    games, bad = await db.load_games(newest_format=SAVED_GAME_FORMAT + 1)
    assert ([g.format_version for g in games], bad) == ([SAVED_GAME_FORMAT + 1], [])


async def test_a_compare_and_set_save_replaces_only_the_version_it_names(
    db: StorageUnderTest,
) -> None:
    await db.save_game(10, GUILD, game_state(1), version=1)
    await db.save_game(10, GUILD, game_state(2), version=2, replaces=1)
    (saved,), _ = await db.load_games()
    assert (saved.version, saved.state["turn"]) == (2, 2)

    with pytest.raises(SaveConflict) as raised:  # another process saved version 2 first
        await db.save_game(10, GUILD, game_state(3), version=2, replaces=1)
    assert (raised.value.channel_id, raised.value.expected, raised.value.found) == (10, 1, 2)
    assert "replaces version 1, but the database holds version 2" in str(raised.value)
    (saved,), _ = await db.load_games()
    assert (saved.version, saved.state["turn"]) == (2, 2)  # nothing written


async def test_a_compare_and_set_save_of_a_deleted_table_is_refused(
    db: StorageUnderTest,
) -> None:
    with pytest.raises(SaveConflict, match="holds no saved table") as raised:
        await db.save_game(10, GUILD, game_state(1), version=4, replaces=3)
    assert raised.value.found is None
    assert await db.load_games() == ([], [])


async def test_of_two_saves_over_one_version_only_the_first_is_written(
    db: StorageUnderTest,
) -> None:
    await db.save_game(10, GUILD, game_state(1), version=1)
    results = await asyncio.gather(
        db.save_game(10, GUILD, game_state(2), version=2, replaces=1),
        db.save_game(10, GUILD, game_state(3), version=2, replaces=1),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["NoneType", "SaveConflict"]
    (saved,), _ = await db.load_games()
    written = 2 if results[0] is None else 3
    assert (saved.version, saved.state["turn"]) == (2, written)
