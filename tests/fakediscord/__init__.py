"""A fake Discord (REST + gateway on 127.0.0.1) that the real discord.py talks to.

With the fixtures of tests/conftest.py (``bot``, ``guild``, ``fake_discord``, ``clock``)::

    answer = await guild.members[0].slash("uno new", ruleset="classic")  # answered
    lobby = answer.response                                # the StoredMessage it made
    await guild.members[1].click(lobby, lobby.custom_id("uno:lobby:join:"))
    assert "Players (2/10)" in lobby.text                  # edits land in place
    await clock.advance(600)                               # timers, token ages, windows

Every helper returns once the bot has answered and, for a bot started by the fixtures
(``running_bot``), once its handler has finished too (a future per interaction and the
handler's tasks, never a sleep); pass ``wait=False`` to fire many at once and
``await answered(i)`` later.
``fake_discord.calls`` records each REST call; ``expect_call``/``wait_for_call`` wait
for one. Breaches of Discord's rules are answered with Discord's error and land in
``fake_discord.violations``, which fails the test at teardown.

On the wire: ``fake_discord.latency = Latency.fixed(0.08)`` delays every REST answer
(per kind of route, none by default), ``click(..., deliver=2)`` sends one interaction
twice, ``fake_discord.lose_answer("POST", "/webhooks/")`` carries out the next such call
and answers 500 all the same (discord.py sends it again: a follow-up is made twice, a
channel message with an enforced ``nonce`` once), and ``fake_discord.bot_token_calls()``
counts the calls that count against the bot token's global 50 a second. Each new
message in a guild's channel is told on the gateway (MESSAGE_CREATE), as Discord does.
"""

from tests.fakediscord.members import FakeGuild, FakeMember, add_guild, answered
from tests.fakediscord.records import EPHEMERAL, Interaction, RestCall, StoredMessage, Violation
from tests.fakediscord.server import WRONG_TOKEN, FakeDiscord
from tests.fakediscord.wire import Latency, RouteKind

__all__ = [
    "EPHEMERAL",
    "WRONG_TOKEN",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "Interaction",
    "Latency",
    "RestCall",
    "RouteKind",
    "StoredMessage",
    "Violation",
    "add_guild",
    "answered",
]
