"""The table service: a registry of tables (one lock and one state version each, saved
before anything is shown), the lobby, turns, computer players, timers and match
records. No discord.py and no SQL: storage is reached through ``bot.game.ports``."""
