"""What a player's action does, once ``Game.apply`` has found it legal.

No handler here checks anything: ``apply`` runs one only for an action that
``legal_actions`` lists, or that ``refusals.check`` lets through (an action the rules
accept with no effect, or a discard of several cards). Why an action is refused is
``refusals``' business. A handler decides what the action does and calls the state's
transitions (``GameState.draw_cards``, ``pass_turn``, ``call_uno``...) to do it; it
never writes the state itself.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import effects
from bot.engine.actions import Action, ActionKind
from bot.engine.checks import PLAYABLE
from bot.engine.events import Event
from bot.engine.state import GameState
from bot.engine.table_rules import playable_now

Handler = Callable[[GameState, Action, list[Event]], None]


def play(state: GameState, action: Action, events: list[Event]) -> None:
    """A play; one by a player whose turn it is not is a jump-in (RULES.md 11): the
    player whose turn it was loses it, and play goes on from the jumper."""
    if action.player != state.current:
        events.append(Event("jumped_in", action.player, target=state.current))
        state.set_current(action.player)
    state.begin_turn_action()
    card = action.card
    cards = action.cards or ((card,) if card is not None else ())
    effects.lay_cards(state, action.player, cards, action.color, action.target, events)


def draw(state: GameState, action: Action, events: list[Event]) -> None:
    """A turn's draw; with a draw pending on the player, ``draw`` takes it (``accept``).
    House rule 3 draws three; draw until playable (RULES.md 11) goes on to a playable card."""
    if state.pending_draw:
        accept(state, action, events)
        return
    player = action.player
    state.begin_turn_action()
    fits = PLAYABLE[state.color][state.discard_pile[-1]]
    options = state.options
    if options.no_bluff:
        fits = playable_now(options, state.hands[player], state.color, state.top)
    if state.draw_three_for == player and fits.isdisjoint(state.hands[player]):
        taken = state.draw_cards(player, 3, events, "turn")
    elif options.draw_until_playable:
        taken = state.draw_until(player, fits, events, "turn")[-1:]
    else:
        taken = state.draw_cards(player, 1, events, "turn")
    playable = [c for c in taken if c in fits]
    if playable and options.no_bluff:  # three cards drawn may bring the colour
        now = playable_now(options, state.hands[player], state.color, state.top)
        playable = [c for c in playable if c in now]
    if playable:
        state.offer_drawn(playable)
    else:
        state.pass_turn(player, 0, events)


def play_drawn(state: GameState, action: Action, events: list[Event]) -> None:
    card = action.card if action.card is not None else state.drawn[0]
    effects.lay_cards(state, action.player, (card,), action.color, action.target, events)


def keep(state: GameState, action: Action, events: list[Event]) -> None:
    events.append(Event("kept", action.player))
    state.pass_turn(action.player, 0, events)


def accept(state: GameState, action: Action, events: list[Event]) -> None:
    """Take the pending draw: a forced draw, which does not begin the turn (RULES.md 8)."""
    count, kind = state.pending_draw, state.pending_kind
    state.drop_pending_draw()
    state.draw_cards(action.player, count, events, kind)
    events.append(Event("skipped", action.player))
    state.pass_turn(action.player, 0, events)


def challenge(state: GameState, action: Action, events: list[Event]) -> None:
    """Judged as RULES.md 5 says; with stack draws the total is at stake (RULES.md 11):
    guilty, the challenged player draws it; innocent, the challenger draws it and 2 more."""
    challenger, challenged, guilty = action.player, state.wild4_by, state.wild4_guilty
    assert challenged is not None
    total = state.pending_draw
    state.begin_turn_action()
    state.drop_pending_draw()
    events.append(Event("challenged", challenger, target=challenged,
                        count=total if guilty else total + 2,
                        data={"guilty": guilty, "color": state.wild4_color}))
    events.append(Event("hand_revealed", challenged, tuple(state.hands[challenged]),
                        len(state.hands[challenged]), private_to=(challenger,)))
    if guilty:
        state.draw_cards(challenged, total, events, "challenge")
    else:
        state.draw_cards(challenger, total + 2, events, "challenge")
        events.append(Event("skipped", challenger))
        state.pass_turn(challenger, 0, events)


def bff(state: GameState, action: Action, events: list[Event]) -> None:
    state.begin_turn_action()
    state.drop_pending_draw()
    effects.lay_cards(state, action.player, ("bff",), action.color, None, events, blocking=True)


def uno(state: GameState, action: Action, events: list[Event]) -> None:
    player = action.player
    if player in state.uno_called or not state.uno_call_counts(player):
        events.append(Event("uno_needless", player))
        return
    state.call_uno(player)
    events.append(Event("uno_called", player))


def catch(state: GameState, action: Action, events: list[Event]) -> None:
    target = action.target
    assert target is not None
    if target not in state.catchable():
        events.append(Event("catch_missed", action.player, target=target))
        return
    events.append(Event("caught", action.player, target=target))
    state.draw_cards(target, 2, events, "caught")


def color(state: GameState, action: Action, events: list[Event]) -> None:
    state.name_color(action.color or "")
    events.append(Event("color_chosen", action.player, color=state.color))


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
