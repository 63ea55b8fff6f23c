"""Play again: at the end of a match, the same players with the same rules.

The match's last round message carries a Play again button. Each player of the match
who presses it is ready; once every person of the match is (computer players are
always ready), a lobby opens with the same ruleset, options, timer and seats, in the
same order, and starts at once. What is needed for that is kept here, in memory, while
the bot runs: after a restart the button answers that ``/uno new`` starts a game.

The round message and the new lobby speak the match's language (``Table.language``);
what is said to the one who pressed, privately, speaks theirs.
"""

from __future__ import annotations

import discord

from bot.game.errors import TableError
from bot.game.snapshot import TableSnapshot
from bot.i18n import _, speaking
from bot.ui.clicks.answers import say
from bot.ui.clicks.lobby import edit_lobby_message, message_fields, post_lobby
from bot.ui.messages.replay import ready_line
from bot.ui.messages.table import round_message
from bot.ui.services import uno_client


async def play_again(interaction: discord.Interaction, channel_id: int, version: int) -> None:
    client = uno_client(interaction)
    replay = client.board.replays.get(channel_id)
    if replay is None or replay.table.version != version:
        await say(interaction, _("This match can no longer be played again here: start a new "
                                 "one with `/uno new`."))
        return
    if interaction.user.id not in {p.id for p in replay.people}:
        await say(interaction, _("Only the players of this match can press Play again."))
        return
    replay.ready.add(interaction.user.id)
    message = interaction.message
    with speaking(replay.table.language):  # the round message, as it was posted
        shown = round_message(replay.table, next_round=False)[0]
        ready = ready_line(replay) if replay.waiting() \
            else _("Play again: everyone was ready.")
    if replay.waiting():
        content = f"{shown}\n{ready}"
        if not interaction.response.is_done():
            await interaction.response.edit_message(content=content)
        elif message is not None:  # acknowledged already (a busy bot): edit, then say
            await message.edit(content=content)
            await say(interaction, _("You are ready to play again."))
        return
    del client.board.replays[channel_id]
    try:
        await _seat_again(interaction, replay.table)
    except TableError:
        client.board.replays[channel_id] = replay  # a lobby or game is open here now
        raise
    if message is not None:
        await message.edit(content=f"{shown}\n{ready}", view=None)


async def _seat_again(interaction: discord.Interaction, old: TableSnapshot) -> None:
    """Open the lobby (its message answers the click), seat everyone (quietly: the
    start's edit shows them all at once), start."""
    client = uno_client(interaction)
    lobby = client.manager.lobby
    people = [p for p in old.players if not p.is_computer]
    host = old.host if not old.host.is_computer and old.host in people else people[0]
    await lobby.create(
        guild_id=old.guild_id, channel_id=old.channel_id, host=host, ruleset=old.ruleset,
        overrides=old.options.to_dict(), turn_seconds=old.turn_seconds,
        autoplay=old.autoplay, images=old.images, language=old.language,
        post=lambda table: _post_lobby(interaction, table))
    for player in old.players:
        if player.is_computer:
            level = player.computer_level
            assert level is not None  # a computer player's seat name says its level
            await lobby.add_computer(old.channel_id, host.id, level)
        elif player != host:
            await lobby.join(old.channel_id, player)
    with client.board.clicking(old.channel_id, interaction):  # its token pings the first
        started = await lobby.start(old.channel_id, host.id, None)
        await client.board.lobbies(old.channel_id,
                                   edit_lobby_message(interaction.client, started))()


async def _post_lobby(interaction: discord.Interaction, table: TableSnapshot) -> int:
    """The new lobby message: the click's answer, or, once the click was acknowledged
    already (a busy bot), a message in the channel and a word for the one who clicked."""
    if not interaction.response.is_done():
        return await post_lobby(interaction, table)
    channel = interaction.client.get_partial_messageable(table.channel_id,
                                                          guild_id=table.guild_id)
    message = await channel.send(**message_fields(table))
    await say(interaction, _("The same players are seated again below."))
    return message.id
