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
from bot.engine.cards import card_name, hand_points
from bot.engine.options import TABLE_OPTIONS
from bot.game.table import CloseReason, Phase, Table
from bot.ui.controls import Control, Rows, Style, disabled
from bot.ui.custom_ids import game_id
from bot.ui.replay import replayable
from bot.ui.words import action_line, cards_words, color_words, count_cards, plural

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


def mention(table: Table, player: str) -> str:
    """A person is mentioned (so notified); a computer player is named."""
    return table.name_of(player) if player in table.computers else f"<@{player}>"


def table_message(table: Table) -> TableMessage:
    game = table.game
    assert game is not None
    plain = _description(table, game, pictured=False)
    embed = discord.Embed(description=plain, colour=TABLE_COLOUR)
    rows: Rows = [[
        Control(game_id(table.channel_id, table.version, "hand"), "My hand", Style.primary),
        Control(game_id(table.channel_id, table.version, "catch"), _catch_label(table, game),
                Style.danger, disabled=not game.catchable()),
        Control(game_id(table.channel_id, table.version, "rules"), "Rules"),
    ]]
    if table.phase is not Phase.PLAYING:
        rows = disabled(rows)
    content = call(table, game)
    if table.phase is Phase.PLAYING and not game.round_over and table.turn_deadline:
        content += f" Time runs out <t:{int(table.turn_deadline)}:R>."
    return TableMessage(content, embed, rows, plain, _description(table, game, pictured=True))


def _catch_label(table: Table, game: Game) -> str:
    """Catch! names whom it catches: the one player holding one card without a call
    (several are asked about on the click)."""
    catchable = game.catchable()
    if len(catchable) == 1:
        return f"Catch {table.name_of(catchable[0])}!"[:80]
    return "Catch!"


def call(table: Table, game: Game) -> str:
    """Who must act now, mentioned, and what they must do."""
    if table.phase is Phase.ENDED:
        if table.close_reason is CloseReason.ENDED:
            return f"This game was ended by <@{table.ended_by}>."
        if table.close_reason is CloseReason.EMPTY:
            return "Only computer players were left, so the game ended."
        winner = game.match_winner
        return f"🏆 {mention(table, winner)} wins the match!" if winner else "The match is over."
    phase = game.waiting.phase
    if phase in (GamePhase.ROUND_OVER, GamePhase.MATCH_OVER):
        return f"{mention(table, game.round_winner or '')} wins round {game.round_number}. " \
               "The next round starts soon."
    if phase in (GamePhase.VOTE, GamePhase.DISCARD) and game.voters:
        return " ".join(mention(table, p) for p in game.voters) + \
            f": {table.name_of(game.joke_by or '')} told a joke. Vote in My hand."
    if phase is GamePhase.DISCARD:
        owing = " ".join(mention(table, p) for p in game.discards_owed)
        return f"{owing}: discard cards in My hand."
    if game.current in table.computers:
        return f"{table.name_of(game.current)} is thinking…"
    current = mention(table, game.current)
    if phase is GamePhase.START_COLOR:
        return f"{current}, choose the start colour in My hand."
    if phase is GamePhase.ANSWER_DRAW:
        kind = "Wild Draw Four" if game.pending_kind == "wild4" else "Draw Two"
        return f"{current}, a {kind} is on you: open My hand to take it or answer."
    return f"{current}, it is your turn."


def _description(table: Table, game: Game, pictured: bool) -> str:
    """A few lines for a phone: the top card and colour (only without the picture, which
    shows them) and the table options that change how play goes (jump-ins...), the
    seats on one line, the last few actions."""
    in_force = [TABLE_OPTIONS[name][0] for name in game.options.table_options()]
    top = [] if pictured else [f"Top card **{card_name(game.top)}**",
                               f"play on {color_words(game.color)}"]
    lines = [" · ".join([*top, *in_force]), _seats(table, game)]
    if game.hands_shown_until is not None:
        lines += [f"{table.name_of(seat)} shows {cards_words(game.hands[seat])}"
                  for seat in game.players]
    lines += [f"• {action_line(events, table.name_of)}"
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
            words.append("UNO!")
        if seat in table.stand_ins:
            words.append("(🤖 autoplay)")
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

    def left(player: str) -> tuple[str, str]:
        hand = game.hands[player]
        return plural(hand_points(hand), "point"), count_cards(len(hand))

    if game.options.scoring == "alternative":
        return "Everyone scores the points left in their own hand; the lowest total wins: " \
            + ", ".join(f"{table.name_of(p)} {left(p)[0]} ({left(p)[1]} left)"
                        for p in others) + "."
    gained = game.round_points.get(winner, 0)
    return f"{table.name_of(winner)} scores {plural(gained, 'point')}: " + ", ".join(
        f"{left(p)[0]} from {table.name_of(p)} ({left(p)[1]})" for p in others) + "."


def round_message(table: Table, next_round: bool) -> tuple[str, Rows]:
    """The end of a round: every hand's points, the winner's score, the match table;
    a "Next round" button while the next round is still to be dealt."""
    game = table.game
    assert game is not None
    winner = game.round_winner or ""
    lines = [f"**Round {game.round_number}: {table.name_of(winner)} wins**", _scored(table, game)]
    lines.append("**Match:** " + ", ".join(
        f"{table.name_of(p)} {game.scores.get(p, 0)}"
        for p in sorted(game.players, key=lambda p: -game.scores.get(p, 0))))
    if game.match_over:
        lines.append(f"🏆 {table.name_of(game.match_winner or '')} wins the match!")
    rows: Rows = []
    if replayable(table):
        rows = [[Control(game_id(table.channel_id, table.version, "again"), "Play again",
                         Style.success)]]
    if next_round:
        lines.append(f"The host presses Next round, or it starts by itself "
                     f"<t:{int(table.turn_deadline or 0)}:R>.")
        rows = [[Control(game_id(table.channel_id, table.version, "next"), "Next round",
                         Style.success)]]
    return "\n".join(line for line in lines if line), rows
