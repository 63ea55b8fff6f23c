"""A member's permissions in a channel, computed the way Discord does.

The base is the union of @everyone's and the member's roles' permissions; then the
channel's overwrites apply in order: @everyone's, the roles' (all denies, then all
allows), the member's own.
"""

from __future__ import annotations

from typing import Any

ADMINISTRATOR = 1 << 3
ATTACH_FILES = 1 << 15
ALL_PERMISSIONS = (1 << 53) - 1
ROLE, MEMBER = 0, 1


def channel_permissions(guild: dict[str, Any], channel_id: int, user_id: int) -> int:
    member = next(m for m in guild["members"] if m["user"]["id"] == str(user_id))
    roles = {r["id"]: int(r["permissions"]) for r in guild["roles"]}
    member_roles = set(member.get("roles") or [])
    permissions = roles[guild["id"]]
    for role in member_roles:
        permissions |= roles[role]
    if permissions & ADMINISTRATOR:
        return ALL_PERMISSIONS
    channel = next(c for c in guild["channels"] if c["id"] == str(channel_id))
    overwrites = channel.get("permission_overwrites") or []

    def apply(permissions: int, chosen: list[dict[str, Any]]) -> int:
        deny = allow = 0
        for overwrite in chosen:
            deny |= int(overwrite["deny"])
            allow |= int(overwrite["allow"])
        return (permissions & ~deny) | allow

    permissions = apply(permissions, [o for o in overwrites if o["id"] == guild["id"]])
    permissions = apply(permissions, [o for o in overwrites if o["type"] == ROLE
                                      and o["id"] in member_roles])
    return apply(permissions, [o for o in overwrites if o["type"] == MEMBER
                               and int(o["id"]) == user_id])


def overwrite(target_id: int, kind: int, *, allow: int = 0, deny: int = 0) -> dict[str, Any]:
    return {"id": str(target_id), "type": kind, "allow": str(allow), "deny": str(deny)}
