"""A step of a database's schema; each backend keeps its own ordered list of them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.storage.errors import SchemaTooNewError
from bot.storage.session import Session


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    description: str
    statements: tuple[str, ...]
    then: Callable[[Session], Awaitable[None]] | None = None
    """Work on the data that SQL alone cannot do (rating the recorded matches), run
    after the statements in the step's transaction."""


def refuse_newer(found: int, name: str, migrations: Sequence[Migration]) -> None:
    """Raise ``SchemaTooNewError`` for a database at ``found``, written by a newer bot:
    before anything writes to it."""
    if found > len(migrations):
        raise SchemaTooNewError(name, found, len(migrations))


def check_order(migrations: Sequence[Migration]) -> None:
    if [m.version for m in migrations] != list(range(1, len(migrations) + 1)):
        raise ValueError("migration versions must run 1, 2, 3, ... in order")
