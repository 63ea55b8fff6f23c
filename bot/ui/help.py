"""``/uno help``: a few lines that fit a phone screen, with the details behind buttons.

The buttons change the same ephemeral message in place (one message on screen, never
a wall of text); they live as long as the message is useful, not across a restart:
after one, ``/uno help`` gives a fresh one.
"""

from __future__ import annotations

import discord

from bot.ui.text import COMMANDS, HELP_SHORT, HOW_TO_PLAY

HELP_TIMEOUT = 15 * 60.0
"""Seconds the buttons answer: the life of the interaction that sent the message."""
PAGES = {"In short": HELP_SHORT, "How to play": HOW_TO_PLAY, "Commands": COMMANDS}


class HelpPage(discord.ui.Button["HelpView"]):
    """A page of help; its button is off while the page is shown."""

    def __init__(self, title: str, shown: str) -> None:
        super().__init__(label=title, disabled=title == shown,
                         style=discord.ButtonStyle.primary)
        self.title = title

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content=PAGES[self.title],
                                                view=HelpView(self.title))


class HelpView(discord.ui.View):
    def __init__(self, shown: str = "In short") -> None:
        super().__init__(timeout=HELP_TIMEOUT)
        for title in PAGES:
            self.add_item(HelpPage(title, shown))


async def show_help(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(HELP_SHORT, view=HelpView(), ephemeral=True)
