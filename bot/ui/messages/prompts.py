"""Follow-up choices: a click names part of an action, the engine's legal actions say
what is still open (which cards to stack, a colour, a player: ``bot.game.drafts``),
and the player is asked here.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.game.drafts import Draft, Open, OpenChoice
from bot.i18n import _, pgettext
from bot.ui.messages.controls import ROW, Control, Rows, Style, in_rows
from bot.ui.messages.custom_ids import game_id
from bot.ui.words.words import Name, card_label, color_label

COLOR_STYLES = {"r": Style.danger, "y": Style.secondary, "g": Style.success, "b": Style.primary}
CHOICE_ROWS = 4
"""Rows of choices; the fifth holds Back."""


@dataclass(frozen=True, slots=True)
class Prompt:
    question: str
    choices: list[tuple[str, Draft, Style]]


def prompt_for(choice: OpenChoice, name: Name) -> Prompt:
    """The question that asks what a click left open (``bot.game.drafts.complete``), each
    option labelled with what it chooses."""
    options = choice.options
    match choice.open:
        case Open.CARDS:
            return Prompt(_("Play which cards? The last one laid is the new top card."), [
                (" + ".join(card_label(c) for c in d.cards) or "—", d, Style.secondary)
                for d in options])
        case Open.COLOR:
            return Prompt(_("Choose the colour to play next."), [
                (color_label(d.color), d, COLOR_STYLES[d.color]) for d in options])
    return Prompt(_("Choose a player to swap hands with.") if options[0].do != "catch"
                  else _("Catch whom?"), [(name(d.target), d, Style.primary) for d in options])


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
