"""The lobby message's words, whatever the table's status: open, started, closed, or its game over.

Apart from the lobby's buttons (``bot.ui.clicks.lobby``) so the board can redraw the lobby
message when its game ends without importing the click handlers. It speaks the language
of the moment: the table's, where the lobby message is composed (``table.language``),
from a :class:`~bot.game.snapshot.TableSnapshot` once the table's lock is released.
"""

from __future__ import annotations

import discord

from bot.game.lobby import MAX_PLAYERS
from bot.game.locks import outside_table_locks
from bot.game.snapshot import TableSnapshot
from bot.game.table import CloseReason, TableStatus
from bot.i18n import N_, _
from bot.ui.messages.table import CHANNEL_LOST, ended_by
from bot.ui.words.names import mention, mention_player
from bot.ui.words.text import rules_line

LOBBY_COLOUR = discord.Colour.red()

CLOSE_SENTENCES = {
    CloseReason.CANCELLED: N_("This lobby was cancelled."),
    CloseReason.IDLE: N_("Nobody touched this lobby for 10 minutes, so it closed."),
    CloseReason.EMPTY: N_("Everyone left, so this lobby closed."),
}


def table_embed(table: TableSnapshot) -> discord.Embed:
    """The lobby message whatever the table's status: open, started or closed."""
    outside_table_locks("the lobby message composed")
    rules = _("Rules: {rules}").format(
        rules=rules_line(table.ruleset, table.options, table.turn_seconds))
    seats = "\n".join(f"{n}. {mention_player(p)}" for n, p in enumerate(table.players, start=1))
    if table.status is TableStatus.LOBBY:
        autoplay = "\n" + _("Autoplay: a computer player takes the turns of anyone whose time "
                            "runs out.") if table.autoplay else ""
        description = "\n".join([
            _("Host: {player}").format(player=mention_player(table.host)),
            _("Players ({count}/{most}):").format(count=len(table.players), most=MAX_PLAYERS),
            seats, "", rules + autoplay, "",
            # i18n: Join and Start are the lobby's buttons
            _("Press Join to take a seat; the host presses Start."),
        ])
        return discord.Embed(title=_("UNO lobby"), description=description,
                             colour=LOBBY_COLOUR)
    if table.status is TableStatus.PLAYING:  # one line: the table below says the rest
        order = " · ".join(mention_player(p) for p in table.players)
        # i18n: the lobby once the game is dealt; {order} lists the players' mentions
        started = _("The game has started. Seating order: {order}").format(order=order)
        return discord.Embed(description=started, colour=LOBBY_COLOUR)
    reason = table.close_reason or CloseReason.CANCELLED
    if table.view is not None:  # a game was played here: it is over now
        return discord.Embed(title=_("UNO game over"), description=_game_over(table, reason))
    return discord.Embed(title=_("UNO lobby closed"), description=_(CLOSE_SENTENCES[reason]))


def _game_over(table: TableSnapshot, reason: CloseReason) -> str:
    """The lobby message once its game is over, so it no longer says "has started"."""
    game = table.view
    assert game is not None
    if reason is CloseReason.ENDED:
        return ended_by(table)
    if reason is CloseReason.GONE:
        return _(CHANNEL_LOST)
    if reason is CloseReason.FINISHED and game.match_winner:
        return _("The match is over: 🏆 {player} won it.").format(
            player=mention(table, game.match_winner))
    return _("The game is over: only computer players were left.")
