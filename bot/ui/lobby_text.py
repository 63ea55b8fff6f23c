"""The lobby message's words, for any phase: open, started, closed, or its game over.

Apart from the lobby's buttons (``bot.ui.lobby``) so the board can redraw the lobby
message when its game ends without importing the click handlers.
"""

from __future__ import annotations

import discord

from bot.game.lobby import MAX_PLAYERS
from bot.game.table import CloseReason, Phase, Player, Table
from bot.ui.text import rules_line

LOBBY_COLOUR = discord.Colour.red()

CLOSE_SENTENCES = {
    CloseReason.CANCELLED: "This lobby was cancelled.",
    CloseReason.IDLE: "Nobody touched this lobby for 10 minutes, so it closed.",
    CloseReason.EMPTY: "Everyone left, so this lobby closed.",
}


AUTOPLAY_LINE = "\nAutoplay: a computer player takes the turns of anyone whose time runs out."


def mention(player: Player) -> str:
    """A person is mentioned; a computer player shows its seat name ("🤖 Easy bot 2")."""
    return player.name if player.is_computer else f"<@{player.id}>"


def table_embed(table: Table) -> discord.Embed:
    """The lobby message for any phase: open, started or closed."""
    rules = rules_line(table.ruleset, table.options, table.turn_seconds)
    seats = "\n".join(f"{n}. {mention(p)}" for n, p in enumerate(table.players, start=1))
    if table.phase is Phase.LOBBY:
        description = (
            f"Host: {mention(table.host)}\n"
            f"Players ({len(table.players)}/{MAX_PLAYERS}):\n{seats}\n\n"
            f"Rules: {rules}{AUTOPLAY_LINE if table.autoplay else ''}\n\n"
            "Press Join to take a seat; the host presses Start."
        )
        return discord.Embed(title="UNO lobby", description=description, colour=LOBBY_COLOUR)
    if table.phase is Phase.PLAYING:
        description = f"The game has started. Seating order:\n{seats}\n\nRules: {rules}"
        return discord.Embed(title="UNO game", description=description, colour=LOBBY_COLOUR)
    reason = table.close_reason or CloseReason.CANCELLED
    if table.game is not None:  # a game was played here: it is over now
        return discord.Embed(title="UNO game over", description=_game_over(table, reason))
    return discord.Embed(title="UNO lobby closed", description=CLOSE_SENTENCES[reason])


def _game_over(table: Table, reason: CloseReason) -> str:
    """The lobby message once its game is over, so it no longer says "has started"."""
    game = table.game
    assert game is not None
    if reason is CloseReason.ENDED:
        return f"This game was ended by <@{table.ended_by}>."
    if reason is CloseReason.FINISHED and game.match_winner:
        winner = next((p for p in table.players if str(p.id) == game.match_winner), None)
        shown = mention(winner) if winner is not None else table.name_of(game.match_winner)
        return f"The match is over: 🏆 {shown} won it."
    return "The game is over: only computer players were left."
