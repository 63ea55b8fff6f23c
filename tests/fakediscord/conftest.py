"""Fixtures of the fake's own tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import aiohttp
import pytest

from tests.fakediscord import FakeDiscord


@pytest.fixture
async def http(fake_discord: FakeDiscord) -> AsyncIterator[aiohttp.ClientSession]:
    """A bare REST client of the fake, with the bot's token."""
    async with aiohttp.ClientSession(
        base_url=fake_discord.api_base + "/",
        headers={"Authorization": f"Bot {fake_discord.token}"},
    ) as session:
        yield session
