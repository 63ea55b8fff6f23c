"""JSON shapes Discord sends, with just the fields discord.py reads."""

from __future__ import annotations

import copy
import re
import time
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
_last_snowflake = 0


def snowflake() -> int:
    """A new id, unique and increasing, that encodes its creation time as Discord's do
    (milliseconds since 2015 above bit 22): the bot reads a message's age from it."""
    global _last_snowflake
    now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
    _last_snowflake = max(_last_snowflake + 1, now)
    return _last_snowflake


def snowflake_on_shard(shard_id: int, shard_count: int) -> int:
    """A new id, as :func:`snowflake`, for a guild on shard ``shard_id`` of
    ``shard_count``: its time part is moved up (by less than ``shard_count`` ms) to a
    millisecond that Discord's formula puts on that shard."""
    global _last_snowflake
    found = snowflake()
    millisecond = found >> 22
    millisecond += (shard_id - millisecond) % shard_count
    _last_snowflake = (millisecond << 22) | (found & ((1 << 22) - 1))
    return _last_snowflake


def timestamp() -> str:
    return datetime.now(UTC).isoformat()


def user(user_id: int, name: str, *, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
    }


def member(
    user_payload: dict[str, Any], permissions: int | None = None, roles: tuple[int, ...] = ()
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "user": user_payload,
        "roles": [str(r) for r in roles],
        "joined_at": timestamp(),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "nick": None,
    }
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def text_channel(
    channel_id: int, guild_id: int, name: str, overwrites: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "guild_id": str(guild_id),
        "type": 0,
        "name": name,
        "position": 0,
        "permission_overwrites": overwrites or [],
        "nsfw": False,
        "parent_id": None,
    }


def role(
    role_id: int, name: str, permissions: int, *, position: int = 0, managed: bool = False
) -> dict[str, Any]:
    return {
        "id": str(role_id),
        "name": name,
        "permissions": str(permissions),
        "position": position,
        "color": 0,
        "hoist": False,
        "managed": managed,
        "mentionable": False,
        "flags": 0,
    }


def guild_create(
    guild_id: int,
    name: str,
    owner_id: int,
    everyone_permissions: int,
    channels: list[dict[str, Any]],
    members: list[dict[str, Any]],
    roles: list[dict[str, Any]] | None = None,
    locale: str = "en-US",
) -> dict[str, Any]:
    """``roles``: the guild's roles besides @everyone (whose id is the guild's);
    ``locale``: its preferred locale."""
    return {
        "id": str(guild_id),
        "name": name,
        "owner_id": str(owner_id),
        "roles": [role(guild_id, "@everyone", everyone_permissions), *(roles or [])],
        "channels": channels,
        "members": members,
        "member_count": len(members),
        "large": False,
        "unavailable": False,
        "features": [],
        "emojis": [],
        "stickers": [],
        "threads": [],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "joined_at": timestamp(),
        "premium_tier": 0,
        "preferred_locale": locale,
    }


def message(
    message_id: int,
    channel_id: int,
    guild_id: int | None,
    author: dict[str, Any],
    body: dict[str, Any],
    *,
    application_id: int | None = None,
    interaction: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A message as Discord returns it. ``interaction`` is the interaction that created
    it (``interaction_metadata``; discord.py 2.6 finds views by its id)."""
    data: dict[str, Any] = {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "author": author,
        "content": body.get("content") or "",
        "timestamp": timestamp(),
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": copy.deepcopy(body.get("embeds") or []),
        "components": copy.deepcopy(body.get("components") or []),
        "pinned": False,
        "type": 0,
        "flags": body.get("flags") or 0,
    }
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    if application_id is not None:
        data["application_id"] = str(application_id)
        data["webhook_id"] = str(application_id)
    if interaction is not None:
        data["interaction_metadata"] = interaction
        data["type"] = 20 if interaction["type"] == 2 else 0
    return data


EDITABLE_FIELDS = {"content": "", "embeds": [], "components": []}
"""What an edit may change, and what a ``null`` turns the field into."""


def apply_edit(stored: dict[str, Any], body: dict[str, Any]) -> None:
    """PATCH semantics: the fields present replace the stored ones."""
    for key, empty in EDITABLE_FIELDS.items():
        if key in body:
            stored[key] = copy.deepcopy(body[key]) if body[key] is not None else empty
    stored["edited_timestamp"] = timestamp()


USER_MENTION = re.compile(r"<@!?(\d+)>")


def notified_users(body: dict[str, Any]) -> frozenset[int]:
    """Whom a new message with ``body`` notifies: the users its content mentions, as far
    as ``allowed_mentions`` allows (none given: every mentioned user; given: those of
    its ``users`` list, or all when its ``parse`` holds "users"). Ephemeral messages
    notify nobody."""
    if (body.get("flags") or 0) & 64:
        return frozenset()
    mentioned = {int(found) for found in USER_MENTION.findall(body.get("content") or "")}
    allowed = body.get("allowed_mentions")
    if allowed is None or "users" in (allowed.get("parse") or []):
        return frozenset(mentioned)
    return frozenset(mentioned & {int(user) for user in allowed.get("users") or []})
