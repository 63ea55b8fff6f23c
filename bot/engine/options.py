"""Rulesets (RULES.md section 2) and the optional rules a table switches (sections 6, 7, 9,
the table options of section 11 and partners, section 12).

``Options`` is the table of the rule options: each field is one option, its name, kind
(on or off, one of a few, a whole number in a range) and default, read by whatever
offers, checks, saves or shows an option (``OPTIONS``). Adding an option is one field
here and its words in the UI (``bot.ui.words.option_words``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
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

FREE_TEXT_RULE = 9
MAX_TARGET = 10_000


class OptionsError(ValueError):
    """An option value that no table could play with: a ``code`` for what is wrong and the
    values that say more (``params``). The UI words it (``bot.ui.words.rule_words``)."""

    def __init__(self, code: str, **params: object) -> None:
        said = ", ".join(f"{name}={value!r}" for name, value in params.items())
        super().__init__(f"{code} ({said})" if said else code)
        self.code = code
        self.params = params


@dataclass(frozen=True, slots=True)
class Switch:
    """An option on or off: off, but on in the rulesets of ``on_in``."""

    on_in: frozenset[str] = frozenset()
    table_option: bool = False
    """One of the table options of RULES.md section 11."""

    def refusals(self, name: str) -> tuple[str, ...]:
        return ("not_on_or_off",)

    def checked(self, name: str, value: object) -> bool:
        if not isinstance(value, bool):
            raise OptionsError("not_on_or_off", option=name)
        return value


@dataclass(frozen=True, slots=True)
class OneOf:
    """An option that is one of a few ``choices``, by their codes."""

    choices: tuple[str, ...]

    def refusals(self, name: str) -> tuple[str, ...]:
        return (f"unknown_{name}",)

    def checked(self, name: str, value: object) -> str:
        if not isinstance(value, str) or value not in self.choices:
            raise OptionsError(f"unknown_{name}", choices=", ".join(self.choices))
        return value


@dataclass(frozen=True, slots=True)
class WholeNumber:
    """An option that is a whole number from ``least`` to ``most``."""

    least: int
    most: int

    def refusals(self, name: str) -> tuple[str, ...]:
        return (f"{name}_not_whole", f"{name}_out_of_range")

    def checked(self, name: str, value: object) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionsError(f"{name}_not_whole")
        if not self.least <= value <= self.most:
            raise OptionsError(f"{name}_out_of_range", least=self.least, most=self.most)
        return value


Kind = Switch | OneOf | WholeNumber
_KIND = "kind"


def _switch(*, on_in: tuple[str, ...] = (), table_option: bool = False) -> Any:
    return field(default=False, metadata={_KIND: Switch(frozenset(on_in), table_option)})


def _one_of(choices: tuple[str, ...], default: str) -> Any:
    return field(default=default, metadata={_KIND: OneOf(choices)})


def _whole_number(default: int, least: int, most: int) -> Any:
    return field(default=default, metadata={_KIND: WholeNumber(least, most)})


@dataclass(frozen=True, slots=True)
class Options:
    """The optional rules of one table. Defaults follow the ruleset (``for_ruleset``)."""

    seven_o: bool = _switch(on_in=("seven-o",))
    stacking: bool = _switch(on_in=("serious",))
    scoring: str = _one_of(SCORING_MODES, "standard")
    target: int = _whole_number(500, 1, MAX_TARGET)
    house_rules: dict[str, int] = field(default_factory=dict)
    house_rule_texts: dict[str, str] = field(default_factory=dict)
    jump_in: bool = _switch(table_option=True)
    draw_until_playable: bool = _switch(table_option=True)
    stack_draws: bool = _switch(table_option=True)
    force_play: bool = _switch(table_option=True)
    no_bluff: bool = _switch(table_option=True)
    partners: bool = _switch()
    """RULES.md 12: teams of two seated across (seat i with seat i + n/2)."""
    partners_see_hands: bool = _switch()
    """RULES.md 12: each player sees their partner's hand too (with ``partners`` only)."""

    @classmethod
    def for_ruleset(cls, ruleset: str, overrides: dict[str, Any] | None = None) -> Options:
        """The ruleset's defaults (Seven-O on in ``seven-o``, stacking on in ``serious``),
        then ``overrides`` in the vector format: ``{"stacking": true, "house_rules": ...}``.
        """
        if ruleset not in RULESETS:
            raise OptionsError("unknown_ruleset", ruleset=ruleset,
                               rulesets=", ".join(RULESETS))
        switched: dict[str, Any] = {name: True for name, kind in OPTIONS.items()
                                    if isinstance(kind, Switch) and ruleset in kind.on_in}
        return cls(**switched).updated(overrides or {})

    def updated(self, overrides: dict[str, Any]) -> Options:
        changes: dict[str, Any] = {}
        for key, value in overrides.items():
            kind = OPTIONS.get(key)
            if kind is not None:
                changes[key] = kind.checked(key, value)
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

    def value(self, name: str) -> bool | int | str:
        """The value of the option ``name``, one of ``OPTIONS``."""
        found: bool | int | str = getattr(self, name)
        return found

    def house_rule(self, card: str) -> int:
        """The house rule a card carries; a card nobody wrote on has no effect (rule 9)."""
        return self.house_rules.get(card, FREE_TEXT_RULE)

    def table_options(self) -> list[str]:
        """The options of RULES.md 11 switched on, in the order of ``TABLE_OPTIONS``."""
        return [name for name in TABLE_OPTIONS if getattr(self, name)]

    def to_dict(self) -> dict[str, Any]:
        """The options of ``WRITTEN_ALWAYS``, the house rules, and any other option that
        is not at its default."""
        data: dict[str, Any] = {name: self.value(name) for name in WRITTEN_ALWAYS}
        data["house_rules"] = dict(self.house_rules)
        data["house_rule_texts"] = dict(self.house_rule_texts)
        for name, default in DEFAULTS.items():
            if name not in WRITTEN_ALWAYS and self.value(name) != default:
                data[name] = self.value(name)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        return cls().updated(data)


OPTIONS: dict[str, Kind] = {option.name: option.metadata[_KIND] for option in fields(Options)
                            if _KIND in option.metadata}
"""Every rule option by its name (the vectors' name too), in the order they are offered:
what kind of value it takes. The house rules, a card's number or text each, are apart
(``HOUSE_RULE_CARDS``)."""

DEFAULTS: dict[str, bool | int | str] = {name: Options().value(name) for name in OPTIONS}
"""Each option's value when neither the ruleset nor the table says otherwise."""

WRITTEN_ALWAYS: tuple[str, ...] = ("seven_o", "stacking", "scoring", "target")
"""The options every saved game has written. Any other is written only when it is not its
default, so a game saved before it existed, or with it at its default, has the same
saved form (and loads with its default)."""

TABLE_OPTIONS: tuple[str, ...] = tuple(
    name for name, kind in OPTIONS.items() if isinstance(kind, Switch) and kind.table_option)
"""The options of RULES.md section 11 by their vector names."""

OPTION_ERROR_CODES: tuple[str, ...] = (
    "unknown_ruleset", "unknown_option", "house_rules_not_a_map", "carries_no_house_rule",
    "house_rule_not_a_number", "house_rule_texts_not_a_map",
    *dict.fromkeys(code for name, kind in OPTIONS.items() for code in kind.refusals(name)),
)
"""Every code an ``OptionsError`` of these options may carry."""


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
