"""``/uno leaderboard``: the server's boards, by rating (all time, this season or a
finished one), wins, points or win rate, turned by page buttons that work after a
restart (their custom id carries the whole question).

The rating board comes with a picture of its page (``bot.render.ratings``) when the bot
may attach files there; a ``public`` board is posted for the channel, without the
reader's own line.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import Any

import discord

from bot.game.players import PlayerId
from bot.game.ports import Storage
from bot.game.rating import SETTLED_AFTER
from bot.game.seasons import ALL_TIME, is_season_name, season_of
from bot.game.standings import (
    DEFAULT_MIN_GAMES,
    PERIODS,
    RANKINGS,
    LeaderboardPage,
    PlayerRating,
    RankRow,
    RatingPage,
    RatingRow,
)
from bot.i18n import N_, _, ngettext, pgettext
from bot.render.ratings import BoardLine, render_board_async
from bot.ui.clicks.failures import Guarded
from bot.ui.clicks.stray import MAX_ID
from bot.ui.messages.records import mention
from bot.ui.services import uno_client
from bot.ui.words.alt_text import MAX_ALT_TEXT
from bot.ui.words.rating_words import change_words, rating_words

PAGE_SIZE = 10
RATING = "rating"
SEASON = "season"
BOARD_RANKINGS = (RATING, *RANKINGS)
BOARD_PERIODS = (*PERIODS, SEASON)
RANKING_NAMES = {RATING: N_("Rating"), "wins": N_("Wins"), "points": N_("Points"),
                 "win_rate": N_("Win rate")}
PERIOD_NAMES = {"all": N_("All time"), "month": N_("This month"), "week": N_("This week"),
                SEASON: N_("This season")}
"""What to rank by and which matches count, in English marked for the catalogs."""
BOARD_PICTURE = "leaderboard.png"


@dataclass(frozen=True, slots=True)
class Question:
    """What a board shows: a ranking, a period (for the rating: ``all`` or a season's
    name), and the first row of its page."""

    ranking: str
    period: str
    offset: int = 0
    public: bool = False

    @property
    def custom_id(self) -> str:
        return f"uno:lb:{self.ranking}:{self.period}:{self.offset}{':p' if self.public else ''}"

    def valid(self) -> bool:
        if self.offset > MAX_ID or self.ranking not in BOARD_RANKINGS:
            return False
        if self.ranking == RATING:
            return self.period == "all" or is_season_name(self.period)
        return self.period in PERIODS


class LeaderboardPageButton(
    Guarded,
    template=r"uno:lb:(?P<ranking>[a-z_]+):(?P<period>[A-Za-z0-9-]+):(?P<offset>\d+)"
             r"(?P<public>:p)?",
):
    """Turns the leaderboard's page: the custom_id carries the whole question."""

    def __init__(self, question: Question, label: str, disabled: bool = False) -> None:
        self.question = question
        super().__init__(discord.ui.Button(
            label=label, disabled=disabled, style=discord.ButtonStyle.secondary,
            custom_id=question.custom_id,
        ))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LeaderboardPageButton:
        return cls(Question(match["ranking"], match["period"], int(match["offset"]),
                            bool(match["public"])), "")

    async def act(self, interaction: discord.Interaction) -> None:
        if not self.question.valid():
            await interaction.response.send_message(
                _("That leaderboard button is out of date; run /uno leaderboard again."),
                ephemeral=True,
            )
            return
        await show_board(interaction, self.question, edit=True)


def pages_view(question: Question, total: int) -> discord.ui.View | None:
    if total <= PAGE_SIZE:
        return None
    earlier = max(question.offset - PAGE_SIZE, 0)
    later = question.offset + PAGE_SIZE
    view = discord.ui.View(timeout=None)
    # i18n: buttons that turn the leaderboard's pages
    view.add_item(LeaderboardPageButton(Question(question.ranking, question.period, earlier,
                                                 question.public),
                                        pgettext("button", "◀ Previous"),
                                        disabled=question.offset == 0))
    view.add_item(LeaderboardPageButton(Question(question.ranking, question.period, later,
                                                 question.public),
                                        pgettext("button", "Next ▶"),
                                        disabled=later >= total))
    return view


def _footer(embed: discord.Embed, offset: int, total: int) -> None:
    last = max(total - 1, 0) // PAGE_SIZE + 1
    # i18n: the leaderboard's footer; {count} is how many players are ranked in all
    embed.set_footer(text=ngettext("Page {page} of {pages} · {count} ranked",
                                   "Page {page} of {pages} · {count} ranked",
                                   total).format(page=offset // PAGE_SIZE + 1,
                                                 pages=last, count=total))


# -- wins, points, win rate ------------------------------------------------------------


def _rank_line(row: RankRow, ranking: str) -> str:
    if ranking == "wins":
        shown = ngettext("{count} win", "{count} wins", row.wins).format(count=row.wins)
    elif ranking == "points":
        shown = ngettext("{count} point", "{count} points", row.points).format(count=row.points)
    else:
        # i18n: a win rate on the leaderboard: "40% of 5 games"
        shown = ngettext("{rate} of {count} game", "{rate} of {count} games", row.games).format(
            rate=f"{row.win_rate:.0%}", count=row.games)
    return f"**{row.rank}.** {mention(row.user_id)} · {shown}"


def leaderboard_embed(page: LeaderboardPage, own: RankRow | None, viewer: PlayerId | None
                      ) -> discord.Embed:
    title = _("Leaderboard · {ranking} · {period}").format(
        ranking=_(RANKING_NAMES[page.ranking]), period=_(PERIOD_NAMES[page.period]))
    lines = [_rank_line(row, page.ranking) for row in page.rows]
    if not lines:
        lines = [_("Nobody is ranked yet: finish a match to get on the board.")]
    if page.ranking == "win_rate":
        lines.append("\n" + ngettext("(win rate ranks players with at least {count} game)",
                                      "(win rate ranks players with at least {count} games)",
                                      DEFAULT_MIN_GAMES).format(count=DEFAULT_MIN_GAMES))
    if viewer is not None and own is None:
        lines.append("\n" + _("You ({player}) are not ranked here yet.").format(
            player=mention(viewer)))
    elif viewer is not None and own is not None and not any(
            row.user_id == viewer for row in page.rows):
        # i18n: the reader's own place on the leaderboard, below the page shown
        lines.append("\n" + _("You: {rank}").format(rank=_rank_line(own, page.ranking)))
    embed = discord.Embed(title=title, description="\n".join(lines))
    _footer(embed, page.offset, page.total)
    return embed


# -- rating ----------------------------------------------------------------------------


def _period_name(season: str) -> str:
    # i18n: a rating season on the leaderboard's title: "Season 2026-11"
    return _(PERIOD_NAMES["all"]) if season == ALL_TIME else _("Season {season}").format(
        season=season)


def _rating_line(row: RatingRow) -> str:
    # i18n: a row of the rating board: "1043 · +12 in 7 days · 34 rated matches"
    shown = ngettext("{rating} · {change} in 7 days · {count} rated match",
                     "{rating} · {change} in 7 days · {count} rated matches",
                     row.matches).format(rating=row.rating, change=change_words(row.week_change),
                                         count=row.matches)
    return f"**{row.rank}.** {mention(row.user_id)} · {shown}"


def _own_rating_line(own: PlayerRating | None, viewer: PlayerId) -> str:
    if own is None:
        return _("You ({player}) are not ranked here yet.").format(player=mention(viewer))
    if own.rank is None:
        # i18n: the reader's provisional rating, not yet on the board ("1012?")
        return ngettext("You: {rating} after {count} rated match; the board lists players "
                        "from {needed}.",
                        "You: {rating} after {count} rated matches; the board lists players "
                        "from {needed}.", own.matches).format(
            rating=rating_words(own.rating, True), count=own.matches, needed=SETTLED_AFTER)
    return _("You: {rank}").format(rank=f"**{own.rank}.** {mention(viewer)} · {own.rating}")


def rating_embed(page: RatingPage, own: PlayerRating | None, viewer: PlayerId | None
                 ) -> discord.Embed:
    title = _("Leaderboard · {ranking} · {period}").format(
        ranking=_(RANKING_NAMES[RATING]), period=_period_name(page.season))
    lines = [_rating_line(row) for row in page.rows]
    if not lines:
        lines = [ngettext("Nobody is listed yet: a player is listed after {count} rated match.",
                          "Nobody is listed yet: a player is listed after {count} rated "
                          "matches.", SETTLED_AFTER).format(count=SETTLED_AFTER)]
    if viewer is not None and not any(row.user_id == viewer for row in page.rows):
        lines.append("\n" + _own_rating_line(own, viewer))
    embed = discord.Embed(title=title, description="\n".join(lines))
    _footer(embed, page.offset, page.total)
    return embed


def board_alt_text(page: RatingPage, names: dict[PlayerId, str]) -> str:
    # i18n: the alt text of the rating board's picture, one entry per player:
    # "1. ana, 1043, +12 in 7 days, 34 rated matches"
    entries = [ngettext("{rank}. {player}, {rating}, {change} in 7 days, {count} rated match",
                        "{rank}. {player}, {rating}, {change} in 7 days, {count} rated matches",
                        row.matches).format(rank=row.rank, player=names[row.user_id],
                                            rating=row.rating,
                                            change=change_words(row.week_change),
                                            count=row.matches)
               for row in page.rows]
    return "; ".join(entries)[:MAX_ALT_TEXT]


def _names(interaction: discord.Interaction, page: RatingPage) -> dict[PlayerId, str]:
    """Each player's name as last played under, else as the server shows them."""
    names = {}
    for row in page.rows:
        member = interaction.guild.get_member(row.user_id) if interaction.guild else None
        names[row.user_id] = row.name or (member.display_name if member else str(row.user_id))
    return names


async def board_picture(interaction: discord.Interaction, page: RatingPage
                        ) -> discord.File | None:
    if not page.rows or not interaction.app_permissions.attach_files:
        return None
    names = _names(interaction, page)
    png = await render_board_async([BoardLine(row.rank, names[row.user_id], row.rating,
                                              row.week_change, row.matches)
                                    for row in page.rows])
    return discord.File(io.BytesIO(png), BOARD_PICTURE,
                        description=board_alt_text(page, names))


# -- answering ------------------------------------------------------------------------


async def show_board(interaction: discord.Interaction, question: Question, *,
                     edit: bool = False) -> None:
    """Answer with the board ``question`` asks for (``edit``: in place of the board
    whose page button was clicked)."""
    assert interaction.guild_id is not None
    db = uno_client(interaction).db
    viewer = None if question.public else PlayerId(interaction.user.id)
    if question.ranking != RATING:
        page = await db.leaderboard(interaction.guild_id, question.ranking,  # type: ignore[arg-type]
                                    question.period, question.offset,  # type: ignore[arg-type]
                                    PAGE_SIZE)
        own = await db.player_rank(interaction.guild_id, PlayerId(interaction.user.id),
                                   question.ranking, question.period)  # type: ignore[arg-type]
        embed = leaderboard_embed(page, own, viewer)
        view = pages_view(question, page.total)
        if edit:
            await interaction.response.edit_message(embed=embed, view=view)
        elif view is None:
            await interaction.response.send_message(embed=embed, ephemeral=not question.public)
        else:
            await interaction.response.send_message(embed=embed, view=view,
                                                    ephemeral=not question.public)
        return
    if edit:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=not question.public, thinking=True)
    await _send_rating_board(interaction, db, question, viewer)


async def _send_rating_board(interaction: discord.Interaction, db: Storage,
                             question: Question, viewer: PlayerId | None) -> None:
    assert interaction.guild_id is not None
    season = ALL_TIME if question.period == "all" else question.period
    page = await db.rating_board(interaction.guild_id, season, question.offset, PAGE_SIZE,
                                 now=uno_client(interaction).clock.wall())
    own = await db.player_rating(interaction.guild_id, PlayerId(interaction.user.id), season)
    embed = rating_embed(page, own, viewer)
    picture = await board_picture(interaction, page)
    if picture is not None:
        embed.set_image(url=f"attachment://{BOARD_PICTURE}")
    await interaction.edit_original_response(
        embed=embed, view=pages_view(question, page.total),
        attachments=[picture] if picture is not None else [])


async def board_question(interaction: discord.Interaction, ranking: str, period: str,
                         season: str | None, public: bool) -> Question | str:
    """The board the command's options ask for, or why there is none (a sentence)."""
    assert interaction.guild_id is not None
    db = uno_client(interaction).db
    if season is not None or period == SEASON:
        if ranking != RATING:
            return _("Only the rating has seasons: rank by rating, or choose all time, this "
                     "month or this week.")
    elif ranking == RATING and period != "all":
        return _("The rating is kept for all time and for each season: choose All time or "
                 "This season.")
    if season is not None:
        season = season.strip().upper()
        if not is_season_name(season):
            return _("{season} is not a season: seasons are named like 2026-11 or "
                     "2026-Q4.").format(season=season[:20])
        if season not in await db.seasons(interaction.guild_id):
            return _("Nobody was rated in season {season} on this server.").format(
                season=season)
        return Question(RATING, season, public=public)
    if period == SEASON:
        length = (await db.get_settings(interaction.guild_id)).season_length
        current = season_of(uno_client(interaction).clock.wall(), length)
        if current is None:
            return _("This server has no seasons: a server manager can start them with "
                     "/uno settings seasons.")
        return Question(RATING, current, public=public)
    return Question(ranking, period, public=public)
