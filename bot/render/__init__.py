"""Card and table images with Pillow: pure functions, no discord.

``render_hand`` and ``render_table`` return PNG bytes; async code calls
``render_hand_async`` and ``render_table_async``, which render in a worker thread;
``warm_faces_async`` draws every card face once, in a worker thread, at start-up.
"""

from bot.render.hand import render_hand
from bot.render.table import TableScene, render_table
from bot.render.threaded import render_hand_async, render_table_async
from bot.render.warm import warm_faces, warm_faces_async

__all__ = [
    "TableScene",
    "render_hand",
    "render_hand_async",
    "render_table",
    "render_table_async",
    "warm_faces",
    "warm_faces_async",
]
