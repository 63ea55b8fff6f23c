# ruff: noqa: RUF001  (the Ukrainian letters of the table are meant)
"""Card names are whole phrases per card in every language (issue 25, point 6): a
button label and a sentence's name each come from one message of the catalogs, never a
colour word glued to a value word, so Russian and Ukrainian agree the colour with the
card ("Пропуск (зелёный)", "Зелёная 7")."""

from __future__ import annotations

import pytest

from bot.engine.cards import CARD_COLOR, Card
from bot.i18n import LANGUAGES, speaking
from bot.ui.words.words import CARD_LABELS, COLOR_MARKS, card_label, card_words

EXPECTED = {
    "ru": """
        r0         Красная 0 | красная 0
        r1         Красная 1 | красная 1
        r2         Красная 2 | красная 2
        r3         Красная 3 | красная 3
        r4         Красная 4 | красная 4
        r5         Красная 5 | красная 5
        r6         Красная 6 | красная 6
        r7         Красная 7 | красная 7
        r8         Красная 8 | красная 8
        r9         Красная 9 | красная 9
        rskip      Пропуск (красный) | красная «Пропусти ход»
        rreverse   Наоборот (красная) | красная «Наоборот»
        rdraw2     Красная +2 | красная «Возьми две»
        rblank     Красная пустая | красная пустая карта
        y0         Жёлтая 0 | жёлтая 0
        y1         Жёлтая 1 | жёлтая 1
        y2         Жёлтая 2 | жёлтая 2
        y3         Жёлтая 3 | жёлтая 3
        y4         Жёлтая 4 | жёлтая 4
        y5         Жёлтая 5 | жёлтая 5
        y6         Жёлтая 6 | жёлтая 6
        y7         Жёлтая 7 | жёлтая 7
        y8         Жёлтая 8 | жёлтая 8
        y9         Жёлтая 9 | жёлтая 9
        yskip      Пропуск (жёлтый) | жёлтая «Пропусти ход»
        yreverse   Наоборот (жёлтая) | жёлтая «Наоборот»
        ydraw2     Жёлтая +2 | жёлтая «Возьми две»
        yblank     Жёлтая пустая | жёлтая пустая карта
        g0         Зелёная 0 | зелёная 0
        g1         Зелёная 1 | зелёная 1
        g2         Зелёная 2 | зелёная 2
        g3         Зелёная 3 | зелёная 3
        g4         Зелёная 4 | зелёная 4
        g5         Зелёная 5 | зелёная 5
        g6         Зелёная 6 | зелёная 6
        g7         Зелёная 7 | зелёная 7
        g8         Зелёная 8 | зелёная 8
        g9         Зелёная 9 | зелёная 9
        gskip      Пропуск (зелёный) | зелёная «Пропусти ход»
        greverse   Наоборот (зелёная) | зелёная «Наоборот»
        gdraw2     Зелёная +2 | зелёная «Возьми две»
        gblank     Зелёная пустая | зелёная пустая карта
        b0         Синяя 0 | синяя 0
        b1         Синяя 1 | синяя 1
        b2         Синяя 2 | синяя 2
        b3         Синяя 3 | синяя 3
        b4         Синяя 4 | синяя 4
        b5         Синяя 5 | синяя 5
        b6         Синяя 6 | синяя 6
        b7         Синяя 7 | синяя 7
        b8         Синяя 8 | синяя 8
        b9         Синяя 9 | синяя 9
        bskip      Пропуск (синий) | синяя «Пропусти ход»
        breverse   Наоборот (синяя) | синяя «Наоборот»
        bdraw2     Синяя +2 | синяя «Возьми две»
        bblank     Синяя пустая | синяя пустая карта
        wild       Закажи цвет | «Закажи цвет»
        wild4      Закажи цвет +4 | «Закажи цвет и возьми четыре»
        wildcustom Своё правило | «Своё правило»
        wildswap   Обмен | «Поменяйся картами»
        bff        Сила BFF | «Сила BFF»
    """,
    "uk": """
        r0         Червона 0 | червона 0
        r1         Червона 1 | червона 1
        r2         Червона 2 | червона 2
        r3         Червона 3 | червона 3
        r4         Червона 4 | червона 4
        r5         Червона 5 | червона 5
        r6         Червона 6 | червона 6
        r7         Червона 7 | червона 7
        r8         Червона 8 | червона 8
        r9         Червона 9 | червона 9
        rskip      Пропуск (червоний) | червона «Пропусти хід»
        rreverse   Навпаки (червона) | червона «Навпаки»
        rdraw2     Червона +2 | червона «Візьми дві»
        rblank     Червона порожня | червона порожня карта
        y0         Жовта 0 | жовта 0
        y1         Жовта 1 | жовта 1
        y2         Жовта 2 | жовта 2
        y3         Жовта 3 | жовта 3
        y4         Жовта 4 | жовта 4
        y5         Жовта 5 | жовта 5
        y6         Жовта 6 | жовта 6
        y7         Жовта 7 | жовта 7
        y8         Жовта 8 | жовта 8
        y9         Жовта 9 | жовта 9
        yskip      Пропуск (жовтий) | жовта «Пропусти хід»
        yreverse   Навпаки (жовта) | жовта «Навпаки»
        ydraw2     Жовта +2 | жовта «Візьми дві»
        yblank     Жовта порожня | жовта порожня карта
        g0         Зелена 0 | зелена 0
        g1         Зелена 1 | зелена 1
        g2         Зелена 2 | зелена 2
        g3         Зелена 3 | зелена 3
        g4         Зелена 4 | зелена 4
        g5         Зелена 5 | зелена 5
        g6         Зелена 6 | зелена 6
        g7         Зелена 7 | зелена 7
        g8         Зелена 8 | зелена 8
        g9         Зелена 9 | зелена 9
        gskip      Пропуск (зелений) | зелена «Пропусти хід»
        greverse   Навпаки (зелена) | зелена «Навпаки»
        gdraw2     Зелена +2 | зелена «Візьми дві»
        gblank     Зелена порожня | зелена порожня карта
        b0         Синя 0 | синя 0
        b1         Синя 1 | синя 1
        b2         Синя 2 | синя 2
        b3         Синя 3 | синя 3
        b4         Синя 4 | синя 4
        b5         Синя 5 | синя 5
        b6         Синя 6 | синя 6
        b7         Синя 7 | синя 7
        b8         Синя 8 | синя 8
        b9         Синя 9 | синя 9
        bskip      Пропуск (синій) | синя «Пропусти хід»
        breverse   Навпаки (синя) | синя «Навпаки»
        bdraw2     Синя +2 | синя «Візьми дві»
        bblank     Синя порожня | синя порожня карта
        wild       Замов колір | «Замов колір»
        wild4      Замов колір +4 | «Замов колір і візьми чотири»
        wildcustom Своє правило | «Своє правило»
        wildswap   Обмін | «Обміняйся картами»
        bff        Сила BFF | «Сила BFF»
    """,
}
"""Every card's button label (without its colour mark) and its name in a sentence."""


def names(locale: str) -> dict[Card, tuple[str, str]]:
    """Each card's button label without its colour mark, and its name in a sentence."""
    with speaking(locale):
        return {card: (card_label(card).removeprefix(f"{COLOR_MARKS.get(CARD_COLOR[card])} "),
                       card_words(card)) for card in CARD_LABELS}


@pytest.mark.parametrize("locale", ["ru", "uk"])
def test_russian_and_ukrainian_card_names_read_as_the_table_says(locale: str) -> None:
    expected = {}
    for line in EXPECTED[locale].strip().splitlines():
        card, words = line.split(maxsplit=1)
        label, sentence = words.split(" | ")
        expected[card] = (label, sentence)
    assert names(locale) == expected


@pytest.mark.parametrize("locale", sorted(LANGUAGES))
def test_every_card_has_its_own_whole_name_in_every_language(locale: str) -> None:
    english = names("en-US")
    shown = names(locale)
    labels = [label for label, _ in shown.values()]
    assert len(set(labels)) == len(labels), "two cards share a button label"
    assert len({sentence for _, sentence in shown.values()}) == len(shown)
    for card, (label, sentence) in shown.items():
        assert label and sentence and "{" not in label + sentence
        assert len(card_label(card)) <= 80  # Discord's longest button label
        if locale != "en-US" and CARD_COLOR[card]:
            assert (label, sentence) != english[card], f"{card} left in English"
