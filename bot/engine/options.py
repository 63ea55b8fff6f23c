"""Rulesets (RULES.md section 2) and the optional rules a table switches (sections 6, 7, 9,
the table options of section 11 and partners, section 12)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from bot.engine.cards import COLORS

RULESETS: tuple[str, ...] = (
    "classic", "customizable", "bff", "swap", "blank", "seven-o", "serious",
)
"""The rulesets of RULES.md 2 by their names; what each is, in words, is the UI's."""

HAND_SIZE: dict[str, int] = {name: 11 if name == "serious" else 7 for name in RULESETS}

SCORING_MODES: tuple[str, ...] = ("standard", "alternative")

HOUSE_RULES: tuple[int, ...] = tuple(range(1, 10))
"""The numbers of the house rules of RULES.md 6; what each does, in words, is the UI's."""

HOUSE_RULE_CARDS: tuple[str, ...] = ("wildcustom", *(f"{c}blank" for c in COLORS))
"""Cards that carry a house rule: every Wild Customizable shares one, each Blank has its own."""

TABLE_OPTIONS: tuple[str, ...] = (
    "jump_in", "draw_until_playable", "stack_draws", "force_play", "no_bluff",
)
"""The options of RULES.md section 11 by their vector names."""

PARTNER_OPTIONS: tuple[str, ...] = ("partners", "partners_see_hands")
"""The options of RULES.md section 12 by their vector names: teams of two seated across,
and each player seeing their partner's hand (which takes effect with ``partners`` only)."""

FREE_TEXT_RULE = 9
MAX_TARGET = 10_000


_SWITCHES = frozenset({"seven_o", "stacking", *TABLE_OPTIONS, *PARTNER_OPTIONS})
"""Options that are simply on or off."""


class OptionsError(ValueError):
    """An option value that no table could play with: a ``code`` for what is wrong and the
    values that say more (``params``). The UI words it (``bot.ui.rule_words``)."""

    def __init__(self, code: str, **params: object) -> None:
        said = ", ".join(f"{name}={value!r}" for name, value in params.items())
        super().__init__(f"{code} ({said})" if said else code)
        self.code = code
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
    partners: bool = False
    partners_see_hands: bool = False

    @classmethod
    def for_ruleset(cls, ruleset: str, overrides: dict[str, Any] | None = None) -> Options:
        """The ruleset's defaults (Seven-O on in ``seven-o``, stacking on in ``serious``),
        then ``overrides`` in the vector format: ``{"stacking": true, "house_rules": ...}``.
        """
        if ruleset not in RULESETS:
            raise OptionsError("unknown_ruleset", ruleset=ruleset,
                               rulesets=", ".join(RULESETS))
        base = cls(seven_o=ruleset == "seven-o", stacking=ruleset == "serious")
        return base.updated(overrides or {})

    def updated(self, overrides: dict[str, Any]) -> Options:
        changes: dict[str, Any] = {}
        for key, value in overrides.items():
            if key in _SWITCHES:
                if not isinstance(value, bool):
                    raise OptionsError("not_on_or_off", option=key)
                changes[key] = value
            elif key == "scoring":
                if value not in SCORING_MODES:
                    raise OptionsError("unknown_scoring",
                                       modes=", ".join(SCORING_MODES))
                changes[key] = value
            elif key == "target":
                if isinstance(value, bool) or not isinstance(value, int):
                    raise OptionsError("target_not_whole")
                if not 1 <= value <= MAX_TARGET:
                    raise OptionsError("target_out_of_range",
                                       most=MAX_TARGET)
                changes[key] = value
            elif key == "house_rules":
                rules, texts = _parse_house_rules(value)
                changes["house_rules"] = rules
                changes["house_rule_texts"] = {**self.house_rule_texts, **texts}
            elif key == "house_rule_texts":
                if not isinstance(value, dict):
                    raise OptionsError("house_rule_texts_not_a_map")
                changes[key] = {str(k): str(v) for k, v in value.items()}
            else:
                raise OptionsError("unknown_option", option=key)
        return replace(self, **changes)

    def house_rule(self, card: str) -> int:
        """The house rule a card carries; a card nobody wrote on has no effect (rule 9)."""
        return self.house_rules.get(card, FREE_TEXT_RULE)

    def table_options(self) -> list[str]:
        """The options of RULES.md 11 switched on, in the order of ``TABLE_OPTIONS``."""
        return [name for name in TABLE_OPTIONS if getattr(self, name)]

    def to_dict(self) -> dict[str, Any]:
        """The options of sections 11 and 12 are written only when on: a game saved
        before they existed, or with them off, has the same saved form (and loads with
        them off)."""
        data: dict[str, Any] = {
            "seven_o": self.seven_o,
            "stacking": self.stacking,
            "scoring": self.scoring,
            "target": self.target,
            "house_rules": dict(self.house_rules),
            "house_rule_texts": dict(self.house_rule_texts),
        }
        for name in (*TABLE_OPTIONS, *PARTNER_OPTIONS):
            if getattr(self, name):
                data[name] = True
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        return cls().updated(data)


def _parse_house_rules(value: Any) -> tuple[dict[str, int], dict[str, str]]:
    """Accept ``{card: number}`` and, for rule 9, ``{card: "free text"}``."""
    if not isinstance(value, dict):
        raise OptionsError("house_rules_not_a_map")
    rules: dict[str, int] = {}
    texts: dict[str, str] = {}
    for card, rule in value.items():
        if card not in HOUSE_RULE_CARDS:
            raise OptionsError("carries_no_house_rule", card=card)
        if isinstance(rule, str) and not rule.isdigit():
            rules[card], texts[card] = FREE_TEXT_RULE, rule
            continue
        number = int(rule) if isinstance(rule, str) else rule
        if isinstance(number, bool) or not isinstance(number, int) or number not in HOUSE_RULES:
            raise OptionsError("house_rule_not_a_number", card=card)
        rules[card] = number
    return rules, texts
