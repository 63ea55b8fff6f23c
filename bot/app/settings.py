"""Settings from the environment and ``.env`` (see ``.env.example`` for each one)."""

from __future__ import annotations

import logging
import re
from pathlib import Path

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")
"""A bot token is three base64url parts joined by dots."""

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingsError(Exception):
    """A setting the bot cannot start with; ``str()`` is one sentence for the operator."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", env_ignore_empty=True, extra="ignore"
    )

    discord_token: SecretStr
    database_path: Path = Path("data/uno.sqlite3")
    dev_guild_id: int | None = Field(default=None, gt=0)
    discord_api_base: str = "https://discord.com/api/v10"
    discord_gateway_url: str = "wss://gateway.discord.gg/"
    log_level: str = "INFO"

    @field_validator("discord_token")
    @classmethod
    def _token_shape(cls, value: SecretStr) -> SecretStr:
        if not TOKEN_PATTERN.fullmatch(value.get_secret_value()):
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
    def log_level_number(self) -> int:
        return logging.getLevelNamesMapping()[self.log_level]


_SENTENCES = {
    "discord_token": (
        "DISCORD_TOKEN is missing or malformed: put the bot token from the Discord "
        "developer portal (three parts separated by dots) in .env or the environment."
    ),
    "dev_guild_id": "DEV_GUILD_ID must be a server id (a positive whole number) or empty.",
    "log_level": f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}.",
}


def load_settings() -> Settings:
    """Read the settings, or raise :class:`SettingsError` with a sentence that never
    repeats a value (pydantic's own messages would print the token)."""
    try:
        return Settings()  # type: ignore[call-arg]  # the fields come from the environment
    except ValidationError as error:
        field = str(error.errors()[0]["loc"][0]) if error.errors() else ""
        sentence = _SENTENCES.get(field, f"The setting {field.upper()} is invalid.")
        raise SettingsError(sentence) from None
