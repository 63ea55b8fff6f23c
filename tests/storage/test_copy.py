"""``python -m bot.storage.copy``: a server's SQLite file moves to PostgreSQL whole, an
occupied target is refused untouched, and the counts are checked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.game.guild_settings import GuildSettings
from bot.game.players import PlayerId
from bot.game.saving import TableStore
from bot.storage import copy as copying
from bot.storage import open_storage
from bot.storage.copy import CopyRefused, copy
from bot.storage.urls import sqlite_url
from tests.storage.builders import GUILD, match
from tests.storage.test_tables import finished, playing

ROOT = Path(__file__).resolve().parents[2]


async def a_servers_file(path: Path) -> str:
    """A SQLite file with matches (a computer among the players), settings and games."""
    url = sqlite_url(path)
    async with open_storage(url) as db:
        for n in range(1, 8):
            await db.record_match(match(f"m{n}", {1: 10 * n, 2: n, -3: 0}, winner=1,
                                        bots=frozenset({-3}), ended_at=1_700_000_000.0 + n))
        await db.save_settings(GUILD, GuildSettings(ruleset="seven-o", turn_seconds=30))
        await db.save_settings(GUILD + 1, GuildSettings(images=False))
        await db.save_game(40, GUILD, {"turn": 4, "note": "héllo ✓"}, version=9)
        await db.save_game(41, GUILD, {"turn": 1})
    return url


async def test_everything_moves_from_sqlite_to_postgresql(
    tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(copying, "PAGE", 4)  # several pages per table, a short last one
    monkeypatch.setattr(copying, "BATCH", 3)
    source = await a_servers_file(tmp_path / "uno.sqlite3")

    copied = await copy(source, postgres_url)

    assert copied == {"matches": 7, "match_players": 21, "guild_settings": 2, "saved_games": 2,
                      "ratings": 4, "rating_changes": 28, "rated_seasons": 1,
                      "player_totals": 2, "players_by_games": 7,  # a row per count of games
                      "listed_by_rating": 0,  # nobody has the 10 rated matches to be listed
                      "partner_ratings": 0, "partner_rating_changes": 0,
                      "partner_rated_seasons": 0, "partner_listed_by_rating": 0}
    async with open_storage(source) as before, open_storage(postgres_url) as after:
        for guild in (GUILD, GUILD + 1):
            assert await after.get_settings(guild) == await before.get_settings(guild)
        assert await after.history(GUILD, limit=50) == await before.history(GUILD, limit=50)
        assert await after.leaderboard(GUILD, "points") == await before.leaderboard(
            GUILD, "points")
        for user in (1, 2):
            assert await after.player_stats(GUILD, PlayerId(user)) == await before.player_stats(
                GUILD, PlayerId(user))
            assert await after.player_rating(GUILD, PlayerId(user)) == await before.player_rating(
                GUILD, PlayerId(user))
        games, bad = await after.load_games()
        assert bad == [] and games == (await before.load_games())[0]
        assert [g.version for g in games] == [9, 0]


async def test_a_target_that_is_not_empty_is_refused_and_left_as_it_was(
    tmp_path: Path, postgres_url: str
) -> None:
    source = await a_servers_file(tmp_path / "uno.sqlite3")
    async with open_storage(postgres_url) as target:
        await target.save_game(99, GUILD, {"turn": 1})
    with pytest.raises(CopyRefused, match=r"not empty \(1 rows in saved_games\)"):
        await copy(source, postgres_url)
    async with open_storage(postgres_url) as target:
        games, _ = await target.load_games()
        assert [g.channel_id for g in games] == [99]
        assert await target.history(GUILD) == []


async def test_a_missing_source_file_is_refused_and_not_created(
    tmp_path: Path, postgres_url: str
) -> None:
    with pytest.raises(CopyRefused, match="no database at"):
        await copy(sqlite_url(tmp_path / "typo.sqlite3"), postgres_url)
    assert not (tmp_path / "typo.sqlite3").exists()


async def test_the_command_copies_back_to_sqlite_and_reports_the_counts(
    tmp_path: Path, postgres_url: str
) -> None:
    """PostgreSQL to a new SQLite file, through ``python -m bot.storage.copy``; a
    finished table and a game in progress saved by the table store go along."""
    async with open_storage(postgres_url) as db:
        await db.record_match(match("m1", {1: 50, 2: 0}, winner=1))
        await TableStore(db).save(playing(20))
        await TableStore(db).save(finished(21))
    target = sqlite_url(tmp_path / "back" / "uno.sqlite3")
    run = subprocess.run([sys.executable, "-m", "bot.storage.copy", postgres_url, target],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "saved_games: 2 rows" in run.stdout and "the counts agree" in run.stdout
    again = subprocess.run([sys.executable, "-m", "bot.storage.copy", postgres_url, target],
                           cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert again.returncode == 2 and "is not empty" in again.stderr
    async with open_storage(target) as copied:
        assert [m.match_id for m in await copied.history(1)] == ["m1"]
        assert [g.channel_id for g in (await copied.load_games())[0]] == [20, 21]
