"""A restart with many saved games: how long until the last table is shown again, and
what it costs the bot token.

    .venv/bin/python -m benchmarks.restart --games 1000

The bot runs in this process against the fake Discord (80 ms wire latency, the bot's
real clock). One game is played to its first turn, then its saved row is copied into
``--games`` channels (in guilds of at most 400 channels), each without a table message
so each is posted afresh; the bot is started again and the restore queue shows them.
Printed: seconds from the start until the last table is shown (and until the first),
bot-token calls per game, the busiest channel's calls in 5 s, and violations.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from bot.game.clock import RealClock
from bot.storage import SqliteStorage
from bot.ui.discord_internals import point_at
from tests.conftest import make_settings, running_bot
from tests.fakediscord import FakeDiscord, FakeGuild, Latency, add_guild

CHANNELS_PER_GUILD = 400


async def measure(games: int, latency: float) -> None:
    fake = FakeDiscord(RealClock())
    fake.latency = Latency.fixed(latency)
    guilds: list[FakeGuild] = []
    left = games
    while left > 0:
        channels = min(CHANNELS_PER_GUILD, left)
        guilds.append(add_guild(fake, [f"p{n}" for n in range(4)], channels=channels))
        left -= channels
    await fake.start()
    point_at(fake.api_base, fake.gateway_url)
    try:
        with tempfile.TemporaryDirectory(prefix="restart-") as tmp:
            # the pictures drawn by a worker process, as the bot does by default
            settings = make_settings(fake, Path(tmp), render_workers=1)
            first = guilds[0]
            async with running_bot(settings, RealClock(), fake):  # type: ignore[arg-type]
                host, guest = first.members[:2]
                lobby = (await host.slash("uno new", first.channel_id,
                                          turn_seconds=600)).response
                assert lobby is not None
                await guest.click(lobby, lobby.custom_id("uno:lobby:join:"))
                await host.click(lobby, lobby.custom_id("uno:lobby:start:"))
            async with SqliteStorage.open(settings.database_path) as db:
                (saved,), _ = await db.load_games()
                for guild in guilds:
                    for channel_id in guild.channel_ids:
                        if channel_id != first.channel_id:
                            await db.save_game(channel_id, guild.id, saved.state | {
                                "channel_id": channel_id, "guild_id": guild.id,
                                "table_message_id": None}, version=saved.version)
            await restart(fake, settings, games)
    finally:
        await fake.stop()


async def restart(fake: FakeDiscord, settings: object, games: int) -> None:
    calls = len(fake.calls)
    started = time.monotonic()
    async with running_bot(settings, RealClock(), fake) as bot:  # type: ignore[arg-type]
        queue = bot.restore_queue
        assert queue is not None
        await queue.shown(1)
        first = time.monotonic() - started
        await queue.shown(games)
        await bot.board.idle()
        last = time.monotonic() - started
    spent = fake.bot_token_calls(calls)
    busiest = max(fake.channel_limits.busiest(c) for c in {
        int(call.path.split("/")[2]) for call in fake.calls[calls:]
        if call.path.startswith("/channels/")})
    print(f"restart with {games} games: first table shown after {first:.1f} s, "
          f"the last after {last:.1f} s; bot-token calls {spent} "
          f"({spent / games:.2f} per game, start-up calls included); busiest channel "
          f"{busiest} calls of one kind in 5 s; violations {len(fake.violations)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--latency", type=float, default=0.08)
    args = parser.parse_args()
    asyncio.run(measure(args.games, args.latency))


if __name__ == "__main__":
    main()
