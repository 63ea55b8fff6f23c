"""The Docker image's entry point and health probe (``Dockerfile``, compose).

``python -m bot.app.container`` runs the bot as ``uno-bot`` does, with two differences
a container needs:

- Exit code 2 (a setting, the token or the database needs a person) leaves the
  container with 0. Docker's and compose's restart policy ``on-failure`` starts a
  container again after any other code, so a crash (1) or an outage (3) heals by
  itself while a wrong token is not retried for ever; the sentence on stderr (``docker
  logs``) says what to fix.
- An empty ``HEALTH_PORT`` (a ``.env`` copied from ``.env.example`` leaves it so) is the
  image's port, not "no endpoint", so that the image's HEALTHCHECK has something to ask.

``python -m bot.app.container health`` is that HEALTHCHECK: exit 0 while the endpoint
answers 200 ``ready``, else 1.
"""

from __future__ import annotations

import os
import sys
import urllib.request

from bot.app.main import EXIT_FIX_AND_RESTART, EXIT_STOPPED
from bot.app.main import main as bot_main

HEALTH_PORT = "8080"
"""The image's health endpoint, when HEALTH_PORT is unset or empty."""


def health_port() -> str:
    return os.environ.get("HEALTH_PORT") or HEALTH_PORT


def healthy(timeout: float = 4.0) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{health_port()}/health",
                                    timeout=timeout) as answer:
            return bool(answer.status == 200)
    except OSError:  # refused, timed out, or 503 (urllib's HTTPError is an OSError)
        return False


def main(argv: list[str]) -> int:
    if argv == ["health"]:
        return 0 if healthy() else 1
    os.environ["HEALTH_PORT"] = health_port()
    code = bot_main(argv)
    return EXIT_STOPPED if code == EXIT_FIX_AND_RESTART else code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
