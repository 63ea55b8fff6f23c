"""The ``/uno`` command group: parse options, call the manager, answer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai import LEVELS
from bot.engine.options import RULESETS, SCORING_MODES, Options, OptionsError
from bot.game.lobby import checked_options
from bot.game.players import PlayerId
from bot.game.seasons import SEASON_LENGTHS
from bot.game.table import TableStatus
from bot.i18n import LANGUAGES, _, language_of
from bot.ui.clicks import leaderboard as boards
from bot.ui.clicks import lobby, play, profile
from bot.ui.clicks.errors import refusal_words
from bot.ui.clicks.help import show_help
from bot.ui.messages import records
from bot.ui.words.text import ruleset_details
from bot.ui.words.words import choice_name

if TYPE_CHECKING:
    from bot.app.client import UnoBot

RULESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in RULESETS]
SCORING_CHOICES = [app_commands.Choice(name=mode, value=mode) for mode in SCORING_MODES]
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
HOUSE_RULE_OPTIONS = {"wildcustom": "wild_customizable", "rblank": "red_blank",
                      "yblank": "yellow_blank", "gblank": "green_blank", "bblank": "blue_blank"}
"""``/uno settings`` options as players see them: card names, not card codes."""
CARD_CODES = {shown: code for code, shown in HOUSE_RULE_OPTIONS.items()}
LANGUAGE_CHOICES = [app_commands.Choice(name="Discord's server language",
                                        value=records.FOLLOW_DISCORD),
                    *(app_commands.Choice(name=language.name, value=locale)
                      for locale, language in LANGUAGES.items())]
"""Each language by its own name (a reader looks for their language's name for itself)."""
SEASON_CHOICES = [app_commands.Choice(name=records.SEASON_LENGTH_NAMES[length], value=length)
                  for length in SEASON_LENGTHS]


class Uno(commands.GroupCog, group_name="uno", group_description="Play UNO in this channel"):
    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open an UNO lobby in this channel")
    @app_commands.describe(
        ruleset="Which deck and rules (default: the server's, classic unless changed)",
        seven_o="Seven-O: a 0 passes every hand on, a 7 trades hands",
        stacking="Stacking: lay up to 3 equal cards, chain Draw Twos",
        scoring="How round points are counted",
        target="Points that end the match (default 500)",
        jump_in="Jump-in: play a card identical to the top card out of turn",
        draw_until_playable="Draw until playable: a turn's draw goes on until a card can be played",
        stack_draws="Stack draws: answer a Draw Two or Wild Draw Four with one; the total grows",
        force_play="Force play: whoever can play must play",
        no_bluff="No bluffing: Wild Draw Four only without the colour; no challenges",
        turn_seconds="Seconds each player has for a turn (10 to 600; default the server's, 60)",
        autoplay="A computer player takes the turns of anyone whose time runs out",
        images="Card pictures on the table and in hands (default the server's setting, on)",
        thread="Play in a new thread of this channel (default the server's setting, off)",
    )
    @app_commands.choices(ruleset=RULESET_CHOICES, scoring=SCORING_CHOICES)
    @app_commands.guild_only()
    async def new(
        self,
        interaction: discord.Interaction,
        ruleset: str | None = None,
        seven_o: bool | None = None,
        stacking: bool | None = None,
        scoring: str | None = None,
        target: int | None = None,
        jump_in: bool | None = None,
        draw_until_playable: bool | None = None,
        stack_draws: bool | None = None,
        force_play: bool | None = None,
        no_bluff: bool | None = None,
        turn_seconds: int | None = None,
        autoplay: bool = False,
        images: bool | None = None,
        thread: bool | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        defaults = await self.bot.db.get_settings(interaction.guild_id)
        overrides: dict[str, Any] = dict(defaults.overrides)
        overrides |= {
            key: value
            for key, value in (
                ("seven_o", seven_o),
                ("stacking", stacking),
                ("scoring", scoring),
                ("target", target),
                ("jump_in", jump_in),
                ("draw_until_playable", draw_until_playable),
                ("stack_draws", stack_draws),
                ("force_play", force_play),
                ("no_bluff", no_bluff),
            )
            if value is not None
        }
        assert interaction.guild_id is not None and interaction.channel_id is not None
        ruleset = ruleset or defaults.ruleset
        turn_seconds = defaults.turn_seconds if turn_seconds is None else turn_seconds
        language = language_of(defaults.language or interaction.guild_locale).locale
        made: discord.Thread | None = None
        host = lobby.acting_player(interaction)
        lobbies = self.bot.manager.lobby
        with lobbies.opening(interaction.guild_id, host.id, defaults.tables_per_member) as claim:
            if defaults.threads if thread is None else thread:
                checked_options(ruleset, overrides, turn_seconds)  # no thread for a bad setting
                made = await lobby.open_thread(interaction, language=language)
            await lobbies.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id if made is None else made.id,
                host=host,
                ruleset=ruleset,
                overrides=overrides,
                turn_seconds=turn_seconds,
                autoplay=autoplay,
                images=defaults.images if images is None else images,
                language=language,
                post=lambda table: lobby.post_lobby(interaction, table, made),
                claim=claim,
            )

    @app_commands.command(name="join", description="Take a seat in this channel's UNO lobby")
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        await lobby.join(interaction, interaction.channel_id)

    @app_commands.command(name="addbot", description="Seat a computer player in this lobby (host)")
    @app_commands.describe(level="easy plays any legal card; normal plays to win (default); "
                                 "hard thinks moves ahead")
    @app_commands.choices(level=LEVEL_CHOICES)
    @app_commands.guild_only()
    async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        assert interaction.channel_id is not None
        await lobby.add_computer(interaction, interaction.channel_id, level)

    @app_commands.command(name="removebot",
                          description="Take a computer player out of this lobby (host)")
    @app_commands.describe(number="Which one, by its number (2 for 🤖 Easy bot 2); "
                                  "default: the last one added")
    @app_commands.guild_only()
    async def removebot(self, interaction: discord.Interaction, number: int | None = None
                        ) -> None:
        assert interaction.channel_id is not None
        await lobby.remove_computer(interaction, interaction.channel_id, number)

    @app_commands.command(name="leave", description="Leave this channel's UNO lobby or game")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        assert interaction.channel_id is not None
        table = self.bot.manager.shown(interaction.channel_id)
        if table is not None and table.status is TableStatus.PLAYING:
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

    @app_commands.command(name="leaderboard", description="This server's best UNO players")
    @app_commands.describe(
        ranking="What to rank by (default: rating)",
        period="Which matches count (the rating: all time or this season)",
        season="A season's final board, by its name: 2026-11, or 2026-Q4",
        public="Post the board for the whole channel (default: only you see it)",
    )
    @app_commands.choices(
        ranking=[app_commands.Choice(name=boards.RANKING_NAMES[r], value=r)
                 for r in boards.BOARD_RANKINGS],
        period=[app_commands.Choice(name=boards.PERIOD_NAMES[p], value=p)
                for p in boards.BOARD_PERIODS],
    )
    @app_commands.guild_only()
    async def leaderboard(
        self, interaction: discord.Interaction, ranking: str = boards.RATING,
        period: str = "all", season: str | None = None, public: bool = False,
    ) -> None:
        question = await boards.board_question(interaction, ranking, period, season, public)
        if isinstance(question, str):
            await interaction.response.send_message(question, ephemeral=True)
            return
        await boards.show_board(interaction, question)

    @leaderboard.autocomplete("season")
    async def season_names(self, interaction: discord.Interaction, typed: str
                           ) -> list[app_commands.Choice[str]]:
        assert interaction.guild_id is not None
        seasons = await self.bot.db.seasons(interaction.guild_id)
        return [app_commands.Choice(name=name, value=name)
                for name in seasons if typed.upper() in name][:25]

    @app_commands.command(name="stats", description="A player's UNO stats on this server")
    @app_commands.describe(player="Whose stats (default: yours)",
                           versus="Add this player's record against them")
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction, player: discord.Member | None = None,
        versus: discord.Member | None = None,
    ) -> None:
        await profile.show_stats(interaction, PlayerId((player or interaction.user).id),
                                 PlayerId(versus.id) if versus is not None else None)

    @app_commands.command(name="history", description="The last UNO matches played here")
    @app_commands.describe(scope="This channel's matches or the whole server's")
    @app_commands.choices(scope=[app_commands.Choice(name="this channel", value="channel"),
                                 app_commands.Choice(name="this server", value="server")])
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, scope: str = "channel") -> None:
        await records.show_history(interaction, self.bot.db, server_wide=scope == "server")

    @app_commands.command(name="settings", description="This server's UNO defaults (Manage Server)")
    @app_commands.describe(
        ruleset="Default ruleset for /uno new",
        seven_o="Seven-O on or off by default",
        stacking="Stacking on or off by default",
        scoring="Default scoring",
        target="Default points that end a match",
        jump_in="Jump-in on or off by default",
        draw_until_playable="Draw until playable on or off by default",
        stack_draws="Stack draws on or off by default",
        force_play="Force play on or off by default",
        no_bluff="No bluffing on or off by default",
        turn_seconds="Default turn timer, 10 to 600 seconds",
        images="Card pictures on the table and in hands",
        threads="Open each /uno new game in a new thread of its channel",
        tables_per_member="Open lobbies and games one member may host at once, 1 to 25",
        language="The language of the table, lobby and pings (each player's hand speaks theirs)",
        seasons="How long a rating season lasts (UTC); each starts afresh (default monthly)",
        wildcustom="House rule of every Wild Customizable: 1-9, or a written rule",
        rblank="House rule of the red Blank: 1-9, or a written rule",
        yblank="House rule of the yellow Blank: 1-9, or a written rule",
        gblank="House rule of the green Blank: 1-9, or a written rule",
        bblank="House rule of the blue Blank: 1-9, or a written rule",
    )
    @app_commands.rename(**HOUSE_RULE_OPTIONS)
    @app_commands.choices(ruleset=RULESET_CHOICES, scoring=SCORING_CHOICES,
                          language=LANGUAGE_CHOICES, seasons=SEASON_CHOICES)
    @app_commands.guild_only()
    async def settings(
        self,
        interaction: discord.Interaction,
        ruleset: str | None = None,
        seven_o: bool | None = None,
        stacking: bool | None = None,
        scoring: str | None = None,
        target: int | None = None,
        jump_in: bool | None = None,
        draw_until_playable: bool | None = None,
        stack_draws: bool | None = None,
        force_play: bool | None = None,
        no_bluff: bool | None = None,
        turn_seconds: int | None = None,
        images: bool | None = None,
        threads: bool | None = None,
        tables_per_member: int | None = None,
        language: str | None = None,
        seasons: str | None = None,
        wildcustom: str | None = None,
        rblank: str | None = None,
        yblank: str | None = None,
        gblank: str | None = None,
        bblank: str | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message(
                _("Only members with the Manage Server permission can see or change the UNO "
                  "settings."), ephemeral=True,
            )
            return
        given = {CARD_CODES.get(key, key): value for key, value in interaction.namespace
                 if value is not None}  # the namespace names options as Discord shows them
        changes = {key: getattr(value, "value", value) for key, value in given.items()}
        current = await self.bot.db.get_settings(interaction.guild_id)
        if not changes:
            await interaction.response.send_message(
                embed=records.settings_embed(current), ephemeral=True
            )
            return
        try:
            updated = records.changed_settings(current, changes)
        except OptionsError as error:
            await interaction.response.send_message(
                _("Nothing changed: {reason}.").format(reason=refusal_words(error)),
                ephemeral=True
            )
            return
        await self.bot.db.save_settings(interaction.guild_id, updated)
        await interaction.response.send_message(
            _("Saved. New games on this server start with these settings."),
            embed=records.settings_embed(updated), ephemeral=True,
        )

    @app_commands.command(name="help", description="How to play, and the commands")
    async def help(self, interaction: discord.Interaction) -> None:
        await show_help(interaction)

    @app_commands.command(name="rules", description="The rules of this channel's game or a ruleset")
    @app_commands.describe(ruleset="A ruleset to describe instead of this channel's game")
    @app_commands.choices(ruleset=RULESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, ruleset: str | None = None) -> None:
        table = self.bot.manager.shown(interaction.channel_id or 0)
        if ruleset is None and table is not None:
            title = _("Rules of this channel's game: {ruleset}").format(
                ruleset=choice_name(table.ruleset))
            body = ruleset_details(table.ruleset, table.options)
            body += "\n" + _("Turn timer: {seconds} seconds.").format(seconds=table.turn_seconds)
        else:
            name = ruleset or "classic"
            title = _("Ruleset: {ruleset}").format(ruleset=choice_name(name))
            body = ruleset_details(name, Options.for_ruleset(name))
        embed = discord.Embed(title=title, description=body)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: UnoBot) -> None:
    await bot.add_cog(Uno(bot))
