"""``/uno help``: a few lines that fit a phone screen, with the details behind buttons,
in the reader's language.

The buttons change the same ephemeral message in place (one message on screen, never
a wall of text), at any time: their custom ids (``uno:help:<page>``) are understood
after a restart and long after the message's own interaction expired (``bot.ui.clicks.pages``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord

from bot.i18n import pgettext
from bot.ui.clicks.pages import Page, PageButton, pager
from bot.ui.words.text import commands, help_short, how_to_play

PAGES: dict[str, Callable[[], str]] = {
    "short": help_short,
    "how_to_play": how_to_play,
    "commands": commands,
}
"""Each page of help, by a name of its own, and its text in the language of the moment."""


def page_title(page: str) -> str:
    """The button that shows ``page``."""
    titles = {
        # i18n: /uno help's buttons, each showing a page of help
        "short": pgettext("button", "In short"),
        "how_to_play": pgettext("button", "How to play"),
        "commands": pgettext("button", "Commands"),
    }
    return titles[page]


class HelpPage(PageButton, template=r"uno:help:(?P<page>[a-z0-9_]{1,40})"):
    """A page of help; its button is off while the page is shown."""

    command = "/uno help"

    def __init__(self, item: discord.ui.Item[Any], page: str) -> None:
        super().__init__(item)
        self.shows = page

    @classmethod
    def drawn(cls, page: str, shown: str) -> HelpPage:
        return cls(discord.ui.Button(label=page_title(page), custom_id=f"uno:help:{page}",
                                     disabled=page == shown, style=discord.ButtonStyle.primary),
                   page)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HelpPage:
        return cls(item, match["page"])

    async def page(self, interaction: discord.Interaction) -> Page | None:
        if self.shows not in PAGES:
            return None
        return Page(PAGES[self.shows](), view=help_view(self.shows))


def help_view(shown: str = "short") -> discord.ui.View:
    return pager([HelpPage.drawn(page, shown) for page in PAGES])


async def show_help(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(help_short(), view=help_view(), ephemeral=True)
