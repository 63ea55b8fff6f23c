"""The ``/uno`` command group: parse options, call the manager, answer."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai import LEVELS
from bot.engine.options import (
    HOUSE_RULE_CARDS,
    OPTIONS,
    RULESETS,
    Kind,
    Options,
    OptionsError,
    Switch,
    WholeNumber,
)
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
from bot.ui.words.option_words import OPTION_WORDS, OptionWords
from bot.ui.words.text import ruleset_details
from bot.ui.words.words import choice_name

if TYPE_CHECKING:
    from bot.app.client import UnoBot

RULESET_CHOICES = [app_commands.Choice(name=name, value=name) for name in RULESETS]
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
LANGUAGE_CHOICES = [app_commands.Choice(name="Discord's server language",
                                        value=records.FOLLOW_DISCORD),
                    *(app_commands.Choice(name=language.name, value=locale)
                      for locale, language in LANGUAGES.items())]
"""Each language by its own name (a reader looks for their language's name for itself)."""
SEASON_CHOICES = [app_commands.Choice(name=records.SEASON_LENGTH_NAMES[length], value=length)
                  for length in SEASON_LENGTHS]


@dataclass(frozen=True, slots=True)
class SlashOption:
    """An option of ``/uno new`` or ``/uno settings``, by the name the command reads it
    by (its words are ``OPTION_WORDS`` of that name)."""

    name: str
    type: type[bool] | type[int] | type[str]
    choices: tuple[app_commands.Choice[str], ...] = ()
    default: bool | None = None


def rule_option(name: str, kind: Kind) -> SlashOption:
    """A rule option of the engine as the commands offer it (its choices by their codes)."""
    if isinstance(kind, Switch):
        return SlashOption(name, bool)
    if isinstance(kind, WholeNumber):
        return SlashOption(name, int)
    return SlashOption(name, str, tuple(app_commands.Choice(name=choice, value=choice)
                                        for choice in kind.choices))


RULESET = SlashOption("ruleset", str, tuple(RULESET_CHOICES))
RULE_OPTIONS = tuple(rule_option(name, kind) for name, kind in OPTIONS.items())
TURN_SECONDS = SlashOption("turn_seconds", int)
IMAGES = SlashOption("images", bool)
THREADS = SlashOption("threads", bool)
NEW_OPTIONS = (RULESET, *RULE_OPTIONS, TURN_SECONDS, SlashOption("autoplay", bool, default=False),
               IMAGES, THREADS)
SETTINGS_OPTIONS = (
    RULESET, *RULE_OPTIONS, TURN_SECONDS, IMAGES, THREADS, SlashOption("tables_per_member", int),
    SlashOption("language", str, tuple(LANGUAGE_CHOICES)),
    SlashOption("seasons", str, tuple(SEASON_CHOICES)),
    *(SlashOption(card, str) for card in HOUSE_RULE_CARDS),
)
NEW_NAMES = {"threads": "thread"}
"""``/uno new`` options Discord shows under another name: one game's thread."""
SETTINGS_NAMES = {"wildcustom": "wild_customizable", "rblank": "red_blank",
                  "yblank": "yellow_blank", "gblank": "green_blank", "bblank": "blue_blank"}
"""``/uno settings`` options as players see them: card names, not card codes."""

Callback = TypeVar("Callback", bound=Callable[..., Any])


def taking(options: tuple[SlashOption, ...], words: Callable[[OptionWords], str | None],
           shown_as: dict[str, str]) -> Callable[[Callback], Callback]:
    """Gives a command's callback, ``(self, interaction, **chosen)``, the parameters
    discord.py reads a command's options from (its signature, ``describe``, ``choices``,
    ``rename``): one keyword each, typed, described by its ``words``, under its name in
    ``shown_as`` if any. The callback receives every option, None (or the option's
    default) where the member gave none."""
    def give(callback: Callback) -> Callback:
        positional = inspect.Parameter.POSITIONAL_OR_KEYWORD
        callback.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
            inspect.Parameter("self", positional),
            inspect.Parameter("interaction", positional, annotation=discord.Interaction),
            *(inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY,
                                annotation=option.type if option.default is not None
                                else option.type | None, default=option.default)
              for option in options),
        ])
        app_commands.describe(**{option.name: _said(words, option.name)
                                 for option in options})(callback)
        app_commands.choices(**{option.name: list(option.choices)
                                for option in options if option.choices})(callback)
        return app_commands.rename(**shown_as)(callback)
    return give


def _said(words: Callable[[OptionWords], str | None], name: str) -> str:
    said = words(OPTION_WORDS[name])
    if said is None:
        raise LookupError(f"the option {name} has no description for this command")
    return said


class Uno(commands.GroupCog, group_name="uno", group_description="Play UNO in this channel"):
    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open an UNO lobby in this channel")
    @taking(NEW_OPTIONS, lambda words: words.new, NEW_NAMES)
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction, **chosen: Any) -> None:
        assert interaction.guild_id is not None
        defaults = await self.bot.db.get_settings(interaction.guild_id)
        overrides: dict[str, Any] = dict(defaults.overrides)
        overrides |= {name: chosen[name] for name in OPTIONS if chosen[name] is not None}
        assert interaction.guild_id is not None and interaction.channel_id is not None
        ruleset = chosen["ruleset"] or defaults.ruleset
        turn_seconds = chosen["turn_seconds"]
        turn_seconds = defaults.turn_seconds if turn_seconds is None else turn_seconds
        language = language_of(defaults.language or interaction.guild_locale).locale
        made: discord.Thread | None = None
        host = lobby.acting_player(interaction)
        lobbies = self.bot.manager.lobby
        with lobbies.opening(interaction.guild_id, host.id, defaults.tables_per_member) as claim:
            if defaults.threads if chosen["threads"] is None else chosen["threads"]:
                checked_options(ruleset, overrides, turn_seconds)  # no thread for a bad setting
                made = await lobby.open_thread(interaction, language=language)
            await lobbies.create(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id if made is None else made.id,
                host=host,
                ruleset=ruleset,
                overrides=overrides,
                turn_seconds=turn_seconds,
                autoplay=chosen["autoplay"],
                images=defaults.images if chosen["images"] is None else chosen["images"],
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
    @taking(SETTINGS_OPTIONS, lambda words: words.default, SETTINGS_NAMES)
    @app_commands.guild_only()
    async def settings(self, interaction: discord.Interaction, **chosen: Any) -> None:
        assert interaction.guild_id is not None
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message(
                _("Only members with the Manage Server permission can see or change the UNO "
                  "settings."), ephemeral=True,
            )
            return
        changes = {name: value for name, value in chosen.items() if value is not None}
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
