"""A throwaway PgBouncer on loopback in front of the tests' PostgreSQL server: a config in
a temporary folder (the server's databases by their own names, trust for the server's
user), in the pooling mode a test asks for, removed when it stops.

Needs Debian's ``pgbouncer`` package (``apt-get install -y pgbouncer``; CI installs it
in ``.ci/run``); without it the tests that need it fail, never skip, with ``MISSING``.
Run as root, it runs as the ``postgres`` user, as the server does (PgBouncer refuses to
run as root).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Literal

from tests.pgserver import SERVER_USER, USER, PostgresServer, free_port

MISSING = (
    "PgBouncer is not installed, and the tests of the bot behind it need it: install it "
    "(Debian/Ubuntu: sudo apt-get install -y pgbouncer; the tests start their own, "
    "nothing needs to be configured)"
)
DEBIAN_PROGRAM = Path("/usr/sbin/pgbouncer")
STARTUP_TIMEOUT = 30.0
PoolMode = Literal["session", "transaction"]


def program() -> Path | None:
    """``pgbouncer`` on PATH, else where Debian's package puts it (off a user's PATH)."""
    found = shutil.which("pgbouncer")
    if found is not None:
        return Path(found)
    return DEBIAN_PROGRAM if DEBIAN_PROGRAM.exists() else None


class PgBouncer:
    """One PgBouncer in ``pool_mode``; ``url(database)`` reaches a database through it."""

    def __init__(self, binary: Path, server: PostgresServer, pool_mode: PoolMode) -> None:
        self.binary = binary
        self.server = server
        self.pool_mode = pool_mode
        self.folder = Path(tempfile.mkdtemp(prefix="uno-pgbouncer-"))
        self.port = free_port()
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        config = self.folder / "pgbouncer.ini"
        (self.folder / "users.txt").write_text(f'"{USER}" ""\n')
        config.write_text("\n".join([
            "[databases]",
            f"* = host=127.0.0.1 port={self.server.port}",
            "[pgbouncer]",
            "listen_addr = 127.0.0.1",
            f"listen_port = {self.port}",
            "unix_socket_dir =",
            "auth_type = trust",
            f"auth_file = {self.folder / 'users.txt'}",
            f"pool_mode = {self.pool_mode}",
            "default_pool_size = 40",
            "max_client_conn = 400",
            f"logfile = {self.folder / 'pgbouncer.log'}",
            "",
        ]))
        prefix: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, SERVER_USER)
            for path in self.folder.iterdir():
                shutil.chown(path, SERVER_USER)
            prefix = ["runuser", "-u", SERVER_USER, "--"]
        self._process = subprocess.Popen([*prefix, str(self.binary), str(config)],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self._wait_until_listening()

    def _wait_until_listening(self) -> None:
        """Until PgBouncer takes connections on its port (it opens it once it has read
        its config); its own words if it exits first."""
        assert self._process is not None
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                _, err = self._process.communicate()
                log = self.folder / "pgbouncer.log"
                raise RuntimeError(f"pgbouncer exited with {self._process.returncode}: "
                                   f"{err.decode()}{log.read_text() if log.exists() else ''}")
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise RuntimeError(f"pgbouncer did not listen on port {self.port} in "
                           f"{STARTUP_TIMEOUT:g} s")

    def url(self, server_url: str) -> str:
        """``server_url``'s database (a URL of the server's), through PgBouncer."""
        database = server_url.rsplit("/", 1)[1]
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        try:
            if self._process is not None and self._process.poll() is None:
                self._process.terminate()
                self._process.communicate(timeout=STARTUP_TIMEOUT)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
