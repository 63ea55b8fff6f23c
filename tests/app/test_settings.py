"""Settings from the environment and .env, and how a bad token stops the bot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.app.settings import PROJECT_FOLDER, Settings, SettingsError, load_settings

GOOD_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz_0123456-789"
SETTING_NAMES = (
    "DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "DISCORD_API_BASE",
    "DISCORD_GATEWAY_URL", "LOG_LEVEL", "DATABASE_BUSY_TIMEOUT", "CONNECT_ATTEMPTS",
    "HEALTH_PORT", "DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "HARD_THINK_SECONDS",
    "HARD_WORKERS", "RENDER_WORKERS",
)


def run_bot(cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # ENV_FILE: the .env of the test's folder only, never one in the developer's checkout.
    env = {"ENV_FILE": str(cwd / ".env"), **env}
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=cwd, env=env, capture_output=True, text=True,
        timeout=60,
    )


def assert_one_sentence(text: str) -> None:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    assert lines[0].endswith(".") and lines[0].count(". ") == 0, lines[0]


def test_missing_token_exits_2_with_one_sentence(tmp_path: Path) -> None:
    result = run_bot(tmp_path, {})
    assert result.returncode == 2
    assert_one_sentence(result.stderr)
    assert "DISCORD_TOKEN" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("token", [
    "not-a-token", "a.b", "a.b.c", "a.b.c.d", "abc.d€f.ghi",
    "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.short",  # a signature too short
    "bm90LWFuLWlkLWF0LWFsbC14eA.GaBcDe.abcdefghijklmnopqrstuvwxyz_0123456-789",  # no id
    GOOD_TOKEN + "x",  # a signature too long
])
def test_malformed_token_exits_2_without_echoing_it(tmp_path: Path, token: str) -> None:
    result = run_bot(tmp_path, {"DISCORD_TOKEN": token})
    assert result.returncode == 2
    assert_one_sentence(result.stderr)
    assert "DISCORD_TOKEN" in result.stderr
    assert token not in result.stderr + result.stdout


def test_malformed_token_from_dotenv_is_refused(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=secret-but-malformed\n")
    result = run_bot(tmp_path, {})
    assert result.returncode == 2
    assert "secret-but-malformed" not in result.stderr


def test_defaults_and_dotenv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (*SETTING_NAMES, "ENV_FILE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={GOOD_TOKEN}\nDEV_GUILD_ID=\nLOG_LEVEL=debug\n")
    settings = load_settings()
    assert settings.discord_token.get_secret_value() == GOOD_TOKEN
    assert GOOD_TOKEN not in repr(settings)
    data = PROJECT_FOLDER / "data"  # relative to the checkout, wherever it was started
    assert settings.database_path == data / "uno.sqlite3"
    assert settings.database_url == f"sqlite:///{data}/uno.sqlite3"
    assert settings.command_hash_path == data / "uno.sqlite3.commands-hash"
    assert settings.dev_guild_id is None
    assert settings.discord_api_base == "https://discord.com/api/v10"
    assert settings.discord_gateway_url == "wss://gateway.discord.gg/"
    assert settings.log_level == "DEBUG"
    assert settings.database_busy_timeout == 1.5
    assert settings.connect_attempts == 0 and settings.health_port is None


def test_environment_beats_dotenv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ENV_FILE", raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={GOOD_TOKEN}\nDEV_GUILD_ID=1\n")
    monkeypatch.setenv("DEV_GUILD_ID", "42")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "x.db"))
    settings = load_settings()
    assert settings.dev_guild_id == 42
    assert settings.database_path == tmp_path / "x.db"


def test_database_url_chooses_the_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENV_FILE", "")
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv("DATABASE_URL", "sqlite:////var/lib/uno/uno.sqlite3")
    settings = load_settings()
    assert settings.database_path == Path("/var/lib/uno/uno.sqlite3")  # backups read it
    assert settings.command_hash_path == Path("/var/lib/uno/uno.sqlite3.commands-hash")
    server = "postgresql://uno:s3cret@db:5432/uno"
    monkeypatch.setenv("DATABASE_URL", server)
    monkeypatch.setenv("DATABASE_PATH", "elsewhere.sqlite3")
    settings = load_settings()
    assert settings.database_url == server
    assert settings.command_hash_path == PROJECT_FOLDER / "elsewhere.sqlite3.commands-hash"


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [("DEV_GUILD_ID", "general", "DEV_GUILD_ID"), ("LOG_LEVEL", "loud", "LOG_LEVEL"),
     ("DATABASE_URL", "mysql://uno:s3cret@db/uno", "DATABASE_URL must be"),
     ("DATABASE_URL", "sqlite://uno.db", "DATABASE_URL must be")],
)
def test_other_bad_settings_name_the_setting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, value: str, words: str
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError) as caught:
        load_settings()
    assert words in str(caught.value)
    assert value not in str(caught.value) and GOOD_TOKEN not in str(caught.value)


def test_every_setting_is_in_env_example_and_readme() -> None:
    root = Path(__file__).resolve().parents[2]
    example = (root / ".env.example").read_text()
    readme = (root / "README.md").read_text()
    for name in SETTING_NAMES:
        assert f"{name}=" in example, name
        assert f"`{name}`" in readme, name
    assert {f.upper() for f in Settings.model_fields} == set(SETTING_NAMES)


def test_env_file_is_found_in_the_working_directory_then_the_project(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.app import settings as module

    project, elsewhere = tmp_path / "project", tmp_path / "elsewhere"
    project.mkdir()
    elsewhere.mkdir()
    monkeypatch.setattr(module, "PROJECT_FOLDER", project)
    monkeypatch.delenv("ENV_FILE", raising=False)
    monkeypatch.chdir(elsewhere)
    assert module.env_files() == ()
    (project / ".env").write_text(f"DISCORD_TOKEN={GOOD_TOKEN}\nHEALTH_PORT=8099\n")
    assert module.env_files() == (project / ".env",)
    assert load_settings().health_port == 8099  # started from another folder, still found
    (elsewhere / ".env").write_text(f"DISCORD_TOKEN={GOOD_TOKEN}\n")
    assert module.env_files() == (Path(".env"),)
    assert load_settings().health_port is None  # the working directory's wins
    monkeypatch.setenv("ENV_FILE", str(project / ".env"))
    assert load_settings().health_port == 8099
    monkeypatch.setenv("ENV_FILE", "")
    assert module.env_files() == ()


@pytest.mark.parametrize(("name", "value"), [
    ("HEALTH_PORT", "0"), ("HEALTH_PORT", "70000"), ("CONNECT_ATTEMPTS", "-1"),
    ("DATABASE_BUSY_TIMEOUT", "0"),
])
def test_new_settings_out_of_range_are_one_sentence(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    monkeypatch.setenv("ENV_FILE", "")
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=f"^{name} must be"):
        load_settings()


@pytest.mark.parametrize(("count", "ids", "shards"), [
    (None, None, None),
    ("4", None, None),  # every shard of four in this process
    ("4", "0-3", (4, {0, 1, 2, 3})),
    ("4", "0,2", (4, {0, 2})),
    ("8", " 1 - 2 , 6 ", (8, {1, 2, 6})),
    ("1", "0", (1, {0})),
])
def test_shard_settings_name_this_process_shards(
    monkeypatch: pytest.MonkeyPatch, count: str | None, ids: str | None,
    shards: tuple[int, set[int]] | None,
) -> None:
    monkeypatch.setenv("ENV_FILE", "")
    monkeypatch.setenv("DISCORD_TOKEN", GOOD_TOKEN)
    for name, value in (("SHARD_COUNT", count), ("SHARD_IDS", ids)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    settings = load_settings()
    assert settings.shard_count == (int(count) if count else None)
    found = settings.shards
    assert (found.count, set(found.ids)) == shards if found else shards is None


@pytest.mark.parametrize(("count", "ids", "named"), [
    ("0", None, "SHARD_COUNT"), ("two", None, "SHARD_COUNT"),
    (None, "0", "SHARD_IDS"),  # ids without a count
    ("2", "2", "SHARD_IDS"), ("4", "1-4", "SHARD_IDS"), ("4", "3-1", "SHARD_IDS"),
    ("4", "0;1", "SHARD_IDS"), ("4", "-1", "SHARD_IDS"), ("4", "0,,1", "SHARD_IDS"),
])
def test_bad_shard_settings_exit_2_with_one_sentence(
    tmp_path: Path, count: str | None, ids: str | None, named: str
) -> None:
    env = {"DISCORD_TOKEN": GOOD_TOKEN, **({"SHARD_COUNT": count} if count else {}),
           **({"SHARD_IDS": ids} if ids else {})}
    result = run_bot(tmp_path, env)
    assert result.returncode == 2
    assert_one_sentence(result.stderr)
    assert result.stderr.startswith(f"{named} must")
