"""A house rule's event recorded before the engine stopped writing sentences (commit
9dd8eb4: rules 1-8 carried their English text, now ``""``) reads as it always did: the
table's log (``Table.recent_actions``, saved with the table) words a house rule by its
number, so the text recorded with it changes nothing a player reads."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import speaking
from bot.ui.words.words import action_line

RECORDED_BEFORE = {
    2: "Every other player discards all their wild cards.",
    5: "The next player draws or discards until they hold exactly 7.",
    7: "Every hand is shown to the table until its player's next turn.",
}
"""The data of ``house_rule`` events as main's engine wrote them before 9dd8eb4."""


def _line(rule: int, text: str) -> str:
    events: list[dict[str, Any]] = [
        {"kind": "played", "player": "1", "cards": ["rblank"], "count": 1, "color": "r"},
        {"kind": "house_rule", "player": "1", "cards": ["rblank"],
         "data": {"rule": rule, "text": text}}]
    return action_line(events, {"1": "ana"}.__getitem__)


@pytest.mark.parametrize("language", ["en-US", "de"])
@pytest.mark.parametrize("rule", sorted(RECORDED_BEFORE))
def test_a_house_rule_recorded_with_its_old_text_reads_as_one_recorded_now(
    rule: int, language: str
) -> None:
    with speaking(language):
        old, new = _line(rule, RECORDED_BEFORE[rule]), _line(rule, "")
    assert old == new and "ana" in new
