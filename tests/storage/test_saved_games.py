import logging
from pathlib import Path

import aiosqlite
import pytest

from bot.game.ports import BadRow
from bot.storage import Database
from bot.storage.saved_games import SAVED_GAME_FORMAT

GUILD = 1


def game_state(turn: int) -> dict[str, object]:
    return {
        "engine": {"hands": {"7": ["r7", "wild4"], "8": ["g0"]}, "discard_pile": ["b2"]},
        "turn": turn,
        "table_message_id": 123456789012345678,
        "timer_deadline": 1_700_000_060.5,
        "note": "héllo ✓",
    }


async def test_saved_games_round_trip(db: Database) -> None:
    await db.save_game(10, GUILD, game_state(1))
    await db.save_game(20, GUILD + 1, game_state(2))

    games, bad = await db.load_games()
    assert bad == []
    assert [(g.channel_id, g.guild_id, g.state) for g in games] == [
        (10, GUILD, game_state(1)), (20, GUILD + 1, game_state(2))
    ]
    assert games[0].format_version == SAVED_GAME_FORMAT
    assert games[0].updated_at > 0


async def test_saving_again_replaces_the_channels_game(db: Database) -> None:
    await db.save_game(10, GUILD, game_state(1))
    await db.save_game(10, GUILD, game_state(5))
    games, _ = await db.load_games()
    assert [g.state["turn"] for g in games] == [5]


async def test_a_deleted_game_is_not_restored(db: Database) -> None:
    await db.save_game(10, GUILD, game_state(1))
    await db.save_game(20, GUILD, game_state(1))
    await db.delete_game(10)
    await db.delete_game(99)  # nothing saved there: no error
    games, _ = await db.load_games()
    assert [g.channel_id for g in games] == [20]


async def test_a_state_that_is_not_json_raises_and_saves_nothing(db: Database) -> None:
    with pytest.raises(TypeError):
        await db.save_game(10, GUILD, {"hand": {"r7"}})
    assert await db.load_games() == ([], [])


async def test_bad_rows_are_reported_with_their_ids_and_never_raise(
    db: Database, db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    await db.save_game(10, GUILD, game_state(1))
    async with aiosqlite.connect(db_path) as vandal:
        await vandal.executemany(
            "INSERT INTO saved_games VALUES (?, ?, ?, ?, 0)",
            [
                (11, GUILD, SAVED_GAME_FORMAT, '{"turn": 3, "hands": [trunc'),
                (12, GUILD, SAVED_GAME_FORMAT + 1, '{"turn": 3}'),
                (13, GUILD, SAVED_GAME_FORMAT, "[1, 2, 3]"),
                (14, GUILD, SAVED_GAME_FORMAT, b"\xff\xfe not utf-8"),
                (15, GUILD, "one", "{}"),
                (16, GUILD, SAVED_GAME_FORMAT, "[" * 100_000),
            ],
        )
        await vandal.commit()

    with caplog.at_level(logging.WARNING, logger="bot.storage.saved_games"):
        games, bad = await db.load_games()

    assert [g.channel_id for g in games] == [10]
    assert [(b.channel_id, b.guild_id) for b in bad] == [(c, GUILD) for c in range(11, 17)]
    reasons = {b.channel_id: b.reason for b in bad}
    assert "not valid JSON" in reasons[11]
    assert f"format {SAVED_GAME_FORMAT + 1}" in reasons[12]
    assert "not a JSON object" in reasons[13]
    assert "not valid JSON" in reasons[14]
    assert "not a number" in reasons[15]
    assert "not valid JSON" in reasons[16]  # nested too deep to parse
    for channel_id in range(11, 17):
        assert f"channel {channel_id} (guild {GUILD})" in caplog.text


async def test_a_newer_format_is_fine_for_code_that_knows_it(db: Database) -> None:
    await db.save_game(10, GUILD, game_state(1), format_version=SAVED_GAME_FORMAT + 1)
    assert (await db.load_games())[1] == [
        BadRow(10, GUILD, f"it was saved in format {SAVED_GAME_FORMAT + 1}, "
               f"newer than {SAVED_GAME_FORMAT}")
    ]
    games, bad = await db.load_games(newest_format=SAVED_GAME_FORMAT + 1)
    assert ([g.format_version for g in games], bad) == ([SAVED_GAME_FORMAT + 1], [])
