"""A table as the manager keeps it: lobby settings, seats, and the game being played."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.ai import LEVELS, ComputerPlayer
from bot.engine import Game, Options
from bot.game.players import PlayerId, engine_id, is_computer, player_id
from bot.game.standings import RatingChange
from bot.game.tally import MatchTally

_serials = itertools.count(1)


class TableStatus(StrEnum):
    """Where the table stands: a lobby taking seats, a match being played, or ended."""

    LOBBY = "lobby"
    PLAYING = "playing"
    ENDED = "ended"


class CloseReason(StrEnum):
    CANCELLED = "cancelled"
    IDLE = "idle"
    EMPTY = "empty"
    ENDED = "ended"
    """A game stopped with /uno end."""
    FINISHED = "finished"
    """A match played to its end (or won by forfeit)."""
    GONE = "gone"
    """A game whose channel the bot can no longer reach (deleted, or its access
    removed): ended, and not a finished match."""


@dataclass(frozen=True, slots=True)
class Player:
    id: PlayerId
    name: str

    @property
    def is_computer(self) -> bool:
        return is_computer(self.id)

    @property
    def computer_level(self) -> str | None:
        """A computer player's level, read from its saved seat name (a saved table keeps
        only the name); ``None`` for a person."""
        if not self.is_computer:
            return None
        return next((level for level in LEVELS if computer_name(level, -self.id) == self.name),
                    None)


@dataclass(slots=True)
class Table:
    guild_id: int
    channel_id: int
    host: Player
    ruleset: str
    options: Options
    turn_seconds: int
    version: int
    players: list[Player] = field(default_factory=list)
    """Seating order: the order in which players joined."""
    status: TableStatus = TableStatus.LOBBY
    message_id: int | None = None
    last_touched: float = 0.0
    close_reason: CloseReason | None = None
    game: Game | None = None
    """The engine state while playing: the one truth about the game."""
    table_message_id: int | None = None
    """The game's table message (the lobby message stays as the start message)."""
    turn_deadline: float | None = None
    """When the turn timer (or the next-round timer) runs out, in UNIX seconds."""
    recent_actions: list[list[dict[str, Any]]] = field(default_factory=list)
    """The last few actions, each as its events with secret cards hidden (public)."""
    catch_version: int = 0
    """The version at which the set of catchable players last changed: a Catch! click
    rendered since then aims at the same window, whatever happened meanwhile."""
    ended_by: PlayerId | None = None
    started_at: float = 0.0
    """When the game was dealt, in UNIX seconds; with the channel, it names the match."""
    ended_at: float | None = None
    """When the match was over, in UNIX seconds."""
    tally: MatchTally = field(default_factory=MatchTally)
    """What each player did this match, for its record and the stats."""
    computers: dict[str, ComputerPlayer] = field(default_factory=dict)
    """The computer players seated, by engine id (``players.engine_id``)."""
    autoplay: bool = False
    """Whether a computer player takes the turns of a person whose time ran out."""
    stand_ins: dict[str, ComputerPlayer] = field(default_factory=dict)
    """Computer players playing for people whose time ran out, until they act again."""
    images: bool = True
    """Card pictures on this game's messages (``/uno new images:``, default the server's
    setting); off, the messages are text only."""
    ratings: tuple[RatingChange, ...] = ()
    """What the finished match did to each person's all-time rating, once recorded (not
    saved with the table: a table shown again after a restart reads them afresh)."""
    language: str = "en-US"
    """The Discord locale the table's shared messages speak (the lobby, the table, pings):
    the server's ``/uno settings language:``, else the server's preferred locale."""
    serial: int = field(default_factory=lambda: next(_serials), compare=False, repr=False)
    """Tells this table from every other this process has had (a channel's next game,
    one taken back after a restart), for the values the UI is handed
    (``bot.game.snapshot``); not saved, and kept when the table is put back as last
    saved (``TableRegistry``)."""

    def player_at(self, seat: str) -> Player | None:
        """The seated (or once seated) player the engine knows as ``seat``."""
        return find_player(self.players, player_id(seat))

    def name_of(self, seat: str) -> str:
        """The saved name of the player at the engine's ``seat`` (English for a computer
        player: the messages name players through ``bot.ui.words.names``)."""
        seated = self.player_at(seat)
        return seated.name if seated is not None else seat

    def seat_of(self, player_id: PlayerId) -> int | None:
        return next((i for i, p in enumerate(self.players) if p.id == player_id), None)

    def may_act_as_host(self, player_id: PlayerId, *, may_moderate: bool = False) -> bool:
        """Whether ``player_id`` may do what the host does: it is the host, or (where the
        action allows it) ``may_moderate``, the Manage Messages permission here."""
        return self.host.id == player_id or may_moderate

    @property
    def match_stamp(self) -> int:
        """The match's start in milliseconds: tells one match of the channel from the
        next (a button of an earlier match names it)."""
        return round(self.started_at * 1000)

    @property
    def match_id(self) -> str:
        """Stable across restarts and retries, so the match is recorded once."""
        return f"{self.channel_id}-{self.match_stamp}"

    @property
    def link(self) -> str:
        """The lobby message's address (the channel's, before the message exists)."""
        base = f"https://discord.com/channels/{self.guild_id}/{self.channel_id}"
        return f"{base}/{self.message_id}" if self.message_id is not None else base


def find_player(players: Iterable[Player], player: PlayerId) -> Player | None:
    """The player of ``players`` whose id is ``player``."""
    return next((p for p in players if p.id == player), None)


def computer_name(level: str, number: int) -> str:
    """A computer player's seat name as saved, in English: the messages say it in their
    own language (``bot.ui.words.names``)."""
    return f"🤖 {level.capitalize()} bot {number}"


def first_person(table: Table, game: Game) -> Player | None:
    """The first person (not a computer player) still in the match, in seating order."""
    people = {engine_id(p.id): p for p in table.players if not p.is_computer}
    return next((people[seat] for seat in game.players if seat in people), None)
