"""One id type for players, one place that says a seat is a computer player's."""

from __future__ import annotations

from bot.game.players import PlayerId, engine_id, is_computer, is_computer_seat, player_id
from bot.game.table import Player


def test_a_negative_id_is_a_computer_player_whether_given_as_an_id_or_the_engines() -> None:
    for number, computer in ((-1, True), (-12, True), (1, False), (10**18, False)):
        player = PlayerId(number)
        assert is_computer(player) is computer
        assert is_computer_seat(engine_id(player)) is computer
        assert Player(player, "x").is_computer is computer


def test_the_engines_id_and_the_players_id_go_across_and_back() -> None:
    for number in (-3, 7, 123456789012345678):
        player = PlayerId(number)
        assert engine_id(player) == str(number)
        assert player_id(engine_id(player)) == player
