"""``/uno new`` and ``/uno settings`` take their options from one table: every rule option
of the engine in both, every option with its words, and every word an option."""

from __future__ import annotations

import pytest

from bot.engine.options import HOUSE_RULE_CARDS, OPTIONS
from bot.ui.words.option_words import OPTION_WORDS
from cogs.uno import NEW_OPTIONS, SETTINGS_OPTIONS, SlashOption, Uno, taking


def names(options: tuple[SlashOption, ...]) -> list[str]:
    return [option.name for option in options]


def test_every_rule_option_is_offered_by_both_commands_in_the_engines_order() -> None:
    for options in (NEW_OPTIONS, SETTINGS_OPTIONS):
        offered = [name for name in names(options) if name in OPTIONS]
        assert offered == list(OPTIONS)
    assert set(HOUSE_RULE_CARDS) <= set(names(SETTINGS_OPTIONS))


def test_every_option_has_its_words_and_every_word_an_option() -> None:
    assert {name for name, words in OPTION_WORDS.items() if words.new} == set(names(NEW_OPTIONS))
    assert {name for name, words in OPTION_WORDS.items() if words.default} == set(
        names(SETTINGS_OPTIONS))
    assert set(OPTION_WORDS) == {*names(NEW_OPTIONS), *names(SETTINGS_OPTIONS)}


def test_the_commands_take_the_options_of_the_table() -> None:
    group = Uno(None).__cog_app_commands_group__  # type: ignore[arg-type]  # no bot needed
    assert group is not None
    commands = {command.name: command for command in group.commands}
    for name, options, words in (("new", NEW_OPTIONS, "new"),
                                 ("settings", SETTINGS_OPTIONS, "default")):
        parameters = commands[name].parameters  # type: ignore[union-attr]
        assert [p.name for p in parameters] == names(options)
        for parameter in parameters:
            assert parameter.description == getattr(OPTION_WORDS[parameter.name], words)
            assert not parameter.required


def test_an_option_without_words_for_a_command_is_refused_when_it_is_built() -> None:
    async def callback(self: object, interaction: object, **chosen: object) -> None:
        raise AssertionError("never run")

    with pytest.raises(LookupError, match="autoplay"):
        taking((SlashOption("autoplay", bool),), lambda words: words.default, {})(callback)
