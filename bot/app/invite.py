"""The OAuth2 URL that adds the bot to a server with exactly the rights it uses."""

from __future__ import annotations

# Bit positions from Discord's permission table.
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
"""A game may be opened in a thread (``/uno new thread:``); the bot makes it and posts
its lobby and table there."""

BOT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)


def invite_url(application_id: int) -> str:
    return (
        "https://discord.com/oauth2/authorize"
        f"?client_id={application_id}&scope=bot+applications.commands"
        f"&permissions={BOT_PERMISSIONS}"
    )
