"""Turn pings that ring (issue 12, point 1): whenever the game starts waiting for other
people they are mentioned in a new message that notifies them alone, posted through a
player's interaction token; the game's earlier pings are removed, the last one when the
game waits for nobody; a move costs at most one bot-token call. A click's move is one new
message (issue 27, point 3): the table posted afresh through the click carries the ping;
a change no click carries edits the table, which rings nobody, and posts a ping of its
own. None is left twice (issue 23, point 6) when Discord makes a ping and its answer is
lost, so discord.py sends it again: a channel message's nonce makes Discord return the
one it made, and a copy a follow-up left is found on the gateway and removed."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.ui.delivery.board import RETRY_AFTER
from tests.fakediscord import FakeDiscord, FakeGuild, Latency, RestCall, StoredMessage
from tests.ui.game_helpers import Playing, card_button, control, players, position, start_game
from tests.ui.test_game_table import tables

FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]


def pings(session: Playing) -> list[StoredMessage]:
    """The channel's live pings: messages still there that notified someone, as posted
    (a table posted with the ping is one until it is edited: an edit calls whom the game
    waits for then, and rings nobody)."""
    return [m for m in session.fake.channel_messages(session.channel_id)
            if m.notified and not m.ephemeral and m.payload["edited_timestamp"] is None]


def messages_made(fake: FakeDiscord, since: int) -> list[RestCall]:
    """The requests from ``calls[since]`` on that made a message in a channel: follow-ups
    and channel posts (not the answers to the clicks)."""
    return [c for c in fake.calls[since:] if c.method == "POST" and (
        c.path.startswith(f"/webhooks/{fake.application_id}/") or c.path.endswith("/messages"))]


async def ana_to_play(guild: FakeGuild, bot: UnoBot, fake_discord: FakeDiscord,
                      clock: FakeClock) -> Playing:
    """A game of three (ana, ben, cy) where ana is to play and holds r1 on r9 (set
    without a click: the table is edited, and ana pinged)."""
    session = await start_game(guild, bot, fake_discord, clock, 3)
    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r1", "r2"], b: ["r3", "r4"], c: ["r5", "r6"]},
        discard=["r9"], draw=FILL, current=a))
    return session


async def test_each_new_turn_rings_its_player_alone_in_the_new_table(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await ana_to_play(guild, bot, fake_discord, clock)
    a, b, c = players(session.game)
    ana, ben = session.member(a), session.member(b)
    hand_a = await session.open_hand(ana)
    calls = len(fake_discord.calls)
    await session.click(ana, hand_a, card_button(hand_a, "play", "r1"))
    await session.settle()
    (ping,) = pings(session)
    assert ping.id == session.table_message().id  # the new table is the ping
    assert ping.notified == {int(b)} and ping.content.startswith(f"<@{b}>, it is your turn.")
    assert ping.owner is not None and ping.owner.user_id == int(a)  # ana's click posted it
    (post,) = messages_made(fake_discord, calls)
    assert post.json["allowed_mentions"] == {"parse": [], "users": [int(b)]}
    assert fake_discord.bot_token_calls(calls) == 0

    hand_b = await session.open_hand(ben)
    calls = len(fake_discord.calls)
    await session.click(ben, hand_b, card_button(hand_b, "play", "r3"))
    await session.settle()
    (newer,) = pings(session)  # the table that rang ben was removed
    assert newer.notified == {int(c)} and ping.id not in fake_discord.messages
    assert newer.id == session.table_message().id and len(tables(session)) == 1
    assert fake_discord.bot_token_calls(calls) == 0
    assert fake_discord.violations == []


async def test_the_player_a_table_rings_finds_their_hand_refreshed_without_waiting_for_it(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """The new table and the hand refreshes its change needs go out at once: ben's open
    hand is edited before Discord has even answered the post of the table that rings
    him (and long before the old table's delete)."""
    session = await ana_to_play(guild, bot, fake_discord, clock)
    a, b, _ = players(session.game)
    ana, ben = session.member(a), session.member(b)
    hand_b = await session.open_hand(ben)
    hand_a = await session.open_hand(ana)
    assert hand_b.owner is not None
    fake_discord.latency = Latency.fixed(0.2)
    calls = len(fake_discord.calls)
    await session.click(ana, hand_a, card_button(hand_a, "play", "r1"))
    await session.settle()
    (post,) = messages_made(fake_discord, calls)
    (refresh,) = [c for c in fake_discord.calls[calls:] if c.method == "PATCH"
                  and c.path.endswith(f"/{hand_b.owner.token}/messages/@original")]
    assert refresh.time < post.time + post.delay
    assert card_button(session.fake.messages[hand_b.id], "play", "r3")
    assert fake_discord.violations == []


async def test_a_click_posts_one_message_and_removes_the_table_and_the_ping_before(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """A change no click carried left the table and a ping of its own: the next click's
    move is one new message (the table, ringing the next player), both others deleted."""
    session = await ana_to_play(guild, bot, fake_discord, clock)
    a, b, _ = players(session.game)
    old_table = session.table_message()
    (old_ping,) = pings(session)
    assert old_ping.id != old_table.id and old_ping.notified == {int(a)}
    ana = session.member(a)
    hand = await session.open_hand(ana)
    calls = len(fake_discord.calls)
    await session.click(ana, hand, card_button(hand, "play", "r1"))
    await session.settle()
    (made,) = messages_made(fake_discord, calls)
    assert made.json.get("embeds") and made.json["allowed_mentions"]["users"] == [int(b)]
    deleted = [c for c in fake_discord.calls[calls:] if c.method == "DELETE"]
    assert len(deleted) == 2
    assert old_table.id not in fake_discord.messages and old_ping.id not in fake_discord.messages
    (ping,) = pings(session)
    assert ping.id == session.table_message().id and ping.notified == {int(b)}
    assert fake_discord.bot_token_calls(calls) == 0
    assert fake_discord.violations == []


async def test_an_edit_after_a_table_that_rang_names_the_new_player_and_pings_apart(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """The table rang ben; then a change no click carries makes it cy's turn: the edited
    table says so, rings nobody, and cy is rung by a ping of their own."""
    session = await ana_to_play(guild, bot, fake_discord, clock)
    a, b, c = players(session.game)
    ana = session.member(a)
    hand = await session.open_hand(ana)
    await session.click(ana, hand, card_button(hand, "play", "r1"))
    await session.settle()
    rang = session.table_message()
    assert rang.notified == {int(b)}
    calls = len(fake_discord.calls)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r2"], b: ["r3", "r4"], c: ["r5", "r6"]},
        discard=["r1"], draw=FILL, current=c))
    table = session.table_message()
    assert table.id == rang.id  # edited, not posted afresh
    assert table.content.startswith(f"<@{c}>, it is your turn.") and f"<@{b}>" not in table.content
    edit = [c for c in fake_discord.calls[calls:] if c.method == "PATCH"
            and c.path.endswith(f"/messages/{table.id}")][-1]
    assert edit.json["allowed_mentions"] == {"parse": [], "users": []}
    (ping,) = pings(session)
    assert ping.id != table.id and ping.notified == {int(c)} and not ping.custom_ids()
    assert fake_discord.violations == []


async def ana_plays_and_discord_refuses_the_table(
    guild: FakeGuild, bot: UnoBot, fake_discord: FakeDiscord, clock: FakeClock
) -> tuple[Playing, str]:
    """Ana plays r1 from her hand, and Discord refuses the new table that was to ring
    ben (returned with the session)."""
    session = await ana_to_play(guild, bot, fake_discord, clock)
    a, b, _ = players(session.game)
    ana = session.member(a)
    hand = await session.open_hand(ana)
    fake_discord.fail_next("POST", f"/webhooks/{fake_discord.application_id}/", 400, 50035,
                           "Invalid Form Body")
    await session.click(ana, hand, card_button(hand, "play", "r1"))
    await session.settle()
    return session, b


async def test_a_ping_whose_table_could_not_be_posted_goes_with_the_next_click(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """Discord refuses the new table that was to ring ben: ben is rung all the same, by
    the table the next click carries (ben opening his hand), now showing the move."""
    session, b = await ana_plays_and_discord_refuses_the_table(
        guild, bot, fake_discord, clock)
    assert session.game.current == b
    assert all(int(b) not in m.notified for m in pings(session))
    await session.open_hand(session.member(b))
    await session.settle()
    (ping,) = pings(session)
    assert ping.notified == {int(b)} and ping.id == session.table_message().id
    assert version_of(ping) == str(session.table.version)
    assert fake_discord.violations == []


async def test_a_table_discord_refused_is_shown_and_rings_without_another_click(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """Discord refuses the new table that was to ring ben, and nobody clicks: the
    courier tries again ``RETRY_AFTER`` later, so the table shows the move and ben is
    rung all the same, rather than the game looking stuck until somebody clicks."""
    session, b = await ana_plays_and_discord_refuses_the_table(
        guild, bot, fake_discord, clock)
    version = str(session.table.version)
    shown = session.table_message()
    assert version_of(shown) != version  # the table before the move
    assert all(int(b) not in m.notified for m in pings(session))
    await clock.advance(RETRY_AFTER)
    await session.settle()
    assert version_of(session.table_message()) == version
    (ping,) = pings(session)
    assert ping.notified == {int(b)}
    assert fake_discord.violations == []


def version_of(table: StoredMessage) -> str:
    """The version the table message's buttons carry (``uno:g:<channel>:<version>:...``)."""
    return next(c for c in table.custom_ids() if c.endswith(":hand")).split(":")[3]


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
    session = await ana_to_play(guild, bot, fake_discord, clock)
    a, b, c = players(session.game)
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
