"""Custom ids of the game's buttons and menus: ``uno:g:<channel>:<version>:<what>``.

They carry ids only (the channel, the state version, a card code), never a position
in a hand, so a click means the same thing whenever it arrives. ``<what>`` is one of:

- ``hand``, ``rules``, ``catch``, ``next``, ``again`` (the table and round messages),
- ``page:<n>`` (show the hand again: a question's Back button),
- ``leave:<match>`` (``/uno leave``'s confirmation in a two-player match; ``<match>`` is
  the match's start in UNIX seconds, so the button never ends a later match),
- ``pick:<n>`` (a hand's select menu; the chosen option is a draft),
- a draft ``a:<do>:<cards>:<color>:<target>:<laughed>``: an engine action, complete or
  still missing a choice (a colour, a target, which cards to stack).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import cast

from bot.engine import Action
from bot.engine.actions import PLAYER_ACTIONS, ActionKind
from bot.engine.cards import COLORS, Card, CardColor

PATTERN = r"uno:g:(?P<channel>\d+):(?P<version>\d+):(?P<what>[a-z0-9:+!_-]+)"
EXACT = "!"
"""Marks a draft whose cards are settled (no more cards to stack)."""
PLAIN = ("hand", "rules", "catch", "next", "again")
PAGE = re.compile(r"(page|pick):\d{1,3}")
MENU = re.compile(r"pick:\d{1,3}")
LEAVE = re.compile(r"leave:(?P<match>\d{1,15})")
DRAFT_FIELDS = 6


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
        """The draft ``encode`` wrote; check :func:`understood` first (a cut-off or
        foreign text raises ``ValueError``)."""
        _, do, cards, color, target, laughed = text.split(":")
        exact = cards.endswith(EXACT)
        codes = tuple(cast(Card, c) for c in cards.rstrip(EXACT).split("+") if c)
        # Taken as written: ``understood`` checks the kind and the colour, and the
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


def joined(chosen: list[str]) -> str:
    """The options picked in one menu as one ``<what>``: a single option as it is,
    several drafts of one kind as one draft of all their cards (a discard of several
    cards at once); ``""`` (not understood) for nothing picked or options that do not
    join."""
    if len(chosen) <= 1:
        return chosen[0] if chosen else ""
    if not all(understood(what) and what.startswith("a:") for what in chosen):
        return ""
    drafts = [Draft.decode(what) for what in chosen]
    if len({replace(d, cards=()) for d in drafts}) > 1:
        return ""
    return replace(drafts[0], cards=tuple(c for d in drafts for c in d.cards)).encode()


def game_id(channel_id: int, version: int, what: str) -> str:
    return f"uno:g:{channel_id}:{version}:{what}"


def leave_id(channel_id: int, version: int, match_stamp: int) -> str:
    """The confirmation of ``/uno leave`` for the match of ``match_stamp``
    (``Table.match_stamp``)."""
    return game_id(channel_id, version, f"leave:{match_stamp}")


def parse(custom_id: str) -> re.Match[str] | None:
    return re.fullmatch(PATTERN, custom_id)


def understood(what: str) -> bool:
    """Whether ``<what>`` is one this bot writes: a cut-off draft, an action no player
    may choose, an unknown colour or vote, or a page or menu past 999 is not."""
    if what in PLAIN or PAGE.fullmatch(what) or LEAVE.fullmatch(what):
        return True
    fields = what.split(":")
    if len(fields) != DRAFT_FIELDS or fields[0] != "a":
        return False
    draft = Draft.decode(what)
    return (draft.do in PLAYER_ACTIONS and draft.color in ("", *COLORS)
            and draft.laughed in ("", "0", "1"))


def understood_choice(value: str) -> bool:
    """Whether a menu's chosen option is one the bot offers: a draft (never a page, a
    menu or a table button's ``<what>``)."""
    return value.startswith("a:") and understood(value)
