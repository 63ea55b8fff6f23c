"""Server settings: the table a new game starts with, chosen by the server's admins."""

from __future__ import annotations

import json
import logging
import time

from bot.game.guild_settings import GuildSettings
from bot.storage.session import Connected

log = logging.getLogger(__name__)

SETTINGS_COLUMNS = ("guild_id", "ruleset", "overrides", "turn_seconds", "images", "updated_at",
                    "threads", "language", "tables_per_member", "season_length")


class SettingsStore(Connected):
    async def get_settings(self, guild_id: int) -> GuildSettings:
        """The server's settings; the defaults if none were saved or the saved row is
        unreadable (logged as a warning: the server keeps playing on defaults)."""
        found = await self.read(
            "SELECT ruleset, overrides, turn_seconds, images, threads, language, "
            "tables_per_member, season_length "
            "FROM guild_settings "
            "WHERE guild_id = ?",
            (guild_id,),
        )
        if not found:
            return GuildSettings()
        (ruleset, overrides, turn_seconds, images, threads, language, tables_per_member,
         season_length) = found[0]
        try:
            return GuildSettings(ruleset, json.loads(overrides), turn_seconds,
                                 _flag(images, "images"), _flag(threads, "threads"), language,
                                 tables_per_member=tables_per_member,
                                 season_length=season_length)
        except (ValueError, TypeError) as error:  # OptionsError and bad JSON are ValueErrors
            log.warning(
                "settings of guild %s are unreadable, using the defaults: %s", guild_id, error
            )
            return GuildSettings()

    async def save_settings(self, guild_id: int, settings: GuildSettings) -> None:
        settings.options()  # the overrides dict may have been changed in place since
        async with self._writing() as session:
            await session.fetch(
                f"""INSERT INTO guild_settings ({", ".join(SETTINGS_COLUMNS)})
                   VALUES ({", ".join("?" * len(SETTINGS_COLUMNS))})
                   ON CONFLICT (guild_id) DO UPDATE SET
                       ruleset = excluded.ruleset,
                       overrides = excluded.overrides,
                       turn_seconds = excluded.turn_seconds,
                       images = excluded.images,
                       threads = excluded.threads,
                       language = excluded.language,
                       tables_per_member = excluded.tables_per_member,
                       season_length = excluded.season_length,
                       updated_at = excluded.updated_at""",
                (
                    guild_id,
                    settings.ruleset,
                    json.dumps(settings.overrides),
                    settings.turn_seconds,
                    int(settings.images),
                    time.time(),
                    int(settings.threads),
                    settings.language,
                    settings.tables_per_member,
                    settings.season_length,
                ),
            )
        log.info("settings of guild %s saved", guild_id)


def _flag(stored: object, name: str) -> bool:
    if stored not in (0, 1):
        raise ValueError(f"the {name} flag is {stored!r}, neither 0 nor 1")
    return stored == 1
