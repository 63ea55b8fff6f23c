import random

import pytest

from bot.game.players import PlayerId
from bot.game.standings import RANKINGS, RankRow
from bot.storage.leaderboard import period_bounds
from tests.storage.backends import StorageUnderTest
from tests.storage.builders import GUILD, at, match

NOW = at("2024-05-15 12:00")  # a Wednesday; the week began Monday 13 May


async def test_ranked_by_wins_points_and_win_rate(db: StorageUnderTest) -> None:
    # 1 wins 2 of 3, 2 wins 1 of 3 but scores most, 3 never wins.
    await db.record_match(match("m1", {1: 100, 2: 0, 3: 0}, winner=1))
    await db.record_match(match("m2", {1: 80, 2: 0, 3: 0}, winner=1))
    await db.record_match(match("m3", {1: 0, 2: 500, 3: 0}, winner=2))

    wins = await db.leaderboard(GUILD, "wins")
    assert [(r.rank, r.user_id, r.wins) for r in wins.rows] == [(1, 1, 2), (2, 2, 1), (3, 3, 0)]
    assert wins.total == 3

    points = await db.leaderboard(GUILD, "points")
    assert [(r.user_id, r.points) for r in points.rows] == [(2, 500), (1, 180), (3, 0)]

    rates = await db.leaderboard(GUILD, "win_rate", min_games=3)
    assert [r.user_id for r in rates.rows] == [1, 2, 3]
    assert rates.rows[0] == RankRow(1, PlayerId(1), games=3, wins=2, points=180, win_rate=2 / 3)


async def test_ties_share_a_rank_listed_by_user_id(db: StorageUnderTest) -> None:
    await db.record_match(match("m1", {30: 0, 20: 0}, winner=30))
    await db.record_match(match("m2", {20: 0, 10: 0}, winner=20))
    await db.record_match(match("m3", {40: 0, 10: 0}, winner=40))
    await db.record_match(match("m4", {40: 0, 50: 0}, winner=40))

    board = await db.leaderboard(GUILD, "wins")
    ranked = [(r.rank, r.user_id) for r in board.rows]
    assert ranked == [(1, 40), (2, 20), (2, 30), (4, 10), (4, 50)]
    second_page = await db.leaderboard(GUILD, "wins", offset=2, limit=2)
    assert [(r.rank, r.user_id) for r in second_page.rows] == [(2, 30), (4, 10)]
    own = await db.player_rank(GUILD, PlayerId(30), "wins")
    assert own == RankRow(2, PlayerId(30), 1, 1, 0, 1.0)


async def test_pages_and_the_callers_own_rank_off_the_page(db: StorageUnderTest) -> None:
    # Player 100 + n beats player 100 n times: 25 players with distinct win counts.
    for n in range(1, 25):
        for game in range(n):
            await db.record_match(match(f"{n}-{game}", {100 + n: 0, 100: 0}, winner=100 + n))

    first = await db.leaderboard(GUILD, "wins", limit=10)
    assert [r.rank for r in first.rows] == list(range(1, 11))
    assert first.rows[0].user_id == 124
    assert first.total == 25

    third = await db.leaderboard(GUILD, "wins", offset=20, limit=10)
    assert [(r.rank, r.user_id, r.wins) for r in third.rows] == [
        (21, 104, 4), (22, 103, 3), (23, 102, 2), (24, 101, 1), (25, 100, 0)
    ]

    own = await db.player_rank(GUILD, PlayerId(100), "wins")
    assert own is not None
    assert (own.rank, own.games, own.wins) == (25, sum(range(1, 25)), 0)
    assert await db.player_rank(GUILD, PlayerId(999), "wins") is None


async def test_win_rate_needs_the_minimum_number_of_games(db: StorageUnderTest) -> None:
    await db.record_match(match("lucky", {1: 0, 2: 0}, winner=1))  # 1: one game, 100 %
    for game in range(5):
        await db.record_match(match(f"g{game}", {2: 0, 3: 0}, winner=2 if game else 3))

    default = await db.leaderboard(GUILD, "win_rate")
    assert [(r.user_id, r.games) for r in default.rows] == [(2, 6), (3, 5)]
    assert default.total == 2
    assert await db.player_rank(GUILD, PlayerId(1), "win_rate") is None

    relaxed = await db.leaderboard(GUILD, "win_rate", min_games=1)
    assert [r.user_id for r in relaxed.rows] == [1, 2, 3]
    own = await db.player_rank(GUILD, PlayerId(1), "win_rate", min_games=1)
    assert own is not None and own.rank == 1


async def test_computer_players_are_never_on_a_board(db: StorageUnderTest) -> None:
    for game in range(6):
        await db.record_match(
            match(f"g{game}", {900: 500, 1: 0}, winner=900, bots=frozenset({900}), ended_at=NOW)
        )
    for period in ("all", "month", "week"):
        for ranking in ("wins", "points", "win_rate"):
            page = await db.leaderboard(GUILD, ranking, period, now=NOW)
            assert [r.user_id for r in page.rows] == [1], (ranking, period)
            assert await db.player_rank(GUILD, PlayerId(900), ranking, period, now=NOW) is None


async def test_month_and_week_count_only_their_own_matches(db: StorageUnderTest) -> None:
    await db.record_match(match("april", {1: 300, 2: 0}, winner=1, ended_at=at("2024-04-30 23:59")))
    await db.record_match(match("may", {2: 200, 3: 0}, winner=2, ended_at=at("2024-05-05 10:00")))
    await db.record_match(match("sunday", {2: 90, 3: 0}, winner=2, ended_at=at("2024-05-12 23:59")))
    await db.record_match(match("monday", {3: 70, 1: 0}, winner=3, ended_at=at("2024-05-13 00:00")))

    async def winners(period: str) -> list[tuple[int, int, int]]:
        page = await db.leaderboard(GUILD, "wins", period, now=NOW)  # type: ignore[arg-type]
        return [(r.user_id, r.games, r.wins) for r in page.rows]

    assert await winners("all") == [(2, 3, 2), (1, 2, 1), (3, 3, 1)]
    assert await winners("month") == [(2, 2, 2), (3, 3, 1), (1, 1, 0)]
    assert await winners("week") == [(3, 1, 1), (1, 1, 0)]

    week_rank = await db.player_rank(GUILD, PlayerId(1), "points", "week", now=NOW)
    assert week_rank is not None and (week_rank.rank, week_rank.points) == (2, 0)
    month_points = await db.leaderboard(GUILD, "points", "month", now=NOW)
    assert [(r.user_id, r.points) for r in month_points.rows] == [(2, 290), (3, 70), (1, 0)]


async def test_servers_have_separate_boards(db: StorageUnderTest) -> None:
    await db.record_match(match("here", {1: 0, 2: 0}, winner=1))
    await db.record_match(match("there", {3: 0, 2: 0}, winner=3, guild_id=GUILD + 1))
    board = await db.leaderboard(GUILD, "wins")
    assert [r.user_id for r in board.rows] == [1, 2]
    assert await db.player_rank(GUILD, PlayerId(3), "wins") is None


def test_period_bounds_are_the_calendar_month_and_iso_week_in_utc() -> None:
    assert period_bounds("month", NOW) == (at("2024-05-01 00:00"), at("2024-06-01 00:00"))
    assert period_bounds("week", NOW) == (at("2024-05-13 00:00"), at("2024-05-20 00:00"))
    assert period_bounds("month", at("2024-12-31 23:59")) == (
        at("2024-12-01 00:00"), at("2025-01-01 00:00")
    )
    assert period_bounds("week", at("2024-05-13 00:00")) == (
        at("2024-05-13 00:00"), at("2024-05-20 00:00")
    )


async def test_unknown_ranking_or_period_is_refused(db: StorageUnderTest) -> None:
    with pytest.raises(ValueError, match="ranking must be one of"):
        await db.leaderboard(GUILD, "losses")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="period must be one of"):
        await db.player_rank(GUILD, 1, "wins", "year")  # type: ignore[arg-type]


async def test_all_time_totals_agree_with_the_match_rows(db: StorageUnderTest) -> None:
    # Every match falls in the current month, so the month board (added up from the
    # match rows) must equal the all-time board (kept in player_totals by triggers).
    rng = random.Random(3)
    for number in range(60):
        seats = rng.sample(range(1, 13), rng.randint(2, 5))
        winner = rng.choice([*seats, None])
        ended_at = at("2024-05-02 00:00") + number * 3_600
        await db.record_match(
            match(f"m{number}", {u: rng.randint(0, 300) for u in seats},
                  winner=winner, ended_at=ended_at)
        )
    for ranking in RANKINGS:
        for min_games in (1, 5, 12):
            all_time = await db.leaderboard(GUILD, ranking, "all", limit=20, min_games=min_games)
            month = await db.leaderboard(
                GUILD, ranking, "month", limit=20, min_games=min_games, now=NOW
            )
            assert all_time.rows == month.rows, (ranking, min_games)
            assert all_time.total == month.total, (ranking, min_games)
            for user_id in range(1, 13):
                assert await db.player_rank(
                    GUILD, PlayerId(user_id), ranking, min_games=min_games
                ) == await db.player_rank(
                    GUILD, PlayerId(user_id), ranking, "month", min_games=min_games, now=NOW
                )


async def test_a_page_out_of_bounds_is_refused(db: StorageUnderTest) -> None:
    with pytest.raises(ValueError, match="offset 0 or later"):
        await db.leaderboard(GUILD, offset=-10)
    with pytest.raises(ValueError, match="at least one row"):
        await db.leaderboard(GUILD, limit=0)
