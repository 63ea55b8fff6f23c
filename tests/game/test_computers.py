"""Computer players through the GameManager, without Discord: seats in the lobby, whole
matches played on a fake clock in every ruleset, autoplay and the engine's timeout."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bot.ai import ComputerPlayer, Question
from bot.engine import Action, Game, Options
from bot.engine.options import RULESETS
from bot.game.clock import FakeClock
from bot.game.computers import PAUSE_SECONDS
from bot.game.errors import (
    NoComputerToRemove,
    NoLobby,
    NotEnoughPlayers,
    NotHostForComputers,
    TableError,
    TableFull,
    UnknownLevel,
)
from bot.game.manager import GameManager
from bot.game.players import PlayerId
from bot.game.table import CloseReason, Player, Table, TableStatus
from tests.game.replies import post

CHANNEL = 10
HOST = Player(PlayerId(1), "ana")
GUEST = Player(PlayerId(2), "ben")
MAX_ADVANCES = 20_000


def new_manager(clock: FakeClock) -> GameManager:
    seeds = itertools.count(1)
    return GameManager(clock, first_version=1, seeds=lambda: next(seeds))


async def open_table(manager: GameManager, ruleset: str = "classic", **kwargs: Any) -> Table:
    await manager.lobby.create(guild_id=1, channel_id=CHANNEL, host=HOST, ruleset=ruleset,
                               overrides=kwargs.pop("overrides", {}), post=post, **kwargs)
    table = manager.get(CHANNEL)
    assert table is not None
    return table


class Checked:
    """Wraps the manager's computer moves: every action must be one of its player's legal
    actions when it is applied, and made by a seat a computer plays."""

    def __init__(self, manager: GameManager) -> None:
        self.moves: list[Action] = []
        computers = manager.computers
        decide = computers.decide

        def checked(table: Table, game: Game) -> Action | Question | None:
            action = decide(table, game)
            if isinstance(action, Action):
                assert action in game.legal_actions(action.player), action
                assert action.player in table.computers or action.player in table.stand_ins
                self.moves.append(action)
            return action

        computers.decide = checked  # type: ignore[method-assign]


@pytest.fixture
def no_game_handed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Computer players are asked with views and legal actions only, never the game."""
    seen: list[str] = []
    choose, observe = ComputerPlayer.choose, ComputerPlayer.observe

    def spy_choose(self: ComputerPlayer, view: Any, legal: Any) -> Action | None:
        assert isinstance(view, dict) and view["you"] == self.player_id
        assert all(isinstance(a, Action) and a.player == self.player_id for a in legal)
        seen.append("choose")
        return choose(self, view, legal)

    def spy_observe(self: ComputerPlayer, events: Any, view: Any = None) -> None:
        events = list(events)
        assert not any(isinstance(e, Game) for e in events) and not isinstance(view, Game)
        assert view is None or view["you"] == self.player_id
        seen.append("observe")
        observe(self, events, view)

    monkeypatch.setattr(ComputerPlayer, "choose", spy_choose)
    monkeypatch.setattr(ComputerPlayer, "observe", spy_observe)
    return seen


# -- the lobby ------------------------------------------------------------------------


async def test_computer_players_take_numbered_seats_with_negative_ids() -> None:
    manager = new_manager(FakeClock())
    table = await open_table(manager)
    first = (await manager.lobby.add_computer(CHANNEL, HOST.id, "normal")).player
    second = (await manager.lobby.add_computer(CHANNEL, HOST.id, "easy")).player
    assert (first, second) == (Player(PlayerId(-1), "🤖 Normal bot 1"),
                               Player(PlayerId(-2), "🤖 Easy bot 2"))
    assert [p.id for p in table.players] == [1, -1, -2]
    assert {p: c.level for p, c in table.computers.items()} == {"-1": "normal", "-2": "easy"}
    assert (await manager.lobby.remove_computer(CHANNEL, HOST.id, 1)).player == first
    assert (await manager.lobby.add_computer(CHANNEL, HOST.id, "easy")).player.id == -1
    assert (await manager.lobby.remove_computer(CHANNEL, HOST.id, None)).player == Player(
        PlayerId(-1), "🤖 Easy bot 1")  # the last one added
    assert list(table.computers) == ["-2"] and [p.id for p in table.players] == [1, -2]


async def test_refusals_change_nothing() -> None:
    manager = new_manager(FakeClock())
    with pytest.raises(NoLobby):
        await manager.lobby.add_computer(CHANNEL, HOST.id, "easy")
    table = await open_table(manager)
    await manager.lobby.join(CHANNEL, GUEST)
    with pytest.raises(NoComputerToRemove):
        await manager.lobby.remove_computer(CHANNEL, HOST.id, None)
    await manager.lobby.add_computer(CHANNEL, HOST.id, "easy")
    version, seats = table.version, list(table.players)
    for attempt, error in (
        (manager.lobby.add_computer(CHANNEL, GUEST.id, "easy"), NotHostForComputers),
        (manager.lobby.remove_computer(CHANNEL, GUEST.id, None), NotHostForComputers),
        (manager.lobby.add_computer(CHANNEL, HOST.id, "expert"), UnknownLevel),
        (manager.lobby.remove_computer(CHANNEL, HOST.id, 7), NoComputerToRemove),
    ):
        with pytest.raises(error):
            await attempt
    assert (table.version, table.players, list(table.computers)) == (version, seats, ["-1"])
    for _ in range(7):
        await manager.lobby.add_computer(CHANNEL, HOST.id, "normal")
    with pytest.raises(TableFull):
        await manager.lobby.add_computer(CHANNEL, HOST.id, "normal")
    assert len(table.players) == 10 and len(table.computers) == 8


async def test_one_person_and_a_computer_player_can_start() -> None:
    manager = new_manager(FakeClock())
    await open_table(manager)
    with pytest.raises(NotEnoughPlayers):
        await manager.lobby.start(CHANNEL, HOST.id, None)
    await manager.lobby.add_computer(CHANNEL, HOST.id, "easy")
    await manager.lobby.start(CHANNEL, HOST.id, None)
    table = manager.get(CHANNEL)
    assert table is not None
    assert table.status is TableStatus.PLAYING and table.game is not None
    assert table.game.players == ["1", "-1"]


async def test_computer_players_do_not_keep_a_lobby_open_or_become_host() -> None:
    manager = new_manager(FakeClock())
    table = await open_table(manager)
    await manager.lobby.add_computer(CHANNEL, HOST.id, "easy")
    await manager.lobby.join(CHANNEL, GUEST)
    await manager.lobby.leave(CHANNEL, HOST.id)
    assert table.host == GUEST
    await manager.lobby.leave(CHANNEL, GUEST.id)
    assert table.close_reason is CloseReason.EMPTY and manager.get(CHANNEL) is None


# -- whole matches ----------------------------------------------------------------------


async def play_out(manager: GameManager, clock: FakeClock, table: Table) -> None:
    for _ in range(MAX_ADVANCES):
        if manager.get(CHANNEL) is None:
            return
        await clock.advance(5)
    raise AssertionError("the match did not end")


HOUSE_RULES = {"rblank": 8, "yblank": 6, "gblank": 8, "bblank": 6}
"""Jokes to vote on and hands to discard down to 3: out-of-turn actions for everyone."""


@pytest.mark.parametrize(("ruleset", "overrides"), [
    *((ruleset, {}) for ruleset in RULESETS),
    ("blank", {"house_rules": HOUSE_RULES}),
])
async def test_computer_players_play_whole_matches_with_legal_actions_only(
    ruleset: str, overrides: dict[str, Any], no_game_handed: list[str]
) -> None:
    """Three computer players and a person who never clicks (autoplay plays for them
    from their first timeout on): every move goes through the manager and is legal."""
    clock = FakeClock()
    manager = new_manager(clock)
    checked = Checked(manager)
    table = await open_table(manager, ruleset, turn_seconds=10, autoplay=True,
                             overrides=overrides)
    for level in ("normal", "easy", "normal"):
        await manager.lobby.add_computer(CHANNEL, HOST.id, level)
    await manager.lobby.start(CHANNEL, HOST.id, None)
    await play_out(manager, clock, table)
    game = table.game
    assert game is not None and game.match_over and game.match_winner is not None
    assert table.close_reason is CloseReason.FINISHED
    movers = {a.player for a in checked.moves}
    assert {"-1", "-2", "-3"} <= movers and "1" in movers  # the stand-in played too
    assert {a.do for a in checked.moves} >= {"play", "draw", "uno"}
    if overrides:
        assert {a.do for a in checked.moves} >= {"vote", "discard"}
    assert "choose" in no_game_handed and "observe" in no_game_handed
    assert table.recent_actions  # computer moves are in the table's log


async def test_without_autoplay_a_silent_person_times_out_and_the_game_ends() -> None:
    """The engine's timeout: draw and pass, removed after three in a row; with only
    computer players left, the game ends."""
    clock = FakeClock()
    manager = new_manager(clock)
    table = await open_table(manager, turn_seconds=10)
    await manager.lobby.add_computer(CHANNEL, HOST.id, "normal")
    await manager.lobby.add_computer(CHANNEL, HOST.id, "normal")
    await manager.lobby.start(CHANNEL, HOST.id, None)
    await play_out(manager, clock, table)
    kinds = [e["kind"] for action in table.recent_actions for e in action]
    assert "left" in kinds and table.stand_ins == {}
    assert table.close_reason in (CloseReason.EMPTY, CloseReason.FINISHED)
    assert table.game is not None and "1" not in table.game.players


def position(current: str) -> Game:
    return Game.from_position(
        "classic", Options.for_ruleset("classic"), ["1", "-1"],
        hands={"1": ["r1", "g2", "b3"], "-1": ["r5", "y5", "g7"]},
        discard=["r9"], draw=["y1", "y2", "y3", "y4"], current=current)


async def set_position(manager: GameManager, table: Table, game: Game) -> None:
    async with manager.turns.changing(CHANNEL) as told:
        table.game = game
        told.append(await manager.turns._after_change(table, [], set(game.catchable())))


async def test_a_move_falling_due_after_the_state_moved_on_decides_afresh() -> None:
    clock = FakeClock()
    manager = new_manager(clock)
    table = await open_table(manager)
    await manager.lobby.add_computer(CHANNEL, HOST.id, "normal")
    await manager.lobby.start(CHANNEL, HOST.id, None)
    await set_position(manager, table, position(current="-1"))
    scheduled = manager.computers._moves[CHANNEL]
    await set_position(manager, table, position(current="1"))  # the person's turn now
    assert CHANNEL not in manager.computers._moves  # nothing to do: nothing scheduled
    version = table.version
    await scheduled.callback()  # type: ignore[attr-defined]  # already due: it runs anyway
    assert table.version == version  # and decides afresh: nothing to do, nothing done
    await set_position(manager, table, position(current="-1"))
    await clock.advance(PAUSE_SECONDS[1])
    assert table.game is not None and table.game.current == "1"
    assert table.game.top in ("r5", "y1")  # it played its red 5 (or drew and kept)
    assert table.recent_actions[-1][0]["player"] == "-1"


async def test_refusals_are_lobby_errors() -> None:
    for error in (NotHostForComputers("ana"), UnknownLevel("hard"), NoComputerToRemove(None)):
        assert isinstance(error, TableError) and error.message
