"""The messages and their buttons: the table, the hands, the lobby's words, the records,
composed from the snapshots the game service hands the UI.

Composing a message never sends it: this room imports nothing of ``bot.ui.delivery``.
"""
