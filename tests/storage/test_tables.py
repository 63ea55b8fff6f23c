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
