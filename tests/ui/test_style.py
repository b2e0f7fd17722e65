"""The app's style: Fusion with flat scroll bars (same geometry, plain colours)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollBar, QStyle, QStyleFactory, QStyleOptionSlider

from ui.style import FlatScrollBars, install_style


def test_fusion_gets_flat_scroll_bars_once_and_other_styles_are_left_alone(qapp) -> None:
    was_flat = isinstance(qapp.style(), FlatScrollBars)
    try:
        qapp.setStyle(QStyleFactory.create("Fusion"))
        install_style(qapp)
        flat = qapp.style()
        assert isinstance(flat, FlatScrollBars)
        install_style(qapp)  # once: not a proxy of the proxy
        assert qapp.style() is flat
        qapp.setStyle(QStyleFactory.create("Windows"))
        install_style(qapp)
        assert not isinstance(qapp.style(), FlatScrollBars)
    finally:
        qapp.setStyle(QStyleFactory.create("Fusion"))
        if was_flat:
            install_style(qapp)


def test_a_flat_scroll_bar_keeps_fusions_parts_and_draws_its_handle_where_they_are(qtbot) -> None:
    fusion = QStyleFactory.create("Fusion")
    bar = QScrollBar(Qt.Orientation.Vertical)
    qtbot.addWidget(bar)
    bar.setStyle(FlatScrollBars("fusion"))
    bar.resize(14, 300)
    bar.setRange(0, 10)
    bar.setPageStep(10)
    bar.show()
    option = QStyleOptionSlider()
    bar.initStyleOption(option)
    cc, sc = QStyle.ComplexControl.CC_ScrollBar, QStyle.SubControl
    for part in (sc.SC_ScrollBarSlider, sc.SC_ScrollBarSubLine, sc.SC_ScrollBarAddLine):
        assert bar.style().subControlRect(cc, option, part, bar) == \
            fusion.subControlRect(cc, option, part, bar)  # nothing moves under the pointer
    image = bar.grab().toImage()
    handle = bar.style().subControlRect(cc, option, sc.SC_ScrollBarSlider, bar)
    groove = image.pixelColor(7, handle.bottom() + 20)
    across = {image.pixelColor(x, handle.bottom() + 20).rgba() for x in range(bar.width())}
    assert across == {groove.rgba()}  # one plain colour (Fusion's has a border and a gradient)
    assert image.pixelColor(handle.center()) != groove  # the handle shows on the groove
    up = bar.style().subControlRect(cc, option, sc.SC_ScrollBarSubLine, bar)
    assert image.pixelColor(up.center()).lightness() < groove.lightness()  # an arrow
    bar.setValue(10)
    bar.initStyleOption(option)
    moved = bar.style().subControlRect(cc, option, sc.SC_ScrollBarSlider, bar)
    assert moved.top() > handle.top()
    assert bar.grab().toImage().pixelColor(moved.center()) == image.pixelColor(handle.center())
