"""GameManager without Discord: rules of the lobby, versions, locks, idle close."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable

import pytest

from bot.game.clock import FakeClock
from bot.game.errors import BadSetting, GameAlreadyRunning, TableError, TableFull, TooManyTables
from bot.game.manager import GameManager
from bot.game.players import PlayerId
from bot.game.snapshot import TableChange, TableSnapshot
from bot.game.table import CloseReason, Player, Table, TableStatus
from tests.game.replies import post

CHANNEL = 10
PLAYERS = [Player(PlayerId(n), f"p{n}") for n in range(1, 13)]


class Board:
    """Stands in for the lobby message: records every published state."""

    def __init__(self) -> None:
        self.published: list[tuple[TableStatus, list[int], int]] = []

    async def post(self, table: TableSnapshot) -> int:
        self.publish(table)
        return await post(table)

    def publish(self, table: TableSnapshot) -> None:
        """Records the state the lobby message would show."""
        self.published.append((table.status, [p.id for p in table.players], table.version))

    async def shows(self, operation: Awaitable[TableSnapshot]) -> TableSnapshot:
        """A lobby operation, whose returned lobby is published (as soon as it returns,
        as the UI puts it in order)."""
        shown = await operation
        self.publish(shown)
        return shown


async def new_table(manager: GameManager, board: Board, channel: int = CHANNEL) -> Table:
    await manager.lobby.create(
        guild_id=1, channel_id=channel, host=PLAYERS[0], ruleset="classic", overrides={},
        post=board.post,
    )
    table = manager.get(channel)
    assert table is not None
    return table


async def test_versions_only_grow_and_differ_between_tables() -> None:
    manager, board = GameManager(FakeClock(), first_version=5), Board()
    table = await new_table(manager, board)
    other = await new_table(manager, board, channel=11)
    await board.shows(manager.lobby.join(CHANNEL, PLAYERS[1]))
    await board.shows(manager.lobby.leave(CHANNEL, PLAYERS[1].id))
    versions = [v for _, _, v in board.published]
    assert versions == sorted(set(versions))
    assert table.version != other.version


async def test_refusals_change_nothing() -> None:
    manager, board = GameManager(FakeClock()), Board()
    table = await new_table(manager, board)
    version = table.version
    for attempt in (
        board.shows(manager.lobby.join(CHANNEL, PLAYERS[0])),
        board.shows(manager.lobby.leave(CHANNEL, PLAYERS[5].id)),
        board.shows(manager.lobby.start(CHANNEL, PLAYERS[0].id, None)),
        board.shows(manager.lobby.cancel(CHANNEL, PLAYERS[5].id, None, may_moderate=False)),
        board.shows(manager.lobby.start(CHANNEL, PLAYERS[0].id, version - 1)),
    ):
        with pytest.raises(TableError):
            await attempt
    assert table.version == version and len(board.published) == 1


async def test_bad_settings_are_refused_before_anything_exists() -> None:
    manager, board = GameManager(FakeClock()), Board()
    for kwargs in ({"turn_seconds": 9}, {"overrides": {"scoring": "golf"}}):
        with pytest.raises(BadSetting):
            await manager.lobby.create(
                guild_id=1, channel_id=CHANNEL, host=PLAYERS[0],
                **{"ruleset": "classic", "overrides": {}, **kwargs},  # type: ignore[arg-type]
                post=board.post,
            )
    assert manager.get(CHANNEL) is None and board.published == []


async def test_concurrent_joins_fill_the_table_exactly() -> None:
    manager, board = GameManager(FakeClock()), Board()
    await new_table(manager, board)
    results = await asyncio.gather(
        *(board.shows(manager.lobby.join(CHANNEL, p)) for p in PLAYERS[1:]),
        return_exceptions=True,
    )
    assert sum(isinstance(r, TableFull) for r in results) == len(PLAYERS) - 10
    full = manager.get(CHANNEL)
    assert full is not None and len(full.players) == 10
    assert [len(players) for _, players, _ in board.published] == list(range(1, 11))


async def test_concurrent_new_lobbies_make_one() -> None:
    manager, board = GameManager(FakeClock()), Board()
    results = await asyncio.gather(
        new_table(manager, board), new_table(manager, board), return_exceptions=True
    )
    assert sum(isinstance(r, GameAlreadyRunning) for r in results) == 1
    assert len(board.published) == 1


async def test_start_returns_the_playing_table_in_seating_order() -> None:
    manager, board = GameManager(FakeClock()), Board()
    await new_table(manager, board)
    await board.shows(manager.lobby.join(CHANNEL, PLAYERS[2]))
    await board.shows(manager.lobby.join(CHANNEL, PLAYERS[1]))
    table = await board.shows(manager.lobby.start(CHANNEL, PLAYERS[0].id, None))
    assert table.status is TableStatus.PLAYING
    assert [p.id for p in table.players] == [1, 3, 2]


class Telling:
    """A manager's watcher that notes each lobby that closes by itself in ``closed``."""

    def __init__(self) -> None:
        self.closed: list[TableSnapshot] = []

    def changed(self, change: TableChange) -> None:
        pass

    async def lobby_closed(self, shown: TableSnapshot) -> None:
        self.closed.append(shown)

async def test_idle_close_tells_the_table() -> None:
    clock = FakeClock()
    told = Telling()
    manager, board = GameManager(clock, told), Board()
    table = await new_table(manager, board)
    await clock.advance(600)
    assert [shown.serial for shown in told.closed] == [table.serial]
    assert table.status is TableStatus.ENDED and table.close_reason is CloseReason.IDLE
    assert manager.get(CHANNEL) is None


async def test_cancelled_lobby_does_not_idle_close_later() -> None:
    clock = FakeClock()
    told = Telling()
    manager, board = GameManager(clock, told), Board()
    await new_table(manager, board)
    await board.shows(manager.lobby.cancel(CHANNEL, PLAYERS[0].id, None, may_moderate=False))
    replacement = await new_table(manager, board)
    await clock.advance(599)
    assert told.closed == [] and manager.get(CHANNEL) is replacement


async def test_the_locks_of_ended_tables_are_dropped() -> None:
    manager, board = GameManager(FakeClock()), Board()
    host, guest = PLAYERS[0].id, PLAYERS[1]
    endings = {
        "cancelled": lambda channel: board.shows(manager.lobby.cancel(
            channel, host, None, may_moderate=False)),
        "emptied": lambda channel: board.shows(manager.lobby.leave(channel, host)),
        "ended": lambda channel: manager.turns.end(channel, host, may_moderate=False),
        "won by forfeit": lambda channel: manager.turns.kick(
            channel, host, guest.id, may_moderate=False),
    }
    for channel in range(100, 160):
        ending = list(endings)[channel % len(endings)]
        table = await new_table(manager, board, channel)
        await board.shows(manager.lobby.join(channel, guest))
        if ending in ("ended", "won by forfeit"):
            await board.shows(manager.lobby.start(channel, host, None))
        elif ending == "emptied":
            await board.shows(manager.lobby.leave(channel, guest.id))
        await endings[ending](channel)
        await manager.registry.forget_shown(TableSnapshot.take(table))
        assert table.status is TableStatus.ENDED, ending
        assert not manager.registry._locks, ending
    assert not manager.registry.tables


async def test_a_click_queued_when_its_table_ends_keeps_the_channel_to_itself() -> None:
    """The lock a click waits on stays the channel's lock after the table ends, so the
    next table's first click queues behind it instead of taking a fresh lock."""
    manager, board = GameManager(FakeClock()), Board()
    table = await new_table(manager, board)
    registry = manager.registry
    inside: list[str] = []
    order: list[str] = []

    async def click(name: str) -> None:
        async with registry.lock(CHANNEL):
            assert not inside, f"{name} got in beside {inside}"
            inside.append(name)
            order.append(name)
            await asyncio.sleep(0)  # anyone wrongly let in meanwhile would be inside now
            inside.remove(name)

    async with registry.lock(CHANNEL):
        queued = asyncio.create_task(click("queued"))
        await asyncio.sleep(0)  # it now waits for the lock
        assert registry.busy(CHANNEL)
        registry.close(table, CloseReason.CANCELLED)
    newcomer = asyncio.create_task(click("newcomer"))
    await asyncio.gather(queued, newcomer)
    assert order == ["queued", "newcomer"]
    assert not registry._locks and not registry.busy(CHANNEL)


async def test_a_lobby_being_posted_counts_once_against_its_hosts_limit() -> None:
    """A member may host two: while their first ``/uno new`` posts its lobby (already
    registered, the command not yet done), a second one is let through, and a third
    refused. Counted as both a lobby and a command on its way, the second was refused."""
    manager = GameManager(FakeClock())
    lobby, host = manager.lobby, PLAYERS[0]
    posting, posted = asyncio.Event(), asyncio.Event()

    async def post_slowly(table: TableSnapshot) -> int:
        posting.set()
        await posted.wait()
        return 1

    async def first() -> None:
        with lobby.opening(1, host.id, 2) as claim:
            await lobby.create(guild_id=1, channel_id=CHANNEL, host=host, ruleset="classic",
                               overrides={}, post=post_slowly, claim=claim)

    opening = asyncio.create_task(first())
    await posting.wait()
    with lobby.opening(1, host.id, 2):
        await new_table(manager, Board(), channel=11)
    with pytest.raises(TooManyTables), lobby.opening(1, host.id, 2):
        pass
    posted.set()
    await opening
