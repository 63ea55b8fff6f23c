"""Threads: ``POST /channels/{id}/threads`` makes a public thread of a text channel
without a starting message, as Discord does. The thread is a channel of its own, with
its parent's permissions: messages are posted and edited there and interactions come
from it; the gateway announces it with THREAD_CREATE.
"""

from __future__ import annotations

from typing import Any

VIEW_CHANNEL = 1 << 10
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
TEXT_CHANNEL, PUBLIC_THREAD = 0, 11
ARCHIVE_MINUTES = (60, 1440, 4320, 10080)
MAX_THREAD_NAME = 100


def thread_problems(body: dict[str, Any]) -> dict[str, str]:
    """Field path -> what is wrong with a thread to make, like Discord's 50035 body: a
    name of 1 to 100 characters, a public thread (type 11, the default without a
    message), an auto-archive duration Discord offers."""
    problems: dict[str, str] = {}
    name = body.get("name")
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_THREAD_NAME:
        problems["name"] = f"Must be between 1 and {MAX_THREAD_NAME} in length."
    if body.get("type", PUBLIC_THREAD) != PUBLIC_THREAD:
        problems["type"] = "Only public threads are made here."
    archive = body.get("auto_archive_duration")
    if archive is not None and archive not in ARCHIVE_MINUTES:
        problems["auto_archive_duration"] = f"Value must be one of {ARCHIVE_MINUTES}."
    return problems


def thread_payload(thread_id: int, guild_id: int, parent_id: int, owner_id: int,
                   body: dict[str, Any], now: str) -> dict[str, Any]:
    """The thread as Discord answers and announces it."""
    return {
        "id": str(thread_id),
        "guild_id": str(guild_id),
        "parent_id": str(parent_id),
        "owner_id": str(owner_id),
        "type": PUBLIC_THREAD,
        "name": body["name"],
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "flags": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": body.get("auto_archive_duration", 4320),
            "archive_timestamp": now,
            "locked": False,
            "create_timestamp": now,
        },
    }
