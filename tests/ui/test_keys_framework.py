"""The shared keyboard cursor (`ui.play.keys`): arrows move over any layout of spots, Enter
chooses, Esc cancels, the accessible description follows the cursor, `?` / F1 list the keys
in the interface's language (issue 37)."""

from __future__ import annotations

from collections.abc import Hashable

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QPushButton, QVBoxLayout, QWidget

from tests.ui.keyboard import activate
from ui.i18n import language
from ui.play.keys import (
    BOARD_ROWS,
    KeyHelp,
    Spot,
    SpotKeys,
    add_key_help,
    next_spot,
    path_to,
)


@pytest.fixture(autouse=True)
def english():
    language().set("en")
    yield
    language().set("en")


class Grid(QWidget):
    """A 3×3 board of 40px squares; the middle row can be chosen."""

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[Hashable] = []
        self.cancelled = 0
        self.keys = SpotKeys(self, self.spots, self.chosen.append, self.cancel,
                             name=("Test board", "テスト盤"))

    def spots(self) -> list[Spot]:
        return [Spot((r, c), QRectF(c * 40, r * 40, 40, 40), f"r{r}c{c}", actionable=r == 1)
                for r in range(3) for c in range(3)]

    def cancel(self) -> None:
        self.cancelled += 1


def shown(qtbot) -> tuple[QWidget, Grid]:
    page = QWidget()
    layout = QVBoxLayout(page)
    before = QPushButton("before", page)
    grid = Grid()
    grid.setMinimumSize(120, 120)
    layout.addWidget(before)
    layout.addWidget(grid)
    add_key_help(page, lambda: list(BOARD_ROWS))
    qtbot.addWidget(page)
    page.show()
    qtbot.waitExposed(page)
    activate(qtbot, page)
    before.setFocus()
    return page, grid


def description(widget: QWidget) -> str:
    return QAccessible.queryAccessibleInterface(widget).text(QAccessible.Text.Description)


def test_tab_reaches_the_board_and_arrows_move_the_cursor(qtbot) -> None:
    _page, grid = shown(qtbot)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is grid
    assert grid.keys.cursor == (1, 0)  # the first spot that can be chosen
    assert "r1c0" in description(grid) and "you can choose it" in description(grid)
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_Down)
    assert grid.keys.cursor == (2, 1)
    assert description(grid) == "r2c1"
    qtbot.keyClick(grid, Qt.Key.Key_Down)  # the edge: it stays
    assert grid.keys.cursor == (2, 1)
    qtbot.keyClick(grid, Qt.Key.Key_PageDown)  # the next spot that can be chosen, round
    assert grid.keys.cursor == (1, 0)
    qtbot.keyClick(grid, Qt.Key.Key_PageUp)
    assert grid.keys.cursor == (1, 2)
    name = QAccessible.queryAccessibleInterface(grid).text(QAccessible.Text.Name)
    assert name == "Test board"
    language().set("ja")  # a live switch renames the board
    assert QAccessible.queryAccessibleInterface(grid).text(QAccessible.Text.Name) == "テスト盤"


def test_enter_chooses_and_escape_cancels(qtbot) -> None:
    _page, grid = shown(qtbot)
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_Return)
    qtbot.keyClick(grid, Qt.Key.Key_Space)
    qtbot.keyClick(grid, Qt.Key.Key_Escape)
    assert grid.chosen == [(1, 1), (1, 1)]
    assert grid.cancelled == 1


def test_the_cursor_is_drawn_while_the_board_has_the_focus(qtbot) -> None:
    _page, grid = shown(qtbot)
    plain = grid.grab().toImage()
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    framed = grid.grab().toImage()
    assert framed.pixelColor(41, 60) != plain.pixelColor(41, 60)  # (1, 1)'s left edge
    assert framed.pixelColor(20, 20) == plain.pixelColor(20, 20)


def test_arrows_follow_an_irregular_layout() -> None:
    spots = [Spot("a", QRectF(0, 0, 10, 10), "a"), Spot("b", QRectF(30, 4, 10, 10), "b"),
             Spot("c", QRectF(12, 40, 10, 10), "c"), Spot("d", QRectF(100, 60, 10, 10), "d")]
    assert next_spot(spots, spots[0], 1, 0) == spots[1]
    assert next_spot(spots, spots[0], 0, 1) == spots[2]
    assert next_spot(spots, spots[1], 1, 0) == spots[3]
    assert next_spot(spots, spots[3], -1, 0) == spots[2]  # nearer its row than "b"
    assert next_spot(spots, spots[0], -1, 0) is None


def test_every_spot_is_reached_by_arrows(qtbot) -> None:
    _page, grid = shown(qtbot)
    for spot in grid.spots():
        assert path_to(grid.keys, spot.key) is not None


@pytest.mark.parametrize(("code", "title", "line"), [
    ("en", "Keys", "Cancel a half-made move"),
    ("ja", "キー操作", "選びかけの手を取り消す"),
])
def test_question_mark_and_f1_list_the_keys_in_the_language(qtbot, code, title, line) -> None:
    page, grid = shown(qtbot)
    language().set(code)
    grid.setFocus()
    for key in (Qt.Key.Key_F1, Qt.Key.Key_Question):
        qtbot.keyClick(grid, key)
        helps = [h for h in page.findChildren(KeyHelp) if h.isVisible()]
        assert len(helps) == 1
        assert helps[0].windowTitle() == title
        assert line in helps[0].text()
        helps[0].close()
        qtbot.waitUntil(lambda: not any(h.isVisible() for h in page.findChildren(KeyHelp)))
