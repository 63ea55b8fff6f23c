"""Events: what an action caused, in order, for logs, messages and views."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engine.cards import Card, CardColor

NO_EFFECT = frozenset({"uno_needless", "catch_missed", "vote_late"})
"""Events of actions the rules accept but that change nothing (RULES.md 8: a needless
UNO call, a wrong catch; house rule 8: a vote after a laugh decided it)."""


@dataclass(slots=True)
class Event:
    """One thing that happened.

    ``kind`` is one of: ``dealer_chosen``, ``dealt``, ``start_card``, ``reshuffled``,
    ``played``, ``drew``, ``color_chosen``, ``direction_changed``, ``skipped``,
    ``draw_pending``, ``kept``, ``jumped_in``, ``hands_passed``, ``hands_swapped``, ``uno_called``,
    ``uno_needless``, ``caught``, ``catch_missed``, ``challenged``, ``hand_revealed``,
    ``blocked``, ``house_rule``, ``discard_owed``, ``discarded``, ``vote_started``,
    ``voted``, ``vote_late``, ``hands_shown``, ``timed_out``, ``left``, ``round_over``,
    ``match_over``.

    ``cards`` may be secret: when ``private_to`` names players, only they may see the
    cards, and everyone else sees only ``count`` (see ``redact``).
    """

    kind: str
    player: str | None = None
    cards: tuple[Card, ...] = ()
    count: int = 0
    color: CardColor | None = None
    target: str | None = None
    private_to: tuple[str, ...] = ()
    data: dict[str, Any] | None = None

    def redact(self, viewer: str | None) -> Event:
        """The event as ``viewer`` may see it (secret cards hidden from everyone else)."""
        if not self.private_to or viewer in self.private_to:
            return self
        return Event(self.kind, self.player, (), self.count, self.color, self.target, (), self.data)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.player is not None:
            data["player"] = self.player
        if self.cards:
            data["cards"] = list(self.cards)
        if self.count:
            data["count"] = self.count
        if self.color is not None:
            data["color"] = self.color
        if self.target is not None:
            data["target"] = self.target
        if self.data:
            data["data"] = self.data
        return data
