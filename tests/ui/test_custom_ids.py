"""``bot.ui.messages.custom_ids``: a game button's ``<what>`` read once into what it asks, and a
menu's chosen options into one draft."""

from __future__ import annotations

from bot.game.drafts import Draft
from bot.ui.messages.custom_ids import Leaving, chosen, read


def test_a_button_s_what_is_read_into_what_it_asks() -> None:
    assert [read(what) for what in ("hand", "catch", "page:0", "leave:1700000000000")] == [
        "hand", "catch", "page", Leaving(1700000000000)]
    assert read("a:play:r3+g3!:::") == Draft("play", ("r3", "g3"), exact=True)
    assert read("a:play:wildswap:g:-2:") == Draft("play", ("wildswap",), color="g",
                                                  target="-2")


def test_what_the_bot_never_writes_on_a_button_is_not_read() -> None:
    for what in ("pick:0", "page:1000", "a:play:r3", "a:next_round::::", "a:play:wild:p::",
                 "a:vote::::2", "b:play:r3::::"):
        assert read(what) is None, what


def test_a_menu_s_options_join_into_one_draft_of_one_kind() -> None:
    assert chosen(["a:discard:r3:::"]) == Draft("discard", ("r3",))
    assert chosen(["a:discard:r3:::", "a:discard:g4:::"]) == Draft("discard", ("r3", "g4"))
    for values in ([], ["hand"], ["a:discard:r3:::", "a:play:g4:::"],
                   ["a:discard:r3:::", "pick:1"]):
        assert chosen(values) is None, values
