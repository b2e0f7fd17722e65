"""The table stick thrower as a person uses it: Space throws, the count shows, Ctrl+Z undoes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from ui.games.sticks import sticks_widget
from ui.games.sticks.thrower_view import ThrowerView
from ui.i18n import language
from ui.play.pyside_guard import protect_singletons
from ui.table.frame import TablePage


def thrower(qtbot, seed: int) -> tuple[TablePage, ThrowerView]:
    """A table page holding only the thrower (its Undo/Redo and shortcuts are the page's)."""
    page = TablePage(None, "juusai")
    qtbot.addWidget(page)
    view = ThrowerView(page, seed=seed)
    page.add_tab(view)
    return page, view


def activate(qtbot, widget) -> None:
    """Make the window active, as a person's click would, so shortcuts reach it."""
    widget.show()
    qtbot.waitExposed(widget)
    widget.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is widget, timeout=2000)


protect_singletons()  # PySide6 6.12.0 on Python 3.11, see ui/play/pyside_guard.py


@pytest.fixture(autouse=True)
def no_animation():
    sticks_widget.set_animations_enabled(False)
    language().set("en")
    yield
    sticks_widget.set_animations_enabled(True)


def test_space_throws_and_the_badge_shows_the_result(qtbot) -> None:
    page, view = thrower(qtbot, 11)
    page.show()
    qtbot.waitExposed(page)
    view.throw_button.setFocus()
    qtbot.keyClick(view.throw_button, Qt.Key.Key_Space)
    qtbot.mouseClick(view.throw_button, Qt.MouseButton.LeftButton)
    assert view.log.total == 2
    shown = view.badge.value
    assert shown == view.log.last() == sum(view.sticks.faces)
    assert view.history.item(0).text() == f"2.  {shown}"
    assert view.summary.text().startswith("2 throws")


def test_the_same_seed_gives_the_same_throws(qtbot) -> None:
    (_, a), (_, b) = thrower(qtbot, 5), thrower(qtbot, 5)
    for _ in range(10):
        a.throw()
        b.throw()
    assert a.log.results() == b.log.results()


def test_ctrl_z_takes_back_a_throw_and_ctrl_shift_z_brings_it_back(qtbot) -> None:
    page, view = thrower(qtbot, 2)
    page.show()
    qtbot.waitExposed(page)
    for _ in range(3):
        view.throw()
    results = view.log.results()
    activate(qtbot, page)
    view.history.setFocus()
    qtbot.keyClick(view.history, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert view.log.results() == results[:2]
    assert view.history.count() == 2 and view.badge.value == results[1]
    qtbot.keyClick(view.history, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert view.log.results() == results


def test_the_tumble_lands_on_the_thrown_faces(qtbot) -> None:
    sticks_widget.set_animations_enabled(True)
    widget = sticks_widget.SticksWidget()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    with qtbot.waitSignal(widget.landed, timeout=3000):
        widget.show_throw((True, False, True, True, False))
        assert widget.is_animating()
    assert widget.faces == (True, False, True, True, False) and not widget.is_animating()


def test_a_click_skips_the_tumble(qtbot) -> None:
    sticks_widget.set_animations_enabled(True)
    widget = sticks_widget.SticksWidget()
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    widget.show_throw((False,) * 5)
    with qtbot.waitSignal(widget.landed, timeout=100):
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)
    assert not widget.is_animating()
