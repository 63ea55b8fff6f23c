"""The language of the moment: per task, never shared between concurrent interactions,
English for a locale the bot does not ship."""

from __future__ import annotations

import asyncio
from typing import Any

import discord

from bot.app.gateway_guard import InteractionGuard
from bot.i18n import DEFAULT, LANGUAGES, current_language, language_of, speaking


def test_discord_locales_name_shipped_languages_and_others_fall_back_to_english() -> None:
    assert language_of(discord.Locale.german) is LANGUAGES["de"]
    assert language_of("es-419").catalog == "es_419"
    assert language_of("pt-BR").catalog == "pt_BR"
    assert language_of("en-GB") is DEFAULT
    assert language_of("zh-CN") is DEFAULT  # Discord has it; the bot does not ship it
    assert language_of(None) is DEFAULT
    assert language_of("not a locale") is DEFAULT


def test_speaking_sets_the_language_inside_the_block_only() -> None:
    assert current_language() is DEFAULT
    with speaking("fr") as french:
        assert current_language() is french is LANGUAGES["fr"]
        with speaking(discord.Locale.japanese):
            assert current_language().catalog == "ja"
        assert current_language() is french
    assert current_language() is DEFAULT


async def test_tasks_started_while_speaking_keep_their_language_whatever_others_do() -> None:
    """What the gateway guard relies on: a task copies the language it was created in,
    and two tasks switching at once never see each other's."""
    both_started = asyncio.Barrier(3)
    seen: dict[str, list[str]] = {}

    async def handler(name: str) -> None:
        seen[name] = [current_language().locale]
        await both_started.wait()
        with speaking("ko"):
            await asyncio.sleep(0)
        seen[name].append(current_language().locale)

    with speaking("de"):
        german = asyncio.create_task(handler("german"))
    with speaking("tr"):
        turkish = asyncio.create_task(handler("turkish"))
    await both_started.wait()
    await asyncio.gather(german, turkish)
    assert seen == {"german": ["de", "de"], "turkish": ["tr", "tr"]}
    assert current_language() is DEFAULT


def test_the_gateway_guard_parses_each_interaction_speaking_its_sender_locale() -> None:
    heard: list[tuple[str, str]] = []

    def parse(data: Any) -> None:
        heard.append((data["id"], current_language().locale))

    guard = InteractionGuard(parse)
    guard({"id": "1", "type": 2, "locale": "uk"})
    guard({"id": "2", "type": 2, "locale": "zh-TW"})
    guard({"id": "3", "type": 2})
    assert heard == [("1", "uk"), ("2", "en-US"), ("3", "en-US")]
    assert current_language() is DEFAULT
