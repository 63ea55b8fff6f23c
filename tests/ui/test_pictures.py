"""What the pictures show, taken from the engine state; the cache; the permission checks."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from typing import Any, TypeVar, cast

import discord
import pytest

from bot.engine import Game
from bot.game.players import player_id
from bot.game.snapshot import TableSnapshot
from bot.game.table import Player, Table, TableStatus
from bot.render import TableScene
from bot.ui.delivery.pictures import (
    CACHE_SIZE,
    MAX_WAITING,
    HandCards,
    Pictures,
    table_scene,
)
from tests.ui.composing import hand_cards
from tests.ui.game_helpers import position

T = TypeVar("T")


def table_with(game: Game, *, images: bool = True) -> Table:
    players = [Player(player_id(p), f"name{p}") for p in game.players]
    table = Table(guild_id=1, channel_id=2, host=players[0], ruleset=game.ruleset,
                  options=game.options, turn_seconds=60, version=1, players=players,
                  status=TableStatus.PLAYING, images=images)
    table.game = game
    return table


def test_the_scene_of_a_wild_shows_the_chosen_colour_direction_and_counts() -> None:
    game = position("classic", ["1", "2", "3"], hands={"1": ["r1"], "2": ["y1", "y2"],
                                                      "3": ["g1", "g2", "g3"]},
                    discard=["r9", "wild"], draw=["b1", "b2"], current="2", direction=-1,
                    color="b")
    assert table_scene(TableSnapshot.take(table_with(game))) == TableScene(
        "wild", "b", -1, (("name1", 1), ("name2", 2), ("name3", 3)), 1, 2)


def test_no_scene_while_the_start_colour_is_not_chosen() -> None:
    game = position("classic", ["1", "2"], hands={"1": ["r1"], "2": ["y1"]},
                    discard=["wild"], draw=[], current="1")
    game.color = ""  # a Wild start card, its colour still to be chosen
    assert table_scene(TableSnapshot.take(table_with(game))) is None


def test_the_hand_in_button_order_with_playable_cards_on_the_players_turn() -> None:
    game = position("classic", ["1", "2"], hands={"1": ["wild", "b2", "r5", "r1", "r5"],
                                                  "2": ["y1", "g4"]},
                    discard=["r9"], draw=["g1"], current="1")
    table = table_with(game)
    assert hand_cards(table, "1") == HandCards(  # the playable ones first, one per button
        ["r1", "r5", "wild", "b2"], [1, 2, 1, 1], {0, 1, 2})
    assert hand_cards(table, "2") == HandCards(["y1", "g4"], [1, 1], None)  # not their turn
    assert hand_cards(table, "99") is None


class FakePainter:
    """Draws nothing: records what it was asked to draw (``held`` keeps it from
    finishing until set) and answers ``b"png"``."""

    count = 1

    def __init__(self, held: asyncio.Event | None = None) -> None:
        self.drawn: list[Any] = []
        self.held = held

    async def run(self, function: Callable[[], T]) -> T:
        if not isinstance(function, functools.partial):
            return function()  # warm_faces, as the painters start
        self.drawn.append(function.args[0])  # the scene, or the hand's cards
        if self.held is not None:
            await self.held.wait()
        return cast(T, b"png")

    def close(self) -> None:
        pass


async def painted_by(painter: FakePainter, cache_size: int = CACHE_SIZE) -> Pictures:
    """``Pictures`` whose painter is ``painter``, started as the bot starts it."""
    pictures = Pictures(cache_size, painters=painter)
    await pictures.warm()
    return pictures


async def test_a_picture_is_drawn_once_for_what_it_shows() -> None:
    painter = FakePainter()
    drawn = painter.drawn
    game = position("classic", ["1", "2"], hands={"1": ["r1"], "2": ["y1"]},
                    discard=["r9"], draw=[], current="1")
    table = table_with(game)
    pictures = await painted_by(painter, cache_size=1)
    for _ in range(2):
        picture = await table_file(pictures, table)
        assert picture is not None and picture.filename == "table.png"
    assert len(drawn) == 1
    game.hands["2"].append("y2")
    await table_file(pictures, table)
    assert len(drawn) == 2
    game.hands["2"].pop()
    await table_file(pictures, table)  # the first was pushed out of the cache
    assert len(drawn) == 3


async def test_a_hand_picture_is_encoded_once_while_the_hand_does_not_change() -> None:
    """Issue 27: another player's move leaves this hand's picture as it was drawn."""
    painter = FakePainter()
    drawn = painter.drawn
    game = position("classic", ["1", "2"], hands={"1": ["r1", "y4"], "2": ["y1"]},
                    discard=["r9"], draw=[], current="2")
    pictures = await painted_by(painter)

    async def hand_file() -> None:
        picture = pictures.hand_picture(game.seat_view("1"))
        assert picture is not None
        assert await pictures.file(picture) is not None

    await hand_file()
    await hand_file()
    game.hands["2"].append("y2")  # the other player's hand changed, not this one
    await hand_file()
    assert drawn == [["r1", "y4"]]
    game.hands["1"].append("g5")
    await hand_file()
    assert drawn == [["r1", "y4"], ["r1", "y4", "g5"]]


class NoGuilds:
    def get_guild(self, guild_id: int) -> None:
        return None


def test_text_only_when_off_or_unknown_logged_once(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG, logger="bot.ui.delivery.pictures")
    game = position("classic", ["1", "2"], hands={"1": ["r1"], "2": ["y1"]},
                    discard=["r9"], draw=[], current="1")
    pictures = Pictures()
    client: Any = NoGuilds()
    assert not pictures.in_channel(client, table_with(game, images=False))
    assert caplog.records == []  # off by choice: nothing to say
    assert not pictures.in_channel(client, table_with(game))
    assert not pictures.in_channel(client, table_with(game))
    assert [r.levelno for r in caplog.records] == [logging.INFO]


async def test_a_message_does_not_wait_past_its_budget_and_the_picture_serves_later(
) -> None:
    release = asyncio.Event()
    painter = FakePainter(held=release)
    drawn = painter.drawn
    game = position("classic", ["1", "2"], hands={"1": ["r1"], "2": ["y1"]},
                    discard=["r9"], draw=[], current="1")
    table = table_with(game)
    pictures = await painted_by(painter)
    assert await table_file(pictures, table, budget=0.01) is None
    release.set()
    picture = await table_file(pictures, table, budget=0.01)
    assert picture is not None and len(drawn) == 1  # the same drawing, finished and kept


async def test_when_too_many_pictures_wait_a_message_goes_without_one() -> None:
    release = asyncio.Event()
    painter = FakePainter(held=release)
    started = painter.drawn
    pictures = await painted_by(painter)
    tables = []
    for count in range(MAX_WAITING + 1):
        hand = ["y1"] * (count + 1)
        game = position("classic", ["1", "2"], hands={"1": ["r1"], "2": hand},
                        discard=["r9"], draw=[], current="1")
        tables.append(table_with(game))
    for table in tables[:MAX_WAITING]:
        assert await table_file(pictures, table, budget=0.001) is None
    assert len(started) == 1  # one picture is drawn at a time; the others queue
    assert await table_file(pictures, tables[-1], budget=5.0) is None  # the queue is full
    release.set()
    assert await table_file(pictures, tables[0], budget=5.0) is not None


async def table_file(pictures: Pictures, table: Table, budget: float = 2.0
                     ) -> discord.File | None:
    """The table's picture, as a table message gets it."""
    picture = pictures.table_picture(TableSnapshot.take(table))
    assert picture is not None
    return await pictures.file(picture, budget)
