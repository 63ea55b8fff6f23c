"""The table options of RULES.md 11 in the slash commands, end to end through the fake
Discord: /uno new takes them, /uno settings keeps them as the server's defaults, the
lobby lists them and /uno rules explains those in force in two lines each."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.engine.options import TABLE_OPTIONS
from bot.ui.words.option_words import OPTION_WORDS, Listed
from tests.fakediscord import FakeDiscord, FakeGuild

MANAGE_GUILD = 1 << 5


async def test_new_takes_the_table_options_and_the_lobby_lists_them(
    bot: UnoBot, guild: FakeGuild
) -> None:
    answer = await guild.members[0].slash("uno new", jump_in=True, stack_draws=True)
    assert answer.response is not None
    assert "Jump-in" in answer.response.text and "Stack draws" in answer.response.text
    assert "Force play" not in answer.response.text
    table = bot.manager.get(guild.channel_id)
    assert table is not None
    assert table.options.table_options() == ["jump_in", "stack_draws"]


async def test_rules_explain_the_options_in_force_in_two_lines_each(
    bot: UnoBot, guild: FakeGuild
) -> None:
    await guild.members[0].slash("uno new", force_play=True, no_bluff=True)
    answer = await guild.members[1].slash("uno rules")
    lines = answer.text.splitlines()
    for name in ("force_play", "no_bluff"):
        words = OPTION_WORDS[name].shown
        assert isinstance(words, Listed)
        label, what, more = words.label, words.what, words.more
        first = lines.index(f"**{label}**: {what}")
        assert lines[first + 1] == more
    jump_in = OPTION_WORDS["jump_in"].shown
    assert isinstance(jump_in, Listed) and jump_in.what not in answer.text


async def test_settings_keep_the_options_as_the_servers_defaults(
    bot: UnoBot, guild: FakeGuild
) -> None:
    admin = guild.members[0]
    admin.permissions |= MANAGE_GUILD
    saved = await admin.slash("uno settings", draw_until_playable=True, jump_in=True)
    assert saved.text.startswith("Saved.") and "Table options: Jump-in, Draw until playable" \
        in saved.text
    settings = await bot.db.get_settings(guild.id)
    assert settings.options().table_options() == ["jump_in", "draw_until_playable"]
    lobby = await guild.members[1].slash("uno new", jump_in=False)
    assert lobby.response is not None and "Draw until playable" in lobby.response.text
    table = bot.manager.get(guild.channel_id)
    assert table is not None and table.options.table_options() == ["draw_until_playable"]


async def test_every_option_is_offered_by_new_and_settings(fake_discord: FakeDiscord,
                                                          bot: UnoBot) -> None:
    (uno,) = fake_discord.commands[None]
    for command in ("new", "settings"):
        found = next(o for o in uno["options"] if o["name"] == command)
        names = {o["name"] for o in found["options"]}
        assert set(TABLE_OPTIONS) <= names, command
