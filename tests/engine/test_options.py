"""The table of rule options (``Options`` and ``OPTIONS``): each option's kind, range and
default are what checks, defaults and saves an option."""

from __future__ import annotations

from dataclasses import fields

import pytest

from bot.engine.options import (
    DEFAULTS,
    MAX_TARGET,
    OPTION_ERROR_CODES,
    OPTIONS,
    RULESETS,
    SCORING_MODES,
    TABLE_OPTIONS,
    WRITTEN_ALWAYS,
    OneOf,
    Options,
    OptionsError,
    Switch,
    WholeNumber,
)


def test_every_field_but_the_house_rules_is_an_option_of_the_table() -> None:
    assert [f.name for f in fields(Options) if f.name not in OPTIONS] == [
        "house_rules", "house_rule_texts"]
    assert list(OPTIONS) == ["seven_o", "stacking", "scoring", "target", *TABLE_OPTIONS,
                            "partners", "partners_see_hands"]
    assert TABLE_OPTIONS == ("jump_in", "draw_until_playable", "stack_draws", "force_play",
                             "no_bluff")
    assert OPTIONS["scoring"] == OneOf(SCORING_MODES)
    assert OPTIONS["target"] == WholeNumber(1, MAX_TARGET)
    assert {"seven_o": False, "stacking": False, "scoring": "standard",
                        "target": 500, **dict.fromkeys(TABLE_OPTIONS, False),
            "partners": False, "partners_see_hands": False} == DEFAULTS


@pytest.mark.parametrize("name", list(OPTIONS))
def test_each_default_is_a_value_its_kind_takes(name: str) -> None:
    assert OPTIONS[name].checked(name, DEFAULTS[name]) == DEFAULTS[name]
    assert Options().value(name) == DEFAULTS[name]
    assert {"seven_o": False, "stacking": False, "scoring": "standard",
                        "target": 500, **dict.fromkeys(TABLE_OPTIONS, False),
            "partners": False, "partners_see_hands": False} == DEFAULTS


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_ruleset_switches_on_what_its_options_say(ruleset: str) -> None:
    options = Options.for_ruleset(ruleset)
    on = [name for name, kind in OPTIONS.items()
          if isinstance(kind, Switch) and options.value(name)]
    assert on == {"seven-o": ["seven_o"], "serious": ["stacking"]}.get(ruleset, [])


@pytest.mark.parametrize(("name", "odd", "code"), [
    ("stacking", 1, "not_on_or_off"),
    ("scoring", "golf", "unknown_scoring"),
    ("scoring", ["standard"], "unknown_scoring"),
    ("target", 2.5, "target_not_whole"),
    ("target", True, "target_not_whole"),
    ("target", 0, "target_out_of_range"),
    ("target", MAX_TARGET + 1, "target_out_of_range"),
])
def test_a_value_outside_an_options_kind_is_refused_with_a_code_of_its_own(
    name: str, odd: object, code: str
) -> None:
    with pytest.raises(OptionsError) as refused:
        Options.for_ruleset("classic", {name: odd})
    assert refused.value.code == code and code in OPTION_ERROR_CODES
    assert code in OPTIONS[name].refusals(name)


def test_the_ends_of_a_range_are_taken() -> None:
    assert Options.for_ruleset("classic", {"target": 1}).target == 1
    assert Options.for_ruleset("classic", {"target": MAX_TARGET}).target == MAX_TARGET


def test_the_first_options_are_always_written_the_others_only_off_their_default() -> None:
    assert list(Options().to_dict()) == [*WRITTEN_ALWAYS, "house_rules", "house_rule_texts"]
    changed = Options.for_ruleset("seven-o", {"no_bluff": True, "target": 200})
    assert changed.to_dict() == {"seven_o": True, "stacking": False, "scoring": "standard",
                                 "target": 200, "house_rules": {}, "house_rule_texts": {},
                                 "no_bluff": True}
    assert Options.from_dict(changed.to_dict()) == changed
