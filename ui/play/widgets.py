"""Small widgets the game pages share, mostly about showing people's names.

- `ElidedLabel`: a one-line label that never clips a long, emoji or right-to-left name: it
  draws "Alexandra Konstantinopou…" where the room ends and carries the whole text as its
  tooltip. Its minimum width is small, so a long name never pushes a layout apart.
- `isolate(name)`: a name wrapped in Unicode first-strong isolates (U+2068 … U+2069), for use
  inside a sentence, so that an Arabic or Hebrew name does not reorder the words around it.
- `ScrollContent`: the content of a scroll area that scrolls only when it must.
- `words(widget, en, ja)`: a widget's text in both languages, kept in the interface language
  (no `retranslate` line needed for it).
- `antialiased(widget)`: the painter every board starts with.
- `clear_layout(layout)`, `stack_when_narrow(layout, width, narrow)`: rows rebuilt per move, a
  tool beside its board that goes above it in a narrow window.
"""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject, QSize, Qt
from PySide6.QtGui import QPaintDevice, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QLabel,
    QLayout,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QStyleOption,
    QWidget,
)

from ui.i18n import language, tr

W = TypeVar("W", bound=QWidget)

FSI, PDI = "\u2068", "\u2069"


def isolate(name: str) -> str:
    """`name` bidi-isolated for a sentence ("" stays "")."""
    return f"{FSI}{name}{PDI}" if name else name


class ElidedLabel(QLabel):
    """One line of text, elided with "…" when it does not fit; the full text is the tooltip.

    `text()` is always the whole text; only the painting is shortened."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)
        self._sync_tooltip()

    def setText(self, text: str) -> None:
        super().setText(text)
        self._sync_tooltip()
        self.update()

    def _sync_tooltip(self) -> None:
        self.setToolTip(self.text() if self.is_elided() else "")

    def is_elided(self) -> bool:
        """True when the label is too narrow for its text (it shows "…")."""
        return self.fontMetrics().horizontalAdvance(self.text()) > self.contentsRect().width()

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(self.fontMetrics().horizontalAdvance("…M"), hint.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._sync_tooltip()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_Widget, option, painter, self)
        rect = self.contentsRect()
        shown = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                              rect.width())
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(rect, int(self.alignment()) | int(Qt.TextFlag.TextSingleLine), shown)
        painter.end()


class ScrollContent(QWidget):
    """A scroll area's content (with `widgetResizable`): the area asks `heightForWidth`, and
    this answers the height the content *needs* at that width (wrapped lines included), not
    the height it would like — so the area scrolls only when the content does not fit."""

    def heightForWidth(self, width: int) -> int:
        layout = self.layout()
        return layout.minimumHeightForWidth(width) if layout is not None else -1


class _Words(QObject):
    """One text of a widget in both languages; a child of the widget, so it goes with it."""

    def __init__(self, widget: QWidget, setter: str, en: str, ja: str) -> None:
        super().__init__(widget)
        self.set_text = getattr(widget, setter)
        self.en, self.ja = en, ja
        language().changed.connect(self.apply)
        self.apply()

    def apply(self, *_: object) -> None:
        self.set_text(tr(self.en, self.ja))


def words(widget: W, en: str, ja: str, setter: str = "setText") -> W:
    """Give `widget` a text (or a title, a placeholder: `setter`) in English and Japanese; it
    follows every language switch. Returns the widget."""
    _Words(widget, setter, en, ja)
    return widget


def antialiased(device: QPaintDevice) -> QPainter:
    """A painter on `device` with antialiasing on (end it when done)."""
    painter = QPainter(device)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    return painter


def scrolling(content: QWidget, parent: QWidget) -> QScrollArea:
    """`content` in a frameless scroll area that scrolls when it outgrows a small window (the
    controls under a board: a turn may offer many moves, a report may run long)."""
    area = QScrollArea(parent)
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(content)
    return area


def clear_layout(layout: QLayout) -> None:
    """Take every widget out of `layout` and delete it (rows of buttons rebuilt per move)."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()
            widget.deleteLater()


def stack_when_narrow(layout: QBoxLayout, width: int, narrow: int) -> None:
    """Side by side from `narrow` pixels of `width` on, one above the other below it."""
    layout.setDirection(QBoxLayout.Direction.TopToBottom if width < narrow
                        else QBoxLayout.Direction.LeftToRight)
