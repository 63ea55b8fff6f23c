"""The clicks and commands that come in: acknowledged, parsed once, handed to the game
service and answered; refusals and failures in the reader's language.
"""
