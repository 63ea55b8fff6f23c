"""Screenshots of every kind of message, the way Discord draws them, at 1280 and 400 px.

    .venv/bin/python docs/screenshots.py [--language de]    (needs Debian's ``chromium``)

Plays a short scripted game through the fake Discord (the real bot, on loopback), keeps
each message as the client would show it, draws it with ``docs/discord_look.py`` and
takes a headless Chromium screenshot of it at a desktop and a phone width into
``docs/screenshots/``, then prints each one's height. With ``--language`` (a Discord
locale the bot ships) the server and every player speak it, and the screenshots go to
``docs/screenshots/<locale>/``. Not part of CI.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageChops

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.game.ports import MatchRecord, PlayerResult
from bot.i18n import LANGUAGES, pgettext, speaking
from bot.ui.discord_internals import point_at
from docs.discord_look import DESKTOP, PHONE, Shown, page_html
from tests.conftest import MEMBER_NAMES, make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild, StoredMessage, add_guild
from tests.ui.game_helpers import (
    Playing,
    card_button,
    control,
    players,
    position,
)

OUT = Path(__file__).parent / "screenshots"
BACKGROUND = (49, 51, 56)
FILL = ["g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9"]
BIG_HAND = ["r1", "r2", "r3", "r4", "r5", "r5", "b1", "b2", "b3", "b4", "b5", "b6", "b7",
            "b8", "y1", "y2", "y3", "y4", "y6", "y7", "g2", "g3"]

HUGE_HAND = [f"{color}{value}" for color in "rygb" for value in
             ("0", "1", "2", "3", "4", "5", "6", "7", "8", "skip")][:38]


def shown(message: StoredMessage) -> Shown:
    return Shown(copy.deepcopy(message.payload),
                 {a.filename: a.data for a in message.files.values()})


def ping(fake: FakeDiscord) -> StoredMessage:
    """The newest turn ping: a channel message that mentions and has no buttons."""
    return [m for m in fake.messages.values()
            if not m.ephemeral and m.content.startswith("<@") and not m.custom_ids()][-1]


async def play(fake: FakeDiscord, clock: FakeClock, tmp: Path, locale: str
               ) -> tuple[dict[str, list[Shown]], dict[int, str]]:
    """The scripted game, on a server and with players speaking ``locale``: each kind of
    message as it looked at its moment (a whole turn: the table, its ping and a hand),
    and the members' names by id."""
    guild = add_guild(fake, MEMBER_NAMES, channels=2, moderators=1, locale=locale)
    for member in guild.members:
        member.locale = locale
    with speaking(locale):
        draw = pgettext("button", "Draw")
    scenes: dict[str, list[Shown]] = {}
    async with running_bot(make_settings(fake, tmp), clock, fake) as bot:
        await rated_history(bot, guild)
        host = guild.members[0]
        lobby = (await host.slash("uno new", target=30)).response
        assert lobby is not None
        await guild.members[1].click(lobby, lobby.custom_id("uno:lobby:join:"))
        await guild.members[2].click(lobby, lobby.custom_id("uno:lobby:join:"))
        scenes["lobby"] = [shown(lobby)]
        await host.click(lobby, lobby.custom_id("uno:lobby:start:"))
        session = Playing(bot, fake, guild, clock, guild.members[:3])
        await session.settle()
        scenes["lobby started"] = [shown(lobby)]
        a, b, c = players(session.game)
        ana, ben = session.member(a), session.member(b)

        await session.set_position(position(
            "classic", [a, b, c], options={"target": 30},
            hands={a: ["r7", "wild", "b2", "y5", "r2", "g9"], b: ["y1", "y2", "r3"],
                   c: ["g1", "g2", "g3", "b4"]}, discard=["r9"], draw=FILL, current=a))
        hand = await session.open_hand(ana)
        scenes["hand on turn"] = [shown(hand)]
        scenes["whole turn"] = [shown(session.table_message()), shown(ping(fake)), shown(hand)]
        await session.click(ana, hand, card_button(hand, "play", "wild"))
        scenes["colour choice"] = [shown(hand)]
        await session.click(ana, hand, control(hand, "🔷"))
        hand_b = await session.open_hand(ben)
        await session.click(ben, hand_b, control(hand_b, draw))  # no blue: a third action
        await session.settle()
        scenes["table"] = [shown(session.table_message())]

        await session.set_position(position(
            "classic", [a, b, c], options={"target": 30}, hands={
                a: ["y3", "b5"], b: ["y1", "y2"], c: ["g1"]},
            discard=["r9", "wild4"], draw=FILL, current=b, color="g", pending_draw=4))
        hand_b = await session.open_hand(ben)
        scenes["challenge"] = [shown(hand_b)]

        await session.set_position(position(
            "classic", [a, b, c], options={"target": 30},
            hands={a: BIG_HAND, b: ["y8", "y9"], c: ["g7"]},
            discard=["b9", "r9"], draw=FILL, current=a))
        scenes["big hand"] = [shown(await session.open_hand(ana))]

        await session.set_position(position(
            "classic", [a, b, c], options={"target": 30},
            hands={a: ["r3", "b5"], b: ["y8", "y9"], c: ["g7"]},
            discard=["b9", "r9"], draw=FILL, current=a))
        scenes["small hand"] = [shown(await session.open_hand(ana))]
        await session.set_position(position(
            "classic", [a, b, c], options={"target": 30},
            hands={a: BIG_HAND[5:20], b: ["y8", "y9"], c: ["g7"]},
            discard=["b9", "r9"], draw=FILL, current=a))
        scenes["15 card hand"] = [shown(await session.open_hand(ana))]

        await session.set_position(position(  # house rule 5: discard 38 cards down to 7
            "customizable", [a, b, c], options={"target": 30, "house_rules": {"wildcustom": 5}},
            hands={a: ["wildcustom", "r1"], b: HUGE_HAND, c: ["g7"]},
            discard=["r9"], draw=FILL, current=a))
        hand = await session.open_hand(ana)
        await session.click(ana, hand, card_button(hand, "play", "wildcustom"))
        await session.click(ana, hand, control(hand, "🔷"))
        await session.settle()
        scenes["discard menu"] = [shown(await session.open_hand(ben))]

        await session.set_position(position(
            "classic", [a, b, c], options={"target": 30},
            hands={a: ["r1"], b: ["r0", "y0"], c: ["g0"]}, discard=["r9"], draw=FILL,
            current=a, uno_called=[a]))
        hand = await session.open_hand(ana)
        await session.click(ana, hand, card_button(hand, "play", "r1"))
        await session.settle()
        scenes["round end"] = [shown(last_round_message(fake))]
        scenes["winner hand"] = [shown(hand)]
        await clock.advance(30)
        await session.settle()

        await session.set_position(position(
            "classic", [a, b, c], options={"target": 30},
            hands={a: ["r1"], b: ["wild4", "y9"], c: ["g5"]}, discard=["r9"], draw=FILL,
            current=a, uno_called=[a]))
        hand = await session.open_hand(ana)
        await session.click(ana, hand, card_button(hand, "play", "r1"))
        await session.settle()
        scenes["match end"] = [shown(last_round_message(fake))]
        board = (await host.slash("uno leaderboard")).response
        assert board is not None
        scenes["leaderboard"] = [shown(board)]
        profile = (await host.slash("uno stats", versus=str(guild.members[1].id))).response
        assert profile is not None
        scenes["profile"] = [shown(profile)]
        help_message = (await host.slash("uno help")).response
        assert help_message is not None
        scenes["help"] = [shown(help_message)]
    return scenes, {m.id: m.name for m in guild.members}


async def rated_history(bot: UnoBot, guild: FakeGuild) -> None:
    """Six weeks of matches among six members, recorded as the bot records them, so the
    rating board lists players and the profile has a chart."""
    rng = random.Random(24)
    people = guild.members[:6]
    skill = {m.id: rng.gauss(0, 1) for m in people}
    start = time.time() - 42 * 86400 - 3600
    for number in range(60):
        seated = rng.sample(people, rng.randint(2, 4))
        order = sorted(seated, key=lambda m: -(skill[m.id] + rng.gauss(0, 2.5)))
        ended = start + number * 42 * 86400 / 60
        await bot.db.record_match(MatchRecord(
            f"shot-{number}", guild.id, guild.channel_id, "classic", ended - 900, ended, 3,
            order[0].id, tuple(PlayerResult(m.id, 100 * (len(order) - place),
                                            won=place == 0, name=m.name)
                               for place, m in enumerate(order))))


def last_round_message(fake: FakeDiscord) -> StoredMessage:
    """The newest round or match message: the one with Next round or Play again."""
    return [m for m in fake.messages.values()
            if any(c.endswith((":next", ":again")) for c in m.custom_ids())][-1]


def screenshot(html_page: str, width: int, out: Path, chromium: str) -> int:
    """``html_page`` drawn ``width`` px wide into ``out``, cut below its last message;
    returns the height in px."""
    with tempfile.TemporaryDirectory() as folder:
        page = Path(folder) / "page.html"
        page.write_text(html_page, encoding="utf-8")
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                        "--hide-scrollbars", "--force-device-scale-factor=1",
                        f"--window-size={width},3000", f"--screenshot={out}",
                        page.as_uri()], check=True, capture_output=True, timeout=120)
    return crop_to_content(out)


def crop_to_content(path: Path) -> int:
    """Cut the picture 8 px below its lowest row that is not plain background."""
    image = Image.open(path).convert("RGB")
    box = ImageChops.difference(image, Image.new("RGB", image.size, BACKGROUND)).getbbox()
    height = min(image.height, (box[3] if box else 0) + 8)
    image.crop((0, 0, image.width, height)).save(path)
    return height


def main() -> None:
    chromium = shutil.which("chromium")
    if chromium is None:
        sys.exit("docs/screenshots.py needs Chromium: apt-get install -y chromium")
    parser = argparse.ArgumentParser()
    parser.add_argument("--language", choices=sorted(LANGUAGES), default="en-US")
    locale = parser.parse_args().language
    out_folder = OUT if locale == "en-US" else OUT / locale
    out_folder.mkdir(parents=True, exist_ok=True)

    async def run() -> tuple[dict[str, list[Shown]], dict[int, str]]:
        clock = FakeClock()
        fake = FakeDiscord(clock)
        await fake.start()
        try:
            point_at(fake.api_base, fake.gateway_url)
            with tempfile.TemporaryDirectory() as tmp:
                return await play(fake, clock, Path(tmp), locale)
        finally:
            await fake.stop()

    scenes, names = asyncio.run(run())
    now = time.time()
    for scene, messages in scenes.items():
        for label, width in (("desktop", DESKTOP), ("phone", PHONE)):
            if locale != "en-US" and label == "desktop":
                continue  # the other languages, for their long words on a phone
            out = out_folder / f"{scene.replace(' ', '-')}-{label}.png"
            height = screenshot(page_html(messages, lambda i: names.get(i, "someone"),
                                          now, width), width, out, chromium)
            print(f"{scene:14} {label:7} {width:4} px wide: {height:4} px tall  {out.name}")


if __name__ == "__main__":
    main()
