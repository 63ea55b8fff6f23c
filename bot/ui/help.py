"""``/uno help``: a few lines that fit a phone screen, with the details behind buttons,
in the reader's language.

The buttons change the same ephemeral message in place (one message on screen, never
a wall of text); they live as long as the message is useful, not across a restart:
after one, ``/uno help`` gives a fresh one.
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.i18n import pgettext
from bot.ui.text import commands, help_short, how_to_play

HELP_TIMEOUT = 15 * 60.0
"""Seconds the buttons answer: the life of the interaction that sent the message."""
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


class HelpPage(discord.ui.Button["HelpView"]):
    """A page of help; its button is off while the page is shown."""

    def __init__(self, page: str, shown: str) -> None:
        super().__init__(label=page_title(page), disabled=page == shown,
                         style=discord.ButtonStyle.primary)
        self.page = page

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=PAGES[self.page](),
                                                view=HelpView(self.page))


class HelpView(discord.ui.View):
    def __init__(self, shown: str = "short") -> None:
        super().__init__(timeout=HELP_TIMEOUT)
        for page in PAGES:
            self.add_item(HelpPage(page, shown))


async def show_help(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(help_short(), view=HelpView(), ephemeral=True)
