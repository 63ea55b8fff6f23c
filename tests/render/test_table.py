from __future__ import annotations

import dataclasses

import pytest
from PIL import ImageDraw

from bot.render import TableScene, render_table, table
from bot.render.faces import card_face
from bot.render.png import Sprite, shared_palette
from bot.render.table import HEIGHT, MIN_TEXT, PHONE_WIDTH, WIDTH, table_image
from tests.render.conftest import decode

PLAYERS = (("Alice", 7), ("Bob", 1), ("Chidi", 12))


def scene(**changes: object) -> TableScene:
    base = TableScene(
        top_card="wild", color="r", direction=1, players=PLAYERS, current=0, draw_pile=40
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def test_table_renders_a_small_png_whose_text_reads_on_a_phone() -> None:
    image = decode(render_table(scene()))
    assert (image.width, image.height) == (WIDTH, HEIGHT)
    assert MIN_TEXT * PHONE_WIDTH / WIDTH >= 14  # the smallest text, shown on a phone


@pytest.mark.parametrize("color", ["y", "g", "b"])
def test_colour_to_match_shows_even_on_the_same_wild(color: str) -> None:
    assert render_table(scene(color=color)) != render_table(scene(color="r"))


def test_direction_shows() -> None:
    assert render_table(scene(direction=-1)) != render_table(scene(direction=1))


def test_current_player_shows() -> None:
    assert render_table(scene(current=1)) != render_table(scene(current=0))


def test_the_draw_pile_shows_and_the_seats_are_left_to_the_text() -> None:
    assert render_table(scene(draw_pile=3)) != render_table(scene())
    assert render_table(scene(players=(("Alice", 6), *PLAYERS[1:]))) == render_table(scene())


def test_many_players_keep_the_same_size() -> None:
    many = tuple((f"P{i}", i) for i in range(20))
    assert decode(render_table(scene(players=many, current=19))).size == (WIDTH, HEIGHT)


@pytest.mark.parametrize(
    "name",
    [
        "x" * 500,
        "日本語の名前",
        "Zoë 🎉👨‍👩‍👧",
        "\u202eright to left override",
        "Z̷̢̛a̶̡͝l̵g̴̨o" * 20,
        "\x00\x07\n\t",
        "\ud800 lone surrogate",
        "",
        "مرحبا",
    ],
)
def test_any_unicode_name_renders(name: str) -> None:
    players = ((name, 3), ("Bob", 2))
    assert decode(render_table(scene(players=players))).width == WIDTH


@pytest.mark.parametrize(
    "changes",
    [
        {"color": ""},
        {"color": "w"},
        {"direction": 0},
        {"top_card": "r10"},
        {"current": 3},
        {"current": -1},
        {"draw_pile": -1},
        {"players": ()},
    ],
)
def test_impossible_scenes_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        scene(**changes)


def test_scene_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        scene().color = "g"  # type: ignore[misc]


def test_the_table_picture_carries_no_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14: a picture reads the same in every language, so the only text drawn
    beside the cards is the draw pile's count and the name of the player to play."""
    drawn: list[str] = []
    text = ImageDraw.ImageDraw.text

    def recorded(self: ImageDraw.ImageDraw, xy: object, words: str, *args: object,
                 **kwargs: object) -> None:
        drawn.append(words)
        text(self, xy, words, *args, **kwargs)  # type: ignore[arg-type]

    shared_palette()  # drawn from a sample of every face and text, before recording
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recorded)
    # drawn afresh: the card itself draws only its digit, so none is left out
    for cached in (card_face, table._top_card, table._pile_count, table._name):
        cached.cache_clear()
    table_image(scene(top_card="r7", color="g", current=1))
    assert set(drawn) == {"40", "Bob", "7"}


PHONE_SCALE = 0.57
"""Issue 44: on a 400-px phone Discord shows the table picture at about 0.57 of its
width."""
SHORTEST_LABEL = 14
"""The height (px, on the phone) every label of the table picture reaches at least."""


def shown_height(piece: Sprite) -> float:
    """How tall ``piece`` (a label's ink, cut to the pixels drawn) shows on the phone."""
    return sum(band.image.height for band in piece.bands) * PHONE_SCALE


@pytest.mark.parametrize("count", [0, 7, 40, 108])
def test_the_draw_pile_count_reads_14_px_tall_on_a_phone(count: int) -> None:
    assert shown_height(table._pile_count(count)) >= SHORTEST_LABEL


@pytest.mark.parametrize("name", ["Bob", "HIKE", "Player 2", "Алёна", "Łukasz"])
def test_the_turn_label_reads_14_px_tall_on_a_phone(name: str) -> None:
    """The height of a label's capitals (names without descenders: its ink is theirs)."""
    assert shown_height(table._name(name)) >= SHORTEST_LABEL
