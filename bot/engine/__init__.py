"""The rules of UNO as RULES.md gives them: pure Python, standard library only.

``Game.new(ruleset, options, players, seed)`` starts a match; ``Game.from_position``
builds any position from its parts; ``game.legal_actions(player)`` lists what a player
may do; ``game.apply(action)`` returns the events it caused or raises
``IllegalAction``; ``game.waiting`` says what the game waits for and from whom (a
``Phase`` and its players); ``game.seat_view(player)`` is what one player may see (a
``PlayerView``; ``game.view`` gives it as a dict); ``game.round_result`` and
``game.match_result`` say how the round and the match ended (``RoundResult``,
``MatchResult``); ``game.to_dict()`` and ``Game.from_dict`` save and restore the whole
state. The state itself is one data class, ``bot.engine.state.GameState``, which the
rule modules take and only read (its own transitions, and those of ``dealing`` and
``scoring``, change it); ``Game`` is that state with ``apply``, the dispatch of
actions and the caches worked out per version.

Cards (``Card``), colours (``Color``) and action kinds (``ActionKind``) are ``Literal``
types: mypy tells them apart, and checks every code written in the source.
"""

from bot.engine.actions import Action, ActionKind
from bot.engine.cards import Card, CardColor, Color
from bot.engine.errors import ERROR_CODES, IllegalAction, SeatingError
from bot.engine.events import NO_EFFECT, Event
from bot.engine.game import Game
from bot.engine.options import RULESETS, Options, OptionsError
from bot.engine.phase import Phase, Waiting
from bot.engine.results import MatchResult, RoundResult
from bot.engine.state_io import StateError
from bot.engine.view import PlayerView, Seat

__all__ = [
    "ERROR_CODES",
    "NO_EFFECT",
    "RULESETS",
    "Action",
    "ActionKind",
    "Card",
    "CardColor",
    "Color",
    "Event",
    "Game",
    "IllegalAction",
    "MatchResult",
    "Options",
    "OptionsError",
    "Phase",
    "PlayerView",
    "RoundResult",
    "Seat",
    "SeatingError",
    "StateError",
    "Waiting",
]
