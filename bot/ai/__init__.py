"""Computer players: pure Python, standard library and the engine only.

``ComputerPlayer(player_id, level, seed)`` with ``level`` ``"easy"`` (random legal play)
or ``"normal"`` (plays to win). A table feeds it redacted events with ``observe`` and
asks ``choose(view, legal)``; ``driver`` does both for a ``Game``. ``to_dict`` and
``ComputerPlayer.from_dict`` save and restore a player with its game.
"""

from bot.ai.driver import computer_action, show_events
from bot.ai.player import LEVELS, ComputerPlayer

__all__ = ["LEVELS", "ComputerPlayer", "computer_action", "show_events"]
