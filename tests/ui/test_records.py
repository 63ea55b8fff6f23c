"""Leaderboard, stats, history and server settings, end to end through the fake Discord."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from bot.app.client import UnoBot
from bot.game.ports import MatchRecord, PlayerResult
from tests.fakediscord import EPHEMERAL, FakeGuild, FakeMember

UPDATE_MESSAGE = 7
MANAGE_GUILD = 1 << 5


def this_week_and_month() -> float:
    """The start of the shorter of the current ISO week and calendar month (UTC): a
    moment both period boards count, whatever day and hour the tests run."""
    now = datetime.now(UTC)
    midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
    return max(midnight - timedelta(days=now.weekday()), midnight.replace(day=1)).timestamp()


def finished_match(
    guild: FakeGuild, number: int, scores: dict[FakeMember, int], winner: FakeMember,
    *, channel_id: int | None = None, ended_at: float | None = None,
) -> MatchRecord:
    ended = ended_at if ended_at is not None else this_week_and_month() + number
    return MatchRecord(
        match_id=f"test-{number}",
        guild_id=guild.id,
        channel_id=channel_id or guild.channel_id,
        ruleset="classic",
        started_at=ended - 900,
        ended_at=ended,
        rounds=2,
        winner_id=winner.id,
        players=tuple(
            PlayerResult(m.id, points, won=m is winner, round_wins=1 if m is winner else 0,
                         best_round=points, uno_calls=2, catches_made=1, cards_played=20,
                         colours_played={"g": 12, "r": 8})
            for m, points in scores.items()
        ),
    )


async def test_an_empty_leaderboard_says_so(bot: UnoBot, guild: FakeGuild) -> None:
    answer = await guild.members[0].slash("uno leaderboard")
    assert answer.ephemeral
    assert "Nobody is listed yet: a player is listed after 10 rated matches." in answer.text
    assert "are not ranked here yet" in answer.text
    by_wins = await guild.members[0].slash("uno leaderboard", ranking="wins")
    assert "Nobody is ranked yet" in by_wins.text


async def test_leaderboard_pages_with_buttons_and_shows_the_callers_rank(
    bot: UnoBot, guild: FakeGuild
) -> None:
    members = guild.members[:11]
    caller = members[-1]
    for number, winner in enumerate(members):
        wins = len(members) - number  # members[0] wins most, the caller least
        for repeat in range(wins):
            loser = members[(number + 1) % len(members)]
            await bot.db.record_match(
                finished_match(guild, number * 100 + repeat, {winner: 50, loser: 0}, winner)
            )
    answer = await caller.slash("uno leaderboard", ranking="wins")
    board = answer.response
    assert board is not None and answer.ephemeral
    assert board.text.splitlines()[1].startswith(f"**1.** {members[0].mention} · 11 wins")
    assert "Page 1 of 2 · 11 ranked" in str(board.embeds[0]["footer"])
    assert f"You: **11.** {caller.mention} · 1 win" in board.text and " 1 wins" not in board.text
    following = board.custom_ids()[1]
    assert board.payload["components"][0]["components"][0]["disabled"] is True

    turned = await caller.click(board, following)
    assert turned.callback_type == UPDATE_MESSAGE
    assert "Page 2 of 2" in str(board.embeds[0]["footer"])
    assert f"**11.** {caller.mention}" in board.text and "You:" not in board.text

    back = await caller.click(board, board.custom_ids()[0])
    assert back.callback_type == UPDATE_MESSAGE and "Page 1 of 2" in str(board.embeds[0]["footer"])


async def test_leaderboard_by_points_this_week_leaves_out_older_matches(
    bot: UnoBot, guild: FakeGuild
) -> None:
    ana, ben, cy = guild.members[:3]
    await bot.db.record_match(finished_match(guild, 1, {ana: 300, ben: 0}, ana,
                                             ended_at=time.time() - 40 * 86400))
    await bot.db.record_match(finished_match(guild, 2, {ben: 120, cy: 0}, ben,
                                             ended_at=time.time()))  # this week, even on
    answer = await ana.slash("uno leaderboard", ranking="points", period="week")  # Monday
    assert "Points · This week" in answer.text
    assert f"**1.** {ben.mention} · 120 points" in answer.text
    assert ana.mention not in answer.text.split("You")[0]
    all_time = await ana.slash("uno leaderboard", ranking="points", period="all")
    assert f"**1.** {ana.mention} · 300 points" in all_time.text


async def test_stats_show_the_callers_games_and_favourite_colour(
    bot: UnoBot, guild: FakeGuild
) -> None:
    ana, ben = guild.members[:2]
    await bot.db.record_match(finished_match(guild, 1, {ana: 80, ben: 0}, ana))
    await bot.db.record_match(finished_match(guild, 2, {ana: 0, ben: 40}, ben))
    answer = await ana.slash("uno stats")
    assert answer.ephemeral
    assert "Matches: 2 · wins: 1 (50%) · rounds won: 1" in answer.text
    assert "Points: 80 · best round: 80" in answer.text
    assert "UNO calls: 4 · catches made: 2" in answer.text
    assert "favourite colour: green" in answer.text
    nobody = await guild.members[5].slash("uno stats")
    assert "Matches: 0" in nobody.text and "favourite colour: none yet" in nobody.text


async def test_history_of_the_channel_and_of_the_server(bot: UnoBot, guild: FakeGuild) -> None:
    ana, ben = guild.members[:2]
    other_channel = guild.channel_ids[1]
    nothing = await ana.slash("uno history")
    assert "No finished match in this channel yet." in nothing.text
    await bot.db.record_match(finished_match(guild, 1, {ana: 80, ben: 0}, ana))
    await bot.db.record_match(finished_match(guild, 2, {ana: 0, ben: 40}, ben,
                                             channel_id=other_channel))
    here = await ana.slash("uno history")
    assert here.ephemeral and here.text.count("winner") == 1
    assert f"winner {ana.mention}" in here.text
    everywhere = await ana.slash("uno history", scope="server")
    assert everywhere.text.count("winner") == 2
    assert everywhere.text.index(ben.mention) < everywhere.text.index(f"winner {ana.mention}")
    there = await ana.slash("uno history", channel_id=other_channel)
    assert there.text.count("winner") == 1 and f"winner {ben.mention}" in there.text


async def test_settings_need_manage_server(bot: UnoBot, guild: FakeGuild) -> None:
    member = guild.members[1]
    answer = await member.slash("uno settings", target=300)
    assert answer.callback_data["flags"] & EPHEMERAL
    assert "Manage Server" in answer.text
    assert (await bot.db.get_settings(guild.id)).target == 500


async def test_settings_change_the_defaults_of_new_games(bot: UnoBot, guild: FakeGuild) -> None:
    admin = guild.members[0]
    admin.permissions |= MANAGE_GUILD
    shown = await admin.slash("uno settings")
    assert "Ruleset: classic" in shown.text
    assert "Every Wild Customizable · Every Blank: 9" in shown.text  # one rule, told once
    assert shown.text.count("9 —") == 1
    assert "wildcustom" not in shown.text and "rblank" not in shown.text
    saved = await admin.slash("uno settings", ruleset="seven-o", target=300, turn_seconds=45,
                              images=False, wild_customizable="4", red_blank="Everyone sings")
    assert "The red Blank: 9 — “Everyone sings”" in saved.text
    assert saved.ephemeral and saved.text.startswith("Saved.")
    settings = await bot.db.get_settings(guild.id)
    assert settings.ruleset == "seven-o" and settings.target == 300
    assert settings.turn_seconds == 45 and settings.images is False
    assert settings.house_rules["wildcustom"] == 4
    assert settings.house_rules["rblank"] == "Everyone sings"

    lobby = await guild.members[2].slash("uno new")
    assert "seven-o · 7 cards · Seven-O on" in lobby.text
    assert "standard scoring to 300 · 45 s turns" in lobby.text
    await guild.members[2].slash("uno leave")

    overridden = await guild.members[3].slash("uno new", ruleset="classic", target=100,
                                              channel_id=guild.channel_ids[1])
    assert "classic · 7 cards" in overridden.text and "to 100 · 45 s turns" in overridden.text


async def test_odd_settings_are_refused_and_change_nothing(bot: UnoBot, guild: FakeGuild) -> None:
    admin = guild.members[0]
    admin.permissions |= MANAGE_GUILD
    for odd in ({"target": 0}, {"turn_seconds": 5}, {"wild_customizable": "12"},
                {"blue_blank": "x" * 201}):
        answer = await admin.slash("uno settings", **odd)
        assert answer.ephemeral and answer.text.startswith("Nothing changed:"), odd
    assert await bot.db.get_settings(guild.id) == type(await bot.db.get_settings(0))()
