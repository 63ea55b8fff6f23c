"""Each rule option's words (``bot.ui.words.option_words``): every option of the engine
has its words, and the lobby, the table, /uno rules and the server's settings say each
switch the way its words say it."""

from __future__ import annotations

from bot.engine.options import OPTIONS, TABLE_OPTIONS, Options, Switch
from bot.game.guild_settings import GuildSettings
from bot.i18n import speaking
from bot.ui.messages.records import settings_embed
from bot.ui.words.option_words import OPTION_WORDS, SCORE, Listed, Stated, listed_on, stated
from bot.ui.words.text import rules_line, ruleset_details


def test_every_rule_option_has_both_descriptions_and_its_way_of_being_said() -> None:
    for name, kind in OPTIONS.items():
        words = OPTION_WORDS[name]
        assert words.new and words.default, name
        if isinstance(kind, Switch):
            assert isinstance(words.shown, Stated | Listed), name
        else:
            assert name in SCORE and words.shown is None, name
    assert [n for n in OPTIONS if isinstance(OPTION_WORDS[n].shown, Stated)] == [
        "seven_o", "stacking"]
    assert [n for n in OPTIONS if isinstance(OPTION_WORDS[n].shown, Listed)] == [
        *TABLE_OPTIONS, "partners", "partners_see_hands"]


def test_only_rule_options_are_said_on_or_off() -> None:
    said = {name for name, words in OPTION_WORDS.items() if words.shown is not None}
    assert said <= set(OPTIONS)


def test_stated_switches_come_with_their_state_and_listed_ones_only_when_on() -> None:
    options = Options.for_ruleset("seven-o", {"no_bluff": True, "jump_in": True})
    seven_o, stacking = (OPTION_WORDS[name].shown for name in ("seven_o", "stacking"))
    assert stated(options) == [(seven_o, True), (stacking, False)]
    assert listed_on(options) == [OPTION_WORDS["jump_in"].shown, OPTION_WORDS["no_bluff"].shown]
    assert listed_on(Options()) == []


def test_the_lobby_rules_and_settings_say_the_switches_in_their_words() -> None:
    options = Options.for_ruleset("serious", {"force_play": True})
    assert rules_line("serious", options) == (
        "serious · 11 cards · Seven-O off · stacking on · standard scoring to 500 · Force play")
    details = ruleset_details("serious", options).splitlines()
    assert "Seven-O: off. Stacking: on." in details
    assert "**Force play**: Whoever holds a playable card must play one: drawing is only for "\
        "a hand with nothing to play." in details
    shown = settings_embed(GuildSettings(ruleset="serious")).description or ""
    assert "Seven-O: off · stacking: on" in shown.splitlines()
    with speaking("de"):
        shown = settings_embed(GuildSettings(overrides={"seven_o": True})).description or ""
        assert "Sieben-Null: an · Stapeln: aus" in shown.splitlines()
