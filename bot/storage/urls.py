"""``DATABASE_URL``: which database the bot keeps its data in.

``sqlite:///data/uno.sqlite3`` (a relative path, which the settings make absolute
against the project folder; four slashes for an absolute one:
``sqlite:////var/lib/uno/uno.sqlite3``) or
``postgresql://user:password@host:5432/dbname``.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

SQLITE_PREFIX = "sqlite:///"
POSTGRES_SCHEMES = ("postgresql", "postgres")


class BadDatabaseUrl(ValueError):
    """A ``DATABASE_URL`` the bot cannot use; ``str()`` says what it must look like."""


def sqlite_url(path: Path) -> str:
    return SQLITE_PREFIX + str(path)


def sqlite_path(url: str) -> Path | None:
    """The file of a ``sqlite:///`` URL; None for any other URL."""
    if not url.startswith(SQLITE_PREFIX):
        return None
    path = url[len(SQLITE_PREFIX):]
    if not path:
        raise BadDatabaseUrl("DATABASE_URL sqlite:/// names no file")
    return Path(path)


def is_postgres(url: str) -> bool:
    return urlsplit(url).scheme in POSTGRES_SCHEMES


def check(url: str) -> str:
    """``url`` if the bot can use it, else ``BadDatabaseUrl``."""
    if sqlite_path(url) is None and not is_postgres(url):
        raise BadDatabaseUrl(
            "DATABASE_URL must start with sqlite:/// (a file) or postgresql:// (a server)"
        )
    return url


def database_password(url: str) -> str:
    """The password in the URL ("" for none), for the log's redaction."""
    return urlsplit(url).password or ""


def without_password(url: str) -> str:
    """The URL as a log line or a message may show it."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))
