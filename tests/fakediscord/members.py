"""Guild members who use slash commands and click buttons, the way the Discord app does."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from tests.fakediscord import payloads
from tests.fakediscord.permissions import ATTACH_FILES, ROLE, overwrite
from tests.fakediscord.records import Interaction, StoredMessage
from tests.fakediscord.server import FakeDiscord
from tests.fakediscord.threads import CREATE_PUBLIC_THREADS, SEND_MESSAGES_IN_THREADS

APPLICATION_COMMAND, MESSAGE_COMPONENT = 2, 3
SUBCOMMAND = 1
USER_OPTION = 6
ANSWER_TIMEOUT = 10.0
"""How long a helper waits for the bot's answer before failing (not a sleep: the wait
ends the moment the callback arrives)."""

# Permission bits a member gets in a channel.
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
MEMBER_PERMISSIONS = VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY | USE_APPLICATION_COMMANDS
EMBED_LINKS = 1 << 14
BOT_PERMISSIONS = (VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY | EMBED_LINKS | ATTACH_FILES
                   | CREATE_PUBLIC_THREADS | SEND_MESSAGES_IN_THREADS)
"""The bot's own (managed) role, as its invite asks."""


@dataclass
class FakeGuild:
    fake: FakeDiscord
    id: int
    channel_ids: list[int]
    bot_role_id: int
    members: list[FakeMember] = field(default_factory=list)
    locale: str = "en-US"
    """The server's preferred locale (Server Settings > Community); interactions carry it
    as ``guild_locale``."""

    @property
    def channel_id(self) -> int:
        return self.channel_ids[0]

    def old_message(self, custom_ids: list[str], channel_id: int | None = None
                    ) -> StoredMessage:
        """A message the bot left in a channel (first one by default) long ago, with a
        button for each custom id: ids of an older version of the bot, or of a game in
        another channel. Members can still click them."""
        rows = [{"type": 1, "components": [
            {"type": 2, "style": 2, "label": f"old {n}", "custom_id": custom_id}
            for n, custom_id in enumerate(custom_ids[start:start + 5], start)]}
            for start in range(0, len(custom_ids), 5)]
        payload = payloads.message(
            payloads.snowflake(), channel_id or self.channel_id, self.id, self.fake.bot_user,
            {"components": rows}, application_id=self.fake.application_id)
        return self._keep(payload)

    def old_menu(self, custom_id: str, values: list[str], channel_id: int | None = None
                 ) -> StoredMessage:
        """A message the bot left long ago with one select menu ``custom_id`` offering
        ``values``: the ids and choices of an older bot, or forged ones."""
        menu = {"type": 3, "custom_id": custom_id, "min_values": 1, "max_values": 1,
                "options": [{"label": f"old {value}", "value": value} for value in values]}
        payload = payloads.message(
            payloads.snowflake(), channel_id or self.channel_id, self.id, self.fake.bot_user,
            {"components": [{"type": 1, "components": [menu]}]},
            application_id=self.fake.application_id)
        return self._keep(payload)

    def _keep(self, payload: dict[str, Any]) -> StoredMessage:
        message = StoredMessage(payload)
        self.fake.messages[message.id] = message
        return message


def add_guild(
    fake: FakeDiscord,
    member_names: list[str],
    *,
    channels: int = 2,
    moderators: int = 0,
    without_attach_files: tuple[int, ...] = (),
    shard: int | None = None,
    locale: str = "en-US",
) -> FakeGuild:
    """A guild with text channels and members; the last ``moderators`` members have
    Manage Messages. The bot has its own role with ``BOT_PERMISSIONS``; in the channels
    whose indices are in ``without_attach_files`` an overwrite denies that role Attach
    Files. ``shard``: an id that puts the guild on that shard (of the fake's
    ``gateway.shard_count``). ``locale``: the server's preferred locale (each member's
    own is ``FakeMember.locale``, en-US unless changed). Call before the bot connects
    (GUILD_CREATE is sent at IDENTIFY)."""
    guild_id = payloads.snowflake() if shard is None else payloads.snowflake_on_shard(
        shard, fake.gateway.shard_count)
    channel_ids = [payloads.snowflake() for _ in range(channels)]
    bot_role_id = payloads.snowflake()
    guild = FakeGuild(fake, guild_id, channel_ids, bot_role_id, locale=locale)
    for index, name in enumerate(member_names):
        moderator = index >= len(member_names) - moderators
        permissions = MEMBER_PERMISSIONS | (MANAGE_MESSAGES if moderator else 0)
        guild.members.append(FakeMember(guild, payloads.user(payloads.snowflake(), name),
                                        permissions))
    # The bot first: its permissions are looked up for every interaction the fake sends.
    member_payloads = [payloads.member(fake.bot_user, roles=(bot_role_id,)),
                       *(payloads.member(m.user) for m in guild.members)]
    no_attach = [overwrite(bot_role_id, ROLE, deny=ATTACH_FILES)]
    fake.add_guild(
        payloads.guild_create(
            guild_id,
            f"guild {guild_id}",
            owner_id=guild.members[0].id,
            everyone_permissions=MEMBER_PERMISSIONS,
            channels=[payloads.text_channel(c, guild_id, f"uno-{n}",
                                            no_attach if n in without_attach_files else None)
                      for n, c in enumerate(channel_ids)],
            members=member_payloads,
            roles=[payloads.role(bot_role_id, "UNO", BOT_PERMISSIONS, position=1, managed=True)],
            locale=locale,
        )
    )
    return guild


class FakeMember:
    def __init__(self, guild: FakeGuild, user: dict[str, Any], permissions: int) -> None:
        self.guild = guild
        self.user = user
        self.permissions = permissions
        self.locale = "en-US"
        """The language this member's Discord app is set to; sent with each interaction."""

    @property
    def id(self) -> int:
        return int(self.user["id"])

    @property
    def name(self) -> str:
        return str(self.user["username"])

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    async def slash(
        self, command: str, channel_id: int | None = None, *, wait: bool = True,
        deliver: int = 1, **options: Any
    ) -> Interaction:
        """Run ``/command`` (``"uno new"``) with ``options`` and return the interaction,
        answered unless ``wait=False`` (then await :func:`answered` on it). Option types
        come from the commands the bot synced. ``deliver=2`` sends the same
        INTERACTION_CREATE twice, as Discord now and then does."""
        fake = self.guild.fake
        channel_id = channel_id or self.guild.channel_id
        name, *path = command.split()
        synced = _find_command(fake, self.guild.id, name)
        options_payload = _options_payload(synced, path, options)
        interaction = fake.new_interaction(APPLICATION_COMMAND, self.user, channel_id)
        data = {"id": synced["id"], "name": name, "type": 1, "options": options_payload,
                "guild_id": str(self.guild.id)}
        resolved = self._resolved(options_payload)
        if resolved:
            data["resolved"] = resolved
        return await self._send(interaction, data, wait=wait, deliver=deliver)

    def _resolved(self, options: list[dict[str, Any]]) -> dict[str, Any]:
        """User options come with the user and member they name, as Discord sends them."""
        users: dict[str, Any] = {}
        members: dict[str, Any] = {}
        for option in options:
            if option.get("options"):
                nested = self._resolved(option["options"])
                users.update(nested.get("users", {}))
                members.update(nested.get("members", {}))
            elif option["type"] == USER_OPTION:
                named = next(m for m in self.guild.members if str(m.id) == str(option["value"]))
                users[str(named.id)] = named.user
                member = payloads.member(named.user, named.permissions)
                del member["user"]
                members[str(named.id)] = member
        return {"users": users, "members": members} if users else {}

    async def click(
        self, message: StoredMessage, custom_id: str, *, wait: bool = True, deliver: int = 1
    ) -> Interaction:
        """Press the button ``custom_id`` on ``message`` as this member sees it: the live
        message, or a ``snapshot()`` taken earlier (a client that has not refreshed, even
        of a message deleted since). ``deliver=2`` sends the same INTERACTION_CREATE
        (same id and token) twice."""
        fake = self.guild.fake
        assert custom_id in message.custom_ids(), (
            f"no button {custom_id!r} on the message; it has {message.custom_ids()}"
        )
        assert message.component(custom_id).get("type", 2) == 2, (
            f"{custom_id!r} is a select menu: choose() among its options")
        interaction = fake.new_interaction(MESSAGE_COMPONENT, self.user, message.channel_id)
        interaction.source_message = fake.messages.get(message.id)  # None: deleted since
        data = {"custom_id": custom_id, "component_type": 2, "values": []}
        return await self._send(interaction, data, message=message.payload, wait=wait,
                                deliver=deliver)

    async def deliver_twice(self, message: StoredMessage, custom_id: str) -> Interaction:
        """Press ``custom_id`` once, but have the gateway deliver the INTERACTION_CREATE
        twice (a replayed event); returns once the bot has answered."""
        interaction = self.guild.fake.new_interaction(MESSAGE_COMPONENT, self.user,
                                                      message.channel_id)
        interaction.source_message = self.guild.fake.message(message.id)
        data = {"custom_id": custom_id, "component_type": 2, "values": []}
        payload = self.interaction_payload(interaction, data, message.payload)
        for _ in range(2):
            await self.guild.fake.gateway.dispatch("INTERACTION_CREATE", payload)
        return await answered(interaction)

    async def send_component(self, message: StoredMessage, data: dict[str, Any]
                             ) -> Interaction:
        """A component interaction on ``message`` with any ``data``, even data no Discord
        client would send (no custom_id, a number for one); not waited for."""
        interaction = self.guild.fake.new_interaction(MESSAGE_COMPONENT, self.user,
                                                      message.channel_id)
        interaction.source_message = self.guild.fake.message(message.id)
        return await self._send(interaction, data, message=message.payload, wait=False)

    async def choose(
        self, message: StoredMessage, custom_id: str, values: list[str], *, wait: bool = True,
        deliver: int = 1,
    ) -> Interaction:
        """Pick ``values`` in the select menu ``custom_id`` on ``message``; like Discord,
        only values among the menu's options can be sent, each once, as many as the
        menu's ``min_values`` to ``max_values`` (default 1 to 1)."""
        fake = self.guild.fake
        menu = message.component(custom_id)
        assert menu.get("type") == 3, f"{custom_id!r} is not a select menu"
        offered = {o["value"] for o in menu.get("options", [])}
        assert set(values) <= offered, f"{values} not among the options {sorted(offered)}"
        low, high = menu.get("min_values", 1), menu.get("max_values", 1)
        assert len(set(values)) == len(values) and low <= len(values) <= high, \
            f"{len(values)} values picked where the menu takes {low} to {high}"
        interaction = fake.new_interaction(MESSAGE_COMPONENT, self.user, message.channel_id)
        interaction.source_message = fake.messages.get(message.id)
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        return await self._send(interaction, data, message=message.payload, wait=wait,
                                deliver=deliver)

    def interaction_payload(
        self, interaction: Interaction, data: dict[str, Any], message: dict[str, Any] | None
    ) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(interaction.id),
            "application_id": str(self.guild.fake.application_id),
            "type": interaction.type,
            "token": interaction.token,
            "version": 1,
            "attachment_size_limit": self.guild.fake.attachment_size_limit,
            "guild_id": str(self.guild.id),
            "channel_id": str(interaction.channel_id),
            "channel": self.guild.fake.channel_payload(interaction.channel_id),
            "member": payloads.member(self.user, self.permissions),
            "app_permissions": str(self.guild.fake.app_permissions(interaction.channel_id)),
            "locale": self.locale,
            "guild_locale": self.guild.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild.id)},
            "context": 0,
            "data": data,
        }
        if message is not None:
            payload["message"] = message
        return payload

    async def _send(
        self,
        interaction: Interaction,
        data: dict[str, Any],
        message: dict[str, Any] | None = None,
        *,
        wait: bool = True,
        deliver: int = 1,
    ) -> Interaction:
        payload = self.interaction_payload(interaction, data, message)
        for _ in range(deliver):
            interaction.deliveries += 1
            await self.guild.fake.gateway.dispatch("INTERACTION_CREATE", payload)
        if wait:
            await answered(interaction, whole=True)
        return interaction


async def answered(interaction: Interaction, timeout: float = ANSWER_TIMEOUT, *,
                   whole: bool = False) -> Interaction:
    """Wait until the bot answers ``interaction``: its callback arrives (the
    acknowledgement), or with ``whole`` until the answer is complete (a deferred one
    edited or followed up); and, for a bot in this process, until its handler has
    returned, so that everything it does after answering has happened."""
    waited = interaction.completed if whole else interaction.answered
    try:
        await asyncio.wait_for(asyncio.shield(waited), timeout)
    except TimeoutError:
        raise AssertionError(f"the bot never answered interaction {interaction.id}") from None
    if interaction.handlers:
        _, running = await asyncio.wait(interaction.handlers, timeout=timeout)
        assert not running, (f"the bot answered interaction {interaction.id} but its handler "
                             f"was still running {timeout} s later: {running}")
    return interaction


def _find_command(fake: FakeDiscord, guild_id: int, name: str) -> dict[str, Any]:
    for scope in (guild_id, None):
        for command in fake.commands.get(scope, []):
            if command["name"] == name:
                return command
    raise AssertionError(f"the bot did not sync a /{name} command")


def _options_payload(
    command: dict[str, Any], path: list[str], values: dict[str, Any]
) -> list[dict[str, Any]]:
    """Nest subcommand options the way Discord does, typing each value from the schema."""
    schema = command.get("options", [])
    if path:
        sub = next((o for o in schema if o["name"] == path[0]), None)
        assert sub is not None, f"/{command['name']} has no subcommand {path[0]!r}"
        return [{"name": sub["name"], "type": sub["type"],
                 "options": _options_payload(sub, path[1:], values)}]
    by_name = {o["name"]: o for o in schema}
    unknown = set(values) - set(by_name)
    assert not unknown, f"/{command['name']} has no options {sorted(unknown)}"
    return [{"name": key, "type": by_name[key]["type"], "value": value}
            for key, value in values.items()]
