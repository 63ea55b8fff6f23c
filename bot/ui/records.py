"""Leaderboards, player stats, match history and server settings as Discord messages."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.engine.cards import COLOR_NAMES
from bot.engine.options import HOUSE_RULE_CARDS, HOUSE_RULES, TABLE_OPTIONS, OptionsError
from bot.game.guild_settings import GuildSettings
from bot.game.ports import Storage
from bot.game.standings import (
    DEFAULT_MIN_GAMES,
    PERIODS,
    RANKINGS,
    LeaderboardPage,
    PlayerStats,
    RankRow,
)
from bot.ui.stray import MAX_ID
from bot.ui.words import HOUSE_RULE_CARD_NAMES, plural

PAGE_SIZE = 10
RANKING_NAMES = {"wins": "Wins", "points": "Points", "win_rate": "Win rate"}
PERIOD_NAMES = {"all": "All time", "month": "This month", "week": "This week"}
HOUSE_RULE_TEXT_LIMIT = 200


def mention(user_id: int) -> str:
    """A person as a mention; a computer player (negative id) by what it is."""
    return f"<@{user_id}>" if user_id > 0 else "🤖 computer player"


# -- leaderboard ------------------------------------------------------------------------


def _rank_line(row: RankRow, ranking: str) -> str:
    shown = {
        "wins": plural(row.wins, "win"),
        "points": plural(row.points, "point"),
        "win_rate": f"{row.win_rate:.0%} of {plural(row.games, 'game')}",
    }[ranking]
    return f"**{row.rank}.** {mention(row.user_id)} · {shown}"


def leaderboard_embed(page: LeaderboardPage, own: RankRow | None, viewer: int) -> discord.Embed:
    title = f"Leaderboard · {RANKING_NAMES[page.ranking]} · {PERIOD_NAMES[page.period]}"
    lines = [_rank_line(row, page.ranking) for row in page.rows]
    if not lines:
        lines = ["Nobody is ranked yet: finish a match to get on the board."]
    if page.ranking == "win_rate":
        lines.append(f"\n(win rate ranks players with at least {DEFAULT_MIN_GAMES} games)")
    if own is None:
        lines.append(f"\nYou ({mention(viewer)}) are not ranked here yet.")
    elif not any(row.user_id == viewer for row in page.rows):
        lines.append(f"\nYou: {_rank_line(own, page.ranking)}")
    embed = discord.Embed(title=title, description="\n".join(lines))
    last = max(page.total - 1, 0) // PAGE_SIZE + 1
    embed.set_footer(text=f"Page {page.offset // PAGE_SIZE + 1} of {last} · {page.total} ranked")
    return embed


class LeaderboardPageButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"uno:lb:(?P<ranking>[a-z_]+):(?P<period>[a-z]+):(?P<offset>\d+)",
):
    """Turns the leaderboard's page: the custom_id carries the whole question."""

    def __init__(self, ranking: str, period: str, offset: int, label: str,
                 disabled: bool = False) -> None:
        self.ranking, self.period, self.offset = ranking, period, offset
        super().__init__(discord.ui.Button(
            label=label, disabled=disabled, style=discord.ButtonStyle.secondary,
            custom_id=f"uno:lb:{ranking}:{period}:{offset}",
        ))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LeaderboardPageButton:
        return cls(match["ranking"], match["period"], int(match["offset"]), "")

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.ranking not in RANKINGS or self.period not in PERIODS or self.offset > MAX_ID:
            await interaction.response.send_message(
                "That leaderboard button is out of date; run /uno leaderboard again.",
                ephemeral=True,
            )
            return
        await show_leaderboard(interaction, _database(interaction), self.ranking, self.period,
                               self.offset, edit=True)


def leaderboard_view(page: LeaderboardPage) -> discord.ui.View | None:
    if page.total <= PAGE_SIZE:
        return None
    earlier = max(page.offset - PAGE_SIZE, 0)
    later = page.offset + PAGE_SIZE
    view = discord.ui.View(timeout=None)
    view.add_item(LeaderboardPageButton(page.ranking, page.period, earlier, "◀ Previous",
                                        disabled=page.offset == 0))
    view.add_item(LeaderboardPageButton(page.ranking, page.period, later, "Next ▶",
                                        disabled=later >= page.total))
    return view


async def show_leaderboard(
    interaction: discord.Interaction, db: Storage, ranking: str, period: str, offset: int,
    *, edit: bool = False,
) -> None:
    assert interaction.guild_id is not None
    page = await db.leaderboard(interaction.guild_id, ranking, period,  # type: ignore[arg-type]
                                offset, PAGE_SIZE)
    own = await db.player_rank(interaction.guild_id, interaction.user.id,
                               ranking, period)  # type: ignore[arg-type]
    embed = leaderboard_embed(page, own, interaction.user.id)
    view = leaderboard_view(page)
    if edit:
        await interaction.response.edit_message(embed=embed, view=view)
    elif view is None:
        await interaction.response.send_message(embed=embed, ephemeral=True)
    else:
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


def _database(interaction: discord.Interaction) -> Storage:
    db: Storage = interaction.client.db  # type: ignore[attr-defined]
    return db


# -- stats and history ----------------------------------------------------------------


def stats_embed(user_id: int, stats: PlayerStats) -> discord.Embed:
    colour = COLOR_NAMES.get(stats.favourite_colour or "", "none yet")
    rate = f" ({stats.wins / stats.games:.0%})" if stats.games else ""
    lines = [
        f"Player: {mention(user_id)}",
        f"Matches: {stats.games} · wins: {stats.wins}{rate} · rounds won: {stats.round_wins}",
        f"Points: {stats.points} · best round: {stats.best_round}",
        f"UNO calls: {stats.uno_calls} · catches made: {stats.catches_made}"
        f" · caught: {stats.catches_suffered}",
        f"Challenges won: {stats.challenges_won} · lost: {stats.challenges_lost}",
        f"Cards played: {stats.cards_played} · favourite colour: {colour}",
    ]
    return discord.Embed(title="UNO stats", description="\n".join(lines))


async def show_history(interaction: discord.Interaction, db: Storage, server_wide: bool) -> None:
    assert interaction.guild_id is not None
    channel = None if server_wide else interaction.channel_id
    matches = await db.history(interaction.guild_id, channel, limit=10)
    where = "this server" if server_wide else "this channel"
    lines = []
    for match in matches:
        scores = ", ".join(f"{mention(p.user_id)} {p.points}" for p in match.players)
        winner = mention(match.winner_id) if match.winner_id else "nobody"
        lines.append(
            f"<t:{int(match.ended_at)}:R> · {match.ruleset} · {plural(match.rounds, 'round')} · "
            f"winner {winner}\n  {scores}"
        )
    body = "\n".join(lines) or f"No finished match in {where} yet."
    embed = discord.Embed(title=f"Last matches in {where}", description=body)
    await interaction.response.send_message(embed=embed, ephemeral=True)


# -- server settings ------------------------------------------------------------------


def settings_embed(settings: GuildSettings) -> discord.Embed:
    options = settings.options()
    lines = [
        f"Ruleset: {settings.ruleset}",
        f"Seven-O: {'on' if options.seven_o else 'off'} · "
        f"stacking: {'on' if options.stacking else 'off'}",
        f"Scoring: {options.scoring} to {options.target} points",
        "Table options: " + (", ".join(TABLE_OPTIONS[n][0] for n in options.table_options())
                             or "none"),
        f"Turn timer: {settings.turn_seconds} seconds",
        f"Card images: {'on' if settings.images else 'off'}",
        f"Game threads: {'on' if settings.threads else 'off'} (each /uno new in a new thread)",
        "House rules:",
    ]
    for card, rule in settings.house_rules.items():
        said = f"9 — “{rule}”" if isinstance(rule, str) else f"{rule} — {HOUSE_RULES[rule]}"
        lines.append(f"  {HOUSE_RULE_CARD_NAMES[card]}: {said}")
    return discord.Embed(title="UNO settings for this server", description="\n".join(lines))


def parse_house_rule(value: str) -> int | str:
    """A house-rule option: a rule number 1 to 9, or the free text of rule 9."""
    value = value.strip()
    if value.isdigit():
        number = int(value)
        if number not in HOUSE_RULES:
            raise OptionsError("a house rule is a number from 1 to 9, or a text for rule 9")
        return number
    if not value or len(value) > HOUSE_RULE_TEXT_LIMIT:
        raise OptionsError(f"a written house rule takes 1 to {HOUSE_RULE_TEXT_LIMIT} characters")
    return value


FOLLOW_DISCORD = "discord"
"""The ``language`` setting that goes back to the server's own locale."""


def changed_settings(current: GuildSettings, changes: dict[str, Any]) -> GuildSettings:
    """``current`` with the command's ``changes`` (only options the admin gave).
    Raises ``OptionsError`` with a sentence for any value no table could play with."""
    ruleset = changes.pop("ruleset", None) or current.ruleset
    turn_seconds = changes.pop("turn_seconds", None) or current.turn_seconds
    images = changes.pop("images", None)
    threads = changes.pop("threads", None)
    language = changes.pop("language", None)
    house_rules = dict(current.overrides.get("house_rules", {}))
    for card in HOUSE_RULE_CARDS:
        value = changes.pop(card, None)
        if value is not None:
            house_rules[card] = parse_house_rule(value)
    overrides = {**current.overrides, **changes}
    if house_rules:
        overrides["house_rules"] = house_rules
    return GuildSettings(
        ruleset=ruleset,
        overrides=overrides,
        turn_seconds=turn_seconds,
        images=current.images if images is None else images,
        threads=current.threads if threads is None else threads,
        language=(current.language if language is None
                  else None if language == FOLLOW_DISCORD else language),
    )
