"""Computer players: pure Python, standard library and the engine only.

``ComputerPlayer(player_id, level, seed)`` with ``level`` ``"easy"`` (random legal play),
``"normal"`` (plays to win) or ``"hard"`` (searches possible worlds, ``hard``). A table
feeds it redacted events with ``observe`` and asks ``choose(view, legal)``; ``driver``
does both for a ``Game``. A table that must not wait asks ``decide`` instead and gets a
hard player's search back as a ``Question`` to ``answer`` elsewhere. ``to_dict`` and
``ComputerPlayer.from_dict`` save and restore a player with its game.
"""

from bot.ai.driver import computer_action, computer_decision, show_events
from bot.ai.hard import Question, answer
from bot.ai.player import LEVELS, ComputerPlayer

__all__ = ["LEVELS", "ComputerPlayer", "Question", "answer", "computer_action",
           "computer_decision", "show_events"]
