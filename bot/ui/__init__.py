"""discord.py views, buttons and embeds: game state turned into messages."""
