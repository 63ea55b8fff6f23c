"""Issue 44: names in pictures as written, in every script, emoji in colour, right to
left where they are written so (``bot.render.names`` over ``bot.render.lines``)."""

from __future__ import annotations

import functools

import pytest
from PIL import Image, ImageDraw, ImageFont

from bot.render import lines, render_table, typefaces, warm_faces
from bot.render.lines import Line, draw_line, lay_out
from bot.render.names import ELLIPSIS, clean_name, draw_name, fit_name
from bot.render.style import FALLBACK_FONT, LABEL_RGB, TABLE_RGB, font
from bot.render.table import TableScene
from bot.render.typefaces import AILERON, DEJAVU, missing_scripts
from bot.workers import Workers


def texts(line: Line) -> list[str]:
    return [run.text for run in line.runs]


def test_names_keep_every_letter_and_accent() -> None:
    for name in ("José García", "Łukasz Żółć", "Nguyễn Văn Đức", "Алёна", "たろう", "王伟"):
        assert clean_name(name) == name
    assert clean_name("Jose\u0301") == "José"  # composed, as a font has it


def test_names_lose_control_format_and_private_characters() -> None:
    assert clean_name("\u202eevil\x00") == "evil"
    assert clean_name("  two   words ") == "two words"
    assert clean_name("\x07") == "?"
    assert len(clean_name("y" * 1000)) <= 32
    assert clean_name("a\u200bb\ue000c\U0010fffd") == "abc"  # zero-width space, private use
    assert clean_name("👨\u200d👩\u200d👧") == "👨\u200d👩\u200d👧"  # its joiners stay


def test_stacked_marks_are_kept_two_to_a_letter() -> None:
    assert clean_name("Z\u0337\u0322\u031b\u0361o") == "Z\u0337\u0322o"
    assert clean_name("e\u0323\u0302") == "ệ"


def test_long_names_are_cut_to_fit() -> None:
    line = fit_name("Bartholomew " * 10, 20, 150)
    assert line.text.endswith(ELLIPSIS) and [run.face for run in line.runs] == [font(20)]
    assert line.width <= 150
    vietnamese = fit_name("Nguyễn Văn Đức " * 3, 20, 150)
    assert vietnamese.text.endswith(ELLIPSIS) and vietnamese.width <= 150
    assert ("Nguyễn Văn Đức " * 3).startswith(vietnamese.text[:-1])


def test_a_name_aileron_has_stays_in_aileron() -> None:
    """The cards' own font, as before issue 44: a plain name looks the same."""
    assert [run.typeface for run in fit_name("Player 2", 28, 500).runs] == [AILERON]


def test_a_name_is_drawn_in_one_typeface_when_one_has_all_its_letters() -> None:
    for name in ("José García", "Łukasz Żółć", "Nguyễn Văn Đức", "Алёна", "Γιώργος"):
        line = fit_name(name, 36, 1000)
        (run,) = line.runs
        assert run.text == name and run.typeface.path is not None
        assert all(run.typeface.has(char) for char in name)
        assert not all(AILERON.has(char) for char in name)


def test_letters_of_two_scripts_are_drawn_each_in_a_typeface_that_has_it() -> None:
    line = fit_name("Bob 王伟 ★", 36, 1000)
    assert "".join(texts(line)) == "Bob 王伟 ★"
    assert all(run.typeface.has(char) for run in line.runs for char in run.text)


def test_emoji_are_drawn_in_colour() -> None:
    line = fit_name("🔥Blaze🔥", 36, 500)
    assert texts(line) == ["🔥", "Blaze", "🔥"]
    assert [run.typeface.colour for run in line.runs] == [True, False, True]
    image = Image.new("RGB", (300, 80), TABLE_RGB)
    draw_line(image, (10, 60), line, LABEL_RGB, "ls")
    most = max(image.convert("HSV").getchannel("S").tobytes())
    assert most > 200  # the fire's orange (the grey text and the table: < 40)


def test_an_emoji_sequence_is_drawn_as_one_emoji() -> None:
    family, one = lay_out("👨\u200d👩\u200d👧", 36), lay_out("👨", 36)
    assert len(family.runs) == 1 and family.width < 1.5 * one.width
    assert lines.clusters("👩\u200d❤\ufe0f\u200d👨🏃\u200d♀\ufe0f") == [
        "👩\u200d❤\ufe0f\u200d👨", "🏃\u200d♀\ufe0f"]


def test_a_name_cut_inside_an_emoji_sequence_still_ends_in_an_ellipsis() -> None:
    """A joiner left at the end (a name cut at ``MAX_CHARS``) joins no ellipsis to it."""
    line = fit_name("Bartholomew the Magnificent 👨\u200d👩", 36, 300)
    assert line.text.endswith(ELLIPSIS) and line.width <= 300
    assert lines.clusters("👨\u200d…") == ["👨\u200d", "…"]


def test_without_a_colour_font_emoji_are_left_out_without_a_gap(
        without_colour_font: None) -> None:
    assert fit_name("🔥Blaze🔥", 36, 500).text == "Blaze"
    assert fit_name("🤖 Normal bot 1", 20, 500).text == "Normal bot 1"
    with_robot = TableScene("wild", "r", 1, (("🤖 Normal bot 1", 3), ("Bob", 2)), 0, 40)
    plain = TableScene("wild", "r", 1, (("Normal bot 1", 3), ("Bob", 2)), 0, 40)
    assert render_table(with_robot) == render_table(plain)
    assert "colour emoji" in missing_scripts()


def test_a_robot_shows_in_colour_where_the_font_is() -> None:
    with_robot = TableScene("wild", "r", 1, (("🤖 Normal bot 1", 3), ("Bob", 2)), 0, 40)
    plain = TableScene("wild", "r", 1, (("Normal bot 1", 3), ("Bob", 2)), 0, 40)
    assert render_table(with_robot) != render_table(plain)


def test_without_system_fonts_the_shipped_dejavu_sans_draws_what_aileron_lacks(
        without_system_fonts: None) -> None:
    line = fit_name("Жанна αβγ", 20, 500)
    assert texts(line) == ["Жанна αβγ"] and line.runs[0].typeface is DEJAVU
    assert not AILERON.has("Ж") and all(DEJAVU.has(char) for char in line.text)
    assert FALLBACK_FONT.is_file() and FALLBACK_FONT.with_name("LICENSE-DejaVu.txt").is_file()
    assert fit_name("Bob 太郎", 20, 500).text == "Bob"  # no font has them: left out
    assert fit_name("太郎", 20, 500).text == "?"  # nothing drawable is left
    assert {"Japanese", "Chinese", "colour emoji"} <= set(missing_scripts())


def test_every_script_checked_at_start_is_drawn_here() -> None:
    """This machine (and CI's, which .ci/run gives the Noto fonts) draws them all."""
    assert missing_scripts() == []


def test_a_right_to_left_name_reads_right_to_left() -> None:
    """"שרה כהן": the first word on the right, the second (whose final nun reaches below
    the line) on the left."""
    (run,) = lay_out("שרה כהן", 36).runs
    assert run.direction == "rtl" and run.laid == "rtl"
    image = Image.new("RGB", (300, 80))
    draw_line(image, (10, 50), lay_out("שרה כהן", 36), (255, 255, 255), "ls")
    drawn = image.getbbox()
    assert drawn is not None
    middle = (drawn[0] + drawn[2]) // 2
    left = image.crop((0, 0, middle, 80)).getbbox()
    right = image.crop((middle, 0, 300, 80)).getbbox()
    assert left is not None and right is not None
    assert left[3] > 50 + 4 and right[3] <= 50 + 1


def test_runs_of_both_directions_are_ordered_as_the_bidi_algorithm_orders_them() -> None:
    assert [(run.text, run.direction) for run in lay_out("Sara שרה 12", 36).runs] == [
        ("Sara ", "ltr"), ("שרה 12", "rtl")]  # shown "Sara 12 הרש"
    right_to_left = lay_out("שרה Sara כהן", 36).runs  # the first word on the right
    assert [(run.text.strip(), run.direction) for run in right_to_left] == [
        ("כהן", "rtl"), ("Sara", "ltr"), ("שרה", "rtl")]


def test_without_raqm_a_right_to_left_run_is_drawn_reversed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for module in (typefaces, lines):
        monkeypatch.setattr(module, "LAYOUT", ImageFont.Layout.BASIC)
    typefaces._face.cache_clear()
    try:
        (run,) = lay_out("שרה", 36).runs
        assert run.shown == "הרש" and run.laid is None
        assert lay_out("👨\u200d👩", 36).text == "👨👩"  # no joiner drawn as a box
        draw_line(Image.new("RGB", (300, 80)), (10, 60), lay_out("שרה 👨\u200d👩", 36),
                  LABEL_RGB, "ls")
        assert "right-to-left" in " ".join(missing_scripts())
    finally:
        typefaces._face.cache_clear()


@pytest.mark.parametrize("anchor", ["ls", "lm", "la"])
def test_names_in_different_typefaces_stand_on_one_baseline(anchor: str) -> None:
    bottoms = set()
    for name in ("Bob", "Łukasz", "Алёна", "שרה"):
        image = Image.new("RGB", (400, 120))
        draw_name(image, (10, 60), name, 36, 400, (255, 255, 255), anchor)
        box = image.getbbox()
        assert box is not None
        bottoms.add(box[3])
    assert max(bottoms) - min(bottoms) <= 1  # round letters reach a little below the line


def test_a_name_draws_on_rgb_and_on_transparent_pictures_alike() -> None:
    rgb = Image.new("RGB", (300, 80), TABLE_RGB)
    draw_name(rgb, (-20, 60), "🔥 Blaze", 36, 300, LABEL_RGB, "ls")  # cut at the edge
    clear = Image.new("RGBA", (300, 80), (0, 0, 0, 0))
    draw_name(clear, (-20, 60), "🔥 Blaze", 36, 300, LABEL_RGB, "ls")
    laid = Image.new("RGBA", (300, 80), (*TABLE_RGB, 255))
    laid.alpha_composite(clear)
    difference = [abs(a - b) for a, b in zip(rgb.tobytes(), laid.convert("RGB").tobytes(),
                                             strict=True)]
    assert max(difference) <= 2
    ImageDraw.Draw(rgb)  # still a picture to draw on


async def test_a_worker_process_draws_names_as_this_process_does() -> None:
    """The painters are spawned processes (``bot.workers``): they find the same fonts
    (warming lists them as they start) and draw a name to the same pixels."""
    scene = TableScene("wild", "g", 1, (("🔥 王伟 Łukasz", 3), ("Bob", 2)), 0, 40)
    painter = Workers("painters", 1, warm_faces)
    try:
        drawn_there = await painter.run(functools.partial(render_table, scene))
    finally:
        painter.close()
    assert drawn_there == render_table(scene)
