"""Sync slash commands only when they changed.

Global syncs are rate limited and take a while to spread, so the bot keeps a hash of
each synced payload in a small JSON file next to the database and skips a sync whose
payload hashes the same as last time.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any


def payload_hash(payload: list[dict[str, Any]]) -> str:
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


class SyncRecord:
    """The last synced hash per target (``"global"`` or ``"guild:<id>"``)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text())
        except (FileNotFoundError, json.JSONDecodeError):
            return {}
        return data if isinstance(data, dict) else {}

    def is_current(self, target: str, digest: str) -> bool:
        return self._read().get(target) == digest

    def remember(self, target: str, digest: str) -> None:
        data = self._read()
        data[target] = digest
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(data, indent=2, sort_keys=True))
