from __future__ import annotations

import discord

from bot.app.invite import BOT_PERMISSIONS, invite_url


def test_permissions_are_exactly_the_eight_the_bot_uses() -> None:
    expected = discord.Permissions(
        view_channel=True,
        send_messages=True,
        embed_links=True,
        attach_files=True,
        read_message_history=True,
        use_external_emojis=True,
        create_public_threads=True,  # /uno new thread: opens the game in a new thread
        send_messages_in_threads=True,  # games may be played in a thread
    )
    assert BOT_PERMISSIONS == expected.value == 309238025216


def test_invite_url() -> None:
    assert invite_url(1234) == (
        "https://discord.com/oauth2/authorize?client_id=1234"
        "&scope=bot+applications.commands&permissions=309238025216"
    )
