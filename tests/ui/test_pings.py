"""Turn pings that ring (issue 12, point 1): whenever the game starts waiting for other
people they get a new message that notifies them alone, posted through a player's
interaction token; the game's earlier pings are removed, the last one when the game
waits for nobody; a move costs at most one bot-token call. None is left twice (issue
23, point 6) when Discord makes a ping and its answer is lost, so discord.py sends it
again: a channel message's nonce makes Discord return the one it made, and a copy a
follow-up left is found on the gateway and removed."""

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
    assert ping.owner is not None and ping.owner.user_id == int(a)  # ana's click posted it
    post = fake_discord.calls_to("POST", f"/webhooks/{fake_discord.application_id}/")[-1]
    assert post.json["allowed_mentions"] == {"parse": [], "users": [int(b)]}
    assert fake_discord.bot_token_calls(calls) <= 1  # the table's edit, nothing else

    hand_b = await session.open_hand(ben)
    calls = len(fake_discord.calls)
    await session.click(ben, hand_b, card_button(hand_b, "play", "r3"))
    await session.settle()
    (newer,) = pings(session)  # the ping for ben was removed
    assert newer.notified == {int(c)} and ping.id not in fake_discord.messages
    assert fake_discord.bot_token_calls(calls) <= 1
    assert fake_discord.violations == []


async def test_a_computer_players_move_rings_the_next_person_through_a_live_token(
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
    await session.settle(5)  # the computer player thinks, then plays
    assert session.game.current == a  # the computer player has moved
    (ping,) = pings(session)
    assert ping.notified == {int(a)} and ping.owner is not None  # a token posted it
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


async def test_a_follow_up_ping_made_twice_after_a_lost_answer_is_left_once(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """Discord makes ben's ping and answers 500; discord.py sends it again and Discord
    makes a second copy: the first is found on the gateway and removed. The removal of
    the ping before is lost the same way (sent again, it finds the ping gone)."""
    session = await start_game(guild, bot, fake_discord, clock, 3)
    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r1", "r2"], b: ["r3", "r4"], c: ["r5", "r6"]},
        discard=["r9"], draw=FILL, current=a))
    followups = f"/webhooks/{fake_discord.application_id}/"
    fake_discord.lose_answer("POST", followups)
    fake_discord.lose_answer("DELETE", followups)
    calls = len(fake_discord.calls)
    await session.set_position(position(  # no click: the table is edited, ben pinged
        "classic", [a, b, c], hands={a: ["r2"], b: ["r3", "r4"], c: ["r5", "r6"]},
        discard=["r1"], draw=FILL, current=b))
    made = [c for c in fake_discord.calls[calls:] if c.method == "POST"
            and followups in c.path and "it is your turn" in c.json.get("content", "")]
    assert len(made) == 2 and made[0].json == made[1].json  # ben's, sent again
    assert fake_discord.lost_answers == []
    (ping,) = pings(session)
    assert ping.notified == {int(b)}
    assert fake_discord.violations == []


async def test_a_channel_ping_sent_again_after_a_lost_answer_is_made_once(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """With no live token (nobody clicked for 15 minutes) the bot token posts the ping,
    with a nonce Discord enforces: sent again, it returns the message it made."""
    session = await start_game(guild, bot, fake_discord, clock, 3, turn_seconds=600)
    a, b, c = players(session.game)
    await clock.advance(880)  # the last click's token is too old to use
    messages = f"/channels/{session.channel_id}/messages"
    fake_discord.lose_answer("POST", messages)
    calls = len(fake_discord.calls)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r1", "r2"], b: ["r3", "r4"], c: ["r5", "r6"]},
        discard=["r9"], draw=FILL, current=b))
    posts = [c for c in fake_discord.calls[calls:] if c.method == "POST"
             and c.path == messages and "it is your turn" in c.json.get("content", "")]
    assert len(posts) == 2 and posts[0].json == posts[1].json
    assert posts[0].json["enforce_nonce"] is True and posts[0].json["nonce"]
    (ping,) = pings(session)
    assert ping.notified == {int(b)} and ping.owner is None
    assert fake_discord.violations == []
