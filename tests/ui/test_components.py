"""Buttons sent as rows (``controls.components``) are what the View of the same rows
sends, so the calls that skip the View (``bot.ui.delivery.interaction_calls``) show the same
buttons and menus."""

from __future__ import annotations

import random

from discord.http import handle_message_parameters

from bot.ui.discord_internals import components_as_view
from bot.ui.messages.controls import (
    Choice,
    Control,
    Menu,
    Rows,
    Style,
    components,
    to_view,
)

STYLES = [Style.primary, Style.secondary, Style.success, Style.danger]
LABELS = ["Red 1", "Draw", "UNO!", "ñ 🃏"]


def some_rows(rng: random.Random) -> Rows:
    """Up to five rows of one to five buttons, or of a menu alone, as the game draws
    them."""
    rows: Rows = []
    for number in range(rng.randint(0, 5)):
        if rng.random() < 0.2:
            choices = tuple(Choice(f"card {i} 🟥", f"a:play:r{i}")
                            for i in range(rng.randint(1, 25)))
            rows.append([Menu(f"uno:g:1:{number}:pick", "Pick a card", choices,
                              rng.random() < 0.3, rng.randint(1, len(choices)))])
        else:
            rows.append([Control(f"uno:g:1:{number}:a:play:r{i}", rng.choice(LABELS),
                                 rng.choice(STYLES), rng.random() < 0.3)
                         for i in range(rng.randint(1, 5))])
    return rows


def test_rows_as_components_are_what_their_view_sends() -> None:
    rng = random.Random(27)
    for _ in range(300):
        rows = some_rows(rng)
        assert components(rows) == to_view(rows).to_components(), rows


def test_discord_py_takes_rows_where_it_takes_a_view() -> None:
    rows: Rows = [[Control("uno:g:1:2:a:draw", "Draw", Style.primary)],
                  [Menu("uno:g:1:2:pick", "Pick", (Choice("a", "x"),))]]
    as_rows = components_as_view(components(rows))
    with handle_message_parameters(content="hi", view=to_view(rows)) as viewed, \
            handle_message_parameters(content="hi", view=as_rows) as sent:
        assert sent.payload is not None and sent.payload == viewed.payload
        assert sent.payload["components"][0]["components"][0]["custom_id"] == "uno:g:1:2:a:draw"
