"""aiosqlite persistence. Never imports discord."""
