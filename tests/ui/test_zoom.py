"""The interface's size (issue 37): Ctrl+= / Ctrl+- / Ctrl+0 scale text and the sidebar, the
View menu names them in both languages, the size is remembered, and a larger page scrolls
rather than being cut."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.ui.shots import save_shot
from ui.i18n import language
from ui.main_window import MainWindow
from ui.zoom import KEY_ZOOM, STEPS, stored_factor


@pytest.fixture
def zoomable(qtbot, ctx):
    """A shown main window; the interface back at its starting size afterwards."""
    window = MainWindow(ctx)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.keys_made)  # the keys follow the first paint
    yield window
    window.zoom.reset()


def press(qtbot, window, key: Qt.Key) -> None:
    qtbot.keyClick(window, key, Qt.KeyboardModifier.ControlModifier)


def test_the_keys_scale_the_text_and_the_sidebar(qtbot, zoomable, ctx) -> None:
    app = QApplication.instance()
    base = app.font().pointSizeF()
    title = zoomable.page("library").title
    title_size = title.font().pointSizeF()
    press(qtbot, zoomable, Qt.Key.Key_Equal)
    press(qtbot, zoomable, Qt.Key.Key_Equal)
    assert zoomable.zoom.factor == 1.25
    assert app.font().pointSizeF() == pytest.approx(base * 1.25)
    assert title.font().pointSizeF() == pytest.approx(title_size * 1.25)  # stays larger
    assert zoomable.sidebar.width() == round(170 * 1.25)
    assert "font-size: 13.75pt" in zoomable.sidebar.styleSheet()
    assert ctx.settings.value(KEY_ZOOM) in (1.25, "1.25")
    press(qtbot, zoomable, Qt.Key.Key_Minus)
    assert zoomable.zoom.factor == 1.1
    press(qtbot, zoomable, Qt.Key.Key_0)
    assert zoomable.zoom.factor == 1.0
    assert app.font().pointSizeF() == pytest.approx(base)
    assert title.font().pointSizeF() == pytest.approx(title_size)
    assert zoomable.sidebar.width() == 170


def test_the_size_stays_within_its_steps(zoomable) -> None:
    for _ in range(len(STEPS) + 2):
        zoomable.zoom.zoom_in()
    assert zoomable.zoom.factor == STEPS[-1]
    for _ in range(len(STEPS) + 2):
        zoomable.zoom.zoom_out()
    assert zoomable.zoom.factor == STEPS[0]


def test_the_size_is_remembered_for_the_next_window(qtbot, ctx) -> None:
    first = MainWindow(ctx)
    qtbot.addWidget(first)
    base = QApplication.instance().font().pointSizeF()
    first.zoom.set(1.5)
    first.zoom.reset()  # the font back, as a new process starts
    ctx.settings.setValue(KEY_ZOOM, 1.5)
    first.close()
    second = MainWindow(ctx)
    qtbot.addWidget(second)
    try:
        assert second.zoom.factor == 1.5
        assert QApplication.instance().font().pointSizeF() == pytest.approx(base * 1.5)
    finally:
        second.zoom.reset()


@pytest.mark.parametrize(("stored", "factor"), [(None, 1.0), ("1.5", 1.5), ("1.3", 1.25),
                                                ("big", 1.0), (9, 2.0)])
def test_a_remembered_size_is_read_as_a_step(settings, stored, factor) -> None:
    if stored is not None:
        settings.setValue(KEY_ZOOM, stored)
    assert stored_factor(settings) == factor


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_view_menu_in_both_languages(zoomable, lang) -> None:
    language().set(lang)
    try:
        texts = [zoomable.view_menu.title(), zoomable.zoom_in_action.text(),
                 zoomable.zoom_out_action.text(), zoomable.zoom_reset_action.text()]
    finally:
        language().set("en")
    if lang == "ja":
        assert texts == ["表示(&V)", "拡大(&I)", "縮小(&O)", "標準のサイズ(&A)"]
    else:
        assert texts == ["&View", "Zoom &in", "Zoom &out", "&Actual size"]
    keys = [k.toString() for k in zoomable.zoom_in_action.shortcuts()]
    assert keys == ["Ctrl+=", "Ctrl++"]


def scrolled(window) -> list[str]:
    """The scroll areas of the page area that have something to scroll to."""
    from PySide6.QtWidgets import QAbstractScrollArea

    areas = [window.scroller, *window.stack.findChildren(QAbstractScrollArea)]
    return [area.objectName() or type(area).__name__ for area in areas if area is not None
            and area.isVisible() and (area.verticalScrollBar().maximum() > 0
                                      or area.horizontalScrollBar().maximum() > 0)]


def test_a_larger_page_scrolls_in_the_smallest_window(qtbot, zoomable) -> None:
    zoomable.resize(zoomable.minimumSize())
    zoomable.open_game("equilibrium", "play")
    qtbot.wait(50)
    smallest = zoomable.size()
    zoomable.zoom.set(2.0)
    qtbot.waitUntil(lambda: bool(scrolled(zoomable)))
    assert zoomable.size() == smallest  # the window did not grow past the screen's room
    save_shot(zoomable, "h35s/zoom_200.png")


def test_the_pages_sit_in_the_window_at_the_starting_size(qtbot, zoomable) -> None:
    """At 100% (or smaller) the pages sit in the window as they always did (the window holds a
    page whole); larger, in a scroll area, so a page scrolls instead of growing the window."""
    page_area = zoomable.centralWidget()
    assert zoomable.scroller is None and zoomable.stack.parentWidget() is page_area
    zoomable.zoom.set(1.5)
    scroller = zoomable.scroller
    assert scroller is not None and scroller.widget() is zoomable.stack
    assert zoomable.stack.isVisible()
    zoomable.zoom.set(0.9)
    assert zoomable.scroller is None and zoomable.stack.parentWidget() is page_area
    assert zoomable.stack.isVisible()
