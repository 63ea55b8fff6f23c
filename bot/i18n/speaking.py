"""The language of the moment, per asyncio task.

A ``ContextVar`` is copied into every task when the task is created, so the language set
while discord.py parses an interaction (``bot.app.gateway_guard``) is the language of the
tasks that handle it, and two interactions handled at once never see each other's.
Shared messages (the table, the lobby, pings) are built inside ``speaking`` the server's
language; nothing is locked and nothing global changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from bot.i18n.languages import DEFAULT, Language, language_of

_current: ContextVar[Language] = ContextVar("language", default=DEFAULT)


def current_language() -> Language:
    return _current.get()


@contextmanager
def speaking(locale: object) -> Iterator[Language]:
    """Speak ``locale`` (a Discord locale, a ``Language``, or None for English) inside
    the block, in this task only."""
    language = locale if isinstance(locale, Language) else language_of(locale)
    token = _current.set(language)
    try:
        yield language
    finally:
        _current.reset(token)
