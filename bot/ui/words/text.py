"""Words for tables and rulesets, shared by the lobby, /uno rules and /uno help, in the
language of the moment (the texts of /uno help are message ids, translated when shown)."""

from __future__ import annotations

from bot.engine.cards import build_deck
from bot.engine.options import HAND_SIZE, Options
from bot.game.lobby import MAX_PLAYERS, MIN_PLAYERS
from bot.i18n import N_, _, ngettext, pgettext
from bot.ui.words.option_words import listed_on, stated
from bot.ui.words.rule_words import RULESET_WORDS
from bot.ui.words.words import choice_name, count_cards


def _score_line(options: Options) -> str:
    """The score in the one-line rules: "standard scoring to 500"."""
    if options.scoring == "alternative":
        return _("alternative scoring to {target}").format(target=options.target)
    return _("standard scoring to {target}").format(target=options.target)


def rules_line(ruleset: str, options: Options, turn_seconds: int | None = None) -> str:
    """The rules in one short line: ``classic · 7 cards · Seven-O off · ...``."""
    parts = [
        choice_name(ruleset),
        count_cards(HAND_SIZE[ruleset]),
        *(_(words.on if on else words.off) for words, on in stated(options)),
        _score_line(options),
        *(_(words.label) for words in listed_on(options)),
    ]
    if turn_seconds is not None:
        # i18n: the turn timer in the one-line rules: "60 s turns"
        parts.append(_("{seconds} s turns").format(seconds=turn_seconds))
    return " · ".join(parts)


def ruleset_details(ruleset: str, options: Options) -> str:
    target = options.target
    if options.scoring == "alternative":
        scoring = ngettext("Scoring: alternative, first to {target} point.",
                           "Scoring: alternative, first to {target} points.", target)
    else:
        scoring = ngettext("Scoring: standard, first to {target} point.",
                           "Scoring: standard, first to {target} points.", target)
    return "\n".join(
        [
            _(RULESET_WORDS[ruleset]),
            " ".join([_("Deck: {cards}.").format(cards=count_cards(len(build_deck(ruleset)))),
                      _("Hand: {cards}.").format(cards=count_cards(HAND_SIZE[ruleset]))]),
            " ".join(_(words.told_on if on else words.told_off)
                     for words, on in stated(options)),
            scoring.format(target=target),
            *listed_details(options),
        ]
    )


def listed_details(options: Options) -> list[str]:
    """The options in force that are named only where they are on (the table options of
    RULES.md 11 among them), two lines each."""
    lines: list[str] = []
    for words in listed_on(options):
        lines += [f"**{_(words.label)}**: {_(words.what)}", _(words.more)]
    return lines


HELP_SHORT = N_("""\
**UNO in this channel**
`/uno new` opens a lobby; others press Join, the host presses Start.
On the table, **My hand** shows your cards: match the top card's colour, number or \
symbol, or draw. Down to one card? Press **UNO!** first.
Empty your hand first to win the round.""")
"""What ``/uno help`` says first: a phone screen at most; the rest is behind buttons."""

HOW_TO_PLAY = N_("""\
**How to play**
Open a lobby with `/uno new`; {min_players} to {max_players} players join with the Join \
button or `/uno join`. The host presses Start. Press **My hand** on the table to see \
your cards privately. On your turn, match the top card by colour, number or symbol, \
or draw. Press **UNO!** when you are down to your last card (you may press it with two \
cards on your turn), or anyone can press **Catch!** and you draw 2. A Wild Draw Four \
played on you can be challenged. First to empty their hand wins the round; the points \
left in the other hands go to the winner, and the first to the target wins the match.
A lobby nobody touches for 10 minutes closes by itself. The host, or anyone who can \
manage messages, can cancel it.""")

COMMANDS: tuple[tuple[str, str | None, str], ...] = (
    ("new", None, N_("open a lobby (ruleset, rules, target, turn timer, autoplay, a thread of "
                     "its own)")),
    ("join", None, N_("take a seat in this channel's lobby")),
    ("leave", None, N_("leave this channel's lobby or game")),
    ("kick", None, N_("remove a player from the game (host or Manage Messages)")),
    ("end", None, N_("end this channel's game (host or Manage Messages)")),
    ("leaderboard", None, N_("the server's best players (wins, points, win rate)")),
    ("stats", "player", N_("a player's matches, wins, catches, challenges and more")),
    ("history", None, N_("the last matches of this channel or server")),
    ("settings", None, N_("the server's defaults and house rules (Manage Server)")),
    ("addbot", "level", N_("seat a computer player, easy, normal or hard (host)")),
    ("removebot", "number", N_("take a computer player's seat away (host)")),
    ("rules", "ruleset", N_("the rules of this channel's game, or of a named ruleset")),
    ("help", None, N_("this message")),
)
"""Each ``/uno`` subcommand, the option worth showing with it, and what it does."""


def help_short() -> str:
    return _(HELP_SHORT)


def how_to_play() -> str:
    return _(HOW_TO_PLAY).format(min_players=MIN_PLAYERS, max_players=MAX_PLAYERS)


def commands() -> str:
    """The commands as the reader's Discord shows them: their names and options are
    localized like the slash commands themselves (``bot.app.translator``)."""
    lines = []
    for command, option, what in COMMANDS:
        typed = f"/uno {pgettext('command name', command)}"
        if option is not None:
            typed += f" [{pgettext('option name', option)}]"
        lines.append(f"`{typed}` {_(what)}")
    return "\n".join([_("**Commands**"), *lines])
