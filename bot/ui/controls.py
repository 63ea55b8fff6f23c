"""Buttons of the game messages, laid out in rows.

Messages are drawn as plain :class:`Control` rows first (easy to check against
Discord's limits), then turned into a View whose every item is a :class:`GameControl`
DynamicItem: a fully dynamic View is not stored per message by discord.py, and its
custom ids are understood after a restart.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ClassVar

import discord

from bot.ui.custom_ids import PATTERN, understood
from bot.ui.stray import ChannelBound, named_channel

Style = discord.ButtonStyle


@dataclass(frozen=True, slots=True)
class Control:
    """A button. (Hands page with Prev/Next rather than switch to a select menu.)"""

    custom_id: str
    label: str
    style: Style = Style.secondary
    disabled: bool = False


Rows = list[list[Control]]


def disabled(rows: Rows) -> Rows:
    """The same controls, all switched off (a finished game, a moved table)."""
    return [
        [Control(c.custom_id, c.label, c.style, True) for c in row] for row in rows
    ]


def to_view(rows: Rows) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(rows):
        for control in row:
            view.add_item(GameControl(discord.ui.Button(
                custom_id=control.custom_id, label=control.label, style=control.style,
                disabled=control.disabled, row=number,
            )))
    return view


ClickHandler = Callable[[discord.Interaction, str], Awaitable[None]]


class GameControl(ChannelBound, template=PATTERN):
    """Any button of a game message. The click goes to ``handle_click``, which the
    composition root sets to ``bot.ui.play.on_click`` (play draws its messages with
    these controls, so this module cannot import it), once :class:`ChannelBound` has
    checked that the id makes sense and names the channel clicked in."""

    handle_click: ClassVar[ClickHandler | None] = None

    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameControl:
        control = cls(item)
        control.named_channel = named_channel(match, understood(match["what"]))
        return control

    async def callback(self, interaction: discord.Interaction) -> None:
        if GameControl.handle_click is not None:
            await GameControl.handle_click(interaction, self.custom_id)
