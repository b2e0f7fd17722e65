"""One map-sheet face (3 rows × 4 columns of Light/Dark) drawn and clickable.

Used by the map editor (click a cell to turn it Light ⇄ Dark) and as a small preview. The
widget holds no rule: it shows the rows it is given and reports the clicked cell.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ui.games.etariya.board_widget import DARK, DARK_RGB, LIGHT_RGB
from ui.play.widgets import antialiased

Cell = tuple[int, int]


class FaceWidget(QWidget):
    """A face as a grid; `cell_clicked(row, col)` when a cell is clicked (if editable)."""

    cell_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None, *, editable: bool = True) -> None:
        super().__init__(parent)
        self.rows_: tuple[str, ...] = ("LLLL", "LLLL", "LLLL")
        self.editable = editable
        self.caption = ""
        self.bad = False
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(120, 90)
        if editable:
            self.setCursor(Qt.CursorShape.PointingHandCursor)

    def sizeHint(self) -> QSize:
        return QSize(320, 240)

    def set_rows(self, rows: Sequence[str], caption: str = "", bad: bool = False) -> None:
        self.rows_ = tuple(rows)
        self.caption, self.bad = caption, bad
        self.update()

    def grid_shape(self) -> tuple[int, int]:
        return len(self.rows_), max((len(r) for r in self.rows_), default=0)

    def cell_size(self) -> float:
        rows, cols = self.grid_shape()
        if not rows or not cols:
            return 10.0
        return max(8.0, min((self.width() - 8) / cols, (self.height() - 8) / rows))

    def cell_rect(self, cell: Cell) -> QRectF:
        rows, cols = self.grid_shape()
        size = self.cell_size()
        left = (self.width() - cols * size) / 2
        top = (self.height() - rows * size) / 2
        return QRectF(left + cell[1] * size, top + cell[0] * size, size, size)

    def cell_center(self, cell: Cell) -> QPointF:
        return self.cell_rect(cell).center()

    def cell_at(self, point: QPointF) -> Cell | None:
        rows, cols = self.grid_shape()
        for r in range(rows):
            for c in range(cols):
                if self.cell_rect((r, c)).contains(point):
                    return (r, c)
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        if self.editable and cell is not None:
            self.cell_clicked.emit(cell[0], cell[1])

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = antialiased(self)
        rows, cols = self.grid_shape()
        for r in range(rows):
            for c in range(cols):
                rect = self.cell_rect((r, c))
                dark = self.rows_[r][c] == DARK
                painter.fillRect(rect, QColor(DARK_RGB if dark else LIGHT_RGB))
                painter.setPen(QPen(QColor("#8d8a80"), 1))
                painter.drawRect(rect)
                font = QFont(self.font())
                font.setPixelSize(max(8, int(self.cell_size() * 0.3)))
                painter.setFont(font)
                painter.setPen(QColor("#d8dcef" if dark else "#8a7a45"))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "☾" if dark else "☀")
        if rows and cols:
            outline = self.cell_rect((0, 0)).united(self.cell_rect((rows - 1, cols - 1)))
            painter.setPen(QPen(QColor("#c0392b" if self.bad else "#222222"), 3 if self.bad
                                else 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(outline)
        painter.end()
