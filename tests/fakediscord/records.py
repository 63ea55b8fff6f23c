"""What the fake remembers: REST calls, violations, messages and interactions."""

from __future__ import annotations

import asyncio
import copy
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord.attachments import StoredAttachment, Upload
from tests.fakediscord.wire import RouteKind, route_kind, uses_bot_token

EPHEMERAL = 1 << 6


@dataclass(frozen=True, slots=True)
class RestCall:
    method: str
    path: str
    json: Any
    time: float
    """Event-loop time when the call arrived."""
    files: tuple[Upload, ...] = ()
    """The files of a multipart request, in index order."""
    delay: float = 0.0
    """The wire latency the fake put on this call (seconds, both ways together)."""

    @property
    def kind(self) -> RouteKind:
        return route_kind(self.path)

    @property
    def bot_token(self) -> bool:
        """Whether the call counts against the bot token's global 50 requests a second."""
        return uses_bot_token(self.path)


@dataclass(frozen=True, slots=True)
class Violation:
    rule: str
    detail: str


@dataclass(slots=True)
class StoredMessage:
    """A message the bot made. ``owner`` is the interaction whose token may edit it
    (interaction responses and followups); an ephemeral one is visible to nobody else."""

    payload: dict[str, Any]
    owner: Interaction | None = None
    files: dict[int, StoredAttachment] = field(default_factory=dict)
    """The attachments' bytes by attachment id (the payload lists the attachments)."""
    notified: frozenset[int] = frozenset()
    """The users Discord notified when the message was created: those its content
    mentions that its ``allowed_mentions`` let ping. An edit notifies nobody."""

    @property
    def id(self) -> int:
        return int(self.payload["id"])

    @property
    def channel_id(self) -> int:
        return int(self.payload["channel_id"])

    @property
    def ephemeral(self) -> bool:
        return bool(self.payload["flags"] & EPHEMERAL)

    @property
    def content(self) -> str:
        return str(self.payload["content"])

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.payload["embeds"])

    @property
    def attachments(self) -> list[StoredAttachment]:
        """The attachments, in the message's order: filename, size, content type, bytes."""
        return [self.files[int(a["id"])] for a in self.payload["attachments"]]

    def attachment(self, filename: str) -> StoredAttachment:
        found = [a for a in self.attachments if a.filename == filename]
        assert len(found) == 1, f"no single {filename!r} among {self.attachments}"
        return found[0]

    @property
    def text(self) -> str:
        """Content and every embed's title and description, for assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
        return "\n".join(p for p in parts if p)

    def snapshot(self) -> StoredMessage:
        """The message as it is now, to click later as a stale client would."""
        return StoredMessage(copy.deepcopy(self.payload), self.owner, dict(self.files))

    def custom_ids(self) -> list[str]:
        return [
            child["custom_id"]
            for row in self.payload["components"]
            for child in row.get("components", [])
            if "custom_id" in child
        ]

    def component(self, custom_id: str) -> dict[str, Any]:
        """The button or menu with this ``custom_id``."""
        for row in self.payload["components"]:
            for child in row.get("components", []):
                if child.get("custom_id") == custom_id:
                    return dict(child)
        raise AssertionError(f"no component {custom_id!r} on the message")

    def enabled_ids(self) -> list[str]:
        """The custom ids a member can use now (disabled buttons left out)."""
        return [c for c in self.custom_ids() if not self.component(c).get("disabled")]

    def labels(self) -> dict[str, str]:
        """custom_id -> label (placeholder for a menu)."""
        return {c: self.component(c).get("label") or self.component(c).get("placeholder", "")
                for c in self.custom_ids()}

    def custom_id(self, prefix: str) -> str:
        """The one custom_id starting with ``prefix`` (``"uno:lobby:join"``)."""
        found = [c for c in self.custom_ids() if c.startswith(prefix)]
        assert len(found) == 1, f"expected one {prefix!r} in {self.custom_ids()}"
        return found[0]


@dataclass(slots=True, eq=False)
class Interaction:
    """One interaction the fake sent. ``answered`` resolves when its callback arrives,
    and ``handlers`` finish when a watched bot is done with it, so a test awaits both
    instead of sleeping."""

    id: int
    token: str
    type: int
    user: dict[str, Any]
    channel_id: int
    created_loop_time: float
    created_clock_time: float
    answered: asyncio.Future[None]
    completed: asyncio.Future[None]
    """Resolves when the answer is whole: a callback that carries it (type 4 or 7), or
    after a deferral (5 or 6) the edit of the original response or a followup."""
    callback_type: int | None = None
    callback_data: dict[str, Any] = field(default_factory=dict)
    completion_data: dict[str, Any] = field(default_factory=dict)
    """What completed a deferred answer (the edit of @original, or the followup)."""
    response: StoredMessage | None = None
    """The message the callback made (type 4/5) or updated (type 7)."""
    followups: list[StoredMessage] = field(default_factory=list)
    source_message: StoredMessage | None = None
    """For a component interaction: the message whose component was used."""
    deliveries: int = 0
    """How many times INTERACTION_CREATE was sent for it (Discord sometimes sends one twice)."""
    answered_loop_time: float | None = None
    """Event-loop time when the (first) callback reached the fake."""
    edits: list[dict[str, Any]] = field(default_factory=list)
    """The bodies of the webhook edits of its original response, in order (a deferred
    answer is completed by one)."""
    handlers: list[asyncio.Task[Any]] | None = None
    """The tasks in which a bot in this process handles the interaction, once it has
    received it (see ``tests/fakediscord/handlers.py``); None when nobody watches."""

    @property
    def user_id(self) -> int:
        return int(self.user["id"])

    @property
    def said(self) -> str:
        """The content the answer carried, whether sent at once or after a deferral."""
        return str(self.callback_data.get("content") or self.completion_data.get("content")
                   or "")

    @property
    def updated_message(self) -> bool:
        """The answer updated the clicked message in place (type 7, or 6 then an edit)."""
        return self.callback_type in (6, 7)

    @property
    def posted_message(self) -> bool:
        """The answer is a new message (type 4, or 5 then an edit)."""
        return self.callback_type in (4, 5)

    @property
    def ephemeral(self) -> bool:
        return bool((self.callback_data.get("flags") or 0) & EPHEMERAL)

    @property
    def text(self) -> str:
        return self.response.text if self.response is not None else ""
