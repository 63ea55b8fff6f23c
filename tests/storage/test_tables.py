from __future__ import annotations

from pathlib import Path

from bot.engine.options import Options
from bot.manager import Phase, Player, Table
from bot.storage.tables import TableStore


def sample(channel_id: int) -> Table:
    host = Player(1, "ann")
    return Table(
        guild_id=5, channel_id=channel_id, host=host, ruleset="seven-o",
        options=Options.for_ruleset("seven-o", {"target": 250, "scoring": "alternative"}),
        turn_seconds=45, version=77, players=[host, Player(2, "bo")], phase=Phase.PLAYING,
        message_id=99,
    )


async def test_tables_round_trip_and_delete(tmp_path: Path) -> None:
    path = tmp_path / "new" / "uno.sqlite3"
    store = TableStore(path)
    await store.open()
    await store.save(sample(10))
    await store.save(sample(11))
    await store.delete(11)
    await store.close()

    reopened = TableStore(path)
    await reopened.open()
    try:
        (table,) = await reopened.load_all()
    finally:
        await reopened.close()
    original = sample(10)
    assert table.players == original.players and table.host == original.host
    assert table.options == original.options and table.options.seven_o
    assert (table.ruleset, table.turn_seconds, table.version, table.phase, table.message_id) == (
        "seven-o", 45, 77, Phase.PLAYING, 99,
    )


async def test_a_game_in_progress_round_trips(tmp_path: Path) -> None:
    from bot.engine import Game

    table = sample(12)
    table.game = Game.new("seven-o", table.options, ["1", "2"], seed=4)
    table.table_message_id, table.turn_deadline, table.catch_version = 123, 1_700_000_060.5, 70
    table.recent_actions = [[{"kind": "played", "player": "1", "cards": ["r7"]}]]
    store = TableStore(tmp_path / "uno.sqlite3")
    await store.open()
    try:
        await store.save(table)
        (loaded,) = await store.load_all()
    finally:
        await store.close()
    assert loaded.game is not None and loaded.game.to_dict() == table.game.to_dict()
    assert (loaded.table_message_id, loaded.turn_deadline, loaded.catch_version) == (
        123, 1_700_000_060.5, 70,
    )
    assert loaded.recent_actions == table.recent_actions
