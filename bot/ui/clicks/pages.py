"""Buttons that turn the page of a private message (``/uno help``; the leaderboard may
follow), understood at any time: after a restart, and long after the interaction that
sent the message has expired.

Each button is a DynamicItem whose custom id names the whole page it shows, so nothing
of it is kept in memory; a click answers by updating the clicked message in place
(callback type 7), which needs no token of the message's own. A page that can no longer
be shown (a name an older version of the bot wrote) is answered in words.

To add a pager: subclass :class:`PageButton` with a ``template`` (under ``uno:``), a
``from_custom_id`` that reads the page from the id, ``page`` and ``command``, and add the
class to ``register`` in ``setup_hook``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import discord

from bot.i18n import N_, _
from bot.ui.clicks.answers import say
from bot.ui.clicks.failures import Guarded

GONE = N_("That page can no longer be shown; run {command} again.")


@dataclass(frozen=True, slots=True)
class Page:
    """What a private message shows: its text or embed, and its buttons."""

    content: str | None = None
    embed: discord.Embed | None = None
    view: discord.ui.View | None = None


class PageButton(Guarded, template=r"(?!)"):
    """A button that shows another page of the private message it is on."""

    command: ClassVar[str]
    """The command that shows a fresh message, as typed: ``/uno help``."""

    async def page(self, interaction: discord.Interaction) -> Page | None:
        """The page this button names, in the language of the moment; None when it
        cannot be shown any more."""
        raise NotImplementedError

    async def act(self, interaction: discord.Interaction) -> None:
        button = isinstance(self.item, discord.ui.Button)  # not a forged menu of that id
        page = await self.page(interaction) if button else None
        if page is None:
            await say(interaction, _(GONE).format(command=self.command))
            return
        await interaction.response.edit_message(content=page.content, embed=page.embed,
                                                view=page.view)


def pager(buttons: list[PageButton]) -> discord.ui.View:
    """The buttons as a view that never times out: discord.py keeps nothing of it,
    since each of its items is a DynamicItem."""
    view = discord.ui.View(timeout=None)
    for button in buttons:
        view.add_item(button)
    return view
