"""The composition root: the discord.py client, settings, invite, command sync and
start-up; it wires the layers below together."""
