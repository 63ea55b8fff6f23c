"""The ``/uno`` command group: parse options, call the manager, answer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine.options import RULESETS, SCORING_MODES, Options
from bot.manager import DEFAULT_TURN_SECONDS, Phase, Table
from bot.ui import lobby, play
from bot.ui.text import HELP_TEXT, ruleset_details

if TYPE_CHECKING:
    from bot.client import UnoBot

RULESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in RULESETS]
SCORING_CHOICES = [app_commands.Choice(name=mode, value=mode) for mode in SCORING_MODES]


class Uno(commands.GroupCog, group_name="uno", group_description="Play UNO in this channel"):
    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open an UNO lobby in this channel")
    @app_commands.describe(
        ruleset="Which deck and rules (default classic)",
        seven_o="Seven-O: a 0 passes every hand on, a 7 trades hands",
        stacking="Stacking: lay up to 3 equal cards, chain Draw Twos",
        scoring="How round points are counted",
        target="Points that end the match (default 500)",
        turn_seconds="Seconds each player has for a turn (10 to 600, default 60)",
    )
    @app_commands.choices(ruleset=RULESET_CHOICES, scoring=SCORING_CHOICES)
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        ruleset: str = "classic",
        seven_o: bool | None = None,
        stacking: bool | None = None,
        scoring: str | None = None,
        target: int | None = None,
        turn_seconds: int = DEFAULT_TURN_SECONDS,
    ) -> None:
        overrides: dict[str, Any] = {
            key: value
            for key, value in (
                ("seven_o", seven_o),
                ("stacking", stacking),
                ("scoring", scoring),
                ("target", target),
            )
            if value is not None
        }
        assert interaction.guild_id is not None and interaction.channel_id is not None

        async def post(table: Table) -> int:
            return await lobby.post_lobby(interaction, table)

        await self.bot.manager.create(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            host=lobby.acting_player(interaction),
            ruleset=ruleset,
            overrides=overrides,
            turn_seconds=turn_seconds,
            post=post,
        )

    @app_commands.command(name="join", description="Take a seat in this channel's UNO lobby")
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        await lobby.join(interaction, interaction.channel_id)

    @app_commands.command(name="leave", description="Leave this channel's UNO lobby or game")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        table = self.bot.manager.get(interaction.channel_id)
        if table is not None and table.phase is Phase.PLAYING:
            await play.leave(interaction, interaction.channel_id)
        else:
            await lobby.leave(interaction, interaction.channel_id)

    @app_commands.command(name="kick", description="Remove a player from this channel's game")
    @app_commands.describe(member="The player to remove")
    @app_commands.guild_only()
    async def kick(self, interaction: discord.Interaction, member: discord.Member) -> None:
        assert interaction.channel_id is not None
        await play.kick(interaction, interaction.channel_id, member,
                        lobby.may_moderate(interaction))

    @app_commands.command(name="end", description="End this channel's UNO game")
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        await play.end(interaction, interaction.channel_id, lobby.may_moderate(interaction))

    @app_commands.command(name="help", description="How to play, and the commands")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(HELP_TEXT, ephemeral=True)

    @app_commands.command(name="rules", description="The rules of this channel's game or a ruleset")
    @app_commands.describe(ruleset="A ruleset to describe instead of this channel's game")
    @app_commands.choices(ruleset=RULESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, ruleset: str | None = None) -> None:
        table = self.bot.manager.get(interaction.channel_id or 0)
        if ruleset is None and table is not None:
            title = f"Rules of this channel's game: {table.ruleset}"
            body = ruleset_details(table.ruleset, table.options)
            body += f"\nTurn timer: {table.turn_seconds} seconds."
        else:
            name = ruleset or "classic"
            title = f"Ruleset: {name}"
            body = ruleset_details(name, Options.for_ruleset(name))
        embed = discord.Embed(title=title, description=body)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: UnoBot) -> None:
    await bot.add_cog(Uno(bot))
