"""A throwaway PostgreSQL server on loopback for the tests: ``initdb`` in a temporary
folder, ``pg_ctl start`` on 127.0.0.1 and a free port, each test its own database,
everything removed at the end of the session.

Needs Debian's ``postgresql`` package (``apt-get install -y postgresql``; CI installs
it in ``.ci/run``). Without it the tests that need PostgreSQL fail, never skip, with
the sentence in ``MISSING``. Run as root, the server runs as the ``postgres`` user
(PostgreSQL refuses to run as root).
"""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path

from bot.storage.urls import without_password

MISSING = (
    "PostgreSQL is not installed, and the storage tests run against it as well as SQLite: "
    "install it (Debian/Ubuntu: sudo apt-get install -y postgresql; the tests start their "
    "own throwaway server, nothing needs to be configured)"
)
USER = "uno"
SERVER_USER = "postgres"
"""Who runs the server when the tests run as root."""


DEBIAN_FOLDER = Path("/usr/lib/postgresql")
"""Where Debian's package puts each version's programs (``<version>/bin``), off PATH."""


def binaries(debian: Path = DEBIAN_FOLDER) -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: on PATH, else Debian's newest version."""
    found = shutil.which("pg_ctl")
    if found is not None:
        return Path(found).resolve().parent
    versions = sorted(
        debian.glob("*/bin/pg_ctl"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    return versions[-1].parent if versions else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    """One server for the test session; ``new_database()`` gives each test its own."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.folder = Path(tempfile.mkdtemp(prefix="uno-postgres-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self._names = itertools.count(1)
        self._as_root = os.geteuid() == 0
        self.running = False

    def _run(self, command: Sequence[str], **options: object) -> None:
        prefix = ["runuser", "-u", SERVER_USER, "--"] if self._as_root else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, **options)  # type: ignore[call-overload]

    def start(self) -> None:
        if self._as_root:
            shutil.chown(self.folder, SERVER_USER)
        self._run([
            str(self.bin / "initdb"), "-D", str(self.data), "-U", USER, "--auth=trust",
            "--encoding=UTF8", "--no-locale", "--no-sync",
        ])
        self.resume()

    def resume(self) -> None:
        """Start the server (again, after :meth:`halt`), and wait until it answers."""
        options = (
            f"-h 127.0.0.1 -p {self.port} -k {self.folder} -F "
            "-c full_page_writes=off -c synchronous_commit=off -c max_connections=300"
        )
        self._run([
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"),
            "-w", "-t", "60", "-o", options, "start",
        ])
        self.running = True

    def halt(self) -> None:
        """Stop the server, keeping its data, as an operator's restart or a crash does."""
        self._run([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"])
        self.running = False

    def stop(self) -> None:
        try:
            if self.running:
                self.halt()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def psql(self, statement: str) -> None:
        subprocess.run(
            [str(self.bin / "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", self.url(),
             "-c", statement],
            check=True, capture_output=True,
        )

    def rows(self, url: str, query: str) -> list[list[str]]:
        """A query's rows as text (tab-separated by psql: for values without tabs or
        newlines, such as the bot's compact JSON)."""
        output = subprocess.run(
            [str(self.bin / "psql"), "-X", "-q", "-A", "-t", "-F", "\t", "-v",
             "ON_ERROR_STOP=1", "-d", url, "-c", query],
            check=True, capture_output=True, text=True,
        ).stdout
        return [line.split("\t") for line in output.splitlines()]

    def new_database(self) -> str:
        """The URL of a new, empty database."""
        name = f"test_{next(self._names)}"
        self.psql(f"CREATE DATABASE {name}")
        return self.url(name)

    def drop(self, url: str) -> None:
        name = url.rsplit("/", 1)[1]
        self.psql(f"DROP DATABASE {name} WITH (FORCE)")

    def __repr__(self) -> str:
        return f"PostgresServer({without_password(self.url())})"
