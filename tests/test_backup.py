"""``python -m bot backup PATH`` while a game is played, and a restore of that copy into a
fresh bot that goes on with the game."""

from __future__ import annotations

import asyncio
import random
import re
import shutil
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

import pytest

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from tests.checkout import fresh_checkout, run_checkout
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


def small_database(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("CREATE TABLE t (x)")
        connection.execute("INSERT INTO t VALUES (42)")


def holds_the_data(path: Path) -> bool:
    with closing(sqlite3.connect(path)) as connection:
        return connection.execute("SELECT x FROM t").fetchall() == [(42,)]


def one_sentence(err: str) -> str:
    assert "Traceback" not in err, err
    (line,) = err.strip().splitlines()
    assert line.endswith(".") and ". " not in line, line
    return line


async def test_readmes_backup_makes_the_folder_and_a_dated_file_in_a_fresh_checkout(
    tmp_path: Path
) -> None:
    """``backup backups/`` as README writes it, in a fresh clone where backups/ does
    not exist yet; then from another folder, which finds the same database."""
    checkout = fresh_checkout(tmp_path / "uno-bot")
    small_database(checkout / "data" / "uno.sqlite3")  # where the bot keeps it by default

    code, out, err = await run_checkout(checkout, checkout, {}, "backup", "backups/")

    assert (code, err) == (0, "")
    (written,) = (checkout / "backups").iterdir()
    assert re.fullmatch(r"uno-\d{8}-\d{6}\.sqlite3", written.name)
    assert holds_the_data(written)
    assert out.strip() == f"Backed up {checkout / 'data' / 'uno.sqlite3'} to {written}."
    elsewhere = tmp_path / "home"
    elsewhere.mkdir()
    code, out, err = await run_checkout(checkout, elsewhere, {}, "backup", "copies/uno.sqlite3")
    assert (code, err) == (0, "")
    assert holds_the_data(elsewhere / "copies" / "uno.sqlite3")
    assert str(checkout / "data" / "uno.sqlite3") in out


@pytest.mark.parametrize(("target", "words"), [
    ("data/uno.sqlite3", "is the live database itself"),
    ("./data/../data/uno.sqlite3", "is the live database itself"),
    ("data/uno.sqlite3/copy.sqlite3", "is a file, not a folder"),
    ("notes.txt/backups/", "is a file, not a folder"),
    ("/proc/self/backups/", "cannot be created"),
])
async def test_a_backup_that_cannot_be_written_exits_2_with_one_sentence(
    tmp_path: Path, target: str, words: str
) -> None:
    checkout = fresh_checkout(tmp_path / "uno-bot")
    database = checkout / "data" / "uno.sqlite3"
    small_database(database)
    (checkout / "notes.txt").write_text("not a folder")
    before = database.read_bytes()

    code, out, err = await run_checkout(checkout, checkout, {}, "backup", target)

    assert (code, out) == (2, "")
    assert words in one_sentence(err)
    assert database.read_bytes() == before
    assert sorted(p.name for p in database.parent.iterdir()) == [".gitkeep", "uno.sqlite3"]


@pytest.mark.parametrize(("env", "words"), [
    ({"DATABASE_URL": "mysql://uno@db/uno"}, "DATABASE_URL must be"),
    ({"DATABASE_URL": "sqlite:///"}, "DATABASE_URL"),
    ({"DATABASE_PATH": "data"}, "no database at"),  # a folder, not a file
    ({"DATABASE_PATH": "notes.txt"}, "failed"),  # not a SQLite file
])
async def test_every_backup_failure_is_exit_2_and_one_sentence(
    tmp_path: Path, env: dict[str, str], words: str
) -> None:
    checkout = fresh_checkout(tmp_path / "uno-bot")
    (checkout / "notes.txt").write_text("not a database " * 100)
    code, out, err = await run_checkout(checkout, checkout, env, "backup", "backups/")
    assert (code, out) == (2, "")
    assert words in one_sentence(err)
