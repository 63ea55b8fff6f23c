"""Why the table service says no: each error carries a stable code and a sentence for
the player. The lobby's refusals come first, then the game's (no game here, not a
player, an out-of-date view, not allowed to run the table).

The UI turns any :class:`TableError` into an ephemeral answer in one place
(``bot.ui.errors``), the engine's own ``IllegalAction`` too; nothing changes when one
is raised.
"""

from __future__ import annotations

from bot.ai import LEVELS


class TableError(Exception):
    code = "table_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class GameAlreadyRunning(TableError):
    code = "game_already_running"

    def __init__(self, link: str) -> None:
        super().__init__(f"This channel already has an UNO lobby or game: {link}")
        self.link = link


class NoLobby(TableError):
    code = "no_lobby"

    def __init__(self) -> None:
        super().__init__("There is no open UNO lobby in this channel. Open one with `/uno new`.")


class AlreadyJoined(TableError):
    code = "already_joined"

    def __init__(self) -> None:
        super().__init__("You are already in this lobby.")


class TableFull(TableError):
    code = "table_full"

    def __init__(self, limit: int) -> None:
        super().__init__(f"This table is full: {limit} players is the most UNO allows.")


class NotInLobby(TableError):
    code = "not_in_lobby"

    def __init__(self) -> None:
        super().__init__("You are not in this lobby, so there is nothing to leave.")


class NotHost(TableError):
    code = "not_host"

    def __init__(self, host_name: str) -> None:
        super().__init__(f"Only the host, {host_name}, can start the game.")


class NotEnoughPlayers(TableError):
    code = "not_enough_players"

    def __init__(self, minimum: int) -> None:
        super().__init__(f"UNO needs at least {minimum} players; ask someone to join first.")


class NotAllowedToCancel(TableError):
    code = "not_allowed_to_cancel"

    def __init__(self) -> None:
        super().__init__("Only the host or someone who can manage messages here can cancel.")


class OutOfDate(TableError):
    code = "out_of_date"

    def __init__(self) -> None:
        super().__init__("That lobby is out of date; use the buttons on the current lobby message.")


class BadSetting(TableError):
    code = "bad_setting"


class NoThread(TableError):
    """``/uno new thread:`` where no thread can be made (refused, or not a text channel)."""

    code = "no_thread"


class NoGame(TableError):
    code = "no_game"

    def __init__(self) -> None:
        super().__init__("There is no UNO game running in this channel.")


class NotInGame(TableError):
    code = "not_in_game"

    def __init__(self) -> None:
        super().__init__("You are not playing in this game.")


class StaleView(TableError):
    code = "stale_view"

    def __init__(self) -> None:
        super().__init__("A moment late: that was out of date, so nothing happened.")


class NotAllowedToRun(TableError):
    code = "not_allowed_to_run"

    def __init__(self, what: str) -> None:
        super().__init__(f"Only the host or someone who can manage messages here can {what}.")


class NotHostOfGame(TableError):
    code = "not_host_of_game"

    def __init__(self, host_name: str) -> None:
        super().__init__(f"Only the host, {host_name}, can deal the next round now.")


class NobodyToCatch(TableError):
    code = "nobody_to_catch"

    def __init__(self) -> None:
        super().__init__("Too late: nobody can be caught right now.")


class NotHostForComputers(TableError):
    code = "not_host_for_computers"

    def __init__(self, host_name: str) -> None:
        super().__init__(f"Only the host, {host_name}, can add or remove computer players.")


class UnknownLevel(TableError):
    code = "unknown_level"

    def __init__(self, level: str) -> None:
        super().__init__(
            f"There is no computer level called {level!r}; choose one of {', '.join(LEVELS)}."
        )


class NoComputerToRemove(TableError):
    code = "no_computer_to_remove"

    def __init__(self, number: int | None) -> None:
        super().__init__(
            "There is no computer player in this lobby to remove." if number is None
            else f"There is no computer player number {number} in this lobby."
        )


class NotSaved(TableError):
    code = "not_saved"

    def __init__(self) -> None:
        super().__init__("That could not be saved, so nothing changed. "
                         "Please try again in a moment.")


class TakenOver(NotSaved):
    """The table's saved row moved on without this process: another process of the bot
    runs it now (its shard was taken over), so this one lets the table go."""

    code = "taken_over"

    def __init__(self) -> None:
        TableError.__init__(self, "This game is now run by another instance of the bot, "
                            "so nothing changed. Please try again in a moment.")
