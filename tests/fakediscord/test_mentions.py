"""Whom a new message notifies, as Discord decides it from ``allowed_mentions``."""

from __future__ import annotations

from tests.fakediscord.payloads import notified_users


def test_mentions_notify_as_allowed_mentions_allow() -> None:
    content = "<@1> <@!2>, it is your turn."
    assert notified_users({"content": content}) == {1, 2}  # nothing said: all users
    assert notified_users({"content": content, "allowed_mentions": {"parse": []}}) == set()
    assert notified_users({"content": content,
                           "allowed_mentions": {"parse": [], "users": ["2", "3"]}}) == {2}
    assert notified_users({"content": content,
                           "allowed_mentions": {"parse": ["users"]}}) == {1, 2}
    assert notified_users({"content": content, "flags": 64}) == set()  # ephemeral
