"""An unexpected exception in a slash command or a button (a bug, Discord failing half
way) is answered in one private sentence in the reader's language, whether or not the
interaction was acknowledged already, and logged once at ERROR with its traceback."""

from __future__ import annotations

import pytest

from bot.app.client import UnoBot
from bot.game.clock import FakeClock
from bot.ui.clicks import play
from bot.ui.clicks.failures import FAILED
from tests.conftest import ErrorRecords
from tests.fakediscord import FakeDiscord, FakeGuild, Interaction
from tests.ui.game_helpers import CHANNEL_MESSAGE, start_game, table_button
from tests.ui.test_lobby import button, open_lobby, players_block

DEFERRED_MESSAGE, DEFERRED_UPDATE = 5, 6
FAILED_DE = "Etwas ist schiefgelaufen; es hat sich nichts geändert."


class Broken(RuntimeError):
    """The bug a test plants."""


async def broken(*args: object, **kwargs: object) -> None:
    raise Broken("planted")


def logged_once(error_log: ErrorRecords, what: str) -> None:
    """One ERROR record, with the planted exception's traceback; then forgotten (it was
    expected: any other ERROR still fails the test)."""
    (record,) = error_log.records
    assert record.name == "bot.ui.clicks.failures" and what in record.getMessage()
    assert record.exc_info is not None and isinstance(record.exc_info[1], Broken)
    error_log.records.clear()


def said_privately(answer: Interaction, sentence: str) -> None:
    assert answer.callback_type == CHANNEL_MESSAGE and answer.ephemeral
    assert answer.text == sentence


async def test_a_failing_command_is_answered_in_the_readers_language(
    bot: UnoBot, guild: FakeGuild, monkeypatch: pytest.MonkeyPatch, error_log: ErrorRecords
) -> None:
    monkeypatch.setattr(bot.db, "history", broken)
    member = guild.members[0]
    said_privately(await member.slash("uno history"), FAILED)
    logged_once(error_log, "what=/uno history")
    member.locale = "de"
    said_privately(await member.slash("uno history"), FAILED_DE)
    logged_once(error_log, "what=/uno history")


async def test_a_failing_deferred_command_fills_its_thinking_message(
    bot: UnoBot, guild: FakeGuild, monkeypatch: pytest.MonkeyPatch, error_log: ErrorRecords
) -> None:
    """``/uno stats`` defers (its picture takes a while) before it reads the database."""
    monkeypatch.setattr(bot.db, "player_stats", broken)
    answer = await guild.members[0].slash("uno stats")
    assert answer.callback_type == DEFERRED_MESSAGE and answer.ephemeral
    assert answer.text == FAILED
    logged_once(error_log, "what=/uno stats")


async def test_a_failing_button_is_answered_and_changes_nothing(
    bot: UnoBot, guild: FakeGuild, monkeypatch: pytest.MonkeyPatch, error_log: ErrorRecords
) -> None:
    host, guest = guild.members[:2]
    lobby = await open_lobby(host)
    monkeypatch.setattr(bot.manager.lobby, "join", broken)
    said_privately(await guest.click(lobby, button(lobby, "join")), FAILED)
    logged_once(error_log, "what=uno:lobby:join:")
    assert players_block(lobby).startswith("Players (1/10)")


async def test_a_button_whose_check_fails_is_answered(
    bot: UnoBot, guild: FakeGuild, monkeypatch: pytest.MonkeyPatch, error_log: ErrorRecords
) -> None:
    host, guest = guild.members[:2]
    lobby = await open_lobby(host)
    monkeypatch.setattr(bot.early_acks, "adopt", broken)
    guest.locale = "de"
    said_privately(await guest.click(lobby, button(lobby, "join")), FAILED_DE)
    logged_once(error_log, "what=uno:lobby:join:")
    assert players_block(lobby).startswith("Players (1/10)")


async def test_a_click_acknowledged_before_it_failed_is_completed_with_the_sentence(
    bot: UnoBot, guild: FakeGuild, fake_discord: FakeDiscord, clock: FakeClock,
    monkeypatch: pytest.MonkeyPatch, error_log: ErrorRecords,
) -> None:
    session = await start_game(guild, bot, fake_discord, clock, 2)
    member = session.member(session.game.current or "")
    hand = await session.open_hand(member)
    version = session.table.version
    monkeypatch.setattr(play, "show_hand", broken)
    monkeypatch.setattr(play, "act", broken)
    bot.clicks.busy = 0  # every click acknowledged from the gateway, before any work
    table = session.table_message()
    # on the table: acknowledged as "thinking", which the sentence fills in
    thinking = await member.click(table, table_button(table, "hand"))
    assert thinking.callback_type == DEFERRED_MESSAGE and thinking.ephemeral
    assert thinking.text == FAILED
    logged_once(error_log, ":hand")
    # on the hand: acknowledged as an update of it, so the sentence is a private followup
    card = next(c for c in hand.enabled_ids() if ":a:" in c)
    updating = await member.click(hand, card)
    assert updating.callback_type == DEFERRED_UPDATE
    (followup,) = updating.followups
    assert followup.ephemeral and followup.text == FAILED
    logged_once(error_log, card)
    assert session.table.version == version
