"""A finished match as the database records it, built from its table.

Only a match played to its end (a player reached the target, or won by forfeit when
everyone else left) is a finished match. A game stopped with ``/uno end`` is not: it
has no winner and leaves no record.
"""

from __future__ import annotations

from bot.game.players import engine_id, player_id
from bot.game.ports import MatchRecord, PlayerResult
from bot.game.table import Table
from bot.game.tally import COUNTS, PlayerTally


def match_record(table: Table) -> MatchRecord:
    """Every player who took a seat, in seating order (those who left included, with the
    points they had), with what the table's tally counted for each of them. Raises
    ``ValueError`` (as ``MatchRecord`` does) for a table that holds no finished match."""
    game = table.game
    if game is None or not game.match_over or table.ended_at is None:
        raise ValueError(f"the table in channel {table.channel_id} holds no finished match")
    winner = player_id(game.match_winner) if game.match_winner is not None else None
    players = []
    for player in table.players:
        seat = engine_id(player.id)
        tally = table.tally.players.get(seat, PlayerTally())
        players.append(
            PlayerResult(
                user_id=player.id,
                points=game.scores.get(seat, 0),
                won=player.id == winner,
                is_bot=player.is_computer,
                colours_played=dict(tally.colours_played),
                left=seat not in game.players,
                name=player.name,
                **{name: tally.counts[name] for name in COUNTS},
            )
        )
    return MatchRecord(
        match_id=table.match_id,
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        ruleset=table.ruleset,
        started_at=table.started_at,
        ended_at=table.ended_at,
        rounds=game.round_number,
        winner_id=winner,
        players=tuple(players),
        scoring=game.options.scoring,
    )
