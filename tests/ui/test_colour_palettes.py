"""Colour vision (issue 37): the palette chosen in Settings is used at once and remembered,
the boards draw the games' meaningful colours from it, and each such colour also shows a
second cue (a letter, a number, a symbol or a double frame)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QImage

from companion.colours import ETARIYA_STONES, Palette, current, set_current
from ui.i18n import language


@pytest.fixture(autouse=True)
def standard_palette() -> Iterator[None]:
    """Each test starts and ends with the standard palette."""
    set_current(Palette.STANDARD)
    yield
    set_current(Palette.STANDARD)


def near(pixel: QColor, expected: str, tolerance: int = 6) -> bool:
    want = QColor(expected)
    return all(abs(a - b) <= tolerance for a, b in ((pixel.red(), want.red()),
                                                    (pixel.green(), want.green()),
                                                    (pixel.blue(), want.blue())))


def test_a_palette_chosen_in_settings_is_used_at_once_and_remembered(window, person, ctx,
                                                                     qtbot) -> None:
    from ui.main_window import MainWindow

    person.click_sidebar(window, "Settings")
    page = window.current_page()
    assert page.colour_box.title() == "Colours"
    assert [page.palette_combo.itemText(i) for i in range(page.palette_combo.count())] == [
        "Standard", "Deuteranopia (green-weak)", "Protanopia (red-weak)",
        "Tritanopia (blue-weak)"]
    person.choose(page.palette_combo, "Protanopia (red-weak)")
    assert current() is Palette.PROTANOPIA
    assert ctx.settings.value("colour/palette") == "protanopia"
    language().set("ja")
    assert page.colour_box.title() == "色"
    assert page.palette_combo.currentText() == "1型色覚（赤が弱い）向け"
    assert "二重枠" in page.palette_note.text()
    language().set("en")
    set_current(Palette.STANDARD)  # as at a new start
    again = MainWindow(ctx)
    qtbot.addWidget(again)
    assert current() is Palette.PROTANOPIA


def stone_board(qtbot, stack: tuple[str, ...]):
    from ui.games.etariya.board_widget import BoardPicture, BoardWidget

    board = BoardWidget(coordinates=False)
    qtbot.addWidget(board)
    board.resize(420, 420)
    board.set_picture(BoardPicture(stones={(3, 3): stack}))
    board.show()
    qtbot.waitExposed(board)
    return board


def stone_pixel(board) -> QColor:
    """The colour drawn a little left of the stone's centre (past its letter)."""
    rect = board.cell_rect((3, 3))
    image: QImage = board.grab().toImage()
    scale = image.width() / board.width()
    point = rect.center()
    return image.pixelColor(int((point.x() - rect.width() * 0.24) * scale),
                            int(point.y() * scale))


def test_etariya_stones_follow_the_palette_at_once(qtbot) -> None:
    from ui.play.palette import use_palette

    board = stone_board(qtbot, ("B",))
    assert near(stone_pixel(board), ETARIYA_STONES.hex("B", Palette.STANDARD))
    use_palette(Palette.DEUTERANOPIA)
    qtbot.waitUntil(lambda: near(stone_pixel(board),
                                 ETARIYA_STONES.hex("B", Palette.DEUTERANOPIA)))


def test_an_etariya_stack_shows_its_colour_letter_and_height(english) -> None:
    from ui.games.etariya.board_widget import stack_mark

    assert stack_mark(("R",)) == "R"
    assert stack_mark(("R", "G", "B")) == "B3"  # it used to show only "3"
    language().set("ja")
    assert stack_mark(("R", "G", "B")) == "青3"
    assert stack_mark(("V",)) == "紫"
