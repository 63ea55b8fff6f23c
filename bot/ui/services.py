"""What the UI needs of the running bot (``bot.app.client.UnoBot`` provides it), so the
UI never imports the composition root above it."""

from __future__ import annotations

from typing import Protocol, cast

import discord

from bot.game.clock import Clock
from bot.game.manager import GameManager
from bot.game.ports import Storage
from bot.ui.clicks.answers import ClickLoad
from bot.ui.delivery.board import Board
from bot.ui.delivery.pictures import Pictures


class UnoClient(Protocol):
    clock: Clock
    board: Board
    pictures: Pictures
    clicks: ClickLoad

    @property
    def manager(self) -> GameManager: ...

    @property
    def db(self) -> Storage: ...

    def get_partial_messageable(
        self, id: int, *, guild_id: int | None = None, type: discord.ChannelType | None = None
    ) -> discord.PartialMessageable: ...

    def get_guild(self, id: int, /) -> discord.Guild | None: ...

    def is_closed(self) -> bool: ...

    async def wait_until_ready(self) -> None: ...


def uno_client(interaction: discord.Interaction) -> UnoClient:
    return cast(UnoClient, interaction.client)
