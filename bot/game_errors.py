"""Why a game action is refused before the engine is asked: no game here, not a
player, an out-of-date view, not allowed to run the table. Each is a
:class:`~bot.lobby_errors.LobbyError`, so the one refusal handler answers it.

The engine's own refusals (``IllegalAction``) are answered in the same place.
"""

from __future__ import annotations

from bot.lobby_errors import LobbyError


class NoGame(LobbyError):
    code = "no_game"

    def __init__(self) -> None:
        super().__init__("There is no UNO game running in this channel.")


class NotInGame(LobbyError):
    code = "not_in_game"

    def __init__(self) -> None:
        super().__init__("You are not playing in this game.")


class StaleView(LobbyError):
    code = "stale_view"

    def __init__(self) -> None:
        super().__init__("That was out of date, so nothing happened.")


class NotAllowedToRun(LobbyError):
    code = "not_allowed_to_run"

    def __init__(self, what: str) -> None:
        super().__init__(f"Only the host or someone who can manage messages here can {what}.")


class NotHostOfGame(LobbyError):
    code = "not_host_of_game"

    def __init__(self, host_name: str) -> None:
        super().__init__(f"Only the host, {host_name}, can deal the next round now.")


class NobodyToCatch(LobbyError):
    code = "nobody_to_catch"

    def __init__(self) -> None:
        super().__init__("Too late: nobody can be caught right now.")
