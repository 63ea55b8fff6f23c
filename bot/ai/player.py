"""A computer player: it sees what its seat may see, and nothing else.

The game is never handed to it. A table shows it the events of each action, redacted
for it (``Event.redact``), through ``observe``, and asks it to act with its own view and
its own legal actions through ``choose``. So it cannot read a hidden hand or the draw
pile: what it does not receive, it cannot know.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.ai.easy import choose_easy
from bot.ai.hard import PLAYOUTS, Question, answer, question_for
from bot.ai.memory import Memory
from bot.ai.normal import choose_normal
from bot.ai.rng import SplitMix
from bot.engine.actions import Action
from bot.engine.events import Event

LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
REMEMBERING = frozenset({"normal", "hard"})


class ComputerPlayer:
    """One seat played by the computer at ``level`` (``"easy"``, ``"normal"`` or
    ``"hard"``). The same seed, events and views give the same choices. ``playouts`` is
    the search budget of a ``hard`` player's decision (not saved: a setting)."""

    __slots__ = ("level", "memory", "player_id", "playouts", "rng")

    def __init__(self, player_id: str, level: str = "normal", seed: int = 0,
                 playouts: int = PLAYOUTS) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
        self.player_id = player_id
        self.level = level
        self.rng = SplitMix(seed)
        self.memory = Memory()
        self.playouts = playouts

    def observe(self, events: Iterable[Event], view: dict[str, Any] | None = None) -> None:
        """Take in events already redacted for this player, and this player's view after
        them when the table has it. Show the view once when the player is seated (with
        no events): a match starts with no event showing the start card. ``easy``
        remembers nothing."""
        if self.level not in REMEMBERING:
            return
        self.memory.observe(events, self.player_id)
        if view is not None:
            self.memory.sync(view)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """One of ``legal`` (this player's legal actions, seen in ``view``, this player's
        view), or ``None`` when nothing is worth doing now; never ``None`` while the game
        waits on this player and ``legal`` is not empty."""
        if not legal:
            return None
        decided = self.decide(view, legal)
        if not isinstance(decided, Question):
            return decided
        found = answer(decided)
        return found if found is not None else self.choose_at_once(view, legal)

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action | Question | None:
        """``choose``, except that a ``hard`` player's search is handed back undone, as a
        ``Question`` for ``hard.answer`` (in a worker process: a table must not wait on
        it); ``choose_at_once`` decides when no answer comes."""
        if not legal:
            return None
        if self.level == "easy":
            return choose_easy(legal, self.rng)
        question = self.question(view, legal)
        return question if question is not None else self.choose_at_once(view, legal)

    def question(self, view: dict[str, Any], legal: list[Action]) -> Question | None:
        """The search a ``hard`` player wants for this decision (for ``hard.answer``, in
        this process or another), or ``None``: ``choose_at_once`` decides it."""
        if self.level != "hard" or not legal:
            return None
        self.memory.sync(view)
        return question_for(view, legal, self.memory, self.rng, self.playouts)

    def choose_at_once(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """``choose`` without a search: what ``normal`` does (a ``hard`` player's choice
        when its search has no answer in time)."""
        if not legal:
            return None
        self.memory.sync(view)
        return choose_normal(view, legal, self.memory, self.rng)

    def to_dict(self) -> dict[str, Any]:
        return {
            "player_id": self.player_id,
            "level": self.level,
            "rng": self.rng.state,
            "memory": self.memory.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ComputerPlayer:
        player = cls(str(data["player_id"]), str(data["level"]))
        player.rng = SplitMix(int(data["rng"]))
        player.memory = Memory.from_dict(data.get("memory", {}))
        return player
