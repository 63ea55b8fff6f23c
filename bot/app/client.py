"""The bot: intents, the command tree's error handler, setup_hook, command sync."""

from __future__ import annotations

import asyncio
import logging
import pkgutil
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import cogs
from bot.app.command_sync import SyncRecord, payload_hash
from bot.app.gateway_guard import guard_interactions
from bot.app.gateway_messages import watch_messages
from bot.app.identify import IDENTIFY_SPACING, Identifying
from bot.app.invite import invite_url
from bot.app.settings import Settings
from bot.app.startup import Backoff, wait_for_gateway
from bot.app.translator import CatalogTranslator
from bot.engine import IllegalAction
from bot.game.clock import Clock, RealClock
from bot.game.errors import TableError
from bot.game.manager import GameManager
from bot.game.ports import ShardLeases, Shards
from bot.game.registry import SeedSource
from bot.game.saving import TableStore
from bot.game.snapshot import TableSnapshot
from bot.game.thinking import Thinker
from bot.i18n.catalogs import load_all
from bot.render import warm_faces
from bot.storage import Storage, open_storage
from bot.ui.clicks.answers import ClickLoad
from bot.ui.clicks.early_acks import EarlyAcks
from bot.ui.clicks.errors import refuse
from bot.ui.clicks.failures import answer_failure
from bot.ui.clicks.help import HelpPage
from bot.ui.clicks.leaderboard import LeaderboardPageButton
from bot.ui.clicks.lobby import LobbyButton
from bot.ui.clicks.play import on_click
from bot.ui.clicks.stray import PayloadRefusals, register
from bot.ui.delivery.board import Board
from bot.ui.delivery.pictures import Pictures
from bot.ui.delivery.restart import RestoreQueue, announce_restart
from bot.ui.discord_internals import GatedShards, quiet_voice_warnings
from bot.ui.messages.controls import GameControl
from bot.ui.messages.custom_ids import Click
from bot.workers import Workers

log = logging.getLogger(__name__)

ANSWER_GRACE = 3.0
"""Seconds a stopping bot waits for the interactions it is answering: Discord's own
limit for an answer."""
HANDLER_TASKS = ("discord-ui-", "CommandTree-invoker")
"""How discord.py names the tasks in which it runs a button's or a command's handler."""
LEASE_RETRY = 0.5
"""Seconds between tries for the shards' lease while another process still holds it."""


async def answer_in_flight(timeout: float) -> None:
    """Let the interactions being handled finish (at most ``timeout`` seconds), so a
    stopping bot answers the clicks already in flight before its connection closes."""
    handling = [t for t in asyncio.all_tasks() if t.get_name().startswith(HANDLER_TASKS)]
    if handling:
        await asyncio.wait(handling, timeout=timeout)


async def _wait_for_lease(leases: ShardLeases, shards: Shards | None) -> None:
    if await leases.try_take(shards):
        return
    log.info("waiting for another process to let go of %s", "the database" if shards is None
             else f"shards {sorted(shards.ids)} of {shards.count}")
    while not await leases.try_take(shards):
        await asyncio.sleep(LEASE_RETRY)


def cog_extensions() -> list[str]:
    """Every module in the ``cogs`` package; each has an ``async def setup(bot)``."""
    return sorted(f"cogs.{module.name}" for module in pkgutil.iter_modules(cogs.__path__))




def bot_intents() -> discord.Intents:
    """What the bot works from besides interactions: its guilds and their channels and
    roles (``guilds``), and the messages posted in them (``guild_messages``, read by
    ``gateway_messages`` for ``Board.message_seen``). Every other event Discord would
    send (typing, reactions, voice states, DMs...) would only be parsed and dropped."""
    return discord.Intents(guilds=True, guild_messages=True)


class UnoTree(app_commands.CommandTree):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """A refusal is said as such; anything else is a failure, answered and logged."""
        original = getattr(error, "original", error)
        if isinstance(original, TableError | IllegalAction):
            await refuse(interaction, original)
            return
        command = interaction.command.qualified_name if interaction.command else None
        await answer_failure(interaction, original, f"/{command}")


class UnoBot(GatedShards):
    """One process of the bot: the shards ``SHARD_IDS`` of ``SHARD_COUNT`` (all of them by
    default), and the tables of their guilds only."""

    def __init__(
        self,
        settings: Settings,
        clock: Clock | None = None,
        *,
        database: Storage | None = None,
        seeds: SeedSource | None = None,
        identify_spacing: float = IDENTIFY_SPACING,
        **options: Any,
    ) -> None:
        """``database``: one already open (start-up opens it first, to refuse a bad file
        before any network); without it, setup_hook opens ``settings.database_url``.
        ``seeds``: where the games' deals come from (tests fix them).
        ``identify_spacing``: Discord's seconds between two IDENTIFYs of a bucket, with
        a margin (tests that restart a bot in their own process shorten it, with the
        fake Discord's window)."""
        quiet_voice_warnings()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            tree_cls=UnoTree,
            help_command=None,
            max_messages=None,  # no message cache: every message seen would be kept
            shard_count=settings.shard_count,
            # None (every shard) is what discord.py takes as the default; its stubs say list.
            shard_ids=list(settings.shard_ids) if settings.shard_ids else None,  # type: ignore[arg-type]
            **options,
        )
        self.settings = settings
        self.clock: Clock = clock or RealClock()
        self._db: Storage | None = database
        self._seeds = seeds
        self._manager: GameManager | None = None
        """The game service, built in setup_hook once the shards' tables are loaded."""
        self.pictures = Pictures(painters=Workers(
            "picture", settings.render_workers, warm_faces) if settings.render_workers else None)
        self.clicks = ClickLoad()
        self.board = Board(self, self.clock, self.pictures, tables=self)
        self.warming: asyncio.Task[None] | None = None
        self.restore_queue: RestoreQueue | None = None
        """Shows the tables saved before this start (set in setup_hook)."""
        self.leases: ShardLeases | None = None
        """Held from before the first table is loaded until the database is closed."""
        self._taking_lease: asyncio.Task[None] | None = None
        self._waiting_for_gateway: asyncio.Task[None] | None = None
        self.identifying = Identifying(identify_spacing)
        self.lease_lost = asyncio.Event()
        """Set should the lease end while the bot runs (its connection to PostgreSQL
        did): ``python -m bot`` then stops the bot and exits, for a restart to take the
        lease again."""
        watch_messages(self, self.board.message_seen)
        self.early_acks = EarlyAcks(self.clicks, self.http)
        self.interaction_guard = guard_interactions(
            self, self.early_acks.received, PayloadRefusals(self.http))

    @property
    def db(self) -> Storage:
        """The database: saved games, matches, leaderboards, stats, server settings.
        Open from setup_hook on."""
        if self._db is None:
            raise RuntimeError("the database opens in setup_hook")
        return self._db

    @property
    def manager(self) -> GameManager:
        """The game service: the tables, lobbies and games. Built in setup_hook, once
        the shards' lease is taken and their saved tables are loaded."""
        if self._manager is None:
            raise RuntimeError("the game service starts in setup_hook")
        return self._manager

    @property
    def tables_loaded(self) -> bool:
        """Whether setup_hook has loaded the saved tables (and built the game service)."""
        return self._manager is not None

    async def setup_hook(self) -> None:
        self.warming = asyncio.create_task(self.pictures.warm())  # off the event loop
        await asyncio.to_thread(load_all)  # Babel reads 18 .po files: off the event loop
        if self._db is None:
            self._db = await open_storage(
                self.settings.database_url, busy_timeout=self.settings.database_busy_timeout
            )
        if not await self._take_lease(self._db.shard_leases()):
            return  # stopped while another process still held the shards
        store = TableStore(self._db, self.settings.shards)
        recovered = await store.recover()
        self._manager = manager = GameManager(
            self.clock, self.board, store=store, seeds=self._seeds,
            thinker=Thinker(self.settings.hard_think_seconds, self.settings.hard_workers))
        shown_again = manager.restore(recovered)
        for extension in cog_extensions():
            await self.load_extension(extension)
        register(self, LobbyButton, GameControl, LeaderboardPageButton, HelpPage)
        self.restore_queue = await announce_restart(self, self.clock, recovered.unreadable,
                                                    shown_again)
        await self.tree.set_translator(CatalogTranslator())
        await self.sync_commands()
        assert self.application_id is not None  # set by login before setup_hook
        log.info("invite the bot with %s", invite_url(self.application_id))

    async def _take_lease(self, leases: ShardLeases) -> bool:
        """Wait until this process holds its shards' lease (a rolling restart: until the
        process it replaces has stopped); False if the bot is closed meanwhile."""
        shards = self.settings.shards
        self._taking_lease = asyncio.create_task(_wait_for_lease(leases, shards))
        try:
            await self._taking_lease
        except asyncio.CancelledError:
            if self.is_closed():
                return False
            raise
        self.leases = leases
        leases.on_lost(self.lease_lost.set)
        return True

    def gateway_limits(self, limits: Mapping[str, Any]) -> None:
        """How many shards may identify at a time, as Discord tells it."""
        self.identifying.max_concurrency = int(limits["max_concurrency"])

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False
                                   ) -> None:
        """Instead of discord.py's 5 seconds after this process's last IDENTIFY (none
        before its first): the shard's turn in its rate-limit bucket, among every
        process on the database (``bot.app.identify``)."""
        await self.identifying.wait_for_turn(self.db.identify_turns(), shard_id or 0)

    async def shard_may_launch(self, gateway: str) -> bool:
        """discord.py tries a shard again and again until it connects, every 5 seconds
        with an ERROR and a traceback, and asks this before each try. So each try first
        waits for the gateway as start-up waits for Discord (one WARNING per failed try,
        ``CONNECT_ATTEMPTS``, then ``Unreachable``, exit 3). A bot stopped meanwhile
        (SIGTERM during start-up) must not keep trying, or it never exits."""
        if self.is_closed():
            return False
        self._waiting_for_gateway = asyncio.create_task(wait_for_gateway(
            gateway, Backoff(attempts=self.settings.connect_attempts)))
        try:
            await self._waiting_for_gateway
        except asyncio.CancelledError:
            if self.is_closed():
                return False
            raise
        return not self.is_closed()

    def is_connected(self) -> bool:
        """Every shard of this process is connected to the gateway."""
        shards = self.shards.values()
        return self.is_ready() and not self.is_closed() and bool(shards) and all(
            not shard.is_closed() for shard in shards)

    async def sync_commands(self) -> bool:
        """Sync to DEV_GUILD_ID (instant) or globally, only if the payload changed since
        the last sync for this application. Returns whether it synced. The payload is the
        one ``tree.sync`` sends, translations included, so a changed catalog syncs."""
        guild_id = self.settings.dev_guild_id
        guild = discord.Object(guild_id) if guild_id is not None else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        assert translator is not None  # set in setup_hook, before the first sync
        payload = [await command.get_translated_payload(self.tree, translator)
                   for command in self.tree.get_commands(guild=guild)]
        target = f"{self.application_id}:" + (f"guild:{guild_id}" if guild else "global")
        digest = payload_hash(payload)
        record = SyncRecord(self.settings.command_hash_path)
        if record.is_current(target, digest):
            log.info("commands unchanged, sync skipped target=%s", target)
            return False
        await self.tree.sync(guild=guild)
        record.remember(target, digest)
        log.info("commands synced target=%s count=%d", target, len(payload))
        return True

    async def close(self) -> None:
        for waiting in (self._taking_lease, self._waiting_for_gateway):
            if waiting is not None:
                waiting.cancel()
        self.identifying.stop()
        await answer_in_flight(ANSWER_GRACE)
        if self._manager is not None:
            await self._manager.shutdown()
        self.board.stop()
        await self.board.idle()
        await super().close()
        if self.warming is not None:
            await self.warming
        self.pictures.close()
        db, self._db = self._db, None
        if db is not None:
            await db.close()
        leases, self.leases = self.leases, None
        if leases is not None:  # the last save is in: another process may take over
            await leases.release()

    async def on_ready(self) -> None:
        log.info("ready user=%s guilds=%d", self.user, len(self.guilds))

    async def game_click(self, interaction: discord.Interaction, click: Click) -> None:
        """A game control's click (``bot.ui.messages.controls.GameClicks``)."""
        await on_click(interaction, click)

    # -- what the board tells the game service (``bot.ui.delivery.table_courier``) ---------

    async def table_posted(self, shown: TableSnapshot, message_id: int) -> None:
        await self.manager.table_posted(shown, message_id)

    async def channel_gone(self, shown: TableSnapshot) -> bool:
        return await self.manager.channel_gone(shown)

    async def forget_shown(self, shown: TableSnapshot) -> None:
        await self.manager.forget_shown(shown)
