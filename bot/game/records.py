"""A finished match as the database records it, built from its table.

Only a match played to its end (a player reached the target, or won by forfeit when
everyone else left) is a finished match. A game stopped with ``/uno end`` is not: it
has no winner and leaves no record.
"""

from __future__ import annotations

from bot.game.ports import MatchRecord, PlayerResult
from bot.game.table import Table
from bot.game.tally import COUNTS, PlayerTally


def is_computer(user_id: int) -> bool:
    """Computer players are seated with negative ids; real Discord users never have one."""
    return user_id < 0


def match_record(table: Table) -> MatchRecord:
    """Every player who took a seat, in seating order (those who left included, with the
    points they had), with what the table's tally counted for each of them. Raises
    ``ValueError`` (as ``MatchRecord`` does) for a table that holds no finished match."""
    game = table.game
    if game is None or not game.match_over or table.ended_at is None:
        raise ValueError(f"the table in channel {table.channel_id} holds no finished match")
    winner = int(game.match_winner) if game.match_winner is not None else None
    players = []
    for player in table.players:
        tally = table.tally.players.get(str(player.id), PlayerTally())
        players.append(
            PlayerResult(
                user_id=player.id,
                points=game.scores.get(str(player.id), 0),
                won=player.id == winner,
                is_bot=is_computer(player.id),
                colours_played=dict(tally.colours_played),
                left=str(player.id) not in game.players,
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
