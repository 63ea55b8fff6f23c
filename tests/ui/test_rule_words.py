"""The rules in words: every code the engine gives has its sentence in the UI
(``bot.ui.words.rule_words``), and a refusal or an option error reads as it always did."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction, Options, OptionsError
from bot.engine.errors import ERROR_CODES, REASONS
from bot.ui.clicks.errors import refusal_words
from bot.ui.words.rule_words import CODE_WORDS, REASON_WORDS, refusal_sentence
from tests.engine.test_contract import position, refusal


def test_stacking_off_is_said_so() -> None:
    game = position(hands={"ana": ["r5", "g5"], "ben": ["y1"], "cy": ["b1"]})
    refused = refusal(game, Action("ana", "play", cards=("r5", "g5")))
    assert "Stacking is off" in refusal_words(refused)


def test_every_reason_and_code_has_a_sentence() -> None:
    for reason in REASONS:
        assert REASON_WORDS[reason].endswith(".")
        assert refusal_sentence(IllegalAction(reason)) == REASON_WORDS[reason]
    for code in ERROR_CODES:
        assert CODE_WORDS[code].endswith(".")
    assert refusal_sentence(IllegalAction("not_your_turn")) == CODE_WORDS["not_your_turn"]
    assert refusal_words(IllegalAction("not_your_turn")) == "It is not your turn."


@pytest.mark.parametrize(("overrides", "said"), [
    ({"jump_in": "yes"}, "jump_in must be true or false"),
    ({"scoring": "golf"}, "scoring must be one of standard, alternative"),
    ({"target": "many"}, "target must be a whole number"),
    ({"target": 0}, "target must be between 1 and 10000"),
    ({"house_rule_texts": []}, "house_rule_texts maps a card code to a text"),
    ({"colour": "r"}, "unknown option 'colour'"),
    ({"house_rules": []}, "house_rules maps a card code to a rule number"),
    ({"house_rules": {"r7": 1}}, "'r7' carries no house rule"),
    ({"house_rules": {"rblank": 12}}, "house rule for rblank must be a number from 1 to 9"),
])
def test_each_option_error_is_said_in_words(overrides: dict[str, object], said: str) -> None:
    with pytest.raises(OptionsError) as refused:
        Options.for_ruleset("classic", overrides)
    assert refusal_words(refused.value) == said


def test_an_unknown_ruleset_names_the_rulesets() -> None:
    with pytest.raises(OptionsError) as refused:
        Options.for_ruleset("poker")
    assert refusal_words(refused.value) == (
        "unknown ruleset 'poker'; choose one of classic, customizable, bff, swap, blank, "
        "seven-o, serious")
