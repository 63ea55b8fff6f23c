"""``python -m bot``: see :mod:`bot.app.main`."""

import sys

from bot.app.main import main

if __name__ == "__main__":
    sys.exit(main())
