"""Turn pings that ring (issue 12, point 1) and are never posted twice (issue 23, point
6): whenever the game starts waiting for other people they get a new channel message
that notifies them alone, with a nonce Discord enforces, so a request sent again after a
lost answer makes no second copy; the game's earlier pings are removed, and the last one
once the game waits for nobody (a round's or the match's end)."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from tests.fakediscord import FakeDiscord, FakeGuild, StoredMessage
from tests.ui.game_helpers import Playing, card_button, control, players, position, start_game

FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]


def pings(session: Playing) -> list[StoredMessage]:
    """The channel's messages that notified someone, still there."""
    return [m for m in session.fake.channel_messages(session.channel_id)
            if m.notified and not m.ephemeral and m.id != session.table_message().id]


async def test_each_new_turn_rings_its_player_alone_and_removes_the_ping_before(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3)
    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r1", "r2"], b: ["r3", "r4"], c: ["r5", "r6"]},
        discard=["r9"], draw=FILL, current=a))
    ana, ben = session.member(a), session.member(b)
    hand_a = await session.open_hand(ana)
    calls = len(fake_discord.calls)
    await session.click(ana, hand_a, card_button(hand_a, "play", "r1"))
    await session.settle()
    (ping,) = pings(session)
    assert ping.notified == {int(b)} and ping.content == f"<@{b}>, it is your turn."
    assert session.table_message().notified == frozenset()  # the pings ring, not the table
    post = fake_discord.calls_to("POST", f"/channels/{session.channel_id}/messages")[-1]
    assert post.json["allowed_mentions"] == {"parse": [], "users": [int(b)]}
    assert post.json["enforce_nonce"] is True and post.json["nonce"]
    assert fake_discord.bot_token_calls(calls) <= 3  # the table, the ping, ana's old ping

    hand_b = await session.open_hand(ben)
    await session.click(ben, hand_b, card_button(hand_b, "play", "r3"))
    await session.settle()
    (newer,) = pings(session)  # the ping for ben was removed
    assert newer.notified == {int(c)} and ping.id not in fake_discord.messages
    later = fake_discord.calls_to("POST", f"/channels/{session.channel_id}/messages")[-1]
    assert later.json["nonce"] != post.json["nonce"]  # a nonce per ping
    assert fake_discord.violations == []


async def test_a_ping_whose_answer_is_lost_is_posted_once(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """Discord makes the ping and answers 500; discord.py sends it again; the nonce makes
    Discord return the ping it made. The removal of the one before is lost the same way."""
    session = await start_game(guild, bot, fake_discord, clock, 3)
    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r1", "r2"], b: ["r3", "r4"], c: ["r5", "r6"]},
        discard=["r9"], draw=FILL, current=a))
    ana = session.member(a)
    hand_a = await session.open_hand(ana)
    messages = f"/channels/{session.channel_id}/messages"
    fake_discord.lose_answer("POST", messages)
    fake_discord.lose_answer("DELETE", messages)
    await session.click(ana, hand_a, card_button(hand_a, "play", "r1"))
    await session.settle()
    posts = [c for c in fake_discord.calls_to("POST", messages) if c.json.get("nonce")]
    assert len(posts) >= 2 and posts[-1].json == posts[-2].json  # sent again, as it was
    assert fake_discord.lost_answers == []  # both answers were lost, and both sent again
    (ping,) = pings(session)
    assert ping.notified == {int(b)}
    assert fake_discord.violations == []


async def test_a_computer_players_move_rings_the_next_person(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    host = guild.members[0]
    lobby = (await host.slash("uno new")).response
    assert lobby is not None
    await host.slash("uno addbot", level="easy")
    await host.click(lobby, lobby.custom_id("uno:lobby:start:"))
    session = Playing(bot, fake_discord, guild, clock, [host])
    await session.settle()
    a, robot = players(session.game)
    await session.set_position(position(
        "classic", [a, robot], hands={a: ["r1", "r2", "b7"], robot: ["r3", "r4", "y5"]},
        discard=["r9"], draw=FILL, current=a))
    hand = await session.open_hand(host)
    await session.click(host, hand, card_button(hand, "play", "r1"))
    assert pings(session) == []  # the computer player is waited for: nobody to ring
    await session.settle(5)  # the computer player thinks, then plays
    assert session.game.current == a  # the computer player has moved
    (ping,) = pings(session)
    assert ping.notified == {int(a)}
    assert fake_discord.violations == []


async def test_the_end_of_a_round_and_of_the_match_removes_the_last_ping(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3, target=100)
    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], options={"target": 100},
        hands={a: ["r1"], b: ["g2", "y3"], c: ["b1", "b5"]},
        discard=["r9"], draw=FILL, current=c, uno_called=[a]))
    cy, ana = session.member(c), session.member(a)
    hand_c = await session.open_hand(cy)
    await session.click(cy, hand_c, control(hand_c, "Draw"))  # g1 does not go on r9
    await session.settle()
    (ping,) = pings(session)
    assert ping.notified == {int(a)}
    hand = await session.open_hand(ana)
    await session.click(ana, hand, card_button(hand, "play", "r1"))
    await session.settle()
    assert session.game.round_over and not session.game.match_over
    assert pings(session) == [] and ping.id not in fake_discord.messages  # between rounds

    await session.set_position(position(
        "classic", [a, b, c], options={"target": 10},
        hands={a: ["r1"], b: ["g2", "y3"], c: ["b1", "b5"]},
        discard=["r9"], draw=FILL, current=c, uno_called=[a]))
    hand_c = await session.open_hand(cy)
    await session.click(cy, hand_c, control(hand_c, "Draw"))
    await session.settle()
    (ping,) = pings(session)
    hand = await session.open_hand(ana)
    await session.click(ana, hand, card_button(hand, "play", "r1"))
    await session.settle()
    assert bot.manager.get(session.channel_id) is None  # the match is over
    assert ping.id not in fake_discord.messages and pings(session) == []
    assert fake_discord.violations == []
