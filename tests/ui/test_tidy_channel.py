"""A tidy channel (issue 12, point 8): the lobby and round messages are updated once
their moment has passed."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.ui.delivery.board import RETRY_AFTER
from bot.ui.delivery.table_courier import POST_TRIES
from tests.fakediscord import FakeDiscord, FakeGuild, RestCall, StoredMessage
from tests.ui.game_helpers import Playing, card_button, players, position, start_game

FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]


async def win_a_round(session: Playing, target: int = 500, refused: int = 0) -> str:
    """ana (the first seat) lays her last card: 11 points from the others' hands.
    ``refused``: Discord refuses that many posts of the round's message first."""
    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], options={"target": target},
        hands={a: ["r1"], b: ["g2", "y3"], c: ["b1", "b5"]},
        discard=["r9"], draw=FILL, current=a, uno_called=[a]))
    ana = session.member(a)
    hand = await session.open_hand(ana)
    for _ in range(refused):
        session.fake.fail_next("POST", f"/channels/{session.channel_id}/messages", 400,
                               50035, "Invalid Form Body")
    await session.click(ana, hand, card_button(hand, "play", "r1"))
    await session.settle()
    return a


def only_round_message(fake: FakeDiscord) -> StoredMessage:
    (found,) = [m for m in fake.messages.values() if m.content.startswith("**Round")]
    return found


async def test_the_lobby_message_says_the_match_is_over_once_it_is(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3, target=10)
    lobby_id = session.table.message_id
    assert lobby_id is not None
    lobby = fake_discord.message(lobby_id)
    assert "The game has started" in lobby.text
    winner = await win_a_round(session, target=10)
    assert "The game has started" not in lobby.text
    assert f"The match is over: 🏆 <@{winner}> won it." in lobby.text
    assert lobby.custom_ids() == []


async def test_the_lobby_message_says_who_ended_the_game(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    lobby_id = session.table.message_id
    assert lobby_id is not None
    host = session.members[0]
    await host.slash("uno end")
    await session.settle()
    assert f"This game was ended by <@{host.id}>." in fake_discord.message(lobby_id).text


async def test_a_round_message_goes_once_the_next_round_is_dealt(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """The table stays in view: below it, never more than the round message and a ping
    (the click that ended the round posted the table below the round message)."""
    session = await start_game(guild, bot, fake_discord, clock, 3)
    await win_a_round(session)
    message = only_round_message(fake_discord)
    assert "starts by itself <t:" in message.content and message.custom_ids()
    assert set(below_the_table(session)) <= {message.id, *ping_ids(session)}
    await clock.advance(30)
    await session.settle()
    assert session.game.round_number == 2
    assert not [m for m in fake_discord.messages.values() if m.content.startswith("**Round")]
    await win_a_round(session)  # round 2's message, and round 1's is gone
    assert set(below_the_table(session)) <= {only_round_message(fake_discord).id,
                                             *ping_ids(session)}
    assert len(below_the_table(session)) <= 2


def below_the_table(session: Playing) -> list[int]:
    """The channel's messages under the table message, oldest first."""
    table = session.table_message()
    return sorted(m.id for m in session.fake.messages.values()
            if m.channel_id == session.channel_id and not m.ephemeral and m.id > table.id)


def ping_ids(session: Playing) -> list[int]:
    return [m.id for m in session.fake.messages.values()
            if m.channel_id == session.channel_id and not m.ephemeral
            and m.content.startswith("<@") and not m.custom_ids()]


async def test_the_lobby_message_folds_into_one_line_once_the_game_starts(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3)
    assert session.table.message_id is not None
    lobby = fake_discord.message(session.table.message_id)
    (embed,) = lobby.payload["embeds"]
    seats = " · ".join(f"<@{p}>" for p in players(session.game))
    assert embed["description"] == f"The game has started. Seating order: {seats}"
    assert "title" not in embed and lobby.custom_ids() == []


async def test_a_round_message_discord_refused_is_posted_with_the_next_try(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    """Discord refuses the round's message once: the courier's next try (here the one
    the click's answer starts) posts it, with its "Next round" button, rather than the
    round ending without a word."""
    session = await start_game(guild, bot, fake_discord, clock, 3)
    await win_a_round(session, refused=1)
    message = only_round_message(fake_discord)
    assert message.custom_ids() and session.game.round_number == 1
    assert len(round_message_tries(session)) == 2 and not fake_discord.faults
    assert fake_discord.violations == []


async def test_a_round_message_discord_keeps_refusing_is_given_up_and_the_game_goes_on(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3)
    await win_a_round(session, refused=POST_TRIES)
    for _ in range(POST_TRIES):
        await clock.advance(RETRY_AFTER)
        await session.settle()
    assert len(round_message_tries(session)) == POST_TRIES and not fake_discord.faults
    assert not [m for m in fake_discord.messages.values() if m.content.startswith("**Round")]
    await clock.advance(30)  # the next round deals itself all the same
    await session.settle()
    assert session.game.round_number == 2
    assert "the start card" in session.table_message().text  # round 2's table
    assert fake_discord.violations == []


def round_message_tries(session: Playing) -> list[RestCall]:
    return [c for c in session.fake.calls if c.method == "POST"
            and c.path.endswith(f"/channels/{session.channel_id}/messages")]
