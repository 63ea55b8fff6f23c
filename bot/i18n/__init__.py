"""Every word a player reads, in their language: gettext catalogs read once, and the
language of the moment carried per task in a ``contextvars`` value.

Code marks an English message with ``_`` (translate now) or ``N_`` (mark now, translate
where it is shown; ``NP_`` with a context), ``ngettext`` for counted words and
``pgettext`` where the same English needs different words (a button label against a
sentence). The English is the message id; placeholders are ``str.format`` names:
``_("{who} drew {count}")``.
"""

from bot.i18n.catalogs import N_, NP_, _, ngettext, pgettext, translate
from bot.i18n.languages import DEFAULT, LANGUAGES, Language, language_of
from bot.i18n.speaking import current_language, speaking

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "NP_",
    "N_",
    "Language",
    "_",
    "current_language",
    "language_of",
    "ngettext",
    "pgettext",
    "speaking",
    "translate",
]
