"""Settings from the environment and .env, and how a bad token stops the bot."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.app.settings import Settings, SettingsError, load_settings

GOOD_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz_0123456-789"
SETTING_NAMES = (
    "DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "DISCORD_API_BASE",
    "DISCORD_GATEWAY_URL", "LOG_LEVEL",
)


def run_bot(cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
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


@pytest.mark.parametrize("token", ["not-a-token", "a.b", "a.b.c.d", "abc.d€f.ghi"])
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
    for name in SETTING_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={GOOD_TOKEN}\nDEV_GUILD_ID=\nLOG_LEVEL=debug\n")
    settings = load_settings()
    assert settings.discord_token.get_secret_value() == GOOD_TOKEN
    assert GOOD_TOKEN not in repr(settings)
    assert settings.database_path == Path("data/uno.sqlite3")
    assert settings.command_hash_path == Path("data/uno.sqlite3.commands-hash")
    assert settings.dev_guild_id is None
    assert settings.discord_api_base == "https://discord.com/api/v10"
    assert settings.discord_gateway_url == "wss://gateway.discord.gg/"
    assert settings.log_level == "DEBUG"


def test_environment_beats_dotenv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={GOOD_TOKEN}\nDEV_GUILD_ID=1\n")
    monkeypatch.setenv("DEV_GUILD_ID", "42")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "x.db"))
    settings = load_settings()
    assert settings.dev_guild_id == 42
    assert settings.database_path == tmp_path / "x.db"


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [("DEV_GUILD_ID", "general", "DEV_GUILD_ID"), ("LOG_LEVEL", "loud", "LOG_LEVEL")],
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
    root = Path(__file__).resolve().parent.parent
    example = (root / ".env.example").read_text()
    readme = (root / "README.md").read_text()
    for name in SETTING_NAMES:
        assert f"{name}=" in example, name
        assert f"`{name}`" in readme, name
    assert {f.upper() for f in Settings.model_fields} == set(SETTING_NAMES)
