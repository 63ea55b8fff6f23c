"""Playing on through a whole match by clicks, the next rounds dealt by the host's button."""

from __future__ import annotations

import random

from tests.fakediscord import StoredMessage
from tests.ui.game_helpers import Playing, play_any_legal_move, table_button


def next_round_message(session: Playing) -> StoredMessage:
    """The newest round message whose Next round button is still live."""
    found = [m for m in session.fake.messages.values()
             if m.channel_id == session.channel_id and any(
                 c.endswith(":next") for c in m.enabled_ids())]
    assert found, "no round message with a Next round button"
    return found[-1]


async def play_on(session: Playing, rng: random.Random, turns: int) -> None:
    """Up to ``turns`` rounds of clicks (the players waited for move, or the host deals
    the next round); returns as soon as the match is over."""
    hands: dict[str, StoredMessage] = {}
    for _ in range(turns):
        table = session.bot.manager.get(session.channel_id)
        if table is None:
            return
        assert table.game is not None
        if table.game.round_over:
            message = next_round_message(session)
            await session.click(session.member(str(table.host.id)), message,
                                table_button(message, "next"))
            await session.settle()
        else:
            await play_any_legal_move(session, hands, rng)


async def play_to_the_end(session: Playing, rng: random.Random) -> None:
    await play_on(session, rng, 3000)
    assert session.bot.manager.get(session.channel_id) is None, "the match did not end"
