"""What one player may see: their own hand, and of the others only what the rules show."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.engine.game import Game


def player_view(game: Game, viewer: str | None) -> dict[str, Any]:
    """A JSON-able picture of the game for ``viewer`` (``None``: a spectator).

    Other hands appear as counts, except while house rule 7 shows every hand to the
    table. A challenged hand is shown to its challenger through the ``hand_revealed``
    event, not here: it is a glimpse, not a lasting view.
    """
    shown = game.hands_shown_until is not None
    seats = []
    for player in game.players:
        hand = game.hands[player]
        seat: dict[str, Any] = {
            "id": player,
            "cards": len(hand),
            "uno": player in game.uno_called,
            "score": game.scores.get(player, 0),
        }
        if shown or player == viewer:
            seat["hand"] = list(hand)
        seats.append(seat)
    seated = viewer in game.hands
    return {
        "you": viewer if seated else None,
        "hand": list(game.hands[viewer]) if seated and viewer is not None else [],
        "players": seats,
        "ruleset": game.ruleset,
        "options": game.options.to_dict(),
        "phase": game.phase,
        "round": game.round_number,
        "dealer": game.dealer,
        "current": game.current,
        "direction": game.direction,
        "top": game.discard_pile[-1] if game.discard_pile else None,
        "color": game.color,
        "draw_size": len(game.draw_pile),
        "discard_size": len(game.discard_pile),
        "pending_draw": game.pending_draw,
        "pending_kind": game.pending_kind or None,
        "drawn": list(game.drawn) if viewer == game.current else [],
        "choosing_start_color": game.choosing_start_color,
        "waiting_for": game.waiting_for(),
        "catchable": game.catchable(),
        "discards_owed": dict(game.discards_owed),
        "voters": list(game.voters),
        "joke_by": game.joke_by,
        "hands_shown_until": game.hands_shown_until,
        "round_winner": game.round_winner,
        "round_points": dict(game.round_points),
        "match_winner": game.match_winner,
    }
