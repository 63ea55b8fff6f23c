"""``bot.game.turns.Turns`` without Discord: a request in, a frozen snapshot out, taken
under the table's lock once the change is saved and told; refusals change nothing."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from bot.engine import Game, Options
from bot.engine.cards import COLORS, Card
from bot.game.clock import FakeClock
from bot.game.drafts import Draft, Open, OpenChoice
from bot.game.errors import (
    CannotCatchYourself,
    NobodyToCatch,
    NoGame,
    NotInGame,
    NotSaved,
    StaleView,
)
from bot.game.manager import GameManager
from bot.game.players import PlayerId
from bot.game.ports import StorageUnavailable
from bot.game.saving import table_from_dict, table_to_dict
from bot.game.snapshot import Snapshot, TableChange, TableSnapshot
from bot.game.table import CloseReason, Player, Table, TableStatus
from bot.game.turns import Request

CHANNEL = 7
ANA, BEN, CY = (Player(PlayerId(1), "ana"), Player(PlayerId(2), "ben"),
                Player(PlayerId(3), "cy"))


class Store:
    """Saves tables as JSON, as ``bot.game.saving.TableStore`` does, into ``log``; fails
    every save while ``failing``."""

    def __init__(self, log: list[tuple[Any, ...]]) -> None:
        self.log = log
        self.failing = False
        self.saved: dict[int, str] = {}

    async def save(self, table: Table) -> None:
        if self.failing:
            raise StorageUnavailable("the disk is full")
        self.saved[table.channel_id] = json.dumps(table_to_dict(table))
        self.log.append(("saved", table.version))

    async def save_table_message(self, table: Table) -> None:
        await self.save(table)

    async def finish(self, table: Table) -> None:
        await self.save(table)

    async def delete(self, channel_id: int) -> None:
        self.saved.pop(channel_id, None)

    async def forget_shown(self, shown: TableSnapshot) -> None:
        await self.delete(shown.channel_id)

    def last_saved(self, channel_id: int) -> Table | None:
        saved = self.saved.get(channel_id)
        return table_from_dict(json.loads(saved)) if saved is not None else None

    def forget(self, channel_id: int) -> None:
        self.saved.pop(channel_id, None)


class Seated:
    """A three-player game of known hands through a GameManager; ``log`` records the
    saves and what the UI is told, in order."""

    def __init__(self, hands: dict[str, list[Card]]) -> None:
        self.log: list[tuple[Any, ...]] = []
        self.store = Store(self.log)
        self.manager = GameManager(FakeClock(), self, store=self.store, first_version=100)
        self.turns = self.manager.turns
        self.game = Game.from_position(
            "classic", Options.for_ruleset("classic"), ["1", "2", "3"], hands=hands,
            discard=["r5"], draw=["g7", "g8", "g9", "b7"], current="1")
        self.table = Table(guild_id=1, channel_id=CHANNEL, host=ANA, ruleset="classic",
                           options=self.game.options, turn_seconds=60, version=99,
                           players=[ANA, BEN, CY], status=TableStatus.PLAYING, game=self.game,
                           language="de")
        self.manager.registry.adopt([self.table])

    async def saved(self) -> Seated:
        await self.store.save(self.table)
        self.log.clear()
        return self

    def changed(self, change: TableChange) -> None:
        """The watcher (the UI's board) is told of a change."""
        self.log.append(("told", change.table.version, [event.kind for event in change.events]))

    async def lobby_closed(self, shown: TableSnapshot) -> None:
        raise AssertionError("no lobby here")

    async def act(self, player: Player, draft: Draft | None = None,
                  version: int | None = None) -> Snapshot:
        return await self.turns.act(Request(CHANNEL, player.id, version, draft))


HANDS: dict[str, list[Card]] = {
    "1": ["r3", "wild", "r8"], "2": ["y1", "y2", "r7"], "3": ["b1", "b2"]}


async def seated(hands: dict[str, list[Card]] = HANDS) -> Seated:
    return await Seated(hands).saved()


async def test_a_whole_action_is_saved_and_told_before_its_snapshot_is_returned() -> None:
    game = await seated()
    version = game.table.version
    seen = await game.act(ANA, Draft("play", ("r3",)), version)
    assert game.table.version > version
    assert game.log == [("saved", game.table.version),
                        ("told", game.table.version, [e.kind for e in seen.events])]
    assert seen.version == game.table.version and seen.viewer == "1"
    assert seen.events[0].kind == "played" and seen.question is None
    assert seen.view == game.game.seat_view("1") and seen.view.hand == ("wild", "r8")
    assert not game.manager.registry.busy(CHANNEL)  # the lock is released


async def test_a_draft_missing_its_colour_asks_and_changes_nothing() -> None:
    game = await seated()
    version, state = game.table.version, game.game.to_dict()
    seen = await game.act(ANA, Draft("play", ("wild",)), version)
    assert seen.question == OpenChoice(
        Open.COLOR, tuple(Draft("play", ("wild",), color=c) for c in COLORS))
    assert seen.events == () and seen.version == version
    assert game.log == [] and game.game.to_dict() == state


async def test_the_snapshot_stays_as_it_was_taken_while_the_game_moves_on() -> None:
    game = await seated()
    seen = await game.act(BEN)  # a look at the hand: changes nothing
    await game.act(ANA, Draft("play", ("r3",)), game.table.version)
    await game.act(BEN, Draft("play", ("r7",)), game.table.version)
    assert seen.view.hand == ("y1", "y2", "r7") and seen.view.current == "1"
    assert seen.version < game.table.version and game.game.hands["2"] == ["y1", "y2"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        seen.version = game.table.version  # type: ignore[misc]


async def test_a_command_sees_the_current_state_and_names_everyone() -> None:
    game = await seated()
    seen = await game.act(CY)
    assert (seen.version, seen.events, seen.question) == (game.table.version, (), None)
    assert seen.view.hand == ("b1", "b2") and seen.language == "de"
    assert [p.name for p in seen.players] == ["ana", "ben", "cy"]
    assert seen.player_at("2") == BEN and seen.player(PlayerId(9)) is None
    assert game.log == []


async def test_refusals_change_nothing() -> None:
    game = await seated()
    version, state = game.table.version, game.game.to_dict()
    with pytest.raises(StaleView):  # a button of an older version
        await game.act(ANA, Draft("play", ("r3",)), version - 1)
    with pytest.raises(NotInGame):
        await game.act(Player(PlayerId(9), "dan"), Draft("draw"), version)
    with pytest.raises(NoGame):
        await game.turns.act(Request(CHANNEL + 1, ANA.id, None, Draft("draw")))
    assert (game.table.version, game.game.to_dict(), game.log) == (version, state, [])


async def test_catch_is_current_while_its_window_is_and_refused_otherwise() -> None:
    game = await seated({"1": ["r3", "r8"], "2": ["y1", "y2", "r7"], "3": ["b1", "b2"]})
    drawn_at = game.table.version
    with pytest.raises(NobodyToCatch):  # nobody holds one card without a call
        await game.act(BEN, Draft("catch"), drawn_at)
    await game.act(ANA, Draft("play", ("r3",)), drawn_at)  # one card left, no call
    window = game.table.version
    with pytest.raises(NobodyToCatch):  # drawn before this catch window opened
        await game.act(BEN, Draft("catch"), drawn_at)
    with pytest.raises(CannotCatchYourself):
        await game.act(ANA, Draft("catch"), window)
    seen = await game.act(CY, Draft("catch"), window)
    assert [(e.kind, e.target) for e in seen.events if e.kind == "caught"] == [("caught", "1")]
    assert len(game.game.hands["1"]) == 3


async def test_a_failed_save_puts_the_table_back_and_tells_nobody() -> None:
    game = await seated()
    version = game.table.version
    game.store.failing = True
    with pytest.raises(NotSaved):
        await game.act(ANA, Draft("play", ("r3",)), version)
    table = game.manager.get(CHANNEL)
    assert table is game.table and table.version == version and game.log == []
    assert table.game is not None and table.game.hands["1"] == ["r3", "wild", "r8"]


async def test_the_host_s_commands_return_their_snapshots() -> None:
    game = await seated()
    kicked = await game.turns.kick(CHANNEL, ANA.id, CY.id, may_moderate=False)
    assert kicked.viewer == "1" and kicked.events[0].kind == "left"
    assert "3" not in game.game.players and kicked.version == game.table.version
    left = await game.turns.leave(CHANNEL, BEN.id)
    assert left.viewer == "2" and left.view.you is None  # out of the match now
    assert game.table.close_reason is CloseReason.FINISHED  # ana won by forfeit


async def test_end_closes_the_table_and_snapshots_it_in_its_language() -> None:
    game = await seated()
    seen = await game.turns.end(CHANNEL, ANA.id, may_moderate=False)
    assert game.table.close_reason is CloseReason.ENDED and game.manager.get(CHANNEL) is None
    assert seen.language == "de" and seen.version == game.table.version
    assert game.log == [("saved", seen.version), ("told", seen.version, [])]

