"""What the UI composes from: the table as it was at one version, taken under its lock.

Every value here is taken under the table's lock, once the change (if any) is saved,
and read after the lock is released: the UI composes its messages from these alone, so
no UI code runs under a lock and nothing it reads can change while it composes.

- :class:`TableSnapshot`: the table as everyone may see it (the lobby, the table
  message, the round messages, the pings, the pictures);
- :class:`Snapshot`: one player's table, to draw their hand and ask what their click
  left open;
- :class:`TableChange`: what one change of a game hands the UI (``Watcher.changed``):
  its events, the table after it, and the private snapshots of the hands it made stale.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Protocol

from bot.engine import Event, Options, PlayerView
from bot.game.drafts import OpenChoice
from bot.game.players import PlayerId, is_computer_seat, player_id
from bot.game.standings import RatingChange
from bot.game.table import CloseReason, Player, Table, TableStatus, find_player

HAND_CHANGES = frozenset({"drew", "discarded", "hands_swapped"})
"""Events that change the hands of the players they name."""
EVERY_HAND = frozenset({"hands_passed", "dealt", "left", "round_over", "match_over"})
"""Events after which every open hand is refreshed (a round's or the match's end too,
so no hand still says "Waiting for ben" with the old top card)."""


@dataclass(frozen=True, slots=True)
class TableSnapshot:
    """A table at one version, as everyone may see it."""

    guild_id: int
    channel_id: int
    serial: int
    """Which table of the channel (``Table.serial``): its next game is another."""
    version: int
    """The table's state version: the buttons drawn from this snapshot carry it."""
    language: str
    """What the table's shared messages speak (``Table.language``)."""
    images: bool
    status: TableStatus
    close_reason: CloseReason | None
    host: Player
    players: tuple[Player, ...]
    """Everyone seated (or once seated), in seating order."""
    ruleset: str
    options: Options
    turn_seconds: int
    autoplay: bool
    message_id: int | None
    """The lobby message."""
    table_message_id: int | None
    """The game's table message, as last saved."""
    turn_deadline: float | None
    ended_by: PlayerId | None
    ratings: tuple[RatingChange, ...]
    recent_actions: tuple[tuple[Mapping[str, Any], ...], ...]
    """The last few actions, each as its public events (``Table.recent_actions``)."""
    stand_ins: frozenset[str]
    """The people (engine ids) a computer player plays for now (autoplay)."""
    match_stamp: int
    """Tells one match of the channel from the next (``Table.match_stamp``)."""
    view: PlayerView | None
    """The game as everyone may see it (``Game.seat_view(None)``); ``None`` before a
    game was dealt (a lobby)."""

    @classmethod
    def take(cls, table: Table) -> TableSnapshot:
        """``table`` as it is now (under its lock)."""
        game = table.game
        return cls(
            table.guild_id, table.channel_id, table.serial, table.version, table.language,
            table.images, table.status, table.close_reason, table.host, tuple(table.players),
            table.ruleset, table.options, table.turn_seconds, table.autoplay,
            table.message_id, table.table_message_id, table.turn_deadline, table.ended_by,
            table.ratings, tuple(tuple(action) for action in table.recent_actions),
            frozenset(table.stand_ins), table.match_stamp,
            game.seat_view(None) if game is not None else None)

    def player(self, player: PlayerId) -> Player | None:
        """A seated (or once seated) player, from their id."""
        return find_player(self.players, player)

    def player_at(self, seat: str) -> Player | None:
        """The seated (or once seated) player the engine knows as ``seat``."""
        return find_player(self.players, player_id(seat))


@dataclass(frozen=True, slots=True)
class Snapshot:
    """One player's table at one version: enough to draw their hand, ask what their
    click left open, and name everyone."""

    guild_id: int
    channel_id: int
    version: int
    """The table's state version: the buttons drawn from this snapshot carry it."""
    language: str
    """What the table's shared messages speak (``Table.language``)."""
    images: bool
    players: tuple[Player, ...]
    """Everyone seated (or once seated), to name them."""
    viewer: str
    """The engine's id of the player who clicked (or ran the command)."""
    view: PlayerView
    """The game as ``viewer`` may see it now (``Game.seat_view``)."""
    events: tuple[Event, ...] = ()
    """What the click did; none when it changed nothing."""
    last_action: tuple[Mapping[str, Any], ...] = ()
    """The table's last logged action (``Table.recent_actions``), as public events."""
    question: OpenChoice | None = None
    """What the click left open, to be asked; ``None`` when it was whole."""

    @classmethod
    def take(cls, table: Table, viewer: str, events: Iterable[Event] = (),
             question: OpenChoice | None = None) -> Snapshot:
        """``viewer``'s snapshot of ``table`` as it is now (under its lock)."""
        game = table.game
        assert game is not None
        last = table.recent_actions[-1] if table.recent_actions else []
        return cls(table.guild_id, table.channel_id, table.version, table.language,
                   table.images, tuple(table.players), viewer, game.seat_view(viewer),
                   tuple(events), tuple(last), question)

    def player(self, player: PlayerId) -> Player | None:
        """A seated (or once seated) player, from their id."""
        return find_player(self.players, player)

    def player_at(self, seat: str) -> Player | None:
        """The seated (or once seated) player the engine knows as ``seat``."""
        return find_player(self.players, player_id(seat))


@dataclass(frozen=True, slots=True)
class TableChange:
    """A change of a game, as the UI is told of it once the table's lock is released."""

    table: TableSnapshot
    """The table after the change."""
    events: tuple[Event, ...]
    hands: tuple[Snapshot, ...]
    """The hands the change may have made stale, each as its owner sees the table now:
    the hands the events changed, those of the players the game now waits for, and
    every one at a round's or the match's end or where jump-ins are on (any change may
    give or take a player's Jump in!). People only: a computer player has no hand
    message."""

    @classmethod
    def take(cls, table: Table, events: Iterable[Event]) -> TableChange:
        """The change ``events`` made to ``table`` (under its lock, once saved)."""
        game = table.game
        assert game is not None
        events = tuple(events)
        shown = TableSnapshot.take(table)
        kinds = {event.kind for event in events}
        stale = set(game.waiting_for())
        if kinds & EVERY_HAND or game.options.jump_in:
            stale.update(game.players)
        for event in events:
            if event.kind in HAND_CHANGES:
                stale.update(seat for seat in (event.player, event.target) if seat)
        last = shown.recent_actions[-1] if shown.recent_actions else ()
        hands = tuple(
            Snapshot(shown.guild_id, shown.channel_id, shown.version, shown.language,
                     shown.images, shown.players, seat, game.seat_view(seat), (), last)
            for seat in sorted(stale) if not is_computer_seat(seat))
        return cls(shown, events, hands)

    def hand(self, viewer: str, events: Iterable[Event] = ()) -> Snapshot | None:
        """``viewer``'s snapshot among :attr:`hands` (with ``events``, what their click
        did), if the change made their hand stale."""
        seen = next((hand for hand in self.hands if hand.viewer == viewer), None)
        return replace(seen, events=tuple(events)) if seen is not None else None


class Watcher(Protocol):
    """Who is told of every change (the UI's board), each time once the table's lock
    is released: a game's change, whatever made it (a click, a computer player, a
    timer), and a lobby closed by itself."""

    def changed(self, change: TableChange) -> None: ...

    async def lobby_closed(self, shown: TableSnapshot) -> None: ...
