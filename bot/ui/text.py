"""Words for tables and rulesets, shared by the lobby, /uno rules and /uno help."""

from __future__ import annotations

from bot.engine.cards import build_deck
from bot.engine.options import HAND_SIZE, RULESETS, TABLE_OPTIONS, Options
from bot.game.lobby import MAX_PLAYERS, MIN_PLAYERS


def on_off(flag: bool) -> str:
    return "on" if flag else "off"


def rules_line(ruleset: str, options: Options, turn_seconds: int | None = None) -> str:
    """The rules in one short line: ``classic · 7 cards · Seven-O off · ...``."""
    parts = [
        ruleset,
        f"{HAND_SIZE[ruleset]} cards",
        f"Seven-O {on_off(options.seven_o)}",
        f"stacking {on_off(options.stacking)}",
        f"{options.scoring} scoring to {options.target}",
        *(TABLE_OPTIONS[name][0] for name in options.table_options()),
    ]
    if turn_seconds is not None:
        parts.append(f"{turn_seconds} s turns")
    return " · ".join(parts)


def ruleset_details(ruleset: str, options: Options) -> str:
    return "\n".join(
        [
            RULESETS[ruleset],
            f"Deck: {len(build_deck(ruleset))} cards. Hand: {HAND_SIZE[ruleset]} cards.",
            f"Seven-O: {on_off(options.seven_o)}. Stacking: {on_off(options.stacking)}.",
            f"Scoring: {options.scoring}, first to {options.target} points.",
            *table_options_details(options),
        ]
    )


def table_options_details(options: Options) -> list[str]:
    """The table options in force (RULES.md 11), two lines each."""
    lines: list[str] = []
    for name in options.table_options():
        label, what, more = TABLE_OPTIONS[name]
        lines += [f"**{label}**: {what}", more]
    return lines


HELP_SHORT = """\
**UNO in this channel**
`/uno new` opens a lobby; others press Join, the host presses Start.
On the table, **My hand** shows your cards: match the top card's colour, number or \
symbol, or draw. Down to one card? Press **UNO!** first.
Empty your hand first to win the round."""
"""What ``/uno help`` says first: a phone screen at most; the rest is behind buttons."""

HOW_TO_PLAY = f"""\
**How to play**
Open a lobby with `/uno new`; {MIN_PLAYERS} to {MAX_PLAYERS} players join with the Join \
button or `/uno join`. The host presses Start. Press **My hand** on the table to see \
your cards privately. On your turn, match the top card by colour, number or symbol, \
or draw. Press **UNO!** when you are down to your last card (you may press it with two \
cards on your turn), or anyone can press **Catch!** and you draw 2. A Wild Draw Four \
played on you can be challenged. First to empty their hand wins the round; the points \
left in the other hands go to the winner, and the first to the target wins the match.
A lobby nobody touches for 10 minutes closes by itself. The host, or anyone who can \
manage messages, can cancel it."""

COMMANDS = """\
**Commands**
`/uno new` open a lobby (ruleset, rules, target, turn timer, autoplay, a thread of its own)
`/uno join` take a seat in this channel's lobby
`/uno leave` leave this channel's lobby or game
`/uno kick` remove a player from the game (host or Manage Messages)
`/uno end` end this channel's game (host or Manage Messages)
`/uno leaderboard` the server's best players (wins, points, win rate)
`/uno stats [player]` a player's matches, wins, catches, challenges and more
`/uno history` the last matches of this channel or server
`/uno settings` the server's defaults and house rules (Manage Server)
`/uno addbot [level]` seat a computer player, easy or normal (host)
`/uno removebot [number]` take a computer player's seat away (host)
`/uno rules [ruleset]` the rules of this channel's game, or of a named ruleset
`/uno help` this message"""
