"""The lobby message: its embed, its buttons, and how each state change reaches it.

Buttons are :class:`discord.ui.DynamicItem` s whose ``custom_id`` carries the channel
id and the table version (``uno:lobby:start:<channel>:<version>``), so a click is
understood after a restart and a click on an old rendering can be told apart.

Each lobby operation returns the lobby as it left it (a
:class:`~bot.game.snapshot.TableSnapshot`, once the table's lock is released); the
new lobby message is composed from that and sent in order (``Board.lobbies``).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Literal

import discord

from bot.game.errors import NoThread, TableError
from bot.game.players import PlayerId
from bot.game.snapshot import TableSnapshot
from bot.game.table import Player, TableStatus
from bot.i18n import N_, _, pgettext, speaking
from bot.ui.clicks.answers import acknowledge, answer_in_public, say, think_in_public
from bot.ui.clicks.errors import refuse
from bot.ui.clicks.stray import ChannelBound, named_channel
from bot.ui.delivery.in_order import Reply
from bot.ui.messages.lobby_text import table_embed
from bot.ui.services import uno_client
from bot.ui.words.names import player_name


def table_view(table: TableSnapshot) -> discord.ui.View | None:
    """The lobby's buttons, in the language of the moment; none once the lobby is over
    (started or closed)."""
    if table.status is not TableStatus.LOBBY:
        return None
    view = discord.ui.View(timeout=None)
    for action in LobbyButton.STYLES:
        view.add_item(LobbyButton(action, table.channel_id, table.version))
    return view


def message_fields(table: TableSnapshot) -> dict[str, Any]:
    """Keyword arguments for send/edit, in the table's language; ``view=None`` clears
    the buttons."""
    with speaking(table.language):
        return {"embed": table_embed(table), "view": table_view(table)}


THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440
"""A game's thread hides from the channel list after a day without messages."""


async def open_thread(interaction: discord.Interaction, language: str) -> discord.Thread:
    """A new public thread of the channel ``/uno new thread:`` ran in, for its game: one
    bot-token call (the channel's link line is the interaction's answer, which costs
    none). Its name speaks ``language``, the game's. The command is deferred first
    (publicly: its answer is that link line), since Discord may take longer than the
    3 seconds of an answer to make a thread.
    ``NoThread`` when it cannot be made; then nothing was made."""
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        raise NoThread(N_("A game thread can only be opened from a text channel (not from a "
                          "thread or a forum). Run `/uno new` without `thread` here."))
    if not interaction.app_permissions.create_public_threads:
        raise no_thread_permission()
    with speaking(language):
        # i18n: the name of a game's thread; {player} opened it
        name = _("UNO with {player}").format(player=interaction.user.display_name)[:100]
    await think_in_public(interaction)
    try:
        return await channel.create_thread(
            name=name, type=discord.ChannelType.public_thread,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES)
    except discord.Forbidden:
        raise no_thread_permission() from None


def no_thread_permission() -> NoThread:
    return NoThread(N_("I may not create threads in this channel (I need Create Public "
                       "Threads). Run `/uno new` without `thread`, or ask a moderator."))


async def post_lobby(interaction: discord.Interaction, table: TableSnapshot,
                     thread: discord.Thread | None = None) -> int:
    """Post the answer to ``/uno new``, the lobby message; returns the message's id.
    For a game in its own ``thread`` the lobby is posted there (a bot-token call), then
    the answer is one line in the channel linking to it. All of it speaks the table's
    language."""
    fields = message_fields(table)
    embed, view = fields["embed"], fields["view"]
    assert view is not None  # a new table is always an open lobby
    with speaking(table.language):
        opened = _("{player} opened an UNO game in {thread}: join it there.").format(
            player=interaction.user.mention, thread=thread.mention) if thread else ""
    if thread is None:
        callback = await interaction.response.send_message(embed=embed, view=view)
        assert callback.message_id is not None  # a non-ephemeral answer makes a message
        return callback.message_id
    message = await thread.send(embed=embed, view=view)
    await answer_in_public(interaction, opened, allowed_mentions=discord.AllowedMentions.none())
    return message.id


def edit_lobby_message(client: discord.Client, table: TableSnapshot) -> Reply:
    """Compose an edit of the lobby message through the channel endpoint (no interaction
    token needed, so this also works for the idle close long after the last click)."""
    message_id, fields = table.message_id, message_fields(table)
    channel = client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)

    async def send() -> None:
        if message_id is not None:
            await channel.get_partial_message(message_id).edit(**fields)

    return send


def publish(interaction: discord.Interaction, table: TableSnapshot) -> Reply:
    """How an interaction shows a state change: a click on the lobby message updates it
    in place (callback type 7); anything else edits the lobby message by id, once the
    interaction is acknowledged: that edit may wait for the channel's rate limit (5
    messages or edits in 5 s), and the answer may not wait past Discord's 3 seconds."""
    clicked = interaction.message
    if clicked is not None and clicked.id == table.message_id:
        fields = message_fields(table)
        return lambda: interaction.response.edit_message(**fields)
    edit = edit_lobby_message(interaction.client, table)

    async def send() -> None:
        await acknowledge(interaction)
        await edit()

    return send


async def show(interaction: discord.Interaction, table: TableSnapshot) -> None:
    """Show the lobby as an operation left it (``table``), in order with the replies
    of the operations before it (put in order before anything is awaited: see
    ``bot.ui.delivery.in_order``)."""
    await uno_client(interaction).board.lobbies(table.channel_id, publish(interaction, table))()


async def confirm(interaction: discord.Interaction, sentence: str) -> None:
    """An ephemeral word for whoever acted, unless the lobby edit already answered (the
    "thinking" answer of a command that edited the lobby message is filled in)."""
    response = interaction.response
    if not response.is_done() \
            or response.type is discord.InteractionResponseType.deferred_channel_message:
        await say(interaction, sentence)


def acting_player(interaction: discord.Interaction) -> Player:
    return Player(PlayerId(interaction.user.id), interaction.user.display_name)


def may_moderate(interaction: discord.Interaction) -> bool:
    """Manage Messages in this channel, as the interaction's member permissions say."""
    return interaction.permissions.manage_messages


async def join(interaction: discord.Interaction, channel_id: int) -> None:
    bot = uno_client(interaction)
    await show(interaction, await bot.manager.lobby.join(channel_id, acting_player(interaction)))
    await confirm(interaction, _("You joined the lobby."))


async def leave(interaction: discord.Interaction, channel_id: int) -> None:
    bot = uno_client(interaction)
    await show(interaction, await bot.manager.lobby.leave(channel_id,
                                                          PlayerId(interaction.user.id)))
    await confirm(interaction, _("You left the lobby."))


async def start(interaction: discord.Interaction, channel_id: int, version: int | None) -> None:
    """Start the game and turn the lobby message into the start message (seating order).
    Gameplay hooks in here: ``manager.start`` returns the Table with the status ``playing``."""
    bot = uno_client(interaction)
    with bot.board.clicking(channel_id, interaction):  # its token pings the first player
        await show(interaction, await bot.manager.lobby.start(
            channel_id, PlayerId(interaction.user.id), version))
        await confirm(interaction, _("The game has started."))


async def add_computer(interaction: discord.Interaction, channel_id: int, level: str) -> None:
    """``/uno addbot``: the host seats a computer player."""
    bot = uno_client(interaction)
    seated = await bot.manager.lobby.add_computer(channel_id, PlayerId(interaction.user.id),
                                                  level)
    await show(interaction, seated.table)
    await confirm(interaction, _("{player} took a seat.").format(
        player=player_name(seated.player)))


async def remove_computer(
    interaction: discord.Interaction, channel_id: int, number: int | None
) -> None:
    """``/uno removebot``: the host takes a computer player's seat away."""
    bot = uno_client(interaction)
    seated = await bot.manager.lobby.remove_computer(channel_id, PlayerId(interaction.user.id),
                                                     number)
    await show(interaction, seated.table)
    await confirm(interaction, _("{player} left the lobby.").format(
        player=player_name(seated.player)))


async def cancel(interaction: discord.Interaction, channel_id: int, version: int | None) -> None:
    bot = uno_client(interaction)
    await show(interaction, await bot.manager.lobby.cancel(
        channel_id,
        PlayerId(interaction.user.id),
        version,
        may_moderate=may_moderate(interaction),
    ))
    await confirm(interaction, _("The lobby was cancelled."))


def lobby_label(action: str) -> str:
    """A lobby button's label, in the language of the moment."""
    labels = {
        # i18n: a lobby button: take a seat
        "join": pgettext("button", "Join"),
        # i18n: a lobby button: give up one's seat
        "leave": pgettext("button", "Leave"),
        # i18n: a lobby button: the host deals the game
        "start": pgettext("button", "Start"),
        # i18n: a lobby button: close the lobby without playing
        "cancel": pgettext("button", "Cancel"),
    }
    return labels[action]


class LobbyButton(
    ChannelBound,
    template=r"uno:lobby:(?P<action>join|leave|start|cancel):(?P<channel>\d+):(?P<version>\d+)",
):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(self, action: str, channel_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=lobby_label(action),
                style=self.STYLES[action],
                custom_id=f"uno:lobby:{action}:{channel_id}:{version}",
            )
        )
        self.action = action
        self.channel_id = channel_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LobbyButton:
        button = cls(match["action"], int(match["channel"]), int(match["version"]))
        button.named_channel = named_channel(match)
        return button

    async def act(self, interaction: discord.Interaction) -> None:
        try:
            if self.action == "join":
                await join(interaction, self.channel_id)
            elif self.action == "leave":
                await leave(interaction, self.channel_id)
            elif self.action == "start":
                await start(interaction, self.channel_id, self.version)
            else:
                await cancel(interaction, self.channel_id, self.version)
        except TableError as error:
            await refuse(interaction, error)
