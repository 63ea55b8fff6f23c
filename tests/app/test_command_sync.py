"""Slash commands are synced only when the command set changed."""

from __future__ import annotations

from pathlib import Path

import discord
from discord import app_commands

from bot.app.client import UnoBot
from bot.app.command_sync import SyncRecord, payload_hash
from bot.game.clock import FakeClock
from tests.conftest import make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild


def test_hash_ignores_key_order_but_not_content() -> None:
    assert payload_hash([{"a": 1, "b": 2}]) == payload_hash([{"b": 2, "a": 1}])
    assert payload_hash([{"a": 1}]) != payload_hash([{"a": 2}])


def test_record_remembers_per_target(tmp_path: Path) -> None:
    record = SyncRecord(tmp_path / "sub" / "hash")
    assert not record.is_current("global", "x")
    record.remember("global", "x")
    record.remember("guild:1", "y")
    assert record.is_current("global", "x") and record.is_current("guild:1", "y")
    assert not record.is_current("global", "y")
    (tmp_path / "sub" / "hash").write_text("not json")
    assert not record.is_current("global", "x")


def global_puts(fake: FakeDiscord) -> int:
    return len([c for c in fake.calls_to("PUT", "/commands") if "/guilds/" not in c.path])


async def test_syncs_once_then_only_on_change(bot: UnoBot, fake_discord: FakeDiscord) -> None:
    assert global_puts(fake_discord) == 1
    assert await bot.sync_commands() is False
    assert global_puts(fake_discord) == 1

    @app_commands.command(name="extra", description="a new command")
    async def extra(interaction: discord.Interaction) -> None:
        raise AssertionError("never run")

    bot.tree.add_command(extra)
    assert await bot.sync_commands() is True
    assert global_puts(fake_discord) == 2
    assert {c["name"] for c in fake_discord.commands[None]} == {"uno", "extra"}


async def test_restart_does_not_resync(
    fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, endpoints: None,
    tmp_path: Path,
) -> None:
    settings = make_settings(fake_discord, tmp_path)
    async with running_bot(settings, clock, fake_discord):
        assert global_puts(fake_discord) == 1
    second = UnoBot(settings, clock=clock)  # the same bot started again
    await second.login(fake_discord.token)  # runs setup_hook, which syncs if needed
    await second.close()
    assert global_puts(fake_discord) == 1


async def test_dev_guild_gets_commands_instantly(
    fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, endpoints: None,
    tmp_path: Path,
) -> None:
    settings = make_settings(fake_discord, tmp_path, dev_guild_id=guild.id)
    async with running_bot(settings, clock, fake_discord):
        assert global_puts(fake_discord) == 0
        assert len(fake_discord.calls_to("PUT", f"/guilds/{guild.id}/commands")) == 1
        assert [c["name"] for c in fake_discord.commands[guild.id]] == ["uno"]
        answer = await guild.members[0].slash("uno help")  # the guild command works
        assert answer.ephemeral and "/uno new" in answer.text
