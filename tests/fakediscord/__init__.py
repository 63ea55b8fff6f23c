"""A fake Discord (REST + gateway on 127.0.0.1) that the real discord.py talks to.

Start a :class:`FakeDiscord`, add guilds with :func:`add_guild`, point discord.py at
``api_base``/``gateway_url``; members then run slash commands and click buttons and
every answer is awaited, never slept for. See tests/conftest.py for the fixtures.
"""

from tests.fakediscord.members import FakeGuild, FakeMember, add_guild, answered
from tests.fakediscord.records import EPHEMERAL, Interaction, RestCall, StoredMessage, Violation
from tests.fakediscord.server import FakeDiscord

__all__ = [
    "EPHEMERAL",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "Interaction",
    "RestCall",
    "StoredMessage",
    "Violation",
    "add_guild",
    "answered",
]
