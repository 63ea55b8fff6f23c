import logging
import sqlite3
from pathlib import Path

import pytest

from bot.engine.options import OptionsError
from bot.game.guild_settings import GuildSettings
from bot.storage import SqliteStorage
from bot.ui.clicks.errors import refusal_words
from tests.storage.backends import Backend, StorageUnderTest

GUILD = 1


async def test_a_server_without_saved_settings_gets_the_defaults(db: StorageUnderTest) -> None:
    settings = await db.get_settings(GUILD)
    assert settings == GuildSettings()
    assert (settings.ruleset, settings.turn_seconds, settings.images) == ("classic", 60, True)
    assert (settings.target, settings.scoring) == (500, "standard")
    assert settings.house_rules == dict.fromkeys(
        ("wildcustom", "rblank", "yblank", "gblank", "bblank"), 9
    )


async def test_settings_round_trip(db: StorageUnderTest) -> None:
    chosen = GuildSettings(
        ruleset="blank",
        overrides={
            "stacking": True,
            "target": 300,
            "scoring": "alternative",
            "house_rules": {"rblank": 4, "gblank": "Everyone sings", "wildcustom": 1},
        },
        turn_seconds=45,
        images=False,
        threads=True,
        language="pt-BR",
        tables_per_member=7,
        season_length="quarter",
    )
    await db.save_settings(GUILD, chosen)

    loaded = await db.get_settings(GUILD)
    assert loaded == chosen
    assert (loaded.target, loaded.scoring, loaded.options().stacking) == (300, "alternative", True)
    assert loaded.house_rules == {
        "wildcustom": 1, "rblank": 4, "yblank": 9, "gblank": "Everyone sings", "bblank": 9
    }
    assert await db.get_settings(GUILD + 1) == GuildSettings()


@pytest.mark.parametrize("tables", [0, 26, True, "3"])
def test_a_limit_per_member_out_of_range_is_refused(tables: object) -> None:
    with pytest.raises(OptionsError):
        GuildSettings(tables_per_member=tables)  # type: ignore[arg-type]


async def test_saving_again_replaces_the_settings(db: StorageUnderTest) -> None:
    await db.save_settings(GUILD, GuildSettings(ruleset="serious"))
    await db.save_settings(GUILD, GuildSettings(ruleset="seven-o").overridden({"target": 200}))
    loaded = await db.get_settings(GUILD)
    assert (loaded.ruleset, loaded.target) == ("seven-o", 200)
    assert loaded.options().seven_o is True  # the ruleset's own default, not frozen in


@pytest.mark.parametrize(
    ("column", "stored"),
    [
        ("overrides", "{not json"),
        ("overrides", '{"target": "lots"}'),
        ("overrides", "[1, 2]"),
        ("ruleset", "poker"),
        ("turn_seconds", 5),
        ("images", 7),
        ("threads", 2),
        ("language", "tlh"),
    ],
)
async def test_a_corrupted_row_gives_defaults_and_a_warning(
    db: StorageUnderTest,
    backend: Backend,
    caplog: pytest.LogCaptureFixture,
    column: str,
    stored: str | int,
) -> None:
    await db.save_settings(GUILD, GuildSettings(ruleset="bff", turn_seconds=30))
    await backend.sql(f"UPDATE guild_settings SET {column} = ?", (stored,))

    with caplog.at_level(logging.WARNING, logger="bot.storage.settings"):
        assert await db.get_settings(GUILD) == GuildSettings()
    assert f"guild {GUILD}" in caplog.text


def test_invalid_settings_are_refused_before_saving() -> None:
    with pytest.raises(OptionsError) as unknown:
        GuildSettings(ruleset="poker")
    assert "unknown ruleset" in refusal_words(unknown.value)
    with pytest.raises(OptionsError, match="between 10 and 600"):
        GuildSettings(turn_seconds=5)
    with pytest.raises(OptionsError, match="does not speak"):
        GuildSettings(language="tlh")
    with pytest.raises(OptionsError, match="a season lasts"):
        GuildSettings(season_length="week")
    with pytest.raises(OptionsError) as no_rule:
        GuildSettings().overridden({"house_rules": {"wildcustom": 12}})
    assert "house rule" in refusal_words(no_rule.value)


async def test_a_value_of_the_wrong_type_in_a_sqlite_file_gives_defaults(
    sqlite_db: SqliteStorage, db_path: Path
) -> None:
    # Only SQLite stores text in an INTEGER column; PostgreSQL refuses it at the write.
    await sqlite_db.save_settings(GUILD, GuildSettings(ruleset="bff", turn_seconds=30))
    with sqlite3.connect(db_path) as vandal:
        vandal.execute("UPDATE guild_settings SET turn_seconds = 'soon'")
    assert await sqlite_db.get_settings(GUILD) == GuildSettings()
