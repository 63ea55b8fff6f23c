"""Computer players are saved with their table, memory and all, and come back playing."""

from __future__ import annotations

import itertools

from bot.ai import ComputerPlayer, show_events
from bot.engine import Game
from bot.engine.options import Options
from bot.game.clock import FakeClock
from bot.game.manager import GameManager
from bot.game.players import PlayerId
from bot.game.saving import Recovered, TableStore, table_from_dict, table_to_dict
from bot.game.table import Player, Table, TableStatus
from tests.storage.backends import StorageUnderTest


def playing_table() -> Table:
    host, bot = Player(PlayerId(1), "ann"), Player(PlayerId(-1), "🤖 Normal bot 1")
    options = Options.for_ruleset("classic")
    table = Table(guild_id=5, channel_id=10, host=host, ruleset="classic", options=options,
                  turn_seconds=30, version=7, players=[host, bot], status=TableStatus.PLAYING,
                  autoplay=True)
    table.game = Game.new("classic", options, ["1", "-1"], seed=3)
    table.computers["-1"] = ComputerPlayer("-1", "normal", seed=11)
    table.stand_ins["1"] = ComputerPlayer("1", "normal", seed=12)
    show_events(table.game, [*table.computers.values(), *table.stand_ins.values()], [])
    return table


async def test_computer_players_round_trip_with_their_memory(db: StorageUnderTest) -> None:
    table = playing_table()
    store = TableStore(db)
    await store.save(table)
    (loaded,), bad = await store.load()
    assert bad == []
    assert loaded.autoplay and loaded.players == table.players
    assert {p: c.to_dict() for p, c in loaded.computers.items()} == {
        p: c.to_dict() for p, c in table.computers.items()}
    assert {p: c.to_dict() for p, c in loaded.stand_ins.items()} == {
        p: c.to_dict() for p, c in table.stand_ins.items()}
    assert loaded.computers["-1"].memory.round == 1  # it had seen its seat


def test_tables_saved_before_computer_players_load_without_them() -> None:
    data = table_to_dict(playing_table())
    for key in ("autoplay", "computers", "stand_ins"):
        del data[key]
    table = table_from_dict(data)
    assert (table.autoplay, table.computers, table.stand_ins) == (False, {}, {})


async def test_a_restored_game_schedules_its_computer_players() -> None:
    clock = FakeClock()
    seeds = itertools.count(1)
    manager = GameManager(clock, seeds=lambda: next(seeds))
    table = table_from_dict(table_to_dict(playing_table()))
    game = table.game
    assert game is not None
    manager.restore(Recovered(live=[table]))
    version = table.version
    await clock.advance(2.5)  # the computer player (or the stand-in) acts after a pause
    assert table.version > version
