"""What speaking a language costs: reading the catalogs once, then each message.

    .venv/bin/python benchmarks/languages.py [--lookups 200000]

Prints the time to read every shipped catalog from its ``.po`` file (once per process,
at start-up; Babel's own import included), the memory they take (tracemalloc, a second
reading), and the CPU time of one ``_()`` and
one ``ngettext()`` in English and in each of a few other languages, inside ``speaking``
as an interaction's handler runs them, and of entering ``speaking`` itself.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

from bot.i18n import LANGUAGES, _, ngettext, speaking
from bot.i18n.catalogs import load_all, translations

MESSAGE = "Nothing changed: {reason}."
SAMPLE = ("en-US", "de", "pl", "ja")


def per_call(function: object, lookups: int) -> float:
    """Microseconds of CPU per call of ``function()``."""
    assert callable(function)
    started = time.process_time()
    for _call in range(lookups):
        function()
    return (time.process_time() - started) / lookups * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lookups", type=int, default=200_000)
    lookups = parser.parse_args().lookups

    started = time.perf_counter()
    load_all()
    loaded = time.perf_counter() - started
    translations.cache_clear()
    tracemalloc.start()
    load_all()
    memory = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    messages = sum(len(getattr(translations(lang.catalog), "_catalog", {}))
                   for lang in LANGUAGES.values())
    print(f"catalogs: {len(LANGUAGES)} languages, {messages} translated entries, "
          f"read in {loaded * 1000:.0f} ms, {memory / 1024:.0f} KiB")

    def enter() -> None:
        with speaking("de"):
            pass

    print(f"entering speaking(): {per_call(enter, lookups):.2f} µs")
    for locale in SAMPLE:
        with speaking(locale):
            one = per_call(lambda: _(MESSAGE), lookups)
            counted = per_call(lambda: ngettext("{count} card", "{count} cards", 3), lookups)
        print(f"{locale:6} _(): {one:.2f} µs   ngettext(): {counted:.2f} µs")


if __name__ == "__main__":
    main()
