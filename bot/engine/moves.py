"""What a player's action does, once ``Game.apply`` has found it legal.

No handler here checks anything: ``apply`` runs one only for an action that
``legal_actions`` lists, or that ``refusals.check`` lets through (an action the rules
accept with no effect, or a discard of several cards). Why an action is refused is
``refusals``' business.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from bot.engine import effects
from bot.engine.actions import Action, ActionKind
from bot.engine.checks import PLAYABLE
from bot.engine.events import Event
from bot.engine.table_rules import playable_now

if TYPE_CHECKING:
    from bot.engine.game import Game

Handler = Callable[["Game", Action, list[Event]], None]


def play(game: Game, action: Action, events: list[Event]) -> None:
    """A play; one by a player whose turn it is not is a jump-in (RULES.md 11): the
    player whose turn it was loses it, and play goes on from the jumper."""
    if action.player != game.current:
        events.append(Event("jumped_in", action.player, target=game.current))
        game.set_current(action.player)
    game.begin_turn_action()
    card = action.card
    cards = action.cards or ((card,) if card is not None else ())
    effects.lay_cards(game, action.player, cards, action.color, action.target, events)


def draw(game: Game, action: Action, events: list[Event]) -> None:
    """A turn's draw; with a draw pending on the player, ``draw`` takes it (``accept``).
    House rule 3 draws three; draw until playable (RULES.md 11) goes on to a playable card."""
    if game.pending_draw:
        accept(game, action, events)
        return
    player = action.player
    game.begin_turn_action()
    fits = PLAYABLE[game.color][game.discard_pile[-1]]
    options = game.options
    if options.no_bluff:
        fits = playable_now(game, player)
    if game.draw_three_for == player and fits.isdisjoint(game.hands[player]):
        taken = game.draw_cards(player, 3, events, "turn")
    elif options.draw_until_playable:
        taken = game.draw_until(player, fits, events, "turn")[-1:]
    else:
        taken = game.draw_cards(player, 1, events, "turn")
    playable = [c for c in taken if c in fits]
    if playable and options.no_bluff:  # three cards drawn may bring the colour
        playable = [c for c in playable if c in playable_now(game, player)]
    if playable:
        game.drawn = playable
    else:
        game.pass_turn(player, 0, events)


def play_drawn(game: Game, action: Action, events: list[Event]) -> None:
    card = action.card if action.card is not None else game.drawn[0]
    effects.lay_cards(game, action.player, (card,), action.color, action.target, events)


def keep(game: Game, action: Action, events: list[Event]) -> None:
    events.append(Event("kept", action.player))
    game.pass_turn(action.player, 0, events)


def accept(game: Game, action: Action, events: list[Event]) -> None:
    """Take the pending draw: a forced draw, which does not begin the turn (RULES.md 8)."""
    count, kind = game.pending_draw, game.pending_kind
    game.pending_draw, game.pending_kind, game.wild4_by = 0, "", None
    game.draw_cards(action.player, count, events, kind)
    events.append(Event("skipped", action.player))
    game.pass_turn(action.player, 0, events)


def challenge(game: Game, action: Action, events: list[Event]) -> None:
    """Judged as RULES.md 5 says; with stack draws the total is at stake (RULES.md 11):
    guilty, the challenged player draws it; innocent, the challenger draws it and 2 more."""
    challenger, challenged, guilty = action.player, game.wild4_by, game.wild4_guilty
    assert challenged is not None
    total = game.pending_draw
    game.begin_turn_action()
    game.pending_draw, game.pending_kind, game.wild4_by = 0, "", None
    events.append(Event("challenged", challenger, target=challenged,
                        count=total if guilty else total + 2,
                        data={"guilty": guilty, "color": game.wild4_color}))
    events.append(Event("hand_revealed", challenged, tuple(game.hands[challenged]),
                        len(game.hands[challenged]), private_to=(challenger,)))
    if guilty:
        game.draw_cards(challenged, total, events, "challenge")
    else:
        game.draw_cards(challenger, total + 2, events, "challenge")
        events.append(Event("skipped", challenger))
        game.pass_turn(challenger, 0, events)


def bff(game: Game, action: Action, events: list[Event]) -> None:
    game.begin_turn_action()
    game.pending_draw, game.pending_kind, game.wild4_by = 0, "", None
    effects.lay_cards(game, action.player, ("bff",), action.color, None, events, blocking=True)


def uno(game: Game, action: Action, events: list[Event]) -> None:
    player = action.player
    if player in game.uno_called or not game.uno_call_counts(player):
        events.append(Event("uno_needless", player))
        return
    game.uno_called.add(player)
    if len(game.hands[player]) == 2:
        game.uno_with_two.add(player)
    game.catch_window.discard(player)
    events.append(Event("uno_called", player))


def catch(game: Game, action: Action, events: list[Event]) -> None:
    target = action.target
    assert target is not None
    if target not in game.catchable():
        events.append(Event("catch_missed", action.player, target=target))
        return
    events.append(Event("caught", action.player, target=target))
    game.draw_cards(target, 2, events, "caught")


def color(game: Game, action: Action, events: list[Event]) -> None:
    game.color = action.color or ""
    game.choosing_start_color = False
    events.append(Event("color_chosen", action.player, color=game.color))


PLAYER_HANDLERS: dict[ActionKind, Handler] = {
    "play": play,
    "draw": draw,
    "play_drawn": play_drawn,
    "keep": keep,
    "accept": accept,
    "challenge": challenge,
    "bff": bff,
    "uno": uno,
    "catch": catch,
    "color": color,
    "discard": effects.discard,
    "vote": effects.vote,
}
