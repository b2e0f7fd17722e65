"""Layout problems a person would see: widgets drawn over each other, texts cut off.

`layout_problems(widget)` walks every visible widget under `widget` and reports
- two visible widgets of one layout whose rectangles overlap;
- a label, button or combo box whose text does not fit its width (or, word-wrapped, its
  height), unless the widget elides on purpose and shows the whole text as its tooltip
  (property "elided").
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QLabel,
    QLayout,
    QStyle,
    QStyleOptionComboBox,
    QWidget,
)

#: Pixels a text may overhang before it counts as cut (anti-aliasing, rounding).
SLACK = 2


def _layout_widgets(layout: QLayout) -> list[QWidget]:
    found: list[QWidget] = []
    for index in range(layout.count()):
        item = layout.itemAt(index)
        if item is None:
            continue
        if item.widget() is not None:
            found.append(item.widget())
        elif item.layout() is not None:
            found += _layout_widgets(item.layout())
    return found


def _name(widget: QWidget) -> str:
    text = getattr(widget, "text", None)
    shown = f" {text()[:40]!r}" if callable(text) and isinstance(text(), str) else ""
    return f"{type(widget).__name__}#{widget.objectName() or '?'}{shown}"


def _overlaps(parent: QWidget) -> list[str]:
    layout = parent.layout()
    if layout is None:
        return []
    shown = [w for w in _layout_widgets(layout) if w.isVisible() and not w.isWindow()]
    problems = []
    for i, first in enumerate(shown):
        for second in shown[i + 1:]:
            common = first.geometry().intersected(second.geometry())
            if common.width() > SLACK and common.height() > SLACK:
                problems.append(f"{_name(first)} overlaps {_name(second)} "
                                f"({common.width()}×{common.height()} px)")
    return problems


def _cut(widget: QWidget) -> str | None:
    if isinstance(widget, QLabel) and widget.text() and widget.pixmap().isNull():
        if widget.property("elided") and widget.toolTip():
            return None
        room = widget.contentsRect()
        if widget.wordWrap():
            needed = widget.heightForWidth(room.width())
            if needed > room.height() + SLACK:
                return f"{_name(widget)} needs {needed} px height, has {room.height()}"
            return None
        needed = widget.sizeHint().width() - (widget.width() - room.width())
        if needed > room.width() + SLACK and "<" not in widget.text():
            return f"{_name(widget)} needs {needed} px, has {room.width()}"
    if isinstance(widget, QComboBox) and widget.currentText():
        option = QStyleOptionComboBox()
        widget.initStyleOption(option)
        room = widget.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                             QStyle.SubControl.SC_ComboBoxEditField, widget)
        needed = widget.fontMetrics().horizontalAdvance(widget.currentText())
        if needed > room.width() + SLACK:
            return f"{_name(widget)} shows {widget.currentText()!r} in {room.width()} px, " \
                   f"needs {needed}"
    if isinstance(widget, QAbstractButton) and widget.text() \
            and widget.sizeHint().width() > widget.width() + SLACK:
        return f"{_name(widget)} needs {widget.sizeHint().width()} px, has {widget.width()}"
    return None


def layout_problems(widget: QWidget) -> list[str]:
    """Every overlap of visible siblings and every cut-off text under `widget`."""
    problems: list[str] = []
    for child in [widget, *widget.findChildren(QWidget)]:
        if not child.isVisible():
            continue
        problems += _overlaps(child)
        cut = _cut(child)
        if cut:
            problems.append(cut)
    return problems
