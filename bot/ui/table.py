"""The table message everyone sees, and the round and match messages.

The content line names the player(s) the game waits for, with what they must do and
the turn's deadline as a Discord relative timestamp (the ping, a new message, is what
notifies them: see ``bot.ui.pings``); the embed fits a phone: the top card and colour,
every seat on one line with the direction, the last three actions, and the picture.
The rules are behind the Rules button.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.engine import Game
from bot.engine import Phase as GamePhase
from bot.engine.cards import hand_points
from bot.engine.options import TABLE_OPTIONS
from bot.game.table import CloseReason, Phase, Table
from bot.i18n import _, ngettext, pgettext
from bot.ui.controls import Control, Rows, Style, disabled
from bot.ui.custom_ids import game_id
from bot.ui.names import mention, name_of, namer
from bot.ui.replay import replayable
from bot.ui.words import action_line, card_words, cards_words, color_words, count_cards, plural

TABLE_COLOUR = discord.Colour.red()
SHOWN_ACTIONS = 3
"""The last actions the table shows."""


@dataclass(frozen=True, slots=True)
class TableMessage:
    content: str
    embed: discord.Embed
    """Its description says the top card and colour until :meth:`show_picture` attaches
    the picture, which shows them large."""
    rows: Rows
    plain: str
    """The description without the picture: with the top card line."""
    pictured: str
    """The description beside the picture: without the top card line."""

    def show_picture(self, url: str | None) -> None:
        """Attach the table's picture at ``url`` (``None``: no picture, the text says it
        all), saying the top card and colour in the text only without it."""
        self.embed.set_image(url=url)
        self.embed.description = self.pictured if url is not None else self.plain


def table_message(table: Table) -> TableMessage:
    game = table.game
    assert game is not None
    plain = _description(table, game, pictured=False)
    embed = discord.Embed(description=plain, colour=TABLE_COLOUR)
    rows: Rows = [[
        # i18n: a button that shows the player's cards, privately
        Control(game_id(table.channel_id, table.version, "hand"), pgettext("button", "My hand"),
                Style.primary),
        Control(game_id(table.channel_id, table.version, "catch"), _catch_label(table, game),
                Style.danger, disabled=not game.catchable()),
        # i18n: a button that shows the rules of this game
        Control(game_id(table.channel_id, table.version, "rules"), pgettext("button", "Rules")),
    ]]
    if table.phase is not Phase.PLAYING:
        rows = disabled(rows)
    content = call(table, game)
    if table.phase is Phase.PLAYING and not game.round_over and table.turn_deadline:
        # i18n: {when} is a relative time Discord shows in the reader's language ("in 30 seconds")
        content += " " + _("Time runs out {when}.").format(when=f"<t:{int(table.turn_deadline)}:R>")
    return TableMessage(content, embed, rows, plain, _description(table, game, pictured=True))


def _catch_label(table: Table, game: Game) -> str:
    """Catch! names whom it catches: the one player holding one card without a call
    (several are asked about on the click)."""
    catchable = game.catchable()
    if len(catchable) == 1:
        # i18n: a button that catches {player}, who holds one card without calling UNO
        return pgettext("button", "Catch {player}!").format(
            player=name_of(table, catchable[0]))[:80]
    # i18n: a button that catches a player who holds one card without calling UNO
    return pgettext("button", "Catch!")


def call(table: Table, game: Game) -> str:
    """Who must act now, mentioned, and what they must do."""
    if table.phase is Phase.ENDED:
        if table.close_reason is CloseReason.ENDED:
            return ended_by(table)
        if table.close_reason is CloseReason.EMPTY:
            return _("Only computer players were left, so the game ended.")
        winner = game.match_winner
        return _("🏆 {player} wins the match!").format(player=mention(table, winner)) \
            if winner else _("The match is over.")
    phase = game.waiting.phase
    if phase in (GamePhase.ROUND_OVER, GamePhase.MATCH_OVER):
        return _("{player} wins round {round}. The next round starts soon.").format(
            player=mention(table, game.round_winner or ""), round=game.round_number)
    if phase in (GamePhase.VOTE, GamePhase.DISCARD) and game.voters:
        # i18n: {players} are the voters; "My hand" is the button that shows their cards
        return _("{players}: {joker} told a joke. Vote in My hand.").format(
            players=" ".join(mention(table, p) for p in game.voters),
            joker=name_of(table, game.joke_by or ""))
    if phase is GamePhase.DISCARD:
        # i18n: {players} owe cards; "My hand" is the button that shows their cards
        return _("{players}: discard cards in My hand.").format(
            players=" ".join(mention(table, p) for p in game.discards_owed))
    if game.current in table.computers:
        # i18n: a computer player is choosing its move
        return _("{player} is thinking…").format(player=name_of(table, game.current))
    current = mention(table, game.current)
    if phase is GamePhase.START_COLOR:
        # i18n: "My hand" is the button that shows the player's cards
        return _("{player}, choose the start colour in My hand.").format(player=current)
    if phase is GamePhase.ANSWER_DRAW:
        if game.pending_kind == "wild4":
            # i18n: "My hand" is the button that shows the player's cards
            return _("{player}, a Wild Draw Four is on you: open My hand to take it or "
                     "answer.").format(player=current)
        # i18n: "My hand" is the button that shows the player's cards
        return _("{player}, a Draw Two is on you: open My hand to take it or answer."
                 ).format(player=current)
    return _("{player}, it is your turn.").format(player=current)


def ended_by(table: Table) -> str:
    """Who ended the game with /uno end, mentioned."""
    return _("This game was ended by {player}.").format(player=f"<@{table.ended_by}>")


def _description(table: Table, game: Game, pictured: bool) -> str:
    """A few lines for a phone: the top card and colour (only without the picture, which
    shows them) and the table options that change how play goes (jump-ins...), the
    seats on one line, the last few actions."""
    in_force = [_(TABLE_OPTIONS[name][0]) for name in game.options.table_options()]
    top = [] if pictured else [_("Top card **{card}**").format(card=card_words(game.top)),
                               # i18n: the colour the next card must match
                               _("play on {colour}").format(colour=color_words(game.color))]
    lines = [" · ".join([*top, *in_force]), _seats(table, game)]
    if game.hands_shown_until is not None:
        lines += [_("{player} shows {cards}").format(player=name_of(table, seat),
                                                     cards=cards_words(game.hands[seat]))
                  for seat in game.players]
    lines += [f"• {action_line(events, namer(table))}"
              for events in table.recent_actions[-SHOWN_ACTIONS:]]
    return "\n".join(line for line in lines if line)


def _seats(table: Table, game: Game) -> str:
    """ "↻ ana 5 · ▶ ben 1 UNO! · cy 3", card counts in seating order, the way play goes, the
    player to move, with each match score once anyone has one."""
    scored = any(game.scores.values())
    seats = []
    for seat in game.players:
        words = [mention(table, seat), str(len(game.hands[seat]))]
        if seat in game.uno_called:
            # i18n: beside a player who called UNO (one card left)
            words.append(_("UNO!"))
        if seat in table.stand_ins:
            # i18n: beside a person whose turns a computer player takes for now
            words.append(_("(🤖 autoplay)"))
        if scored:
            words.append(f"({plural(game.scores.get(seat, 0), 'pt')})")
        pointer = "▶ " if seat == game.current and not game.round_over else ""
        seats.append(pointer + " ".join(words))
    return ("↻" if game.direction == 1 else "↺") + " " + " · ".join(seats)


def _scored(table: Table, game: Game) -> str:
    """Who scores what from whom: the winner takes the points left in the other hands
    (standard), or everyone scores the points left in their own (alternative)."""
    winner = game.round_winner or ""
    others = [p for p in game.players if p != winner]

    if game.options.scoring == "alternative":
        kept = ", ".join(ngettext("{player} {points} ({count} card left)",
                                  "{player} {points} ({count} cards left)",
                                  len(game.hands[p])).format(
            player=name_of(table, p), points=plural(hand_points(game.hands[p]), "point"),
            count=len(game.hands[p])) for p in others)
        return _("Everyone scores the points left in their own hand; the lowest total wins: "
                 "{scores}.").format(scores=kept)
    gained = game.round_points.get(winner, 0)
    taken = ", ".join(_("{points} from {player} ({cards})").format(
        points=plural(hand_points(game.hands[p]), "point"), player=name_of(table, p),
        cards=count_cards(len(game.hands[p]))) for p in others)
    return _("{player} scores {points}: {sources}.").format(
        player=name_of(table, winner), points=plural(gained, "point"), sources=taken)


def round_message(table: Table, next_round: bool) -> tuple[str, Rows]:
    """The end of a round: every hand's points, the winner's score, the match table;
    a "Next round" button while the next round is still to be dealt."""
    game = table.game
    assert game is not None
    winner = game.round_winner or ""
    lines = [_("**Round {round}: {player} wins**").format(
        round=game.round_number, player=name_of(table, winner)), _scored(table, game)]
    # i18n: the match scores so far, best first: "ana 120, ben 45"
    lines.append(_("**Match:** {scores}").format(scores=", ".join(
        _("{player} {score}").format(player=name_of(table, p), score=game.scores.get(p, 0))
        for p in sorted(game.players, key=lambda p: -game.scores.get(p, 0)))))
    if game.match_over:
        lines.append(_("🏆 {player} wins the match!").format(
            player=name_of(table, game.match_winner or "")))
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
