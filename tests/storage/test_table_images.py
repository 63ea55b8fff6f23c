"""A table's picture setting is saved with it; tables saved before it existed show pictures."""

from __future__ import annotations

from bot.game.saving import TableStore, table_from_dict, table_to_dict
from tests.storage.backends import StorageUnderTest
from tests.storage.test_tables import sample


async def test_images_off_round_trips(db: StorageUnderTest) -> None:
    table = sample(20)
    table.images = False
    store = TableStore(db)
    await store.save(table)
    (loaded,), bad = await store.load()
    assert bad == [] and loaded.images is False


def test_a_table_saved_without_the_setting_shows_pictures() -> None:
    saved = table_to_dict(sample(21))
    del saved["images"]
    assert table_from_dict(saved).images is True
