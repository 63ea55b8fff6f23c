"""``/uno stats``: a player's profile on the server: the rating (with its "?" while
provisional) and place, this season's rating and place, a picture of the rating over the
last rated matches, the counted numbers, and with ``versus:`` two players' record
against each other."""

from __future__ import annotations

import io

import discord

from bot.game.players import PlayerId
from bot.game.rating import SETTLED_AFTER
from bot.game.seasons import ALL_TIME, season_of
from bot.game.standings import HeadToHead, PlayerRating, PlayerStats
from bot.i18n import _, ngettext
from bot.render.ratings import render_rating_chart_async
from bot.ui.messages.records import mention
from bot.ui.services import uno_client
from bot.ui.words.rating_words import rating_words
from bot.ui.words.words import color_name

CHART_MATCHES = 50
CHART_PICTURE = "rating.png"


def stats_lines(stats: PlayerStats) -> list[str]:
    favourite = stats.favourite_colour or ""
    # i18n: the favourite colour of a player who has played no coloured card yet
    colour = color_name(favourite) if favourite else _("none yet")
    rate = f" ({stats.wins / stats.games:.0%})" if stats.games else ""
    return [
        # i18n: {rate} is empty, or the share of matches won in brackets: " (40%)"
        _("Matches: {matches} · wins: {wins}{rate} · rounds won: {rounds}").format(
            matches=stats.games, wins=stats.wins, rate=rate, rounds=stats.round_wins),
        _("Points: {points} · best round: {best}").format(
            points=stats.points, best=stats.best_round),
        _("UNO calls: {calls} · catches made: {made} · caught: {caught}").format(
            calls=stats.uno_calls, made=stats.catches_made, caught=stats.catches_suffered),
        _("Challenges won: {won} · lost: {lost}").format(
            won=stats.challenges_won, lost=stats.challenges_lost),
        _("Cards played: {count} · favourite colour: {colour}").format(
            count=stats.cards_played, colour=colour),
    ]


def rating_line(rating: PlayerRating | None, season: str) -> str:
    """ "Rating: 1043 · place 3", "Season 2026-11: 1012? · 4 of 10 rated matches"."""
    # i18n: the board a rating line is about: the all-time rating, or a season's
    board = _("Rating") if season == ALL_TIME else _("Season {season}").format(season=season)
    if rating is None:
        # i18n: "Rating: no rated match yet"
        return _("{board}: no rated match yet").format(board=board)
    shown = rating_words(rating.rating, rating.provisional)
    if rating.rank is None:
        # i18n: a provisional rating: "Rating: 1012? · 4 of 10 rated matches"
        return ngettext("{board}: {rating} · {count} of {needed} rated match",
                        "{board}: {rating} · {count} of {needed} rated matches",
                        SETTLED_AFTER).format(board=board, rating=shown, count=rating.matches,
                                              needed=SETTLED_AFTER)
    # i18n: a settled rating and the place on the server's board: "Rating: 1043 · place 3"
    return _("{board}: {rating} · place {rank}").format(board=board, rating=shown,
                                                        rank=rating.rank)


def versus_line(user_id: PlayerId, other_id: PlayerId, record: HeadToHead) -> str:
    ties = record.matches - record.ahead - record.behind
    # i18n: two players' record against each other: matches together, how often each
    # finished ahead of the other, ties
    return ngettext(
        "Head-to-head with {other}: {count} match together · {player} ahead {ahead} · "
        "{other} ahead {behind} · tied {ties}",
        "Head-to-head with {other}: {count} matches together · {player} ahead {ahead} · "
        "{other} ahead {behind} · tied {ties}",
        record.matches).format(other=mention(other_id), player=mention(user_id),
                               count=record.matches, ahead=record.ahead,
                               behind=record.behind, ties=ties)


def chart_alt_text(ratings: list[int]) -> str:
    # i18n: the alt text of the rating chart
    return ngettext("Rating over the last {count} rated match: from {first} to {last}, "
                    "lowest {low}, highest {high}.",
                    "Rating over the last {count} rated matches: from {first} to {last}, "
                    "lowest {low}, highest {high}.", len(ratings)).format(
        count=len(ratings), first=ratings[0], last=ratings[-1], low=min(ratings),
        high=max(ratings))


async def show_stats(interaction: discord.Interaction, user_id: PlayerId,
                     versus: PlayerId | None) -> None:
    """Answer with the profile of ``user_id`` (and the head-to-head with ``versus``)."""
    assert interaction.guild_id is not None
    guild_id = interaction.guild_id
    if versus == user_id:
        await interaction.response.send_message(
            _("A head-to-head needs two different players."), ephemeral=True)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    bot = uno_client(interaction)
    db = bot.db
    season = season_of(bot.clock.wall(), (await db.get_settings(guild_id)).season_length)
    lines = [_("Player: {player}").format(player=mention(user_id)),
             rating_line(await db.player_rating(guild_id, user_id), ALL_TIME)]
    if season is not None:
        lines.append(rating_line(await db.player_rating(guild_id, user_id, season), season))
    lines += stats_lines(await db.player_stats(guild_id, user_id))
    if versus is not None:
        lines.append(versus_line(user_id, versus,
                                 await db.head_to_head(guild_id, user_id, versus)))
    embed = discord.Embed(title=_("UNO stats"), description="\n".join(lines))
    ratings = await db.rating_history(guild_id, user_id, CHART_MATCHES)
    files = []
    if len(ratings) > 1 and interaction.app_permissions.attach_files:
        png = await render_rating_chart_async(ratings)
        files.append(discord.File(io.BytesIO(png), CHART_PICTURE,
                                  description=chart_alt_text(ratings)))
        embed.set_image(url=f"attachment://{CHART_PICTURE}")
    await interaction.edit_original_response(embed=embed, attachments=files)
