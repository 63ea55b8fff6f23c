"""Draw every face the pictures use ahead of time, so no player waits for them.

Faces are cached the first time they are drawn (``bot.render.faces``); drawing all of
them takes about half a second of CPU, which ``warm_faces_async`` spends in a worker
thread when the bot starts instead of in the first player's answer. The system's fonts
are listed then too (``bot.render.typefaces``), and the scripts none of them draws are
logged, once, as the bot starts.
"""

from __future__ import annotations

import asyncio
import logging
from typing import cast

from bot.engine.cards import ALL_CARDS, COLORS, Card
from bot.render.hand import hand_image, render_hand
from bot.render.table import TableScene, render_table, table_image
from bot.render.typefaces import missing_scripts, system_typefaces

log = logging.getLogger(__name__)

_warm = False
"""Set once everything is drawn: the caches last as long as the process."""


def warm_faces() -> None:
    """Every card face in hands, plain and faded; every top card, colour ring, the back;
    the fonts (the system's listed), and the palette that the pictures are drawn in.
    Once per process."""
    global _warm
    if _warm:
        return
    system_typefaces()
    cards = sorted(ALL_CARDS)
    render_hand(cards)
    hand_image(cards, set())
    for top in cards:
        table_image(TableScene(top, COLORS[0], 1, (("", 0),), 0, 0))
    for color in COLORS:
        table_image(TableScene(cast(Card, f"{color}0"), color, 1, (("", 0),), 0, 0))
    render_table(TableScene("wild", COLORS[0], -1, (("", 0),), 0, 0))
    _warm = True


async def warm_faces_async() -> None:
    """``warm_faces`` in a worker thread, then the scripts no font here draws logged."""
    await asyncio.to_thread(warm_faces)
    missing = missing_scripts()
    if missing:
        log.warning("pictures cannot draw names in: %s (install fonts-noto-core, "
                    "fonts-noto-cjk, fonts-noto-color-emoji and libraqm0; see README)",
                    "; ".join(missing))
