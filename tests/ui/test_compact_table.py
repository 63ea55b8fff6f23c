"""A table that fits a phone (issue 12, point 2): who is to play and what to do, the
top card and colour, the seats on one line, the last two actions (issue 25: the whole
turn fits a phone), the buttons; the rules behind the Rules button, the picture small
with large text."""

from __future__ import annotations

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.render.table import HEIGHT, WIDTH
from tests.fakediscord import FakeDiscord, FakeGuild
from tests.fakediscord.attachments import png_size
from tests.ui.game_helpers import card_button, players, position, start_game, table_button

FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]


async def test_the_table_is_a_few_lines_and_a_small_picture(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 3)
    a, b, c = players(session.game)
    await session.set_position(position(
        "classic", [a, b, c], hands={a: ["r1", "r2", "r3"], b: ["r4", "r5", "y1"],
                                     c: ["r6", "r7", "y2"]},
        discard=["r9"], draw=FILL, current=a))
    for player, card in ((a, "r1"), (b, "r4"), (c, "r6"), (a, "r2")):
        member = session.member(player)
        hand = await session.open_hand(member)
        await session.click(member, hand, card_button(hand, "play", card))
        await session.settle()
    table = session.table_message()
    (embed,) = table.embeds
    assert "title" not in embed
    lines = embed["description"].splitlines()
    names = [session.table.name_of(p) for p in (a, b, c)]
    # the top card and colour are in the picture, large, and said in the text too
    assert embed["image"]["url"].endswith("/table.png")
    assert table.content.startswith(f"<@{b}>, it is your turn. Time runs out <t:")
    assert lines[0] == "Top card **red 2** · play on 🔴 red"
    assert lines[1] == f"↻ <@{a}> 1 · ▶ <@{b}> 2 · <@{c}> 2"
    assert lines[2:] == [f"• {names[2]} played a red 6",
                         f"• {names[0]} played a red 2"]  # the last two actions only
    assert "scoring" not in table.text and "Seven-O" not in table.text  # behind Rules
    rules = await session.member(a).click(table, table_button(table, "rules"))
    assert rules.ephemeral and "Seven-O" in rules.text
    assert png_size(table.attachment("table.png").data) == (WIDTH, HEIGHT)
