"""Small charts drawn with QPainter (no plotting library to load): bars and lines over time.
Text goes through the application font, so Japanese names render with the IPAex fallback."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from datetime import datetime

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

PALETTE = ("#c9a24a", "#3f7cac", "#b5523b", "#5b8c5a", "#7d5ba6", "#d17a22", "#4f9da6",
           "#8a6d3b", "#c45c8a", "#2e5e4e", "#9aa83a", "#5a6fd6")
OTHERS = "#b9b2a6"
AXIS = QColor("#8c8273")
TEXT = QColor("#3b342a")


def nice_max(value: float) -> float:
    """A round number ≥ value for the top of an axis (1, 2, 5 × 10^n)."""
    if value <= 0:
        return 1.0
    magnitude = 10 ** len(str(int(value))) / 10
    for step in (1, 2, 5, 10):
        if step * magnitude >= value:
            return float(step * magnitude)
    return float(10 * magnitude)


def fit_label(label: str, metrics: QFontMetrics, width: int) -> str:
    """The label, or a shorter form that fits: a period "2026-10" becomes "26-10", then "10";
    anything else is elided."""
    if metrics.horizontalAdvance(label) <= width:
        return label
    if len(label) == 7 and label[4] == "-" and label[:4].isdigit():
        for short in (label[2:], label[5:]):
            if metrics.horizontalAdvance(short) <= width:
                return short
    return metrics.elidedText(label, Qt.TextElideMode.ElideRight, width)


class _Chart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = ""
        self.empty_text = ""
        #: A fixed colour per name (e.g. per player, the same in every chart).
        self.colors: dict[str, str] = {}
        #: Draw the legend inside the chart (off when the page shows one legend for all).
        self.show_legend = True

    def sizeHint(self) -> QSize:
        return QSize(320, 240)

    def color(self, name: str, index: int) -> QColor:
        return QColor(self.colors.get(name, PALETTE[index % len(PALETTE)]))
        self.setMinimumSize(QSize(220, 180))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def _frame(self, painter: QPainter) -> QRectF | None:
        """Draw the title; the plot area, or None after drawing the empty text."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        painter.setPen(TEXT)
        font = painter.font()
        font.setBold(True)
        painter.setFont(font)
        metrics = QFontMetrics(font)
        title = metrics.elidedText(self.title, Qt.TextElideMode.ElideRight, self.width() - 12)
        painter.drawText(QRectF(6, 4, self.width() - 12, metrics.height() + 4),
                         Qt.AlignmentFlag.AlignLeft, title)
        font.setBold(False)
        painter.setFont(font)
        top = 2 * metrics.height() + 8  # the title, then room for values above the bars
        area = QRectF(40, top, self.width() - 52, self.height() - top - 2 * metrics.height() - 14)
        if self._is_empty() or area.width() < 20 or area.height() < 20:
            painter.setPen(AXIS)
            painter.drawText(QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter, self.empty_text)
            return None
        return area

    def _is_empty(self) -> bool:
        raise NotImplementedError

    def _y_axis(self, painter: QPainter, area: QRectF, low: float, high: float) -> None:
        painter.setPen(QPen(AXIS, 1))
        painter.drawLine(area.bottomLeft(), area.bottomRight())
        painter.drawLine(area.bottomLeft(), area.topLeft())
        for fraction in (0.0, 0.5, 1.0):
            value = low + (high - low) * fraction
            y = area.bottom() - area.height() * fraction
            text = f"{value:g}" if abs(value) < 1e5 else f"{value:.0e}"
            painter.drawText(QRectF(0, y - 8, area.left() - 4, 16),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)


class BarChart(_Chart):
    """Labelled bars with their totals on top; a bar may be stacked from named parts."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.labels: list[str] = []
        self.values: list[float] = []
        self.parts: dict[str, list[float]] = {}  # name -> its share of every bar

    def set_data(self, title: str, labels: Sequence[str], values: Sequence[float],
                 empty_text: str = "") -> None:
        self.title, self.empty_text = title, empty_text
        self.labels, self.values = list(labels), [float(v) for v in values]
        self.parts = {}
        self.update()

    def set_stacked(self, title: str, labels: Sequence[str], parts: dict[str, list[float]],
                    empty_text: str = "") -> None:
        """Bars made of `parts` (name -> one value per label), with a legend."""
        totals = [sum(values[i] for values in parts.values()) for i in range(len(labels))]
        self.set_data(title, labels, totals, empty_text)
        self.parts = {name: [float(v) for v in values] for name, values in parts.items()}

    def _is_empty(self) -> bool:
        return not self.values

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        area = self._frame(painter)
        if area is None:
            painter.end()
            return
        top = nice_max(max(max(self.values), 0.0))
        self._y_axis(painter, area, 0.0, top)
        slot = area.width() / len(self.values)
        metrics = QFontMetrics(painter.font())
        for i, (label, value) in enumerate(zip(self.labels, self.values, strict=False)):
            height = area.height() * max(value, 0.0) / top
            bar = QRectF(area.left() + i * slot + slot * 0.15, area.bottom() - height,
                         slot * 0.7, height)
            if self.parts:
                base = area.bottom()
                for k, (name, values) in enumerate(self.parts.items()):
                    part = area.height() * max(values[i], 0.0) / top
                    painter.fillRect(QRectF(bar.left(), base - part, bar.width(), part),
                                     self.color(name, k))
                    base -= part
            else:
                painter.fillRect(bar, self.color(label, i))
            painter.setPen(TEXT)
            if metrics.horizontalAdvance(f"{value:g}") <= slot - 2:  # no overlapping numbers
                painter.drawText(QRectF(bar.left() - 10, bar.top() - 16, bar.width() + 20, 14),
                                 Qt.AlignmentFlag.AlignCenter, f"{value:g}")
            shown = fit_label(label, metrics, int(slot) - 2)
            painter.drawText(QRectF(area.left() + i * slot, area.bottom() + 4, slot,
                                    metrics.height() + 2), Qt.AlignmentFlag.AlignCenter, shown)
        legend_x = area.left()
        legend_y = area.bottom() + 2 * metrics.height() + 6
        for k, name in enumerate(self.parts if self.show_legend else ()):
            width = metrics.horizontalAdvance(name) + 26
            if legend_x + width > self.width():
                break
            painter.fillRect(QRectF(legend_x, legend_y - 8, 12, 8), self.color(name, k))
            painter.setPen(TEXT)
            painter.drawText(QPointF(legend_x + 16, legend_y), name)
            legend_x += width
        painter.end()


class LineChart(_Chart):
    """One line per series over time, with a legend."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.series: dict[str, list[tuple[datetime, float]]] = {}

    def set_data(self, title: str, series: dict[str, list[tuple[datetime, float]]],
                 empty_text: str = "") -> None:
        self.title, self.empty_text = title, empty_text
        self.series = {k: sorted(v) for k, v in series.items() if v}
        self.update()

    def _is_empty(self) -> bool:
        return not self.series

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        area = self._frame(painter)
        if area is None:
            painter.end()
            return
        points = [p for values in self.series.values() for p in values]
        low = min(0.0, min(v for _t, v in points))
        high = nice_max(max(v for _t, v in points))
        start = min(t for t, _v in points).timestamp()
        end = max(t for t, _v in points).timestamp()
        span = max(end - start, 1.0)
        self._y_axis(painter, area, low, high)

        def at(when: datetime, value: float) -> QPointF:
            x = area.left() + area.width() * (when.timestamp() - start) / span
            y = area.bottom() - area.height() * (value - low) / ((high - low) or 1.0)
            return QPointF(x, y)

        metrics = QFontMetrics(painter.font())
        legend_x = area.left()
        for i, (name, values) in enumerate(self.series.items()):
            color = self.color(name, i)
            painter.setPen(QPen(color, 2))
            dots = [at(t, v) for t, v in values]
            for a, b in itertools.pairwise(dots):
                painter.drawLine(a, b)
            painter.setBrush(color)
            for dot in dots:
                painter.drawEllipse(dot, 3, 3)
            width = metrics.horizontalAdvance(name) + 26
            if self.show_legend and legend_x + width <= self.width():
                legend_y = area.bottom() + 2 * metrics.height() + 6
                painter.fillRect(QRectF(legend_x, legend_y - 8, 12, 8), color)
                painter.setPen(TEXT)
                painter.drawText(QPointF(legend_x + 16, legend_y), name)
                legend_x += width
        painter.setPen(AXIS)
        first = datetime.fromtimestamp(start).strftime("%Y-%m-%d")
        last = datetime.fromtimestamp(end).strftime("%Y-%m-%d")
        painter.drawText(QRectF(area.left(), area.bottom() + 2, area.width(), 14),
                         Qt.AlignmentFlag.AlignLeft, first)
        if last != first:
            painter.drawText(QRectF(area.left(), area.bottom() + 2, area.width(), 14),
                             Qt.AlignmentFlag.AlignRight, last)
        painter.end()
