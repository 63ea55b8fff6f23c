"""A match's tally: what each player did, counted from the engine's events, for the
match record and the stats (``/uno stats``). Pure data: it survives a restart as a dict."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.engine.cards import CARD_COLOR
from bot.engine.events import Event

COUNTS = (
    "round_wins", "best_round", "uno_calls", "catches_made", "catches_suffered",
    "challenges_won", "challenges_lost", "cards_played",
)


@dataclass
class PlayerTally:
    counts: Counter[str] = field(default_factory=Counter)
    colours_played: Counter[str] = field(default_factory=Counter)


@dataclass
class MatchTally:
    """Counts per player id (the engine's ids), fed with every event of the match."""

    players: dict[str, PlayerTally] = field(default_factory=dict)
    rounds: int = 0

    def of(self, player: str) -> PlayerTally:
        return self.players.setdefault(player, PlayerTally())

    def observe(self, events: Iterable[Event]) -> None:
        for event in events:
            if event.player is None:
                continue
            player = self.of(event.player)
            if event.kind in ("played", "blocked"):
                player.counts["cards_played"] += len(event.cards)
                player.colours_played.update(CARD_COLOR[c] for c in event.cards if CARD_COLOR[c])
            elif event.kind == "uno_called":
                player.counts["uno_calls"] += 1
            elif event.kind == "caught" and event.target is not None:
                player.counts["catches_made"] += 1
                self.of(event.target).counts["catches_suffered"] += 1
            elif event.kind == "challenged" and event.target is not None:
                guilty = bool((event.data or {}).get("guilty"))
                player.counts["challenges_won" if guilty else "challenges_lost"] += 1
                self.of(event.target).counts["challenges_lost" if guilty else "challenges_won"] += 1
            elif event.kind == "round_over":
                self.rounds += 1
                player.counts["round_wins"] += 1
                scored = (event.data or {}).get("round_points", {})
                for scorer, points in scored.items():
                    counts = self.of(scorer).counts
                    counts["best_round"] = max(counts["best_round"], points)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "players": {
                pid: {"counts": dict(t.counts), "colours_played": dict(t.colours_played)}
                for pid, t in self.players.items()
            },
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MatchTally:
        return cls(
            players={
                pid: PlayerTally(Counter(t["counts"]), Counter(t["colours_played"]))
                for pid, t in data["players"].items()
            },
            rounds=int(data["rounds"]),
        )
