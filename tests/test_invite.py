from __future__ import annotations

import discord

from bot.app.invite import BOT_PERMISSIONS, invite_url


def test_permissions_are_exactly_the_six_the_bot_uses() -> None:
    expected = discord.Permissions(
        view_channel=True,
        send_messages=True,
        embed_links=True,
        attach_files=True,
        read_message_history=True,
        use_external_emojis=True,
    )
    assert BOT_PERMISSIONS == expected.value == 379904


def test_invite_url() -> None:
    assert invite_url(1234) == (
        "https://discord.com/oauth2/authorize?client_id=1234"
        "&scope=bot+applications.commands&permissions=379904"
    )
