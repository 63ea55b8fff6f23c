"""Custom ids of the game's buttons and menus: ``uno:g:<channel>:<version>:<what>``.

They carry ids only (the channel, the state version, a card code), never a position
in a hand, so a click means the same thing whenever it arrives. ``<what>`` is one of:

- ``hand``, ``rules``, ``catch``, ``next``, ``again`` (the table and round messages),
- ``page:<n>`` (show the hand again: a question's Back button),
- ``leave:<match>`` (``/uno leave``'s confirmation in a two-player match; ``<match>`` is
  the match's start in UNIX seconds, so the button never ends a later match),
- ``pick:<n>`` (a hand's select menu; the chosen option is a draft),
- a draft ``a:<do>:<cards>:<color>:<target>:<laughed>``: an engine action, complete or
  still missing a choice (a colour, a target, which cards to stack;
  ``bot.game.drafts``).

A click's id is read once (:func:`read`, :func:`chosen`) into a :class:`Click`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Literal, cast

from bot.engine.actions import PLAYER_ACTIONS
from bot.engine.cards import COLORS
from bot.game.drafts import Draft

PATTERN = r"uno:g:(?P<channel>\d+):(?P<version>\d+):(?P<what>[a-z0-9:+!_-]+)"
PLAIN = ("hand", "rules", "catch", "next", "again")
PAGE = re.compile(r"page:\d{1,3}")
MENU = re.compile(r"pick:\d{1,3}")
LEAVE = re.compile(r"leave:(?P<match>\d{1,15})")
DRAFT_FIELDS = 6


@dataclass(frozen=True, slots=True)
class Leaving:
    """``/uno leave``'s confirmation of the match that started at ``match``
    (``Table.match_stamp``)."""

    match: int


Button = Literal["hand", "rules", "catch", "next", "again", "page"]
"""A button that names no action (``page``: Back from a question, or an older hand's
page, which shows the hand again)."""
Asked = Draft | Leaving | Button


@dataclass(frozen=True, slots=True)
class Click:
    """A click on a game button or menu, its custom id read once: the channel and the
    table version it was drawn for, and what it asks."""

    channel_id: int
    version: int
    asks: Asked


def game_id(channel_id: int, version: int, what: str) -> str:
    return f"uno:g:{channel_id}:{version}:{what}"


def leave_id(channel_id: int, version: int, match_stamp: int) -> str:
    """The confirmation of ``/uno leave`` for the match of ``match_stamp``
    (``Table.match_stamp``)."""
    return game_id(channel_id, version, f"leave:{match_stamp}")


def read(what: str) -> Asked | None:
    """What a button's ``<what>`` asks; ``None`` for one this bot does not write on a
    button: a cut-off draft, an action no player may choose, an unknown colour or vote,
    a page past 999, or a menu's id (``pick:<n>``, read with its choice: :func:`chosen`)."""
    if what in PLAIN:
        return cast(Button, what)
    if PAGE.fullmatch(what):
        return "page"
    if (leaving := LEAVE.fullmatch(what)) is not None:
        return Leaving(int(leaving["match"]))
    return _draft(what)


def chosen(values: list[str]) -> Draft | None:
    """The options picked in one menu as one draft: a single option as it is, several
    drafts of one kind as one draft of all their cards (a discard of several cards at
    once); ``None`` for nothing picked, an option the bot never offers (anything but a
    draft), or options that do not join."""
    drafts = [_draft(value) for value in values]
    if not drafts or None in drafts:
        return None
    first, *others = cast(list[Draft], drafts)
    if any(replace(d, cards=()) != replace(first, cards=()) for d in others):
        return None
    return replace(first, cards=tuple(c for d in (first, *others) for c in d.cards))


def _draft(what: str) -> Draft | None:
    fields = what.split(":")
    if len(fields) != DRAFT_FIELDS or fields[0] != "a":
        return None
    draft = Draft.decode(what)
    understood = (draft.do in PLAYER_ACTIONS and draft.color in ("", *COLORS)
                  and draft.laughed in ("", "0", "1"))
    return draft if understood else None
