"""Ratings end to end through the fake Discord: a series of matches with known
standings gives what openskill gives for them, at match end, in /uno stats and on the
board; seasons roll over with the clock; the board's pages turn after a restart."""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from tests.fakediscord import FakeDiscord, FakeGuild, FakeMember, StoredMessage
from tests.storage.builders import at, match
from tests.ui.game_helpers import Playing, control

UPDATE_MESSAGE = 7
DEFERRED_UPDATE = 6
MANAGE_GUILD = 1 << 5
PATTERN = [(0, [1, 2]), (1, [0]), (2, [0, 1]), (0, [1]), (1, [2, 0]),
           (0, [1, 2]), (1, [0]), (0, [1]), (2, [1, 0]), (0, [1])]
"""Matches by forfeit: the winner (a member's index), and the members who leave, in
order; they rank after the winner, tied among themselves."""


async def forfeit(guild: FakeGuild, bot: UnoBot, fake: FakeDiscord, clock: FakeClock,
                  winner: FakeMember, leavers: list[FakeMember]) -> None:
    """A match ``winner`` wins when the ``leavers`` leave it, one after another."""
    lobby = (await winner.slash("uno new")).response
    assert lobby is not None
    for member in leavers:
        await member.click(lobby, lobby.custom_id("uno:lobby:join:"))
    started = await winner.click(lobby, lobby.custom_id("uno:lobby:start:"))
    assert started.callback_type == UPDATE_MESSAGE
    session = Playing(bot, fake, guild, clock, [winner, *leavers])
    await session.settle()
    for member in leavers:
        asked = (await member.slash("uno leave")).response
        if asked is not None and "Leave and end the match" in asked.labels().values():
            await member.click(asked, control(asked, "Leave and end the match"))  # the last
        await session.settle()  # two: leaving ends the match, so it asks first


def shown(mu: float) -> int:
    return round(40 * mu)


class Openskill:
    """The ratings openskill itself gives, match by match, by member index."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.ratings = {i: self.model.rating() for i in range(3)}
        self.matches = dict.fromkeys(range(3), 0)

    def rate(self, winner: int, leavers: list[int]) -> dict[int, tuple[int, int]]:
        """Each player's rating before and after the match."""
        players = [winner, *leavers]
        before = {p: shown(self.ratings[p].mu) for p in players}
        rated = self.model.rate([[self.ratings[p]] for p in players],
                                ranks=[0.0] + [1.0] * len(leavers))
        for player, team in zip(players, rated, strict=True):
            self.ratings[player] = team[0]
            self.matches[player] += 1
        return {p: (before[p], shown(self.ratings[p].mu)) for p in players}


def end_message(fake: FakeDiscord, channel_id: int) -> StoredMessage:
    return [m for m in fake.messages.values()
            if m.channel_id == channel_id and "**Ratings:**" in m.content][-1]


async def test_a_series_gives_openskills_ratings_at_the_end_in_stats_and_on_the_board(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock
) -> None:
    clock.set_wall(at("2026-11-10 12:00"))
    members = guild.members[:3]
    expected = Openskill()
    for winner, leavers in PATTERN:
        await forfeit(guild, bot, fake_discord, clock, members[winner],
                      [members[i] for i in leavers])
        changes = expected.rate(winner, leavers)
        end = end_message(fake_discord, guild.channel_id)
        for player, (before, after) in changes.items():
            mark = "?" if expected.matches[player] < 10 else ""
            assert f"player{player + 1} {after}{mark} ({after - before:+d})" in end.content
    ana, ben, cy = members

    stats = await ana.slash("uno stats", versus=str(ben.id))
    assert stats.ephemeral
    ana_rating = shown(expected.ratings[0].mu)
    ben_rating = shown(expected.ratings[1].mu)
    place = 1 if ana_rating > ben_rating else 2
    assert f"Rating: {ana_rating} · place {place}" in stats.text
    assert f"Season 2026-11: {ana_rating} · place {place}" in stats.text
    assert "Matches: 10 · wins: 5 (50%)" in stats.text
    assert f"Head-to-head with {ben.mention}: 10 matches together · {ana.mention} ahead 5" \
           in stats.text
    assert stats.response is not None
    chart = stats.response.attachment("rating.png")
    assert chart.content_type == "image/png"
    assert f"to {ana_rating}" in stats.response.payload["attachments"][0]["description"]
    itself = await ana.slash("uno stats", versus=str(ana.id))
    assert itself.ephemeral and "two different players" in itself.text
    cy_stats = await cy.slash("uno stats")
    cy_rating = shown(expected.ratings[2].mu)
    assert f"Rating: {cy_rating}? · 5 of 10 rated matches" in cy_stats.text

    board = await cy.slash("uno leaderboard")
    assert "Leaderboard · Rating · All time" in board.text
    top, second = sorted([(ana_rating, ana), (ben_rating, ben)], key=lambda r: -r[0])
    assert f"**1.** {top[1].mention} · {top[0]} · " in board.text
    assert f"**2.** {second[1].mention} · {second[0]} · " in board.text
    assert "10 rated matches" in board.text
    assert f"You: {cy_rating}? after 5 rated matches" in board.text
    assert board.response is not None and board.ephemeral
    picture = board.response.attachment("leaderboard.png")
    assert picture.size > 1000
    alt = board.response.payload["attachments"][0]["description"]
    assert f"1. player{members.index(top[1]) + 1}, {top[0]}" in alt

    season = await ana.slash("uno leaderboard", period="season", public=True)
    assert not season.ephemeral
    assert "Leaderboard · Rating · Season 2026-11" in season.text and "You" not in season.text


async def test_seasons_roll_over_with_the_clock_and_finished_ones_stay(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock
) -> None:
    ana, ben = guild.members[:2]
    expected = Openskill()
    clock.set_wall(at("2026-11-30 23:00"))
    await forfeit(guild, bot, fake_discord, clock, ana, [ben])
    november = expected.rate(0, [1])
    clock.set_wall(at("2026-12-01 00:30"))
    await forfeit(guild, bot, fake_discord, clock, ben, [ana])
    expected.rate(1, [0])
    fresh = Openskill().rate(1, [0])

    stats = await ana.slash("uno stats")
    assert f"Rating: {shown(expected.ratings[0].mu)}? · 2 of 10 rated matches" in stats.text
    assert f"Season 2026-12: {fresh[0][1]}? · 1 of 10 rated matches" in stats.text
    old = await ana.slash("uno leaderboard", season="2026-11")
    assert "Leaderboard · Rating · Season 2026-11" in old.text
    assert f"You: {november[0][1]}? after 1 rated match;" in old.text
    assert "Season 2026-12" in (await ana.slash("uno leaderboard", period="season")).text

    for wrong, said in (("2026-13", "is not a season"), ("2025-01", "Nobody was rated")):
        refused = await ana.slash("uno leaderboard", season=wrong)
        assert said in refused.text and refused.ephemeral
    refused = await ana.slash("uno leaderboard", ranking="wins", period="season")
    assert "Only the rating has seasons" in refused.text
    ana.permissions |= MANAGE_GUILD
    saved = await ana.slash("uno settings", seasons="none")
    assert saved.response is not None and "Rating seasons: none" in saved.text
    assert "no seasons" in (await ana.slash("uno leaderboard", period="season")).text


async def test_the_rating_boards_pages_turn_after_a_restart(
    bot: UnoBot, guild: FakeGuild
) -> None:
    """Eleven listed players: two pages; a page button of an old message still works."""
    players = [member.id for member in guild.members[:11]]
    for number in range(10):
        for seat, user_id in enumerate(players):
            rival = players[(seat + 1) % len(players)]
            await bot.db.record_match(match(f"{number}-{seat}", {user_id: 1, rival: 0},
                                            winner=user_id, guild_id=guild.id))
    first = await guild.members[0].slash("uno leaderboard")
    assert first.response is not None
    assert "Page 1 of 2 · 11 ranked" in str(first.response.embeds[0]["footer"])
    assert first.response.custom_ids() == ["uno:lb:rating:all:0", "uno:lb:rating:all:10"]

    old = guild.old_message(["uno:lb:rating:all:10"])
    turned = await guild.members[1].click(old, "uno:lb:rating:all:10")
    assert turned.callback_type == DEFERRED_UPDATE
    assert "Page 2 of 2" in str(old.embeds[0]["footer"]) and "**11.**" in old.text
    assert old.attachment("leaderboard.png").size > 0
