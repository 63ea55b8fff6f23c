"""/uno help and /uno rules; the lobby commands are in tests/ui/test_lobby.py."""

from __future__ import annotations

from pathlib import Path

from bot.app.client import UnoBot
from bot.engine.options import RULESETS
from bot.game.clock import FakeClock
from bot.ui.clicks.pages import GONE
from tests.conftest import make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild

UPDATE_MESSAGE = 7


async def test_help_fits_a_phone_and_its_buttons_explain_and_list_every_command(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord
) -> None:
    member = guild.members[0]
    answer = await member.slash("uno help")
    assert answer.ephemeral and answer.response is not None
    help_message = answer.response
    assert "match the top card" in help_message.text
    # a phone shows about 40 characters a line: 8 lines of text at most
    assert sum(1 + len(line) // 40 for line in help_message.text.splitlines()) <= 8
    labels = {label: custom_id for custom_id, label in help_message.labels().items()}
    assert set(labels) == {"In short", "How to play", "Commands"}

    await member.click(help_message, labels["How to play"])
    assert "Wild Draw Four played on you can be challenged" in help_message.text
    labels = {label: custom_id for custom_id, label in help_message.labels().items()}
    await member.click(help_message, labels["Commands"])
    synced = next(c for c in fake_discord.commands[None] if c["name"] == "uno")
    subcommands = [option["name"] for option in synced["options"]]
    assert len(subcommands) >= 11
    for name in subcommands:
        assert f"`/uno {name}" in help_message.text, f"/uno help does not mention /uno {name}"
    labels = {label: custom_id for custom_id, label in help_message.labels().items()}
    assert help_message.component(labels["Commands"]).get("disabled") is True  # shown
    assert help_message.component(labels["In short"]).get("disabled") is not True


async def test_rules_of_a_named_ruleset(bot: UnoBot, guild: FakeGuild) -> None:
    answer = await guild.members[0].slash("uno rules", ruleset="serious")
    assert answer.ephemeral
    assert "Ruleset: serious" in answer.text
    assert "Deck: 140 cards. Hand: 11 cards." in answer.text
    assert "Stacking: on" in answer.text


async def test_rules_of_this_channels_game(bot: UnoBot, guild: FakeGuild) -> None:
    host = guild.members[0]
    await host.slash("uno new", ruleset="bff", target=300, turn_seconds=90)
    answer = await guild.members[1].slash("uno rules")
    assert answer.ephemeral
    assert "this channel's game: bff" in answer.text
    assert "Deck: 112 cards. Hand: 7 cards." in answer.text
    assert "first to 300 points" in answer.text and "Turn timer: 90 seconds" in answer.text


async def test_rules_without_game_or_name_shows_classic(bot: UnoBot, guild: FakeGuild) -> None:
    answer = await guild.members[0].slash("uno rules")
    assert "Ruleset: classic" in answer.text and "Deck: 108 cards" in answer.text


async def test_every_ruleset_is_a_choice(bot: UnoBot, fake_discord: FakeDiscord) -> None:
    (uno,) = fake_discord.commands[None]
    new = next(o for o in uno["options"] if o["name"] == "new")
    ruleset = next(o for o in new["options"] if o["name"] == "ruleset")
    assert [c["value"] for c in ruleset["choices"]] == list(RULESETS)


async def test_help_buttons_work_after_a_restart_and_long_after_the_command(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock, tmp_path: Path
) -> None:
    member = guild.members[0]
    help_message = (await member.slash("uno help")).response
    assert help_message is not None
    labels = {label: custom_id for custom_id, label in help_message.labels().items()}
    await bot.close()
    await clock.advance(20 * 60)  # the command's token died 5 minutes ago
    async with running_bot(make_settings(fake_discord, tmp_path), clock, fake_discord):
        member.locale = "de"  # a page speaks the language of whoever turns to it
        answer = await member.click(help_message, labels["Commands"])
        assert answer.callback_type == UPDATE_MESSAGE and "**Befehle**" in help_message.text
        assert set(help_message.labels().values()) == {"Kurz gesagt", "So geht's",
                                                       "Befehle"}
        member.locale = "en-US"
        gone = guild.old_message(["uno:help:rules_v1"])  # a page an older bot had
        answer = await member.click(gone, "uno:help:rules_v1")
        assert answer.ephemeral and answer.text == GONE.format(command="/uno help")
