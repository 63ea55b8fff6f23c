"""The fake refuses a synced command Discord would refuse, localizations included."""

from __future__ import annotations

from typing import Any

from tests.fakediscord.commands import command_problems


def command(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": "uno", "description": "Play UNO", "type": 1,
        "options": [{"type": 1, "name": "new", "description": "Open a lobby", "options": [
            {"type": 3, "name": "ruleset", "description": "Which rules",
             "choices": [{"name": "classic", "value": "classic"}]},
            {"type": 5, "name": "stacking", "description": "Stacking"},
        ]}],
    }
    return base | changes


def test_a_well_formed_localized_command_passes() -> None:
    good = command(name_localizations={"de": "uno", "ja": "うの"},
                   description_localizations={"fr": "Jouer à UNO"})
    good["options"][0]["name_localizations"] = {"es-ES": "nueva", "pt-BR": "nova"}
    assert command_problems([good]) == {}


def test_names_must_be_lower_case_without_spaces_in_every_locale() -> None:
    bad = command()
    bad["options"][0]["name_localizations"] = {"de": "Neues Spiel"}
    assert list(command_problems([bad])) == ["0.options.0.name_localizations.de"]


def test_a_locale_discord_does_not_have_is_refused() -> None:
    assert list(command_problems([command(name_localizations={"en": "uno"})])) == [
        "0.name_localizations.en"]


def test_descriptions_and_choices_keep_their_lengths() -> None:
    bad = command(description_localizations={"fr": "x" * 101})
    bad["options"][0]["options"][0]["choices"][0]["name_localizations"] = {"de": "y" * 101}
    assert sorted(command_problems([bad])) == [
        "0.description_localizations.fr",
        "0.options.0.options.0.choices.0.name_localizations.de",
    ]


def test_option_names_of_a_command_stay_distinct_in_each_locale() -> None:
    bad = command()
    ruleset, stacking = bad["options"][0]["options"]
    ruleset["name_localizations"] = {"de": "regeln"}
    stacking["name_localizations"] = {"de": "regeln"}
    assert list(command_problems([bad])) == ["0.options.0.options.name_localizations.de"]
