"""What a player asks for with a click: an action, whole or still missing a choice.

A button carries a :class:`Draft` (its text form, :meth:`Draft.encode`, is the
``<what>`` of its custom id, ``bot.ui.messages.custom_ids``). Under the table's lock the draft
is completed against the engine's legal actions (:func:`complete`): into the one
action it names, or into the choice still open (which cards to stack, a colour, a
player), which the UI then asks. No rule lives here: the choices are exactly the legal
actions the draft may still become, so a wild asks for a colour, a Swap Hands or a
Seven-O 7 for a player, a stackable card for its stack, because the engine lists them so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import cast

from bot.engine import Action
from bot.engine.actions import ActionKind
from bot.engine.cards import COLORS, Card, CardColor

EXACT = "!"
"""Marks a draft whose cards are settled (no more cards to stack)."""


@dataclass(frozen=True, slots=True)
class Draft:
    """An action being put together by clicks: every field left empty is still open."""

    do: ActionKind
    cards: tuple[Card, ...] = ()
    exact: bool = False
    color: CardColor = ""
    target: str = ""
    laughed: str = ""
    """"1" or "0" for house rule 8's vote."""

    def encode(self) -> str:
        cards = "+".join(self.cards) + (EXACT if self.exact else "")
        return f"a:{self.do}:{cards}:{self.color}:{self.target}:{self.laughed}"

    @classmethod
    def decode(cls, text: str) -> Draft:
        """The draft ``encode`` wrote; a cut-off or foreign text raises ``ValueError``
        (``bot.ui.messages.custom_ids.read`` checks a button's text first)."""
        _, do, cards, color, target, laughed = text.split(":")
        exact = cards.endswith(EXACT)
        codes = tuple(cast(Card, c) for c in cards.rstrip(EXACT).split("+") if c)
        # Taken as written: ``read`` checks the kind and the colour, and the
        # engine refuses a card that is not one, in its own words.
        return cls(cast(ActionKind, do), codes, exact, cast(CardColor, color), target, laughed)

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is one this draft may still become."""
        if action.do != self.do:
            return False
        played = action.played_cards()
        if self.exact and played != self.cards:
            return False
        if played[: len(self.cards)] != self.cards:
            return False
        laughed = "" if action.laughed is None else str(int(action.laughed))
        return all(
            mine in ("", theirs)
            for mine, theirs in (
                (self.color, action.color or ""),
                (self.target, action.target or ""),
                (self.laughed, laughed),
            )
        )

    def settled(self, cards: tuple[Card, ...]) -> Draft:
        return replace(self, cards=cards, exact=True)

    def as_action(self, player: str) -> Action:
        """The draft as it stands, for the engine to judge (and refuse in its words)."""
        one = len(self.cards) == 1
        return Action(
            player,
            self.do,
            card=self.cards[0] if one else None,
            cards=self.cards if len(self.cards) > 1 else None,
            color=self.color or None,
            target=self.target or None,
            laughed=None if not self.laughed else self.laughed == "1",
        )


class Open(StrEnum):
    """What the legal actions a draft may become still differ in."""

    CARDS = "cards"
    """Which cards to stack (the last one laid is the new top card)."""
    COLOR = "color"
    TARGET = "target"
    """The player to swap hands with, or to catch."""


@dataclass(frozen=True, slots=True)
class OpenChoice:
    """The question still open after a click: what is left to choose, and one draft per
    option, completed by it, in the order the options are offered."""

    open: Open
    options: tuple[Draft, ...]


def complete(draft: Draft, legal: Sequence[Action], player: str) -> Action | OpenChoice:
    """The action ``draft`` names among ``player``'s ``legal`` actions, or the choice
    still open. A draft no legal action fits goes to the engine as it is, which refuses
    it in its own words (or, for a needless UNO or a wrong catch, lets it pass with no
    effect)."""
    fits = [a for a in legal if draft.allows(a)]
    if not fits:
        return draft.as_action(player)
    stacks = list(dict.fromkeys(a.played_cards() for a in fits))
    if len(stacks) > 1:
        return OpenChoice(Open.CARDS, tuple(draft.settled(stack) for stack in stacks))
    colors = [c for c in COLORS if any(a.color == c for a in fits)]
    if len(colors) > 1 and not draft.color:
        return OpenChoice(Open.COLOR, tuple(replace(draft, color=c) for c in colors))
    targets = list(dict.fromkeys(a.target for a in fits if a.target))
    if len(targets) > 1 and not draft.target:
        return OpenChoice(Open.TARGET, tuple(replace(draft, target=t) for t in targets))
    return fits[0]
