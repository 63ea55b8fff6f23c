"""``python -m bot backup PATH`` while a game is played, and a restore of that copy into a
fresh bot that goes on with the game."""

from __future__ import annotations

import asyncio
import random
import shutil
import sqlite3
import sys
from pathlib import Path

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from tests.conftest import make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import Playing, start_game
from tests.ui.match_play import play_on, play_to_the_end

TIMEOUT = 60.0


async def backup_command(cwd: Path, database: Path, *target: str) -> tuple[int, str, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "backup", *target, cwd=cwd,
        env={"ENV_FILE": "", "DATABASE_PATH": str(database)},  # no token: none needed
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), TIMEOUT)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_a_backup_taken_during_play_restores_into_a_bot_that_goes_on(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, tmp_path: Path
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3, target=60)
    rng = random.Random(5)
    await play_on(session, rng, 4)
    at_backup = session.game.to_dict()
    copy = tmp_path / "backups" / "uno-copy.sqlite3"
    copy.parent.mkdir()

    code, out, err = await backup_command(tmp_path, bot.settings.database_path, str(copy))

    assert (code, err) == (0, "")
    assert out.strip() == f"Backed up {bot.settings.database_path} to {copy}."
    assert not copy.with_name(copy.name + ".partial").exists()
    with sqlite3.connect(copy) as connection:  # one self-contained file
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    await play_on(session, rng, 4)  # the live game moves on; the copy does not
    assert session.game.to_dict() != at_backup
    await bot.close()

    restored = tmp_path / "restored"
    (restored / "data").mkdir(parents=True)
    shutil.copyfile(copy, restored / "data" / "uno.sqlite3")
    async with running_bot(make_settings(fake_discord, restored), clock, fake_discord) as fresh:
        await fresh.board.idle()
        table = fresh.manager.get(guild.channel_id)
        assert table is not None and table.game is not None
        assert table.game.to_dict() == at_backup
        await play_to_the_end(Playing(fresh, fake_discord, guild, clock, session.members), rng)
        (match,) = await fresh.db.history(guild.id)
        assert match.winner_id is not None


async def test_a_backup_into_a_folder_gets_a_dated_name(tmp_path: Path) -> None:
    database = tmp_path / "uno.sqlite3"
    with sqlite3.connect(database) as connection:
        connection.execute("CREATE TABLE t (x)")
        connection.execute("INSERT INTO t VALUES (42)")
    (tmp_path / "out").mkdir()
    code, _, _ = await backup_command(tmp_path, database, str(tmp_path / "out"))
    assert code == 0
    (written,) = (tmp_path / "out").iterdir()
    assert written.name.startswith("uno-") and written.name.endswith(".sqlite3")
    with sqlite3.connect(written) as connection:
        assert connection.execute("SELECT x FROM t").fetchall() == [(42,)]


async def test_a_backup_without_a_database_exits_2_with_one_sentence(tmp_path: Path) -> None:
    code, out, err = await backup_command(tmp_path, tmp_path / "missing.sqlite3", "copy")
    assert (code, out) == (2, "")
    assert err.strip() == (
        f"There is no database at {tmp_path / 'missing.sqlite3'} to back up: "
        "check DATABASE_PATH."
    )
    assert not (tmp_path / "copy").exists()
