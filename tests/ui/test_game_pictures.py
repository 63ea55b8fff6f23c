"""Card pictures, end to end through the fake Discord: the table message carries
``table.png`` (its embed shows it), each hand message ``hand.png``; games opened
without pictures, or on a server that turned them off, are text only."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.app.client import UnoBot
from bot.engine import Game
from bot.engine.cards import Card, CardColor, is_card
from bot.game.clock import FakeClock
from bot.render import TableScene, render_hand, render_table, warm
from bot.render.table import HEIGHT, WIDTH
from bot.ui.delivery import pictures
from bot.ui.words.rule_words import card_name
from tests.conftest import make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild, StoredMessage
from tests.render.conftest import decode
from tests.ui.game_helpers import Playing, card_button, control, position, start_game
from tests.ui.test_game_cards import FILL, two_or_three
from tests.ui.test_records import MANAGE_GUILD

CARD_BUTTON = re.compile(r":a:(?:play|discard):([a-z0-9]+):")


def table_picture(message: StoredMessage) -> bytes:
    """The table message's picture, which its embed must show."""
    picture = message.attachment("table.png")
    assert picture.content_type == "image/png"
    (attachment,) = message.payload["attachments"]
    assert message.embeds[0]["image"]["url"] == attachment["url"]
    return picture.data


def button_cards(hand: StoredMessage) -> tuple[list[Card], list[int], set[int]]:
    """The cards of a hand message's buttons, in order; the copies each stands for
    (a button "x2" two); and the indices of the cards whose button is enabled."""
    cards: list[Card] = []
    counts: list[int] = []
    enabled: set[int] = set()
    enabled_ids = hand.enabled_ids()
    for custom_id, label in hand.labels().items():
        found = CARD_BUTTON.search(custom_id)
        if found is None:
            continue
        if custom_id in enabled_ids:
            enabled.add(len(cards))
        code = found.group(1)
        assert is_card(code)
        cards.append(code)
        counts.append(int(label.rsplit(" x", 1)[1]) if re.search(r" x\d+$", label) else 1)
    return cards, counts, enabled


def scene(session: Playing, top: Card, color: CardColor, counts: list[int], current: int,
          draw_pile: int, direction: int = 1) -> TableScene:
    names = [session.table.name_of(p) for p in session.game.players]
    assert color, "a colour to match"
    return TableScene(top, color, direction, tuple(zip(names, counts, strict=True)), current,
                      draw_pile)


def no_pictures(message: StoredMessage) -> bool:
    return message.attachments == [] and all("image" not in e for e in message.embeds)


async def test_the_table_picture_shows_the_top_card_colour_direction_and_counts(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["wild", "r3", "b5"], b: ["y1", "y2"], c: ["g1"]},
        discard=["r9"], draw=FILL, current=a, direction=-1))
    table = session.table_message()
    before = table_picture(table)
    assert decode(before).size == (WIDTH, HEIGHT)  # small enough for a phone
    assert before == render_table(scene(session, "r9", "r", [3, 2, 1], 0, len(FILL), -1))

    ana = session.member(a)
    hand = await session.open_hand(ana)
    await session.click(ana, hand, card_button(hand, "play", "wild"))
    await session.click(ana, hand, control(hand, "🟩"))
    await session.settle()
    assert session.game.color == "g" and session.game.current == c
    after = table_picture(session.table_message())
    assert after != before
    assert after == render_table(scene(session, "wild", "g", [2, 2, 1], 2, len(FILL), -1))
    edit = [call for call in fake_discord.calls_to("PATCH", f"/messages/{table.id}")
            if call.files][-1]
    (attached,) = edit.json["attachments"]  # replaced
    assert (attached["id"], attached["filename"]) == (0, "table.png")
    # the text still names the top card and the colour in force, beside the picture
    assert "Top card **Wild** · play on 🟩 green" in session.table_message().text
    names = [session.table.name_of(p) for p in (a, b, c)]
    assert session.table_message().attachment("table.png").description == (
        f"Top card: Wild. Play on green. {names[2]} to play. Play goes against seating "
        f"order. {names[0]} 2 cards, {names[1]} 2 cards, {names[2]} 1 card. "
        f"{len(FILL)} cards to draw.")


async def test_the_hand_picture_follows_the_buttons(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    hand_a = ["b5", "wild4", "r3", "r3", "g2"]
    await session.set_position(position(
        "classic", [a, b, c], hands={a: hand_a, b: ["r1", "y2"], c: ["g1"]},
        discard=["r9"], draw=FILL, current=a))
    ana, ben = session.member(a), session.member(b)
    hand = await session.open_hand(ana)
    cards, counts, playable = button_cards(hand)
    assert cards == ["r3", "wild4", "g2", "b5"]  # the playable cards first
    assert counts == [2, 1, 1, 1] and playable == {0, 1}  # one button "x2"
    picture = hand.attachment("hand.png")
    assert picture.data == render_hand(cards, playable, counts)  # one card a button
    assert picture.description == (  # numbered as the buttons list them
        "Your hand, 5 cards: 1 red 3 (2 of them), 2 Wild Draw Four, 3 green 2, 4 blue 5. "
        "You can play 1 and 2.")

    hand_b = await session.open_hand(ben)  # not b's turn: every card plain
    cards_b, counts_b, _ = button_cards(hand_b)
    assert hand_b.attachment("hand.png").data == render_hand(cards_b, None, counts_b)
    assert hand_b.attachment("hand.png").description == (
        f"Your hand, 2 cards: 1 {card_name(cards_b[0])}, 2 {card_name(cards_b[1])}.")

    await session.click(ana, hand, card_button(hand, "play", "r3"))
    cards, counts, _ = button_cards(hand)  # a's turn is over: every card plain
    assert sum(counts) == 4
    assert hand.attachment("hand.png").data == render_hand(cards, None, counts)
    await session.settle()
    # b's turn now: the courier refreshed b's hand message with b's playable cards lifted
    cards_b, counts_b, playable_b = button_cards(hand_b)
    assert cards_b[0] == "r1" and playable_b == {0}
    assert hand_b.attachment("hand.png").data == render_hand(cards_b, playable_b, counts_b)
    assert decode(hand_b.attachment("hand.png").data).width > 0


async def test_a_game_opened_without_pictures_is_text_only(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b) = await two_or_three(guild, bot, fake_discord, clock, 2, images=False)
    assert session.table.images is False
    await session.set_position(position(
        "classic", [a, b], hands={a: ["wild", "r3"], b: ["y1", "y2"]},
        discard=["r9"], draw=FILL, current=a))
    ana = session.member(a)
    hand = await session.open_hand(ana)
    await session.click(ana, hand, card_button(hand, "play", "r3"))
    await session.settle()
    hand_b = await session.open_hand(session.member(b))
    assert "Top card **red 3**" in session.table_message().text
    assert all(no_pictures(m) for m in fake_discord.messages.values())
    assert no_pictures(hand) and no_pictures(hand_b)
    assert not any(call.files for call in fake_discord.calls)


async def test_a_server_without_pictures_opens_text_only_games(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    admin = guild.members[0]
    admin.permissions |= MANAGE_GUILD
    await admin.slash("uno settings", images=False)
    session = await start_game(guild, bot, fake_discord, clock, 2)
    assert session.table.images is False
    hand = await session.open_hand(session.members[0])
    assert no_pictures(session.table_message()) and no_pictures(hand)
    assert not any(call.files for call in fake_discord.calls)
    await admin.slash("uno end")
    # the game's own option wins over the server's
    again = await start_game(guild, bot, fake_discord, clock, 2, images=True)
    assert again.table.images is True
    a, b = (str(m.id) for m in again.members)
    await again.set_position(position("classic", [a, b], hands={a: ["r1"], b: ["y1"]},
                                      discard=["b9"], draw=FILL, current=a))
    assert table_picture(again.table_message())


def record_threads(monkeypatch: pytest.MonkeyPatch, module: Any) -> list[tuple[str, int]]:
    """Wrap the renderers ``module`` calls, recording each call's thread."""
    calls: list[tuple[str, int]] = []
    for name in ("render_hand", "render_table"):
        real: Callable[..., bytes] = getattr(module, name)

        def recording(*args: Any, _real: Callable[..., bytes] = real, _name: str = name
                      ) -> bytes:
            calls.append((_name, threading.get_ident()))
            return _real(*args)

        monkeypatch.setattr(module, name, recording)
    return calls


async def test_a_click_answer_draws_its_hand_at_once_other_pictures_off_the_loop(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hand a click answers with is drawn on the event loop, so that one callback
    answers the click; the table picture is drawn by a painter (here a worker thread:
    ``tests/ui/test_painters.py`` has the worker process); a picture that has not
    changed is not drawn again."""
    drawn = record_threads(monkeypatch, pictures)
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    def spot() -> Game:
        return position("classic", [a, b, c], hands={a: ["y4", "r3"], b: ["r1", "y2"],
                                                     c: ["g1"]}, discard=["r8"], draw=FILL,
                        current=a)

    await session.set_position(spot())
    hand = await session.open_hand(session.member(a))
    drawn.clear()
    completions = len(fake_discord.calls_to("PATCH", "/messages/@original"))
    await session.click(session.member(a), hand, card_button(hand, "play", "r3"))
    await session.settle()
    loop_thread = threading.get_ident()
    assert [call for call in drawn if call[1] == loop_thread] == [("render_hand", loop_thread)]
    assert len(fake_discord.calls_to("PATCH", "/messages/@original")) == completions
    assert {name for name, thread in drawn if thread != loop_thread} == {"render_table"}

    await session.set_position(spot())
    first = table_picture(session.table_message())
    rendered = len(drawn)
    edits = len(fake_discord.calls_to("PATCH", "/messages/"))
    await session.set_position(spot())  # a new version, the same picture
    assert len(fake_discord.calls_to("PATCH", "/messages/")) > edits  # edited again
    assert len(drawn) == rendered  # but nothing was drawn
    assert table_picture(session.table_message()) == first


async def test_faces_are_drawn_in_a_thread_at_start_up(
    fake_discord: FakeDiscord, guild: FakeGuild, clock: FakeClock, endpoints: None,
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    threads: list[int] = []
    monkeypatch.setattr(warm, "warm_faces", lambda: threads.append(threading.get_ident()))
    async with running_bot(make_settings(fake_discord, tmp_path), clock, fake_discord) as client:
        assert client.warming is not None
        await client.warming
    assert len(threads) == 1 and threads[0] != threading.get_ident()


async def test_the_table_posted_afresh_before_an_hour_carries_the_picture(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock, turn_seconds=600)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r1", "r2"], b: ["y1", "y2"], c: ["g1", "g2"]},
        discard=["b9"], draw=FILL, current=a))
    first = session.table_message()
    assert table_picture(first)
    for _ in range(6):
        await clock.advance(9 * 60)  # a turn runs out every 10 minutes
        await session.settle()
    moved = session.table_message()
    assert moved.id != first.id and first.id not in fake_discord.messages
    game = session.game
    counts = [len(game.hands[p]) for p in game.players]
    assert table_picture(moved) == render_table(scene(
        session, game.top, game.color, counts, game.players.index(game.current),
        len(game.draw_pile), game.direction))


async def test_an_answer_showing_the_same_hand_picture_does_not_upload_it_again(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r3", "r5", "y7"], b: ["r1", "y2"], c: ["g1", "g2"]},
        discard=["r9"], draw=FILL, current=a))
    ana = session.member(a)
    hand = await session.open_hand(ana)
    stale = hand.snapshot()
    await session.click(ana, hand, card_button(hand, "play", "r3"))  # the hand changed
    uploaded = hand.attachment("hand.png")
    answer = await ana.click(stale, card_button(stale, "play", "r5"))  # out of date
    assert answer.updated_message and "out of date" in hand.content
    callbacks = [c for c in fake_discord.calls
                 if c.path.startswith(f"/interactions/{answer.id}/")
                 or (answer.token in c.path and c.method == "PATCH")]
    assert callbacks and all(not c.files for c in callbacks)  # the same picture, kept
    assert hand.attachment("hand.png") == uploaded


async def test_the_round_winner_sees_no_empty_picture(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session, (a, b, c) = await two_or_three(guild, bot, fake_discord, clock)
    await session.set_position(position(
        "classic", [a, b, c], options={"target": 500},
        hands={a: ["r1"], b: ["g2", "y3"], c: ["b1"]}, discard=["r9"], draw=FILL,
        current=a, uno_called=[a]))
    ana = session.member(a)
    hand = await session.open_hand(ana)
    assert hand.attachment("hand.png").data
    await session.click(ana, hand, card_button(hand, "play", "r1"))
    await session.settle()
    assert session.game.round_winner == a
    assert "Round 1 is over" in hand.content and hand.payload["attachments"] == []
    hand_b = await session.open_hand(session.member(b))  # a loser still sees the cards left
    assert hand_b.attachment("hand.png").data
