"""Why the table service says no: each error carries a stable code and a sentence for
the player. The lobby's refusals come first, then the game's (no game here, not a
player, an out-of-date view, not allowed to run the table).

The sentence is an English message id with ``str.format`` placeholders (``template``)
and the values that fill them (``params``): the UI turns any :class:`TableError` into an
ephemeral answer in one place (``bot.ui.clicks.errors``), translated into the reader's
language, the engine's own ``IllegalAction`` too; ``message`` is the English sentence,
for logs and tests. Nothing changes when one is raised.
"""

from __future__ import annotations

from bot.ai import LEVELS
from bot.i18n import N_


class TableError(Exception):
    """``template``: an English message id (mark it with ``N_``), filled with ``params``
    only when there are any, as ``translate`` does."""

    code = "table_error"

    def __init__(self, template: str, **params: object) -> None:
        self.message = template.format(**params) if params else template
        super().__init__(self.message)
        self.template = template
        self.params = params


class GameAlreadyRunning(TableError):
    code = "game_already_running"

    def __init__(self, link: str) -> None:
        super().__init__(N_("This channel already has an UNO lobby or game: {link}"), link=link)
        self.link = link


class TooManyTables(TableError):
    """``/uno new`` by a member who already hosts the server's limit of open tables."""

    code = "too_many_tables"

    def __init__(self, limit: int) -> None:
        super().__init__(N_("You already host as many open UNO lobbies and games on this "
                            "server as a member may ({limit}). Finish, end or cancel one "
                            "first."), limit=limit)
        self.limit = limit


class NoLobby(TableError):
    code = "no_lobby"

    def __init__(self) -> None:
        super().__init__(N_("There is no open UNO lobby in this channel. Open one with "
                            "`/uno new`."))


class AlreadyJoined(TableError):
    code = "already_joined"

    def __init__(self) -> None:
        super().__init__(N_("You are already in this lobby."))


class TableFull(TableError):
    code = "table_full"

    def __init__(self, limit: int) -> None:
        super().__init__(N_("This table is full: {limit} players is the most UNO allows."),
                         limit=limit)


class NotInLobby(TableError):
    code = "not_in_lobby"

    def __init__(self) -> None:
        super().__init__(N_("You are not in this lobby, so there is nothing to leave."))


class NotHost(TableError):
    code = "not_host"

    def __init__(self, host_name: str) -> None:
        super().__init__(N_("Only the host, {host}, can start the game."), host=host_name)


class NotEnoughPlayers(TableError):
    code = "not_enough_players"

    def __init__(self, minimum: int) -> None:
        super().__init__(N_("UNO needs at least {minimum} players; ask someone to join first."),
                         minimum=minimum)


class TeamsNotFull(TableError):
    """Partners play in teams of two seated across (RULES.md 12): the engine deals only
    ``counts`` players."""

    code = "teams_not_full"

    def __init__(self, counts: tuple[int, ...]) -> None:
        super().__init__(N_("Partners play in teams of two: start with {counts} players."),
                         counts=", ".join(map(str, counts)))


class NotAllowedToCancel(TableError):
    code = "not_allowed_to_cancel"

    def __init__(self) -> None:
        super().__init__(N_("Only the host or someone who can manage messages here can "
                            "cancel."))


class OutOfDate(TableError):
    code = "out_of_date"

    def __init__(self) -> None:
        super().__init__(N_("That lobby is out of date; use the buttons on the current lobby "
                            "message."))


class BadSetting(TableError):
    code = "bad_setting"


class NoThread(TableError):
    """``/uno new thread:`` where no thread can be made (refused, or not a text channel)."""

    code = "no_thread"


class NoGame(TableError):
    code = "no_game"

    def __init__(self) -> None:
        super().__init__(N_("There is no UNO game running in this channel."))


class NotInGame(TableError):
    code = "not_in_game"

    def __init__(self) -> None:
        super().__init__(N_("You are not playing in this game."))


class StaleView(TableError):
    code = "stale_view"

    def __init__(self) -> None:
        super().__init__(N_("A moment late: that was out of date, so nothing happened."))


class NotAllowedToRun(TableError):
    """Running the table (``/uno kick``, ``/uno end``) by someone who may not: the
    sentence, one per command, says what they tried."""

    code = "not_allowed_to_run"


class NotHostOfGame(TableError):
    code = "not_host_of_game"

    def __init__(self, host_name: str) -> None:
        super().__init__(N_("Only the host, {host}, can deal the next round now."),
                         host=host_name)


class NobodyToCatch(TableError):
    code = "nobody_to_catch"

    def __init__(self) -> None:
        super().__init__(N_("Too late: nobody can be caught right now."))


class CannotCatchYourself(TableError):
    """Catch! pressed by the one player who can be caught (RULES.md 8): the others still
    may catch them, so "nobody" would be untrue."""

    code = "cannot_catch_yourself"

    def __init__(self) -> None:
        super().__init__(N_("You cannot catch yourself. Call UNO! in your hand before "
                            "someone else catches you."))


class NotHostForComputers(TableError):
    code = "not_host_for_computers"

    def __init__(self, host_name: str) -> None:
        super().__init__(N_("Only the host, {host}, can add or remove computer players."),
                         host=host_name)


class UnknownLevel(TableError):
    code = "unknown_level"

    def __init__(self, level: str) -> None:
        super().__init__(
            N_("There is no computer level called {level!r}; choose one of {levels}."),
            level=level, levels=", ".join(LEVELS),
        )


class NoComputerToRemove(TableError):
    code = "no_computer_to_remove"

    def __init__(self, number: int | None) -> None:
        if number is None:
            super().__init__(N_("There is no computer player in this lobby to remove."))
        else:
            super().__init__(N_("There is no computer player number {number} in this lobby."),
                             number=number)


class NotSaved(TableError):
    code = "not_saved"

    def __init__(self) -> None:
        super().__init__(N_("That could not be saved, so nothing changed. "
                            "Please try again in a moment."))


class TakenOver(NotSaved):
    """The table's saved row moved on without this process: another process of the bot
    runs it now (its shard was taken over), so this one lets the table go."""

    code = "taken_over"

    def __init__(self) -> None:
        TableError.__init__(self, N_("This game is now run by another instance of the bot, "
                                     "so nothing changed. Please try again in a moment."))


class DatabaseDamaged(NotSaved):
    """The database is damaged: no change can be saved until its operator restores a
    backup, so every move is refused, and the table stays as it was."""

    code = "database_damaged"

    def __init__(self) -> None:
        TableError.__init__(self, N_("That could not be saved because the bot's database is "
                                     "damaged, so nothing changed. The bot's owner needs to "
                                     "restore it from a backup."))
