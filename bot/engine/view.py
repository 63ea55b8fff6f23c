"""What one player may see: their own hand, and of the others only what the rules show.

``PlayerView`` is the typed picture (``Game.seat_view``); ``to_dict`` gives the JSON-able
form that ``Game.view`` returns and the computer players read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engine.actions import Action
from bot.engine.cards import Card, CardColor, hand_points
from bot.engine.options import Options
from bot.engine.phase import Phase, Waiting
from bot.engine.results import MatchResult, RoundResult
from bot.engine.state import GameState


@dataclass(frozen=True, slots=True)
class Seat:
    """One player as the viewer sees them; ``hand`` only when the viewer may see it."""

    id: str
    cards: int
    uno: bool
    score: int
    hand: tuple[Card, ...] | None
    points_left: int | None = None
    """Once the round is over, the points of the cards left in the hand (RULES.md 9: what
    the scoring counts, so everyone may know it); ``None`` while the round goes on."""

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "cards": self.cards, "uno": self.uno,
                                "score": self.score}
        if self.hand is not None:
            data["hand"] = list(self.hand)
        if self.points_left is not None:
            data["points_left"] = self.points_left
        return data


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The game as ``you`` may see it (``you`` is None for a spectator).

    Other hands appear as counts, except while house rule 7 shows every hand to the
    table, and the partner's with ``partners_see_hands`` (RULES.md 12). A challenged
    hand is shown to its challenger through the ``hand_revealed`` event, not here: it
    is a glimpse, not a lasting view. ``legal`` is what ``you`` may do now (the same
    list as ``Game.legal_actions``).
    """

    you: str | None
    hand: tuple[Card, ...]
    players: tuple[Seat, ...]
    ruleset: str
    options: Options
    waiting: Waiting
    legal: tuple[Action, ...]
    round: int
    dealer: str
    current: str
    direction: int
    top: Card | None
    color: CardColor
    draw_size: int
    discard_size: int
    pending_draw: int
    pending_kind: str | None
    wild4_by: str | None
    """Who laid the Wild Draw Four that waits on its victim, while it may be challenged."""
    wild4_color: CardColor
    """The colour in force before that Wild Draw Four: what a challenge judges by ('' when
    no Wild Draw Four waits)."""
    drawn: tuple[Card, ...]
    catchable: tuple[str, ...]
    discards_owed: dict[str, int]
    voters: tuple[str, ...]
    joke_by: str | None
    hands_shown_until: str | None
    round_result: RoundResult | None
    match_result: MatchResult | None
    teams: tuple[tuple[str, str], ...]
    """Partners (RULES.md 12): the teams as they were formed (those who left
    included); none without partners."""
    partner: str | None
    """``you``'s partner while they are seated (None without partners, or once they left)."""

    @property
    def round_over(self) -> bool:
        """Whether the round (or the whole match) is over."""
        return self.waiting.phase is Phase.ROUND_OVER or self.waiting.phase is Phase.MATCH_OVER

    @property
    def match_over(self) -> bool:
        return self.waiting.phase is Phase.MATCH_OVER

    @property
    def round_winner(self) -> str | None:
        """Who went out, once the round is over (``round_result`` says the rest)."""
        return None if self.round_result is None else self.round_result.winner

    @property
    def round_points(self) -> dict[str, int]:
        """What each player scored in the round, once it is over."""
        return {} if self.round_result is None else dict(self.round_result.points)

    @property
    def match_winner(self) -> str | None:
        """The first of the match's winners, once it is over (``match_result`` says the
        rest)."""
        return None if self.match_result is None else self.match_result.winner

    def to_dict(self) -> dict[str, Any]:
        """The JSON-able form, as ``Game.view`` has always given it (``teams`` and
        ``partner`` only under partners)."""
        data: dict[str, Any] = {
            "you": self.you,
            "hand": list(self.hand),
            "players": [seat.to_dict() for seat in self.players],
            "ruleset": self.ruleset,
            "options": self.options.to_dict(),
            "phase": "turn" if self.waiting.players else self.waiting.phase.value,
            "waiting": {"phase": self.waiting.phase.value, "players": list(self.waiting.players)},
            "round": self.round,
            "dealer": self.dealer,
            "current": self.current,
            "direction": self.direction,
            "top": self.top,
            "color": self.color,
            "draw_size": self.draw_size,
            "discard_size": self.discard_size,
            "pending_draw": self.pending_draw,
            "pending_kind": self.pending_kind,
            "wild4_by": self.wild4_by,
            "wild4_color": self.wild4_color,
            "drawn": list(self.drawn),
            "choosing_start_color": self.waiting.phase == "start_color",
            "waiting_for": list(self.waiting.players),
            "catchable": list(self.catchable),
            "discards_owed": dict(self.discards_owed),
            "voters": list(self.voters),
            "joke_by": self.joke_by,
            "hands_shown_until": self.hands_shown_until,
            "round_winner": self.round_winner,
            "round_points": self.round_points,
            "match_winner": self.match_winner,
        }
        if self.teams:
            data["teams"] = [list(team) for team in self.teams]
            data["partner"] = self.partner
        return data


def player_view(
    state: GameState, viewer: str | None, waiting: Waiting, legal: tuple[Action, ...]
) -> PlayerView:
    """What ``viewer`` may see of ``state``, which waits as ``waiting`` says and offers
    ``viewer`` the actions ``legal``."""
    shown = state.hands_shown_until is not None
    over = state.round_over
    seated = viewer is not None and viewer in state.hands
    partner = state.partner_of(viewer) if seated and viewer is not None else None
    if partner not in state.hands:
        partner = None
    seen = {viewer, partner} if state.options.partners_see_hands else {viewer}
    seats = tuple(
        Seat(p, len(state.hands[p]), p in state.uno_called, state.scores.get(p, 0),
             tuple(state.hands[p]) if shown or p in seen else None,
             hand_points(state.hands[p]) if over else None)
        for p in state.players
    )
    return PlayerView(
        you=viewer if seated else None,
        hand=tuple(state.hands[viewer]) if seated and viewer is not None else (),
        players=seats,
        ruleset=state.ruleset,
        options=state.options,
        waiting=waiting,
        legal=legal,
        round=state.round_number,
        dealer=state.dealer,
        current=state.current,
        direction=state.direction,
        top=state.discard_pile[-1] if state.discard_pile else None,
        color=state.color,
        draw_size=len(state.draw_pile),
        discard_size=len(state.discard_pile),
        pending_draw=state.pending_draw,
        pending_kind=state.pending_kind or None,
        wild4_by=state.wild4_by,
        wild4_color=state.wild4_color if state.wild4_by is not None else "",
        drawn=tuple(state.drawn) if viewer == state.current else (),
        catchable=tuple(state.catchable()),
        discards_owed=dict(state.discards_owed),
        voters=tuple(state.voters),
        joke_by=state.joke_by,
        hands_shown_until=state.hands_shown_until,
        round_result=state.round_result,
        match_result=state.match_result,
        teams=state.teams,
        partner=partner,
    )
