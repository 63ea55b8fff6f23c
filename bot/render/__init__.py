"""Card and table images with Pillow: pure functions, no discord.

``render_hand`` and ``render_table`` return PNG bytes; async code has them drawn off
the event loop (``bot.ui.delivery.pictures``: in a worker process, or a worker thread).
``warm_faces`` draws every card face once (a worker process does as it starts);
``warm_faces_async`` does it in a worker thread, at start-up.
"""

from bot.render.hand import render_hand
from bot.render.table import TableScene, render_table
from bot.render.warm import warm_faces, warm_faces_async

__all__ = [
    "TableScene",
    "render_hand",
    "render_table",
    "warm_faces",
    "warm_faces_async",
]
