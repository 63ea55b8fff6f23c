"""Finished matches: recording each one exactly once, and the match history."""

from __future__ import annotations

import logging
from functools import cache

from bot.engine.cards import COLOR_NAMES, COLORS
from bot.game.players import PlayerId
from bot.game.ports import MatchRecord
from bot.game.standings import MatchPlayer, MatchSummary
from bot.storage.ratings import record_rated
from bot.storage.session import Connected, value_rows

log = logging.getLogger(__name__)

COLOUR_COLUMNS: tuple[str, ...] = tuple(f"{COLOR_NAMES[c]}_played" for c in COLORS)
"""Cards played per colour, in the order of ``COLORS``: red_played, yellow_played, ..."""

SUMMED_COLUMNS: tuple[str, ...] = (
    "round_wins",
    "uno_calls",
    "catches_made",
    "catches_suffered",
    "challenges_won",
    "challenges_lost",
    "cards_played",
    *COLOUR_COLUMNS,
)
"""The per-player counts that add up over matches (best_round takes the maximum)."""


_INSERT_MATCH = """
    INSERT INTO matches
        (match_id, guild_id, channel_id, ruleset, started_at, ended_at, rounds, winner_id,
         scoring)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
"""
PLAYER_COLUMNS = (
    "match_id", "user_id", "seat", "guild_id", "ended_at", "is_bot", "points", "won",
    "best_round", "left_early", *SUMMED_COLUMNS, "team",
)
"""``team``: the player's team in a partners match, numbered in the order of
``MatchRecord.teams`` from 0; NULL in a free-for-all."""


# One multi-row INSERT rather than executemany: each statement is one trip to aiosqlite's
# thread (or to the server). On PostgreSQL record_match makes four in all: BEGIN with the
# server's lock, every read, every write (the match, its players, the rating), COMMIT.
@cache
def _insert_players(players: int) -> str:
    return f"""
        INSERT INTO match_players ({", ".join(PLAYER_COLUMNS)})
        VALUES {value_rows(len(PLAYER_COLUMNS), players)}
    """


class MatchStore(Connected):
    async def record_match(self, record: MatchRecord) -> bool:
        """Record a finished match, in one transaction; a trigger adds each human
        player's row to their all-time totals (``player_totals``) in the same transaction,
        and the match is rated in it too (``bot.storage.ratings``), one at a time per
        server.

        Returns False, changing nothing, when ``record.match_id`` is already recorded:
        the manager may safely retry after a crash.
        """
        match = (
            _INSERT_MATCH,
            (
                record.match_id,
                record.guild_id,
                record.channel_id,
                record.ruleset,
                record.started_at,
                record.ended_at,
                record.rounds,
                record.winner_id,
                record.scoring,
            ),
        )
        team = {user_id: number for number, members in enumerate(record.teams)
                for user_id in members}
        players = (
            _insert_players(len(record.players)),
            [
                value
                for seat, p in enumerate(record.players)
                for value in (
                    record.match_id, p.user_id, seat, record.guild_id, record.ended_at,
                    int(p.is_bot), p.points, int(p.won), p.best_round, int(p.left),
                    *p.summed_counts(), team.get(p.user_id),
                )
            ],
        )
        async with self.transaction(server=record.guild_id) as session:
            recorded = await record_rated(session, record, (match, players))
        if not recorded:
            log.info(
                "match %s (guild %s, channel %s) was already recorded",
                record.match_id, record.guild_id, record.channel_id,
            )
            return False
        log.info(
            "match %s recorded (guild %s, channel %s, winner %s)",
            record.match_id, record.guild_id, record.channel_id, record.winner_id,
        )
        return True

    async def history(
        self, guild_id: int, channel_id: int | None = None, limit: int = 10
    ) -> list[MatchSummary]:
        """The last ``limit`` matches of the server, or of one of its channels, newest first."""
        if limit < 1:
            raise ValueError("history holds at least one match")
        where, params = "guild_id = ?", [guild_id]
        if channel_id is not None:
            where, params = "guild_id = ? AND channel_id = ?", [guild_id, channel_id]
        matches = await self.read(
            f"""SELECT match_id, channel_id, ruleset, started_at, ended_at, rounds, winner_id
                FROM matches WHERE {where}
                ORDER BY ended_at DESC, match_id DESC LIMIT ?""",
            (*params, limit),
        )
        if not matches:  # PostgreSQL refuses an empty IN ()
            return []
        players = await self.read(
            f"""SELECT match_id, user_id, is_bot, points, won, team FROM match_players
                WHERE match_id IN {value_rows(len(matches), 1)} ORDER BY seat""",
            [m[0] for m in matches],
        )
        seated: dict[str, list[MatchPlayer]] = {m[0]: [] for m in matches}
        teams: dict[str, dict[int, list[PlayerId]]] = {m[0]: {} for m in matches}
        for match_id, user_id, is_bot, points, won, team in players:
            seated[match_id].append(MatchPlayer(user_id, bool(is_bot), points, bool(won)))
            if team is not None:
                teams[match_id].setdefault(team, []).append(user_id)
        return [
            MatchSummary(
                match_id, channel, ruleset, started_at, ended_at, rounds, winner_id,
                tuple(seated[match_id]),
                tuple(tuple(members) for _, members in sorted(teams[match_id].items())),
            )
            for match_id, channel, ruleset, started_at, ended_at, rounds, winner_id in matches
        ]
