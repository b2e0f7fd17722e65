"""Checks of a shown widget tree that a person would see as broken, for any page:

- `overlaps(root)`: two visible widgets that a layout placed side by side but that cover each
  other (a layout squeezed below what its children need);
- `clipped(root)`: a visible widget smaller than it needs (a button or label whose text is cut,
  a word-wrapped label shorter than its lines, a combo box too narrow for its current text),
  or sticking out of its parent — unless it elides on purpose and shows the whole text as its
  tooltip (property "elided");
- `cut_scroll_areas(root)`: a scroll area whose content does not fit in a direction it does
  not scroll;
- `layout_problems(root)`: all of these, as readable lines for an assertion message;
- `untranslated(root, allowed)`: visible texts of a Japanese screen that still hold English
  words (names, notation and numbers allowed by an explicit list).

Only widgets placed by layouts are compared (a scroll area's content may be larger than the
area: that is scrolling, not clipping). Use them after the window is shown at the size to test
and events were processed::

    window.resize(window.minimumSize())
    qtbot.wait(10)
    assert not layout_problems(window), "\\n".join(layout_problems(window))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from PySide6.QtCore import QModelIndex, QRect, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLayout,
    QLineEdit,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QWidget,
)

#: How many pixels a widget may lack before it counts as clipped (rounding, frames).
TOLERANCE = 2


def describe(widget: QWidget) -> str:
    """A widget as a person would find it: its class, its name and its text."""
    text = ""
    if isinstance(widget, (QLabel, QAbstractButton, QLineEdit)):
        text = widget.text()
    elif isinstance(widget, QComboBox):
        text = widget.currentText()
    name = widget.objectName()
    parts = [type(widget).__name__] + ([f"#{name}"] if name else [])
    if text:
        parts.append(repr(text[:60]))
    return " ".join(parts)


def _laid_out(layout: QLayout | None) -> Iterator[QWidget]:
    """The widgets a layout (and its nested layouts) places."""
    if layout is None:
        return
    for i in range(layout.count()):
        item = layout.itemAt(i)
        if item is None:
            continue
        if item.widget() is not None:
            yield item.widget()
        elif item.layout() is not None:
            yield from _laid_out(item.layout())


def _shown(widget: QWidget) -> bool:
    return widget.isVisible() and widget.width() > 0 and widget.height() > 0


def _inside_scroll_content(widget: QWidget) -> bool:
    """True below a scroll area's viewport (its content scrolls instead of being cut)."""
    parent = widget.parentWidget()
    while parent is not None:
        grand = parent.parentWidget()
        if isinstance(grand, QAbstractScrollArea) and parent is grand.viewport():
            return True
        parent = grand
    return False


def _containers(root: QWidget) -> Iterator[QWidget]:
    yield root
    for child in root.findChildren(QWidget):
        if _shown(child) and child.layout() is not None:
            yield child


def overlaps(root: QWidget) -> list[tuple[QWidget, QWidget]]:
    """Pairs of visible widgets, placed by the same layout, that cover each other."""
    found = []
    for parent in _containers(root):
        children = [w for w in _laid_out(parent.layout()) if _shown(w)]
        for i, first in enumerate(children):
            for second in children[i + 1:]:
                both = first.geometry().intersected(second.geometry())
                if both.width() > TOLERANCE and both.height() > TOLERANCE:
                    found.append((first, second))
    return found


def _needs(widget: QWidget) -> tuple[int, int]:
    """The smallest size a layout should give the widget (0 where its policy ignores it)."""
    hint = widget.minimumSizeHint()
    minimum = widget.minimumSize()
    policy = widget.sizePolicy()
    width = minimum.width() or (0 if policy.horizontalPolicy() == QSizePolicy.Policy.Ignored
                                else hint.width())
    height = minimum.height() or (0 if policy.verticalPolicy() == QSizePolicy.Policy.Ignored
                                  else hint.height())
    return width, height


def _combo_short_of(combo: QComboBox) -> str:
    """Why a combo box cuts its current text, or ""."""
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    room = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                        QStyle.SubControl.SC_ComboBoxEditField, combo)
    needed = combo.fontMetrics().horizontalAdvance(combo.currentText())
    if needed > room.width() + TOLERANCE:
        return f"shows its text in {room.width()}px, needs {needed}"
    return ""


def _short_of(widget: QWidget) -> str:
    """Why the widget is cut, or "" when it has the room it needs."""
    if widget.property("elided") and widget.toolTip():
        return ""  # cut on purpose, the whole text in its tooltip
    if isinstance(widget, QComboBox) and widget.currentText():
        reason = _combo_short_of(widget)
        if reason:
            return reason
    width, height = _needs(widget)
    if isinstance(widget, QLabel) and widget.wordWrap() and widget.text():
        need = widget.heightForWidth(widget.width())
        if need > widget.height() + TOLERANCE:
            return f"needs {need}px of height, has {widget.height()}"
        return ""
    if widget.width() + TOLERANCE < width:
        return f"needs {width}px of width, has {widget.width()}"
    if widget.height() + TOLERANCE < height:
        return f"needs {height}px of height, has {widget.height()}"
    return ""


def clipped(root: QWidget) -> list[tuple[QWidget, str]]:
    """Visible layout-placed widgets that are cut (too small, or outside their parent); when a
    widget and one inside it are both short, only the inner one (the cause) is named."""
    found = []
    for parent in _containers(root):
        inside = QRect(0, 0, parent.width(), parent.height())
        for widget in _laid_out(parent.layout()):
            if not _shown(widget) or isinstance(widget, QTabBar):
                continue  # a tab bar scrolls its tabs
            reason = _short_of(widget)
            if not reason and not _inside_scroll_content(parent):
                box = widget.geometry()
                if not inside.adjusted(-TOLERANCE, -TOLERANCE, TOLERANCE,
                                       TOLERANCE).contains(box):
                    reason = f"sticks out of its parent ({box.getRect()} in {inside.getRect()})"
            if reason:
                found.append((widget, reason))
    return [(w, why) for w, why in found
            if not any(w is not other and w.isAncestorOf(other) for other, _ in found)]


def cut_scroll_areas(root: QWidget) -> list[tuple[QWidget, str]]:
    """Scroll areas whose content is larger than the area in a direction they do not scroll."""
    found = []
    off = Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    for area in root.findChildren(QScrollArea):
        content = area.widget()
        if not _shown(area) or content is None:
            continue
        view = area.viewport()
        if (area.horizontalScrollBarPolicy() == off
                and content.width() > view.width() + TOLERANCE):
            found.append((area, f"content {content.width()}px wide in {view.width()}px"))
        if (area.verticalScrollBarPolicy() == off
                and content.height() > view.height() + TOLERANCE):
            found.append((area, f"content {content.height()}px tall in {view.height()}px"))
    return found


def layout_problems(root: QWidget) -> list[str]:
    """Every overlap, clipped widget and cut scroll area under `root`, one line each."""
    lines = [f"overlap: {describe(a)} / {describe(b)}" for a, b in overlaps(root)]
    lines += [f"clipped: {describe(w)}: {why}" for w, why in clipped(root)]
    lines += [f"cut: {describe(w)}: {why}" for w, why in cut_scroll_areas(root)]
    return lines


ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _model_texts(view: QAbstractItemView, most: int = 200) -> Iterator[str]:
    """The headers and cells of a list or table view (the first `most` rows)."""
    model = view.model()
    if model is None:
        return
    display = Qt.ItemDataRole.DisplayRole
    top = QModelIndex()
    try:
        columns = model.columnCount(top)
    except TypeError:  # a list model whose column count Python may not call
        columns = 1
    for column in range(columns):
        yield str(model.headerData(column, Qt.Orientation.Horizontal, display) or "")
    for row in range(min(model.rowCount(top), most)):
        yield str(model.headerData(row, Qt.Orientation.Vertical, display) or "")
        for column in range(columns):
            yield str(model.index(row, column).data(display) or "")


def visible_texts(root: QWidget) -> Iterator[str]:
    """The texts a person reads on the shown widgets: labels, buttons, tabs, placeholders,
    group titles, combo boxes, and the headers and cells of lists and tables."""
    widgets: Iterable[QWidget] = [root, *root.findChildren(QWidget)]
    for widget in widgets:
        if not widget.isVisible():
            continue
        if isinstance(widget, (QLabel, QAbstractButton)):
            yield widget.text()
        elif isinstance(widget, QLineEdit):
            yield widget.placeholderText()
        elif isinstance(widget, QTabBar):
            yield from (widget.tabText(i) for i in range(widget.count()))
        elif isinstance(widget, QGroupBox):
            yield widget.title()
        elif isinstance(widget, QComboBox):
            yield widget.currentText()
        elif isinstance(widget, QAbstractItemView) and not isinstance(widget, QHeaderView):
            yield from _model_texts(widget)


def untranslated(root: QWidget, allowed: Iterable[str] = ()) -> list[str]:
    """Visible texts holding English words that are not in `allowed` (names, notation)."""
    ok = {word.lower() for word in allowed}
    found = []
    for text in visible_texts(root):
        plain = re.sub(r"<[^>]+>", " ", text)  # rich text: the words, not the tags
        words = [w for w in ENGLISH_WORD.findall(plain) if w.lower() not in ok]
        if words:
            found.append(f"{text!r}: {', '.join(words)}")
    return found
