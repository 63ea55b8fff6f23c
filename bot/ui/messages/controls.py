"""Buttons and menus of the game messages, laid out in rows.

Messages are drawn as plain :class:`Control` and :class:`Menu` rows first (easy to check against
Discord's limits), then turned into a View whose every item is a :class:`GameControl`
DynamicItem: a fully dynamic View is not stored per message by discord.py, and its
custom ids are understood after a restart. The calls made on every move send the rows
as components without a View (:func:`components`, the same payload).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Any, Protocol, cast

import discord
from PIL import ImageFont

from bot.render.style import FALLBACK_FONT
from bot.ui.clicks.stray import STRAY, ChannelBound, answer, named_channel
from bot.ui.messages.custom_ids import MENU, PATTERN, Asked, Click, chosen, read

Style = discord.ButtonStyle


@dataclass(frozen=True, slots=True)
class Control:
    """A button."""

    custom_id: str
    label: str
    style: Style = Style.secondary
    disabled: bool = False


@dataclass(frozen=True, slots=True)
class Choice:
    """One option of a :class:`Menu`: choosing it does what the button whose custom id
    ends in ``what`` (a draft) would."""

    label: str
    what: str


@dataclass(frozen=True, slots=True)
class Menu:
    """A select menu (a row to itself, at most 25 choices): for more choices than
    buttons fit, so no one pages to find one."""

    custom_id: str
    placeholder: str
    choices: tuple[Choice, ...]
    disabled: bool = False
    most: int = 1
    """How many choices may be picked at once (Discord's ``max_values``): several
    choices make one action of all their cards (a discard of several cards)."""


Rows = list[list[Control | Menu]]


ROW = 5
"""Buttons in one row, at most (Discord)."""


def in_rows(buttons: Sequence[Control]) -> Rows:
    """``buttons`` laid out five a row."""
    return [list(buttons[i:i + ROW]) for i in range(0, len(buttons), ROW)]


PHONE_LINE = 340
"""Pixels of buttons one line of a 400 px wide phone screen holds: 332 beside the
avatar, and each button counted with the 8 px gap after it. Discord wraps a wider row
of buttons onto more lines there."""
BUTTON_MARGIN = 40
"""A button's padding on both sides and the gap to the next, in px."""
LABEL_SIZE = 14
WIDE = 18
"""The width of an emoji or a CJK character at ``LABEL_SIZE``."""
LABELS_KEPT = 8192
"""Button labels whose width is kept: every card's labels in a few languages."""


@cache
def _label_font() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FALLBACK_FONT), LABEL_SIZE)


@lru_cache(maxsize=LABELS_KEPT)
def button_width(label: str) -> float:
    """About how wide a phone draws a button labelled ``label``, in px (kept: FreeType
    measuring every label of every hand drawn was a tenth of the bot's CPU under load)."""
    font = _label_font()
    return BUTTON_MARGIN + sum(WIDE if ord(c) >= 0x2E80 else font.getlength(c) for c in label)


def phone_rows(buttons: Sequence[Control]) -> Rows:
    """``buttons`` in rows that each fit one line of a phone's screen (and five a row at
    most), so that every row shows as one line there, and the rows count the lines."""
    rows: Rows = []
    width = 0.0
    for button in buttons:
        wide = button_width(button.label)
        if rows and len(rows[-1]) < ROW and width + wide <= PHONE_LINE:
            rows[-1].append(button)
            width += wide
        else:
            rows.append([button])
            width = wide
    return rows


def disabled(rows: Rows) -> Rows:
    """The same controls, all switched off (a finished game, a moved table)."""
    return [[replace(c, disabled=True) for c in row] for row in rows]


def components(rows: Rows) -> list[dict[str, Any]]:
    """The rows as Discord's message components, as ``to_view(rows)`` would send them,
    made without a View: a View, its items and their DynamicItem wrappers point at each
    other, so every one sent was garbage only the cycle collector frees (at 200 tables
    about 8,500 objects a second, freed in pauses of 100 ms and more)."""
    return [{"type": 1, "components": [_component(control) for control in row]}
            for row in rows if row]


def _component(control: Control | Menu) -> dict[str, Any]:
    if isinstance(control, Menu):
        return {"type": 3, "custom_id": control.custom_id, "min_values": 1,
                "max_values": control.most, "disabled": control.disabled, "required": True,
                "placeholder": control.placeholder,
                "options": [{"label": c.label, "value": c.what, "default": False}
                            for c in control.choices]}
    return {"type": 2, "style": control.style.value, "disabled": control.disabled,
            "label": control.label, "custom_id": control.custom_id}


def to_view(rows: Rows) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(rows):
        for control in row:
            item: discord.ui.Item[Any]
            if isinstance(control, Menu):
                item = discord.ui.Select(
                    custom_id=control.custom_id, placeholder=control.placeholder,
                    options=[discord.SelectOption(label=c.label, value=c.what)
                             for c in control.choices],
                    max_values=control.most, disabled=control.disabled, row=number)
            else:
                item = discord.ui.Button(
                    custom_id=control.custom_id, label=control.label, style=control.style,
                    disabled=control.disabled, row=number)
            view.add_item(GameControl(item))
    return view


class GameClicks(Protocol):
    """The client a game control's click comes through (``bot.app.client.UnoBot``), which
    hands it to ``bot.ui.clicks.play.on_click``."""

    async def game_click(self, interaction: discord.Interaction, click: Click) -> None: ...


class GameControl(ChannelBound, template=PATTERN):
    """Any button of a game message. Its custom id is read here, once: a button's when
    the click arrives, a menu's with the option chosen; once :class:`ChannelBound` has
    checked that the id makes sense and names the channel clicked in, the :class:`Click`
    goes to the interaction's client (:class:`GameClicks`), whose ``game_click`` is
    ``bot.ui.clicks.play.on_click``. Not straight to ``on_click``: play draws its
    messages with these controls, so this module cannot import it; and not through a
    handler given to each control, since discord.py registers the class, not the
    instance (every View sent with these controls registers the class again). A forged
    payload that mixes a menu's id and a button's (``pick:<n>`` as a button, a button's
    id as a menu) makes no sense."""

    drawn_at: tuple[int, int] = (0, 0)
    """The channel and the table version the custom id names."""
    asks: Asked | None = None
    """What a button asks (a menu's option is read when it is chosen)."""

    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GameControl:
        control = cls(item)
        control.drawn_at = int(match["channel"]), int(match["version"])
        if isinstance(item, discord.ui.Select):
            makes_sense = MENU.fullmatch(match["what"]) is not None
        else:
            control.asks = read(match["what"])
            makes_sense = control.asks is not None
        control.named_channel = named_channel(match, makes_sense)
        return control

    async def act(self, interaction: discord.Interaction) -> None:
        asks = self.asks
        if isinstance(self.item, discord.ui.Select):  # acts as the chosen option's button
            asks = chosen(self.item.values)
            if asks is None:
                await answer(interaction, self.custom_id, STRAY, "not understood")
                return
        assert asks is not None  # else ``admits`` refused the click
        client = cast(GameClicks, interaction.client)
        await client.game_click(interaction, Click(*self.drawn_at, asks))
