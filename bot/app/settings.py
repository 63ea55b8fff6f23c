"""Settings from the environment and ``.env`` (see ``.env.example`` for each one)."""

from __future__ import annotations

import base64
import binascii
import logging
import os
import re
from pathlib import Path
from typing import Annotated, Self, TypeVar

from pydantic import (
    Field,
    SecretStr,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.game.ports import Shards
from bot.storage.urls import check, sqlite_path, sqlite_url

TOKEN_PATTERN = re.compile(
    r"(?P<user>[A-Za-z0-9_-]{23,28})\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,38}")
"""A bot token is three base64url parts joined by dots: the bot's user id (a snowflake
of 17 to 20 digits, encoded), a timestamp of 6 or 7 characters, and a signature of 27
(older tokens) to 38 characters."""

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingsError(Exception):
    """A setting the bot cannot start with; ``str()`` is one sentence for the operator."""


PROJECT_FOLDER = Path(__file__).resolve().parents[2]
"""The checkout the bot runs from (the folder of pyproject.toml in a source install)."""


def data_folder() -> Path:
    """What a relative DATABASE_PATH is relative to: the project folder of a checkout
    (where its ``.env`` is), so that the bot started from another folder opens the same
    database; the working directory for an installed package (the Docker image)."""
    if (PROJECT_FOLDER / "pyproject.toml").is_file():
        return PROJECT_FOLDER
    return Path.cwd()


def well_formed_token(token: str) -> bool:
    """Whether ``token`` has the shape of a Discord bot token (:data:`TOKEN_PATTERN`,
    its first part a user id); whether Discord accepts it is only known by asking."""
    found = TOKEN_PATTERN.fullmatch(token)
    if found is None:
        return False
    user = found["user"]
    try:
        decoded = base64.urlsafe_b64decode(user + "=" * (-len(user) % 4))
    except (binascii.Error, ValueError):
        return False
    return decoded.isdigit() and 17 <= len(decoded) <= 20


def env_files() -> tuple[Path, ...]:
    """The ``.env`` to read: ``ENV_FILE`` if set (empty: none at all), else ``.env`` in
    the working directory, else the one in the project folder, so that starting the bot
    from another folder (a service manager, a cron job) still finds it."""
    chosen = os.environ.get("ENV_FILE")
    if chosen is not None:
        return (Path(chosen),) if chosen else ()
    for candidate in (Path(".env"), PROJECT_FOLDER / ".env"):
        if candidate.is_file():
            return (candidate,)
    return ()


class DatabaseSettings(BaseSettings):
    """The settings that name the database: all that ``python -m bot backup`` needs."""

    model_config = SettingsConfigDict(
        env_file_encoding="utf-8", env_ignore_empty=True, extra="ignore"
    )

    database_url: str = ""
    """``sqlite:///data/uno.sqlite3`` or ``postgresql://...``; empty: the SQLite file
    ``database_path``, as before DATABASE_URL existed."""
    database_path: Path = Path("data/uno.sqlite3")
    """The SQLite file: set from a ``sqlite:///`` DATABASE_URL when there is one; a
    relative one is made absolute against :func:`data_folder`."""
    database_busy_timeout: float = Field(default=1.5, gt=0)
    """Kept well under Discord's 3 seconds: a click whose save waits on another
    program's lock is still refused in time ("could not be saved")."""

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, value: str) -> str:
        return check(value) if value else value

    @model_validator(mode="after")
    def _one_database(self) -> Self:
        """DATABASE_URL and DATABASE_PATH agree: either names the SQLite file, by its
        absolute path."""
        sqlite = sqlite_path(self.database_url) if self.database_url else self.database_path
        self.database_path = data_folder() / (sqlite or self.database_path)
        if sqlite is not None:
            self.database_url = sqlite_url(self.database_path)
        return self


class Settings(DatabaseSettings):
    discord_token: SecretStr
    dev_guild_id: int | None = Field(default=None, gt=0)
    discord_api_base: str = "https://discord.com/api/v10"
    discord_gateway_url: str = "wss://gateway.discord.gg/"
    log_level: str = "INFO"
    connect_attempts: int = Field(default=0, ge=0)
    """How many times to try reaching Discord at start before giving up; 0: never."""
    health_port: int | None = Field(default=None, ge=1, le=65535)
    shard_count: int | None = Field(default=None, ge=1)
    """How many shards the bot has in all; empty: discord.py asks Discord."""
    hard_think_seconds: float = Field(default=1.0, gt=0, le=10)
    """The wall time a hard computer player searches for one decision, at most (less
    when the machine is busy)."""
    hard_workers: int | None = Field(default=None, ge=1)
    """Worker processes for the hard players' searches; empty: one per core, less one."""
    render_workers: int = Field(default=1, ge=0, le=16)
    """Worker processes that draw the card pictures; 0: a thread of the bot's process."""
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    """The shards this process runs (``0-3``, ``0,2``); empty: all of them. Needs
    ``shard_count``: every process of the bot must be told the same count."""

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: object, info: ValidationInfo) -> tuple[int, ...] | None:
        count = info.data.get("shard_count")
        if value is None:
            return None
        if count is None:
            raise ValueError("shard ids without a shard count")
        if isinstance(value, list | tuple):  # given in code rather than the environment
            value = ",".join(map(str, value))
        return parse_shard_ids(str(value), count)

    @field_validator("discord_token")
    @classmethod
    def _token_shape(cls, value: SecretStr) -> SecretStr:
        if not well_formed_token(value.get_secret_value()):
            raise ValueError("malformed token")
        return value

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        if value.upper() not in LOG_LEVELS:
            raise ValueError("unknown log level")
        return value.upper()

    @property
    def command_hash_path(self) -> Path:
        """Where the hash of the last synced command set is kept, next to the database."""
        return self.database_path.with_name(self.database_path.name + ".commands-hash")

    @property
    def shards(self) -> Shards | None:
        """The shards whose tables this process runs; ``None``: every guild's."""
        if self.shard_ids is None:
            return None
        assert self.shard_count is not None  # the validator asks for it
        return Shards(self.shard_count, frozenset(self.shard_ids))

    @property
    def log_level_number(self) -> int:
        return logging.getLevelNamesMapping()[self.log_level]


_SENTENCES = {
    "discord_token": (
        "DISCORD_TOKEN is missing or malformed: put the bot token from the Discord "
        "developer portal (about 72 characters in three parts separated by dots) in .env "
        "or the environment."
    ),
    "dev_guild_id": "DEV_GUILD_ID must be a server id (a positive whole number) or empty.",
    "log_level": f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}.",
    "database_url": (
        "DATABASE_URL must be sqlite:///path/to/file or postgresql://user:password@host/db."
    ),
    "database_busy_timeout": "DATABASE_BUSY_TIMEOUT must be a number of seconds above 0.",
    "connect_attempts": "CONNECT_ATTEMPTS must be a whole number, 0 for never giving up.",
    "health_port": "HEALTH_PORT must be a port number from 1 to 65535, or empty for none.",
    "hard_think_seconds": "HARD_THINK_SECONDS must be a number of seconds above 0, "
                          "at most 10.",
    "hard_workers": "HARD_WORKERS must be a whole number of processes from 1 up, or empty.",
    "render_workers": "RENDER_WORKERS must be a whole number of processes from 0 to 16.",
    "shard_count": "SHARD_COUNT must be a whole number of shards from 1 up, or empty.",
    "shard_ids": (
        "SHARD_IDS must name shards below SHARD_COUNT (which must then be set), as a "
        "range like 0-3 or a list like 0,2; or be empty for all shards."
    ),
}


def parse_shard_ids(text: str, count: int) -> tuple[int, ...]:
    """``"0-3"`` → ``(0, 1, 2, 3)``, ``"0,2"`` → ``(0, 2)``, ranges and single ids mixed
    (``"0-1,4"``), sorted and each once; raises ``ValueError`` for anything else, or
    for a shard id not below ``count``."""
    ids: set[int] = set()
    for part in text.split(","):
        found = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", part)
        if found is None:
            raise ValueError(f"not a shard id or range: {part!r}")
        first, last = int(found[1]), int(found[2] or found[1])
        if not first <= last < count:
            raise ValueError(f"not a range of shards below {count}: {part!r}")
        ids.update(range(first, last + 1))
    return tuple(sorted(ids))


_S = TypeVar("_S", bound=DatabaseSettings)


def load_settings() -> Settings:
    """Read the settings, or raise :class:`SettingsError` with a sentence that never
    repeats a value (pydantic's own messages would print the token)."""
    return _load(Settings)


def load_database_settings() -> DatabaseSettings:
    """Only the database's settings: a backup needs no token."""
    return _load(DatabaseSettings)


def _load(kind: type[_S]) -> _S:
    try:
        return kind(_env_file=env_files())  # type: ignore[call-arg]  # fields from the env
    except ValidationError as error:
        field = str(error.errors()[0]["loc"][0]) if error.errors() else ""
        sentence = _SENTENCES.get(field, f"The setting {field.upper()} is invalid.")
        raise SettingsError(sentence) from None
