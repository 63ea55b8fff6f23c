"""Many tables at once through the fake Discord, with random legal clicks.

    .venv/bin/python -m benchmarks.table_load --tables 200 --moves 30 --think 2
    .venv/bin/python -m benchmarks.table_load --tables 200 --moves 60 --think 0

Each table has 4 players, who think ``--think`` seconds on average (0.5x to 1.5x)
before each move, as people do, and whose tables open over the first ``5 * think``
seconds; ``--think 0`` is a stress test where every table
clicks again the moment it is answered, so the figures measure the queue of 200
tables on one event loop shared by the bot, the fake Discord and the simulated
players, more than the bot. The real bot (real discord.py, real clock, SQLite store)
answers them. A player acts when the game waits for them (read from the manager, as
the notification on the table would tell them), by clicking a random enabled button
of their hand message, then any question that follows. Prints the time from each
INTERACTION_CREATE to its callback (p50, p99, max), REST calls per applied move,
table-message edits per channel per second, and memory per table.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

import discord

from bot.app.client import UnoBot, point_at
from bot.app.settings import Settings
from bot.game.clock import RealClock
from tests.fakediscord import FakeDiscord, FakeGuild, StoredMessage, add_guild, answered
from tests.fakediscord.members import FakeMember

PLAYERS = 4


def resident_bytes() -> int:
    """The process's resident memory (Linux), without slowing it as tracemalloc would."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class Load:
    def __init__(self, bot: UnoBot, fake: FakeDiscord, guild: FakeGuild) -> None:
        self.bot, self.fake, self.guild = bot, fake, guild
        self.latencies: list[float] = []
        self.moves = 0

    async def timed_click(self, member: FakeMember, message: StoredMessage, custom_id: str):
        interaction = await member.click(message, custom_id, wait=False)
        await answered(interaction)
        self.latencies.append(asyncio.get_running_loop().time()
                              - interaction.created_loop_time)
        return interaction

    async def timed_slash(self, member: FakeMember, command: str, channel_id: int, **options):
        interaction = await member.slash(command, channel_id, wait=False, **options)
        await answered(interaction)
        self.latencies.append(asyncio.get_running_loop().time()
                              - interaction.created_loop_time)
        return interaction

    async def start(self, channel_id: int, members: list[FakeMember], delay: float) -> None:
        await asyncio.sleep(delay)  # tables open as their players arrive
        answer = await self.timed_slash(members[0], "uno new", channel_id)
        lobby = answer.response
        assert lobby is not None
        for member in members[1:]:
            await self.timed_click(member, lobby, lobby.custom_id("uno:lobby:join:"))
        await self.timed_click(members[0], lobby, lobby.custom_id("uno:lobby:start:"))

    async def play(self, channel_id: int, members: list[FakeMember], moves: int,
                   rng: random.Random, think: float) -> None:
        by_id = {str(m.id): m for m in members}
        hands: dict[str, StoredMessage] = {}
        table_message: StoredMessage | None = None
        for _ in range(moves):
            if think:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)  # a person thinking
            table = self.bot.manager.get(channel_id)
            if table is None or table.game is None:
                return
            if table.game.round_over:
                await asyncio.sleep(0.05)  # the host's Next round is not simulated
                continue
            while table.table_message_id is None or table.table_message_id not in \
                    self.fake.messages:
                await asyncio.sleep(0.01)
            table_message = self.fake.message(table.table_message_id)
            player = rng.choice(table.game.waiting_for())
            member = by_id[player]
            hand = hands.get(player)
            if hand is None:
                opened = await self.timed_click(member, table_message,
                                                next(c for c in table_message.custom_ids()
                                                     if c.endswith(":hand")))
                hand = hands[player] = opened.response
            for _ in range(4):
                choices = [c for c in hand.enabled_ids() if ":page:" not in c]
                if not choices:
                    break
                plays = [c for c in choices if ":a:play" in c]
                pick = rng.choice(plays if plays and rng.random() < 0.9 else choices)
                await self.timed_click(member, hand, pick)
                if "Your hand" in hand.content:
                    break


async def run(tables: int, moves: int, seed: int, think: float = 0.0) -> None:
    clock = RealClock()
    fake = FakeDiscord(clock)
    await fake.start()
    names = [f"p{n}" for n in range(tables * PLAYERS)]
    guild = add_guild(fake, names, channels=tables)
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    point_at(fake.api_base, fake.gateway_url)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(_env_file=None, discord_token=fake.token,  # type: ignore[call-arg]
                            database_path=Path(tmp) / "uno.sqlite3",
                            discord_api_base=fake.api_base, discord_gateway_url=fake.gateway_url)
        bot = UnoBot(settings, clock=clock, guild_ready_timeout=0.05)
        await bot.login(fake.token)
        connection = asyncio.create_task(bot.connect())
        await bot.wait_until_ready()
        load = Load(bot, fake, guild)
        seats = [guild.members[i * PLAYERS:(i + 1) * PLAYERS] for i in range(tables)]

        if bot.warming is not None:
            await bot.warming  # card faces drawn once at start-up, before the tables open
        before = resident_bytes()
        arrivals = random.Random(seed)
        await asyncio.gather(*(load.start(c, s, arrivals.uniform(0, 5 * think))
                               for c, s in zip(guild.channel_ids, seats, strict=True)))
        await bot.board.idle()
        per_table = (resident_bytes() - before) / tables

        applied = {"moves": 0}
        original = bot.manager.turns._after_change

        async def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
            applied["moves"] += 1
            await original(*args, **kwargs)

        bot.manager.turns._after_change = counted  # type: ignore[method-assign]
        load.latencies.clear()
        calls_before = len(fake.calls)
        started = time.perf_counter()
        await asyncio.gather(*(load.play(c, s, moves, random.Random(seed + i), think)
                               for i, (c, s) in enumerate(zip(guild.channel_ids, seats,
                                                              strict=True))))
        await bot.board.idle()
        elapsed = time.perf_counter() - started
        calls = fake.calls[calls_before:]
        edits = [c for c in calls if c.method == "PATCH" and c.path.startswith("/channels/")]
        per_channel: dict[str, int] = {}
        for call in edits:
            per_channel[call.path.split("/")[2]] = per_channel.get(call.path.split("/")[2], 0) + 1
        latencies = sorted(load.latencies)
        p = statistics.quantiles(latencies, n=100)
        print(f"tables={tables} players={PLAYERS} think={think}s clicks={len(latencies)} "
              f"moves={applied['moves']} seconds={elapsed:.1f}")
        print(f"interaction->callback p50={p[49] * 1000:.1f} ms p99={p[98] * 1000:.1f} ms "
              f"max={latencies[-1] * 1000:.1f} ms over3s={sum(x > 3 for x in latencies)}")
        print(f"REST calls per move={len(calls) / max(applied['moves'], 1):.2f} "
              f"(calls={len(calls)})")
        rates = [n / elapsed for n in per_channel.values()]
        print(f"table edits per channel per second: mean={statistics.mean(rates):.2f} "
              f"max={max(rates):.2f}")
        print(f"memory per table (resident memory growth as the tables open, bot and fake "
              f"Discord together)={per_table / 1024:.1f} KiB")
        print(f"violations={len(fake.violations)}")
        await bot.close()
        await connection
    discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved
    await fake.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=2.0,
                        help="mean seconds a player thinks before a move (0: stress)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s %(message)s")
    asyncio.run(run(args.tables, args.moves, args.seed, args.think))


if __name__ == "__main__":
    main()
