"""The table log tells the start card; actions with no effect change nothing."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.game.drafts import Draft
from bot.game.players import player_id
from bot.game.turns import Request
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.ui.game_helpers import start_game


async def test_the_table_log_tells_the_start_card(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3)
    kinds = [event["kind"] for action in session.table.recent_actions for event in action]
    assert "start_card" in kinds
    assert "the start card is" in session.table_message().text


async def test_an_action_with_no_effect_keeps_the_version_and_the_turn_timer(
    bot: UnoBot, fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3)
    table = session.table
    game = session.game
    idle = next(p for p in game.players if p != game.current and len(game.hands[p]) > 2)
    version, deadline, state = table.version, table.turn_deadline, game.to_dict()

    seen = await bot.manager.turns.act(
        Request(guild.channel_id, player_id(idle), None, Draft("uno")))  # a needless call
    assert [event.kind for event in seen.events] == ["uno_needless"]
    assert (table.version, table.turn_deadline) == (version, deadline)
    assert game.to_dict() == state
