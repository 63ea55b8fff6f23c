"""Play again (issue 12, point 8): at the end of a match, the same players with the
same rules, once each has pressed the button."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.game.table import TableStatus
from tests.fakediscord import FakeDiscord, FakeGuild, StoredMessage
from tests.ui.game_helpers import card_button, players, position, start_game, table_at

FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]


def match_end_message(fake: FakeDiscord) -> StoredMessage:
    (found,) = [m for m in fake.messages.values() if "wins the match" in m.content
                and m.content.startswith("**Round")]
    return found


async def test_play_again_seats_the_same_players_with_the_same_rules(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2, target=10,
                               turn_seconds=90, seven_o=True)
    a, b = players(session.game)
    await session.set_position(position(
        "classic", [a, b], options={"target": 10, "seven_o": True},
        hands={a: ["r1"], b: ["g5", "y9"]}, discard=["r9"], draw=FILL, current=a,
        uno_called=[a]))
    ana, ben = session.member(a), session.member(b)
    hand = await session.open_hand(ana)
    await session.click(ana, hand, card_button(hand, "play", "r1"))
    await session.settle()
    assert bot.manager.get(session.channel_id) is None  # the match is over
    final = match_end_message(fake_discord)
    again = next(c for c, label in final.labels().items() if label == "Play again")

    outsider = await guild.members[4].click(final, again)
    assert outsider.ephemeral and "Only the players of this match" in outsider.text
    first = await ana.click(final, again)
    assert first.updated_message
    assert final.content.endswith(
        f"Play again: {ana.name} is ready; "
        f"waiting for {ben.name}.")
    assert bot.manager.get(session.channel_id) is None  # not until everyone is ready

    last = await ben.click(final, again)
    await bot.board.idle()
    assert last.posted_message and not last.ephemeral  # the new lobby message
    table = table_at(bot, session.channel_id)
    assert table.status is TableStatus.PLAYING and {p.id for p in table.players} == {ana.id, ben.id}
    assert table.options.target == 10 and table.options.seven_o and table.turn_seconds == 90
    assert final.custom_ids() == [] and final.content.endswith("everyone was ready.")
    assert "The game has started" in last.text
    assert fake_discord.violations == []
