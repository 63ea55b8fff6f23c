"""Rulesets (RULES.md section 2) and the optional rules a table switches (sections 6, 7, 9,
and the table options of section 11)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from bot.engine.cards import COLORS
from bot.i18n import N_

RULESETS: dict[str, str] = {
    "classic": N_("The 108-card deck and the official rules."),
    "customizable": N_("Classic plus 4 Wild Customizable cards carrying house rules."),
    "bff": N_("Classic plus 4 BFF Power cards that block a Draw Two or Wild Draw Four."),
    "swap": N_("Classic plus 1 Wild Swap Hands and 3 Wild Customizable cards."),
    "blank": N_("Classic plus 4 Blank cards, one of each colour, carrying house rules."),
    "seven-o": N_("Extra 0s and 7s: a 0 passes every hand on, a 7 trades hands."),
    "serious": N_("140 cards, 11 dealt, stacking up to 3 cards and Draw Two chains."),
}
"""Each ruleset's description, an English message id the UI translates where shown."""

HAND_SIZE: dict[str, int] = {name: 11 if name == "serious" else 7 for name in RULESETS}

SCORING_MODES: tuple[str, ...] = ("standard", "alternative")

HOUSE_RULES: dict[int, str] = {
    1: N_("The next player draws until they draw a card of the chosen colour, and loses their "
          "turn."),
    2: N_("Every other player discards all their wild cards."),
    3: N_("If the next player cannot play, they draw three instead of one."),
    4: N_("The player takes an extra turn."),
    5: N_("The next player draws or discards until they hold exactly 7."),
    6: N_("Every player draws or discards until they hold exactly 3."),
    7: N_("Every hand is shown to the table until its player's next turn."),
    8: N_("Tell a joke: if anyone laughs, discard down to 1 card; else draw 4."),
    9: N_("A rule written by the table (no automatic effect)."),
}
"""What each house rule does (RULES.md 6), as English message ids."""

HOUSE_RULE_CARDS: tuple[str, ...] = ("wildcustom", *(f"{c}blank" for c in COLORS))
"""Cards that carry a house rule: every Wild Customizable shares one, each Blank has its own."""

TABLE_OPTIONS: dict[str, tuple[str, str, str]] = {
    "jump_in": (
        # i18n: the name of a table option (RULES.md 11): playing out of turn
        N_("Jump-in"),
        N_("Anyone holding a card identical to the top card (same colour and number or "
           "symbol, never a wild) may play it at once, out of turn."),
        N_("Play goes on from the jumper; the player whose turn it was loses it. "
           "The first to jump in counts."),
    ),
    "draw_until_playable": (
        # i18n: the name of a table option
        N_("Draw until playable"),
        N_("A turn's draw goes on card by card until a playable card comes, or nothing is "
           "left."),
        N_("Every card drawn stays in the hand; the last one may be played at once, or kept."),
    ),
    "stack_draws": (
        # i18n: the name of a table option: answering a Draw Two with another
        N_("Stack draws"),
        N_("Made to draw by a Draw Two or a Wild Draw Four? Answer with a Draw Two (of the "
           "colour named, on a Wild Draw Four) or a Wild Draw Four."),
        N_("The cards add up: the first player who does not answer draws the total and loses "
           "the turn."),
    ),
    "force_play": (
        # i18n: the name of a table option
        N_("Force play"),
        N_("Whoever holds a playable card must play one: drawing is only for a hand with "
           "nothing to play."),
        N_("A Wild Draw Four counts only without a card of the current colour; a playable "
           "drawn card must be played."),
    ),
    "no_bluff": (
        # i18n: the name of a table option
        N_("No bluffing"),
        N_("A Wild Draw Four may be played only when you hold no card of the current colour."),
        N_("So it is never a bluff, and it cannot be challenged."),
    ),
}
"""The options of RULES.md section 11 by their vector names: a name to show, then what
the option does in two lines (English message ids, translated where shown)."""

FREE_TEXT_RULE = 9
MAX_TARGET = 10_000


_SWITCHES = frozenset({"seven_o", "stacking", *TABLE_OPTIONS})
"""Options that are simply on or off."""


class OptionsError(ValueError):
    """An option value that no table could play with.

    ``template`` is an English message id with ``str.format`` placeholders, ``params``
    fill them (a template is filled only when there are params, as ``translate`` does):
    the UI says ``translate(error.template, **error.params)``; ``str(error)`` is the
    English sentence (for logs and tests).
    """

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template.format(**params) if params else template)
        self.template = template
        self.params = params


@dataclass(frozen=True, slots=True)
class Options:
    """The optional rules of one table. Defaults follow the ruleset (``for_ruleset``)."""

    seven_o: bool = False
    stacking: bool = False
    scoring: str = "standard"
    target: int = 500
    house_rules: dict[str, int] = field(default_factory=dict)
    house_rule_texts: dict[str, str] = field(default_factory=dict)
    jump_in: bool = False
    draw_until_playable: bool = False
    stack_draws: bool = False
    force_play: bool = False
    no_bluff: bool = False

    @classmethod
    def for_ruleset(cls, ruleset: str, overrides: dict[str, Any] | None = None) -> Options:
        """The ruleset's defaults (Seven-O on in ``seven-o``, stacking on in ``serious``),
        then ``overrides`` in the vector format: ``{"stacking": true, "house_rules": ...}``.
        """
        if ruleset not in RULESETS:
            raise OptionsError(N_("unknown ruleset {ruleset!r}; choose one of {rulesets}"),
                               ruleset=ruleset, rulesets=", ".join(RULESETS))
        base = cls(seven_o=ruleset == "seven-o", stacking=ruleset == "serious")
        return base.updated(overrides or {})

    def updated(self, overrides: dict[str, Any]) -> Options:
        changes: dict[str, Any] = {}
        for key, value in overrides.items():
            if key in _SWITCHES:
                if not isinstance(value, bool):
                    raise OptionsError(N_("{option} must be true or false"), option=key)
                changes[key] = value
            elif key == "scoring":
                if value not in SCORING_MODES:
                    raise OptionsError(N_("scoring must be one of {modes}"),
                                       modes=", ".join(SCORING_MODES))
                changes[key] = value
            elif key == "target":
                if isinstance(value, bool) or not isinstance(value, int):
                    raise OptionsError(N_("target must be a whole number"))
                if not 1 <= value <= MAX_TARGET:
                    raise OptionsError(N_("target must be between 1 and {most}"),
                                       most=MAX_TARGET)
                changes[key] = value
            elif key == "house_rules":
                rules, texts = _parse_house_rules(value)
                changes["house_rules"] = rules
                changes["house_rule_texts"] = {**self.house_rule_texts, **texts}
            elif key == "house_rule_texts":
                if not isinstance(value, dict):
                    raise OptionsError(N_("house_rule_texts maps a card code to a text"))
                changes[key] = {str(k): str(v) for k, v in value.items()}
            else:
                raise OptionsError(N_("unknown option {option!r}"), option=key)
        return replace(self, **changes)

    def house_rule(self, card: str) -> int:
        """The house rule a card carries; a card nobody wrote on has no effect (rule 9)."""
        return self.house_rules.get(card, FREE_TEXT_RULE)

    def table_options(self) -> list[str]:
        """The options of RULES.md 11 switched on, in the order of ``TABLE_OPTIONS``."""
        return [name for name in TABLE_OPTIONS if getattr(self, name)]

    def to_dict(self) -> dict[str, Any]:
        """The options of section 11 are written only when on: a game saved before they
        existed, or with them off, has the same saved form (and loads with them off)."""
        data: dict[str, Any] = {
            "seven_o": self.seven_o,
            "stacking": self.stacking,
            "scoring": self.scoring,
            "target": self.target,
            "house_rules": dict(self.house_rules),
            "house_rule_texts": dict(self.house_rule_texts),
        }
        for name in self.table_options():
            data[name] = True
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        return cls().updated(data)


def _parse_house_rules(value: Any) -> tuple[dict[str, int], dict[str, str]]:
    """Accept ``{card: number}`` and, for rule 9, ``{card: "free text"}``."""
    if not isinstance(value, dict):
        raise OptionsError(N_("house_rules maps a card code to a rule number"))
    rules: dict[str, int] = {}
    texts: dict[str, str] = {}
    for card, rule in value.items():
        if card not in HOUSE_RULE_CARDS:
            raise OptionsError(N_("{card!r} carries no house rule"), card=card)
        if isinstance(rule, str) and not rule.isdigit():
            rules[card], texts[card] = FREE_TEXT_RULE, rule
            continue
        number = int(rule) if isinstance(rule, str) else rule
        if isinstance(number, bool) or not isinstance(number, int) or number not in HOUSE_RULES:
            raise OptionsError(N_("house rule for {card} must be a number from 1 to 9"),
                               card=card)
        rules[card] = number
    return rules, texts
