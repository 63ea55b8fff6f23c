"""The table message everyone sees, and the round and match messages.

The content line names the player(s) the game waits for, with what they must do and
the turn's deadline as a Discord relative timestamp (only a new message notifies them:
the table posted afresh on a click, else a ping of its own, see ``bot.ui.delivery.pings``); the
embed fits a phone: the top card and colour, every seat on one line with the direction,
the last two actions, and the picture.
The rules are behind the Rules button.

Every message here is composed from a :class:`~bot.game.snapshot.TableSnapshot`, once
the table's lock is released (``bot.game.locks``).
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.engine import Phase as GamePhase
from bot.engine import PlayerView
from bot.game.locks import outside_table_locks
from bot.game.players import is_computer_seat
from bot.game.snapshot import TableSnapshot
from bot.game.standings import RatingChange
from bot.game.table import CloseReason, TableStatus
from bot.i18n import N_, _, ngettext, pgettext
from bot.ui.messages.controls import Control, Rows, Style, disabled
from bot.ui.messages.custom_ids import game_id
from bot.ui.messages.replay import replayable
from bot.ui.words.names import mention, name_of, namer, player_name
from bot.ui.words.option_words import listed_on
from bot.ui.words.rating_words import rating_change
from bot.ui.words.words import (
    action_line,
    card_words,
    cards_words,
    color_words,
    count_cards,
    plural,
)

TABLE_COLOUR = discord.Colour.red()
SHOWN_ACTIONS = 2
"""The last actions the table shows."""


@dataclass(frozen=True, slots=True)
class TableMessage:
    content: str
    embed: discord.Embed
    """Its description says the top card and colour, with the picture or without it (a
    reader who skims the text, or whose client shows no picture, still learns them)."""
    rows: Rows

    def show_picture(self, url: str | None) -> None:
        """Attach the table's picture at ``url`` (``None``: no picture)."""
        self.embed.set_image(url=url)


def table_message(table: TableSnapshot) -> TableMessage:
    """The table message, drawn from what everyone may see (the spectator's view)."""
    outside_table_locks("the table message composed")
    seen = table.view
    assert seen is not None
    embed = discord.Embed(description=_description(table, seen), colour=TABLE_COLOUR)
    rows: Rows = [[  # Catch last: a long name wraps it alone onto a phone's second line
        # i18n: a button that shows the player's cards, privately
        Control(game_id(table.channel_id, table.version, "hand"), pgettext("button", "My hand"),
                Style.primary),
        # i18n: a button that shows the rules of this game
        Control(game_id(table.channel_id, table.version, "rules"), pgettext("button", "Rules")),
        Control(game_id(table.channel_id, table.version, "catch"), _catch_label(table, seen),
                Style.danger, disabled=not seen.catchable),
    ]]
    if table.status is not TableStatus.PLAYING:
        rows = disabled(rows)
    content = call(table)
    if table.status is TableStatus.PLAYING and not seen.round_over and table.turn_deadline:
        # i18n: {when} is a relative time Discord shows in the reader's language ("in 30 seconds")
        content += " " + _("Time runs out {when}.").format(when=f"<t:{int(table.turn_deadline)}:R>")
    return TableMessage(content, embed, rows)


def _catch_label(table: TableSnapshot, seen: PlayerView) -> str:
    """Catch! names whom it catches: the one player holding one card without a call
    (several are asked about on the click)."""
    catchable = seen.catchable
    if len(catchable) == 1:
        # i18n: a button that catches {player}, who holds one card without calling UNO
        return pgettext("button", "Catch {player}!").format(
            player=name_of(table, catchable[0]))[:80]
    # i18n: a button that catches a player who holds one card without calling UNO
    return pgettext("button", "Catch!")


def call(table: TableSnapshot) -> str:
    """Who must act now, mentioned, and what they must do (from what everyone sees)."""
    outside_table_locks("the table's call composed")
    seen = table.view
    assert seen is not None
    if table.status is TableStatus.ENDED:
        if table.close_reason is CloseReason.ENDED:
            return ended_by(table)
        if table.close_reason is CloseReason.GONE:
            return _(CHANNEL_LOST)
        if table.close_reason is CloseReason.EMPTY:
            return _("Only computer players were left, so the game ended.")
        winner = seen.match_winner
        over = _("🏆 {player} wins the match!").format(player=mention(table, winner)) \
            if winner else _("The match is over.")
        return "\n".join(line for line in (over, ratings_line(table)) if line)
    phase = seen.waiting.phase
    if seen.round_over:
        return _("{player} wins round {round}. The next round starts soon.").format(
            player=mention(table, seen.round_winner or ""), round=seen.round)
    if phase in (GamePhase.VOTE, GamePhase.DISCARD) and seen.voters:
        # i18n: {players} are the voters; "My hand" is the button that shows their cards
        return _("{players}: {joker} told a joke. Vote in My hand.").format(
            players=" ".join(mention(table, p) for p in seen.voters),
            joker=name_of(table, seen.joke_by or ""))
    if phase is GamePhase.DISCARD:
        # i18n: {players} owe cards; "My hand" is the button that shows their cards
        return _("{players}: discard cards in My hand.").format(
            players=" ".join(mention(table, p) for p in seen.discards_owed))
    if is_computer_seat(seen.current):
        # i18n: a computer player is choosing its move
        return _("{player} is thinking…").format(player=name_of(table, seen.current))
    current = mention(table, seen.current)
    if phase is GamePhase.START_COLOR:
        # i18n: "My hand" is the button that shows the player's cards
        return _("{player}, choose the start colour in My hand.").format(player=current)
    if phase is GamePhase.ANSWER_DRAW:
        if seen.pending_kind == "wild4":
            # i18n: "My hand" is the button that shows the player's cards
            return _("{player}, a Wild Draw Four is on you: open My hand to take it or "
                     "answer.").format(player=current)
        # i18n: "My hand" is the button that shows the player's cards
        return _("{player}, a Draw Two is on you: open My hand to take it or answer."
                 ).format(player=current)
    return _("{player}, it is your turn.").format(player=current)


CHANNEL_LOST = N_("This game ended: the bot could no longer reach this channel.")
"""Shown only should the channel come back before the end was forgotten (a restart)."""


def ended_by(table: TableSnapshot) -> str:
    """Who ended the game with /uno end, mentioned."""
    return _("This game was ended by {player}.").format(player=f"<@{table.ended_by}>")


def _description(table: TableSnapshot, seen: PlayerView) -> str:
    """A few lines for a phone: the top card and colour and the table options that
    change how play goes (jump-ins...), the seats on one line, the last few actions."""
    in_force = [_(words.label) for words in listed_on(seen.options)]
    top = [] if seen.top is None else [
        _("Top card **{card}**").format(card=card_words(seen.top)),
        # i18n: the colour the next card must match
        _("play on {colour}").format(colour=color_words(seen.color))]
    lines = [" · ".join([*top, *in_force]), _seats(table, seen)]
    lines += [_("{player} shows {cards}").format(player=name_of(table, seat.id),
                                                 cards=cards_words(seat.hand))
              for seat in seen.players if seat.hand is not None]  # house rule 7
    lines += [f"• {action_line(events, namer(table))}"
              for events in table.recent_actions[-SHOWN_ACTIONS:]]
    return "\n".join(line for line in lines if line)


def _seats(table: TableSnapshot, seen: PlayerView) -> str:
    """ "↻ ana 5 · ▶ ben 1 UNO! · cy 3", card counts in seating order, the way play goes, the
    player to move, with each match score once anyone has one."""
    scored = any(seat.score for seat in seen.players)
    seats = []
    for seat in seen.players:
        words = [mention(table, seat.id), str(seat.cards)]
        if seat.uno:
            # i18n: beside a player who called UNO (one card left)
            words.append(_("UNO!"))
        if seat.id in table.stand_ins:
            # i18n: beside a person whose turns a computer player takes for now
            words.append(_("(🤖 autoplay)"))
        if scored:
            words.append(f"({plural(seat.score, 'pt')})")
        pointer = "▶ " if seat.id == seen.current and not seen.round_over else ""
        seats.append(pointer + " ".join(words))
    return ("↻" if seen.direction == 1 else "↺") + " " + " · ".join(seats)


def _scored(table: TableSnapshot, seen: PlayerView) -> str:
    """Who scores what from whom: the winner takes the points left in the other hands
    (standard), or everyone scores the points left in their own (alternative)."""
    winner = seen.round_winner or ""
    others = [seat for seat in seen.players if seat.id != winner]

    if seen.options.scoring == "alternative":
        kept = ", ".join(ngettext("{player} {points} ({count} card left)",
                                  "{player} {points} ({count} cards left)",
                                  seat.cards).format(
            player=name_of(table, seat.id), points=plural(seat.points_left or 0, "point"),
            count=seat.cards) for seat in others)
        return _("Everyone scores the points left in their own hand; the lowest total wins: "
                 "{scores}.").format(scores=kept)
    gained = seen.round_points.get(winner, 0)
    taken = ", ".join(_("{points} from {player} ({cards})").format(
        points=plural(seat.points_left or 0, "point"), player=name_of(table, seat.id),
        cards=count_cards(seat.cards)) for seat in others)
    return _("{player} scores {points}: {sources}.").format(
        player=name_of(table, winner), points=plural(gained, "point"), sources=taken)


def ratings_line(table: TableSnapshot) -> str:
    """What the finished match did to each person's rating; empty if it was not rated."""
    if not table.ratings:
        return ""
    # i18n: each person's new rating and its change: "ana 1043 (+12), ben 988? (-12)";
    # a "?" marks a rating still provisional
    return _("**Ratings:** {ratings}").format(ratings=", ".join(
        _("{player} {score}").format(player=_rated(table, change), score=rating_change(change))
        for change in table.ratings))


def _rated(table: TableSnapshot, change: RatingChange) -> str:
    """The name of the person whose rating ``change`` is."""
    seated = table.player(change.user_id)
    return player_name(seated) if seated is not None else str(change.user_id)


def round_message(table: TableSnapshot, next_round: bool) -> tuple[str, Rows]:
    """The end of a round: every hand's points, the winner's score, the match table;
    a "Next round" button while the next round is still to be dealt."""
    outside_table_locks("a round message composed")
    seen = table.view
    assert seen is not None
    winner = seen.round_winner or ""
    lines = [_("**Round {round}: {player} wins**").format(
        round=seen.round, player=name_of(table, winner)), _scored(table, seen)]
    # i18n: the match scores so far, best first: "ana 120, ben 45"
    lines.append(_("**Match:** {scores}").format(scores=", ".join(
        _("{player} {score}").format(player=name_of(table, seat.id), score=seat.score)
        for seat in sorted(seen.players, key=lambda seat: -seat.score))))
    if seen.match_over:
        lines.append(_("🏆 {player} wins the match!").format(
            player=name_of(table, seen.match_winner or "")))
        lines.append(ratings_line(table))
    rows: Rows = []
    if replayable(table):
        # i18n: a button that starts a new match with the same players and rules
        rows = [[Control(game_id(table.channel_id, table.version, "again"),
                         pgettext("button", "Play again"), Style.success)]]
    if next_round:
        # i18n: "Next round" is the button below; {when} is a relative time ("in 30 seconds")
        lines.append(_("The host presses Next round, or it starts by itself {when}.").format(
            when=f"<t:{int(table.turn_deadline or 0)}:R>"))
        # i18n: a button that deals the next round now
        rows = [[Control(game_id(table.channel_id, table.version, "next"),
                         pgettext("button", "Next round"), Style.success)]]
    return "\n".join(line for line in lines if line), rows
