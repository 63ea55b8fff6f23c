"""The words of each option of a table or a server, by the option's name: what ``/uno
new`` and ``/uno settings`` say of it, and how the lobby, the table, ``/uno rules`` and
the server's settings say that it is on.

What an option is (its kind, range and default) is the engine's for the rule options
(``bot.engine.options.OPTIONS``) and the game layer's for the table's and the server's
own settings (``bot.game.guild_settings``); these are only their words. A rule option
is one entry here (checked below): an option on or off is either said on or off
wherever the rules are (``Stated``), or named only where it is on (``Listed``); the
score (``scoring`` and ``target``) is said in words of its own (``SCORE``).

The commands' descriptions are marked in the catalogs' "option description" context,
the one the translator reads them in at sync time (``bot.app.translator``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.options import OPTIONS, Options, Switch
from bot.i18n import N_, NP_

SCORE = ("scoring", "target")
"""The rule options said together, in the score's own words (in ``bot.ui.words.text``)."""


@dataclass(frozen=True, slots=True)
class Stated:
    """A switch said on or off wherever the rules are."""

    on: str
    """In the one-line rules of the lobby: "Seven-O on"."""
    off: str
    told_on: str
    """In ``/uno rules``: "Seven-O: on."."""
    told_off: str
    setting: str
    """In the server's settings, filled with ``on_off``: "Seven-O: on"."""


@dataclass(frozen=True, slots=True)
class Listed:
    """A switch named only where it is on: in the lobby's and the table's lines and the
    server's settings by its ``label``, in ``/uno rules`` by what it does in two lines."""

    label: str
    what: str
    more: str


@dataclass(frozen=True, slots=True)
class OptionWords:
    new: str | None
    """Its description in ``/uno new``; None where ``/uno new`` does not take it."""
    default: str | None
    """Its description in ``/uno settings`` (the server's default); None where
    ``/uno settings`` does not take it."""
    shown: Stated | Listed | None = None
    """How a rule option's state is said (None for the score's and for the settings)."""


OPTION_WORDS: dict[str, OptionWords] = {
    "ruleset": OptionWords(
        NP_("option description",
            "Which deck and rules (default: the server's, classic unless changed)"),
        NP_("option description", "Default ruleset for /uno new"),
    ),
    "seven_o": OptionWords(
        NP_("option description", "Seven-O: a 0 passes every hand on, a 7 trades hands"),
        NP_("option description", "Seven-O on or off by default"),
        Stated(
            # i18n: in the one-line rules; Seven-O is a ruleset's name
            # (0s pass hands, 7s trade them)
            N_("Seven-O on"), N_("Seven-O off"),
            N_("Seven-O: on."), N_("Seven-O: off."),
            # i18n: in /uno settings, {on_off} is "on" or "off"; Seven-O is a ruleset's name
            N_("Seven-O: {on_off}"),
        ),
    ),
    "stacking": OptionWords(
        NP_("option description", "Stacking: lay up to 3 equal cards, chain Draw Twos"),
        NP_("option description", "Stacking on or off by default"),
        Stated(
            # i18n: in the one-line rules: laying several cards of one value at once
            N_("stacking on"), N_("stacking off"),
            N_("Stacking: on."), N_("Stacking: off."),
            # i18n: in /uno settings, after Seven-O, {on_off} is "on" or "off"
            N_("stacking: {on_off}"),
        ),
    ),
    "scoring": OptionWords(
        NP_("option description", "How round points are counted"),
        NP_("option description", "Default scoring"),
    ),
    "target": OptionWords(
        NP_("option description", "Points that end the match (default 500)"),
        NP_("option description", "Default points that end a match"),
    ),
    "jump_in": OptionWords(
        NP_("option description", "Jump-in: play a card identical to the top card out of turn"),
        NP_("option description", "Jump-in on or off by default"),
        Listed(
            # i18n: the name of a table option (RULES.md 11): playing out of turn
            N_("Jump-in"),
            N_("Anyone holding a card identical to the top card (same colour and number or "
               "symbol, never a wild) may play it at once, out of turn."),
            N_("Play goes on from the jumper; the player whose turn it was loses it. "
               "The first to jump in counts."),
        ),
    ),
    "draw_until_playable": OptionWords(
        NP_("option description",
            "Draw until playable: a turn's draw goes on until a card can be played"),
        NP_("option description", "Draw until playable on or off by default"),
        Listed(
            # i18n: the name of a table option
            N_("Draw until playable"),
            N_("A turn's draw goes on card by card until a playable card comes, or nothing "
               "is left."),
            N_("Every card drawn stays in the hand; the last one may be played at once, or "
               "kept."),
        ),
    ),
    "stack_draws": OptionWords(
        NP_("option description",
            "Stack draws: answer a Draw Two or Wild Draw Four with one; the total grows"),
        NP_("option description", "Stack draws on or off by default"),
        Listed(
            # i18n: the name of a table option: answering a Draw Two with another
            N_("Stack draws"),
            N_("Made to draw by a Draw Two or a Wild Draw Four? Answer with a Draw Two (of "
               "the colour named, on a Wild Draw Four) or a Wild Draw Four."),
            N_("The cards add up: the first player who does not answer draws the total and "
               "loses the turn."),
        ),
    ),
    "force_play": OptionWords(
        NP_("option description", "Force play: whoever can play must play"),
        NP_("option description", "Force play on or off by default"),
        Listed(
            # i18n: the name of a table option
            N_("Force play"),
            N_("Whoever holds a playable card must play one: drawing is only for a hand with "
               "nothing to play."),
            N_("A Wild Draw Four counts only without a card of the current colour; a "
               "playable drawn card must be played."),
        ),
    ),
    "no_bluff": OptionWords(
        NP_("option description",
            "No bluffing: Wild Draw Four only without the colour; no challenges"),
        NP_("option description", "No bluffing on or off by default"),
        Listed(
            # i18n: the name of a table option
            N_("No bluffing"),
            N_("A Wild Draw Four may be played only when you hold no card of the current "
               "colour."),
            N_("So it is never a bluff, and it cannot be challenged."),
        ),
    ),
    "partners": OptionWords(
        NP_("option description",
            "Partners: teams of two seated across; either going out wins for both"),
        NP_("option description", "Partners on or off by default"),
        Listed(
            # i18n: the name of a table option (RULES.md 12: teams of two)
            N_("Partners"),
            N_("Teams of two, partners seated across the table: when either partner goes "
               "out, the team wins the round."),
            N_("Only an opponent may catch a missed UNO; the team has one score."),
        ),
    ),
    "partners_see_hands": OptionWords(
        NP_("option description", "With partners: each player also sees their partner's hand"),
        NP_("option description", "Partners seeing each other's hands on or off by default"),
        Listed(
            # i18n: the name of a table option: each player sees their partner's cards
            N_("Partners see hands"),
            N_("With partners, each player's hand also shows their partner's cards."),
            N_("Nobody else's hand is ever shown."),
        ),
    ),
    "turn_seconds": OptionWords(
        NP_("option description",
            "Seconds each player has for a turn (10 to 600; default the server's, 60)"),
        NP_("option description", "Default turn timer, 10 to 600 seconds"),
    ),
    "autoplay": OptionWords(
        NP_("option description",
            "A computer player takes the turns of anyone whose time runs out"),
        None,
    ),
    "images": OptionWords(
        NP_("option description",
            "Card pictures on the table and in hands (default the server's setting, on)"),
        NP_("option description", "Card pictures on the table and in hands"),
    ),
    "threads": OptionWords(
        NP_("option description",
            "Play in a new thread of this channel (default the server's setting, off)"),
        NP_("option description", "Open each /uno new game in a new thread of its channel"),
    ),
    "tables_per_member": OptionWords(
        None,
        NP_("option description",
            "Open lobbies and games one member may host at once, 1 to 25"),
    ),
    "language": OptionWords(
        None,
        NP_("option description", "The language of the table, lobby and pings (each "
                                  "player's hand speaks theirs)"),
    ),
    "seasons": OptionWords(
        None,
        NP_("option description",
            "How long a rating season lasts (UTC); each starts afresh (default monthly)"),
    ),
    "wildcustom": OptionWords(
        None, NP_("option description",
                  "House rule of every Wild Customizable: 1-9, or a written rule")),
    "rblank": OptionWords(
        None, NP_("option description", "House rule of the red Blank: 1-9, or a written rule")),
    "yblank": OptionWords(
        None,
        NP_("option description", "House rule of the yellow Blank: 1-9, or a written rule")),
    "gblank": OptionWords(
        None,
        NP_("option description", "House rule of the green Blank: 1-9, or a written rule")),
    "bblank": OptionWords(
        None, NP_("option description", "House rule of the blue Blank: 1-9, or a written rule")),
}
"""Every option of ``/uno new`` and ``/uno settings`` by the name the command reads it
by: the rule options of the engine (``OPTIONS``), the table's and the server's
settings, and the house rule of each card that carries one (``HOUSE_RULE_CARDS``)."""


def stated(options: Options) -> list[tuple[Stated, bool]]:
    """The words of the switches said on or off, each with whether it is on, in the
    order of ``OPTIONS``."""
    return [(words, bool(options.value(name))) for name in OPTIONS
            if isinstance(words := OPTION_WORDS[name].shown, Stated)]


def listed_on(options: Options) -> list[Listed]:
    """The words of the switches named only where they are on that are on (the table
    options of RULES.md 11 among them), in the order of ``OPTIONS``."""
    return [words for name in OPTIONS
            if isinstance(words := OPTION_WORDS[name].shown, Listed) and options.value(name)]


assert all(isinstance(OPTION_WORDS[name].shown, Stated | Listed)
           for name, kind in OPTIONS.items() if isinstance(kind, Switch)), \
    "every rule option on or off is said on or off, or named where it is on"
assert [name for name, kind in OPTIONS.items() if not isinstance(kind, Switch)] == list(SCORE), \
    "every other rule option is said in the score's words"
