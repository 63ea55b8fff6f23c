"""The table and its people: refusals, races, timers, leaving, ending, message limits."""

from __future__ import annotations

import asyncio

import pytest

from bot.app.client import UnoBot
from bot.engine.cards import build_deck
from bot.game.clock import FakeClock
from bot.game.players import PlayerId
from bot.game.table import Player, Table
from bot.ui.messages.controls import to_view
from bot.ui.messages.hand import playable_cards
from tests.fakediscord import FakeDiscord, FakeGuild, StoredMessage, answered
from tests.fakediscord.limits import message_problems
from tests.ui.composing import hand_message
from tests.ui.game_helpers import (
    Playing,
    card_button,
    control,
    position,
    table_at,
    table_button,
)
from tests.ui.test_game_cards import FILL, two_or_three


def tables(session: Playing) -> list[StoredMessage]:
    """The table messages in the channel (one, once the courier is done)."""
    return [m for m in session.fake.channel_messages(session.channel_id)
            if any(c.endswith(":hand") for c in m.custom_ids()) and not m.ephemeral]


@pytest.mark.parametrize("size", [1, 7, 25, 30, 60, 108])
def test_every_hand_size_fits_discord(size: int) -> None:
    table = Table(guild_id=1, channel_id=10**18, host=Player(PlayerId(1), "a"), ruleset="classic",
                  options=position("classic", ["1", "2"], hands={}, discard=["r1"], draw=[],
                                   current="1").options,
                  turn_seconds=60, version=10**13,
                  players=[Player(PlayerId(1), "a"), Player(PlayerId(2), "b")])
    table.game = position("classic", ["1", "2"], hands={"1": build_deck("classic")[:size],
                                                        "2": ["r1"]},
                          discard=["r5"], draw=["g1"], current="1")
    shown = hand_message(table, "1")
    components = to_view(shown.rows).to_components()
    assert message_problems({"content": shown.content, "components": components}) == {}
    ids = [c["custom_id"] for row in components for c in row["components"]]
    ids += [o["value"] for row in components for c in row["components"]
            for o in c.get("options", [])]
    seen = {i.split("a:play:")[1] for i in ids if "a:play:" in i}
    hand = table.game.hands["1"]
    playable = playable_cards(table.game.seat_view("1"))
    # every card while they fit, else (the picture shows them all) every playable one
    assert {s.split(":")[0] for s in seen} == (set(hand) if size == 1 else playable)


async def test_a_hand_of_sixty_cards_shows_its_playable_cards_on_one_page(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    deck = build_deck("classic")
    await session.set_position(position(
        "classic", [a, b, c], hands={a: deck[:60], b: ["y1"], c: ["g1", "g2"]},
        discard=["r9"], draw=FILL, current=a))
    hand = await session.open_hand(session.member(a))
    assert "page" not in hand.content and "Draw" in hand.labels().values()
    (menu,) = [c for row in hand.payload["components"] for c in row["components"]
               if c["type"] == 3]  # more playable cards than buttons: one menu
    shown = {o["value"].split(":")[2] for o in menu["options"]}
    assert shown == playable_cards(session.game.seat_view(a))
    assert menu["placeholder"] == "Play a card..." and menu.get("max_values", 1) == 1


async def test_stale_click_and_non_player_click_change_nothing(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r3", "r5", "y7"], b: ["r1", "y2"], c: ["g1", "g2"]},
        discard=["r9"], draw=FILL, current=a))
    ana, _ben, outsider = session.member(a), session.member(b), guild.members[5]
    hand_a = await session.open_hand(ana)
    stale = hand_a.snapshot()
    await session.click(ana, hand_a, card_button(hand_a, "play", "r3"))
    before = (dict(session.game.hands), session.table.version)
    answer = await ana.click(stale, card_button(stale, "play", "r5"))
    assert answer.updated_message and "out of date" in answer.text
    assert (dict(session.game.hands), session.table.version) == before
    table = session.table_message()
    refused = await outsider.click(table, table_button(table, "hand"))
    assert refused.ephemeral and "not playing in this game" in refused.text
    assert session.table.version == before[1]


async def test_two_clicks_at_once_apply_once(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r3", "r3", "y7"], b: ["r1", "y2"], c: ["g1", "g2"]},
        discard=["r9"], draw=FILL, current=a))
    ana = session.member(a)
    hand_a = await session.open_hand(ana)
    button = card_button(hand_a, "play", "r3")
    clicks = [await ana.click(hand_a, button, wait=False) for _ in range(2)]
    await asyncio.gather(*(answered(i, whole=True) for i in clicks))
    assert session.game.hands[a].count("r3") == 1 and session.game.current == b
    assert sum("out of date" in i.said for i in clicks) == 1


async def test_timeouts_and_removal_after_three(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, turn_seconds=30)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r3", "y7"], b: ["b1", "y2"], c: ["b4", "g2"]},
        discard=["r9"], draw=["g1"] * 20, current=a))
    await clock.advance(27)  # set_position started the timer one second ago
    assert len(session.game.hands[a]) == 2
    await clock.advance(2)
    await session.settle()
    assert len(session.game.hands[a]) == 3 and session.game.current == b
    assert "player1 ran out of time; player1 drew 1 card" in session.table_message().text
    for _ in range(2):  # b and c time out too; then a again, and so on
        await clock.advance(30 * 3)
    await session.settle()
    assert a not in session.game.hands and session.game.players == [b, c]  # out after three
    assert "player1 left the game" in session.table_message().text


async def test_leave_and_kick_mid_round(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c, d) = await two_or_three(guild, bot, fake_discord, clock, count=4)
    answer = await session.member(b).slash("uno leave")
    assert answer.ephemeral and "You left the game" in answer.text
    assert b not in session.game.hands
    refused = await session.member(c).slash("uno kick", member=str(d))
    assert refused.ephemeral and "Only the host" in refused.text and d in session.game.hands
    kicked = await session.member(a).slash("uno kick", member=str(d))
    assert not kicked.ephemeral and "player4 was removed" in kicked.text
    assert session.game.players == [a, c]
    await session.settle()
    assert "player4 left the game" in session.table_message().text


async def test_leave_in_a_two_player_match_asks_before_it_ends_the_match(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b) = await two_or_three(guild, bot, fake_discord, clock, count=2)
    ben = session.member(b)
    asked = await ben.slash("uno leave")
    assert asked.ephemeral and asked.response is not None
    assert asked.text == ("Only player1 and you are left: if you leave, the match ends and "
                          "player1 wins by forfeit. Leave anyway?")
    assert session.game.players == [a, b] and not session.game.match_over  # nothing yet
    confirmed = await ben.click(asked.response, control(asked.response,
                                                        "Leave and end the match"))
    assert confirmed.ephemeral and "You left the game" in confirmed.text
    assert bot.manager.get(session.channel_id) is None  # the match is over: player1 won it
    assert fake_discord.violations == []


async def test_end_stops_the_game(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, _c) = await two_or_three(guild, bot, fake_discord, clock)
    table = session.table_message()
    unrefreshed = table.snapshot()
    refused = await session.member(b).slash("uno end")
    assert refused.ephemeral and bot.manager.get(guild.channel_id) is not None
    ended = await guild.members[-1].slash("uno end")  # the moderator
    assert not ended.ephemeral and "ended the UNO game" in ended.text
    await session.settle()
    assert bot.manager.get(guild.channel_id) is None and await bot.db.load_games() == ([], [])
    assert "This game was ended by" in table.content and table.enabled_ids() == []
    late = await session.member(a).click(unrefreshed, table_button(unrefreshed, "hand"))
    assert late.ephemeral and "no UNO game running" in late.text


async def test_each_click_moves_the_table_down_and_a_quiet_table_is_reposted_before_an_hour(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """A click posts the table afresh through its own token (the table before it is
    deleted through the token that posted it): no bot-token call. Turns that run out
    with nobody clicking edit it in place, through that token while it lives, then with
    the bot token; and it is posted afresh before it is an hour old."""
    session, (a, _b, _c) = await two_or_three(guild, bot, fake_discord, clock, turn_seconds=600)
    seats = [a, _b, _c]
    await session.set_position(position(
        "classic", seats, hands={a: ["r1", "r4", "g1"], _b: ["r2", "r5", "g2"],
                                 _c: ["r3", "r6", "g3"]},
        discard=["r9"], draw=FILL, current=a))
    await session.settle()
    first = session.table_message()
    calls = len(fake_discord.calls)
    for card in ("r1", "r2", "r3", "r4", "r5", "r6"):  # six quick plays in the same instant
        member = session.member(seats[(int(card[1]) - 1) % 3])
        hand = await session.open_hand(member)
        await session.click(member, hand, card_button(hand, "play", card))
        (shown,) = tables(session)
        assert shown.owner is not None and shown.owner.user_id == member.id
    assert fake_discord.bot_token_calls(calls) == 0 and first.id not in fake_discord.messages
    clicked = session.table_message()
    for _ in range(6):
        await clock.advance(9 * 60)  # a turn runs out every 10 minutes
        await session.settle()
    token_edits = fake_discord.calls_to("PATCH", f"/messages/{clicked.id}")
    assert token_edits and token_edits[0].path.startswith("/webhooks/")
    assert any(c.path.startswith("/channels/") for c in token_edits)  # the token died
    (moved,) = tables(session)
    assert moved.id != clicked.id and moved.owner is None  # posted afresh by the bot
    assert clicked.id not in fake_discord.messages and moved.enabled_ids()
    assert table_at(bot, guild.channel_id).table_message_id == moved.id
