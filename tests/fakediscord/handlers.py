"""Knowing when a bot in this process has finished with an interaction, not only answered it.

discord.py runs each interaction's handler in a task of its own (``CommandTree-invoker``
for a command, ``discord-ui-dynamic-item-...`` for a button), and the answer reaches the
fake while that task still runs: whatever the handler does after answering (a timer
armed, a message edited) may or may not have happened when the test looks, depending
on how the event loop orders its tasks, which changed in Python 3.12. So the harness
notes the tasks discord.py starts for each INTERACTION_CREATE it parses, on the fake's
:class:`~tests.fakediscord.records.Interaction`, and :func:`tests.fakediscord.answered`
waits for them as well as for the answer. A bot in another process is not watched:
tests read what it did with ``FakeDiscord.until``.
"""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from tests.fakediscord.server import FakeDiscord


def watch_handlers(fake: FakeDiscord, client: discord.Client) -> None:
    """From now on, record on ``fake``'s interactions the handler tasks ``client`` starts.

    The gateway calls the parser synchronously, and discord.py creates the handler tasks
    inside it, so the tasks that appear during the call are exactly this interaction's.
    """
    parsers = client._connection.parsers
    guard = parsers["INTERACTION_CREATE"]
    owner: Any = guard if hasattr(guard, "parse") else None
    """The bot's gateway guard, which may parse a click later than it arrives (a busy
    bot acknowledges first): the tasks are noted around discord.py's own parser."""
    parse = owner.parse if owner is not None else guard

    def parse_and_note(data: dict[str, Any]) -> None:
        before = asyncio.all_tasks()
        parse(data)
        started = asyncio.all_tasks() - before
        interaction = fake.interactions.get(int(data["id"]))
        if interaction is not None:  # one delivered twice adds its second handlers
            interaction.handlers = [*(interaction.handlers or []), *started]

    if owner is not None:
        owner.parse = parse_and_note
    else:
        parsers["INTERACTION_CREATE"] = parse_and_note
