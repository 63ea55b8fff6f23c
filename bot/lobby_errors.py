"""Why the lobby says no: each error carries a stable code and a sentence for the player.

The UI turns any :class:`LobbyError` into an ephemeral answer in one place
(``bot.ui.errors``); nothing else changes when one is raised.
"""

from __future__ import annotations


class LobbyError(Exception):
    code = "lobby_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GameAlreadyRunning(LobbyError):
    code = "game_already_running"

    def __init__(self, link: str) -> None:
        super().__init__(f"This channel already has an UNO lobby or game: {link}")
        self.link = link


class NoLobby(LobbyError):
    code = "no_lobby"

    def __init__(self) -> None:
        super().__init__("There is no open UNO lobby in this channel. Open one with `/uno new`.")


class AlreadyJoined(LobbyError):
    code = "already_joined"

    def __init__(self) -> None:
        super().__init__("You are already in this lobby.")


class TableFull(LobbyError):
    code = "table_full"

    def __init__(self, limit: int) -> None:
        super().__init__(f"This table is full: {limit} players is the most UNO allows.")


class NotInLobby(LobbyError):
    code = "not_in_lobby"

    def __init__(self) -> None:
        super().__init__("You are not in this lobby, so there is nothing to leave.")


class NotHost(LobbyError):
    code = "not_host"

    def __init__(self, host_name: str) -> None:
        super().__init__(f"Only the host, {host_name}, can start the game.")


class NotEnoughPlayers(LobbyError):
    code = "not_enough_players"

    def __init__(self, minimum: int) -> None:
        super().__init__(f"UNO needs at least {minimum} players; ask someone to join first.")


class NotAllowedToCancel(LobbyError):
    code = "not_allowed_to_cancel"

    def __init__(self) -> None:
        super().__init__("Only the host or someone who can manage messages here can cancel.")


class OutOfDate(LobbyError):
    code = "out_of_date"

    def __init__(self) -> None:
        super().__init__("That lobby is out of date; use the buttons on the current lobby message.")


class BadSetting(LobbyError):
    code = "bad_setting"
