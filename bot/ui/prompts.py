"""Follow-up choices: a click names part of an action, the engine's legal actions say
what is still open (which cards to stack, a colour, a player), and the player is asked.

No rule lives here: the choices offered are exactly the legal actions that the click
may still become, so a wild asks for a colour, a Swap Hands or a Seven-O 7 for a
player, a stackable card for its stack, because the engine lists them so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.engine import Action, Game
from bot.engine.cards import COLORS
from bot.i18n import _, pgettext
from bot.ui.controls import ROW, Control, Rows, Style, in_rows
from bot.ui.custom_ids import Draft, game_id
from bot.ui.words import Name, card_label, color_label

COLOR_STYLES = {"r": Style.danger, "y": Style.secondary, "g": Style.success, "b": Style.primary}
CHOICE_ROWS = 4
"""Rows of choices; the fifth holds Back."""


@dataclass(frozen=True, slots=True)
class Prompt:
    question: str
    choices: list[tuple[str, Draft, Style]]


def resolve(game: Game, player: str, draft: Draft, name: Name) -> Action | Prompt:
    """The action a click completes, or the question still to ask. A draft no legal
    action fits goes to the engine as it is, which refuses it in its own words (or,
    for a needless UNO or a wrong catch, lets it pass with no effect)."""
    fits = [a for a in game.legal_actions(player) if draft.allows(a)]
    if not fits:
        return draft.as_action(player)
    stacks = list(dict.fromkeys(a.played_cards() for a in fits))
    if len(stacks) > 1:
        choices = [(" + ".join(card_label(c) for c in stack) or "—", draft.settled(stack),
                    Style.secondary) for stack in stacks]
        return Prompt(_("Play which cards? The last one laid is the new top card."), choices)
    colors = [c for c in COLORS if any(a.color == c for a in fits)]
    if len(colors) > 1 and not draft.color:
        return Prompt(_("Choose the colour to play next."), [
            (color_label(c), replace(draft, color=c), COLOR_STYLES[c]) for c in colors
        ])
    targets = list(dict.fromkeys(a.target for a in fits if a.target))
    if len(targets) > 1 and not draft.target:
        return Prompt(_("Choose a player to swap hands with.") if draft.do != "catch"
                      else _("Catch whom?"), [
            (name(t), replace(draft, target=t), Style.primary) for t in targets
        ])
    return fits[0]


def prompt_rows(channel_id: int, version: int, prompt: Prompt, *, back: bool = True) -> Rows:
    """The choices as buttons, five a row; a Back button returns to the hand. Four rows
    are enough: a stack is at most 3 cards of one value in 4 colours, which gives at
    most 20 stacks starting with a given card (1 + 4 + 15); the slice only guards it."""
    buttons = [
        Control(game_id(channel_id, version, draft.encode()), label[:80], style)
        for label, draft, style in prompt.choices[: CHOICE_ROWS * ROW]
    ]
    rows = in_rows(buttons)
    if back:
        # i18n: a button that leaves a question and shows the player's hand again
        rows.append([Control(game_id(channel_id, version, "page:0"), pgettext("button", "Back"))])
    return rows
