"""Small charts drawn with QPainter (no plotting library to load): bars and lines over time.
Text goes through the application font, so Japanese names render with the IPAex fallback.
Series take the seat colours of the palette in use, and each line its own marker."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from datetime import datetime

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFontMetrics,
    QHelpEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QToolTip, QWidget

from companion.colours import SEATS

#: Each slot's marker, drawn at every point of its series and in its legend entry, so that a
#: series' colour is never the only cue (as text, for a legend in a label).
MARKERS = ("●", "■", "▲", "◆", "▼", "✚")
AXIS = QColor("#8c8273")
TEXT = QColor("#3b342a")


def series_colour(slot: int) -> QColor:
    """A slot's colour in the palette in use: the seat colours, which each colour-vision
    palette keeps apart (`companion.colours.SEATS`)."""
    return QColor(SEATS.hex(str(slot % len(MARKERS))))


def series_marker(slot: int) -> str:
    """A slot's marker as text (● ■ ▲ ◆ ▼ ✚)."""
    return MARKERS[slot % len(MARKERS)]


def draw_marker(painter: QPainter, centre: QPointF, slot: int, size: float) -> None:
    """A slot's marker at `centre`, `size` across, in its colour with a dark outline."""
    painter.save()
    painter.setPen(QPen(TEXT, 1))
    painter.setBrush(series_colour(slot))
    r, x, y = size / 2, centre.x(), centre.y()
    shape = slot % len(MARKERS)
    if shape == 0:
        painter.drawEllipse(centre, r, r)
    elif shape == 1:
        painter.drawRect(QRectF(x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7))
    elif shape == 5:
        arm = r * 0.4
        painter.drawPolygon(QPolygonF([QPointF(x + dx, y + dy) for dx, dy in (
            (-arm, -r), (arm, -r), (arm, -arm), (r, -arm), (r, arm), (arm, arm), (arm, r),
            (-arm, r), (-arm, arm), (-r, arm), (-r, -arm), (-arm, -arm))]))
    else:
        corners = {2: ((0, -r), (r, r * 0.8), (-r, r * 0.8)),
                   3: ((0, -r), (r, 0), (0, r), (-r, 0)),
                   4: ((0, r), (r, -r * 0.8), (-r, -r * 0.8))}[shape]
        painter.drawPolygon(QPolygonF([QPointF(x + dx, y + dy) for dx, dy in corners]))
    painter.restore()


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


def wrap_lines(text: str, metrics: QFontMetrics, width: int, most: int = 2) -> list[str]:
    """`text` in lines no wider than `width` (at spaces where it can, anywhere in words
    without them, such as Japanese), at most `most`: the last is elided if it must be."""
    lines: list[str] = []
    rest = text
    while rest and len(lines) < most - 1 and metrics.horizontalAdvance(rest) > width:
        cut = len(rest)
        while cut > 1 and metrics.horizontalAdvance(rest[:cut]) > width:
            cut -= 1
        space = rest.rfind(" ", 0, cut + 1)
        if space > 0:
            cut = space
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        lines.append(metrics.elidedText(rest, Qt.TextElideMode.ElideRight, width))
    return lines


class _Chart(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = ""
        self.empty_text = ""
        #: A fixed slot (colour and marker) per name (e.g. per player, the same in every
        #: chart); a name without one takes its place in the chart.
        self.slots: dict[str, int] = {}
        #: Draw the legend inside the chart (off when the page shows one legend for all).
        self.show_legend = True
        #: The values are counts: the axis shows whole numbers only.
        self.counts = False

    def sizeHint(self) -> QSize:
        return QSize(320, 240)

    def slot(self, name: str, index: int) -> int:
        return self.slots.get(name, index)

    def color(self, name: str, index: int) -> QColor:
        """The name's colour in the palette in use."""
        return series_colour(self.slot(name, index))

    def _frame(self, painter: QPainter) -> QRectF | None:
        """Draw the title; the plot area, or None after drawing the empty text."""
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        painter.setPen(TEXT)
        font = painter.font()
        font.setBold(True)
        painter.setFont(font)
        metrics = QFontMetrics(font)
        for row, line in enumerate(self.title_lines()):
            painter.drawText(QRectF(6, 4 + row * metrics.height(), self.width() - 12,
                                    metrics.height() + 4), Qt.AlignmentFlag.AlignLeft, line)
        font.setBold(False)
        painter.setFont(font)
        area = self.plot_area()
        if area is None:
            painter.setPen(AXIS)
            painter.drawText(QRectF(self.rect()), Qt.AlignmentFlag.AlignCenter, self.empty_text)
        return area

    def _title_metrics(self) -> QFontMetrics:
        font = self.font()
        font.setBold(True)
        return QFontMetrics(font)

    def title_lines(self) -> list[str]:
        """The title as drawn: on two lines where the chart is narrow (never cut short
        unless two lines are not enough)."""
        return wrap_lines(self.title, self._title_metrics(), self.width() - 12) \
            if self.title else []

    def plot_area(self) -> QRectF | None:
        """Where the data is drawn: below the title and room for values above the bars, above
        the axis labels; None when there is no data or no room."""
        metrics = QFontMetrics(self.font())
        title = max(1, len(self.title_lines())) * self._title_metrics().height()
        top = title + metrics.height() + 8
        left = self.axis_room()
        area = QRectF(left, top, self.width() - left - 12,
                      self.height() - top - 2 * metrics.height() - 14)
        if self._is_empty() or area.width() < 20 or area.height() < 20:
            return None
        return area

    def axis_room(self) -> int:
        """Room left of the plot for the values on the axis (four digits, growing with the
        text)."""
        return max(40, QFontMetrics(self.font()).horizontalAdvance("0000") + 8)

    def _is_empty(self) -> bool:
        raise NotImplementedError

    def _y_axis(self, painter: QPainter, area: QRectF, low: float, high: float) -> None:
        painter.setPen(QPen(AXIS, 1))
        painter.drawLine(area.bottomLeft(), area.bottomRight())
        painter.drawLine(area.bottomLeft(), area.topLeft())
        for fraction in (0.0, 0.5, 1.0):
            value = low + (high - low) * fraction
            if self.counts and not float(value).is_integer():
                continue  # no "2.5 plays"
            y = area.bottom() - area.height() * fraction
            text = f"{value:g}" if abs(value) < 1e5 else f"{value:.0e}"
            line = painter.fontMetrics().height()
            painter.drawText(QRectF(0, y - line / 2, area.left() - 4, line),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, text)


class BarChart(_Chart):
    """Labelled bars with their values on top, and a tooltip per bar."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.labels: list[str] = []
        self.values: list[float] = []
        #: One tooltip per bar (e.g. who played in that month); none when empty.
        self.tips: list[str] = []
        #: The colour of every bar (else each bar gets its label's colour).
        self.bar_color: str | None = None
        self.counts = True

    def set_data(self, title: str, labels: Sequence[str], values: Sequence[float],
                 empty_text: str = "") -> None:
        self.title, self.empty_text = title, empty_text
        self.labels, self.values = list(labels), [float(v) for v in values]
        self.tips = []
        self.update()

    def _is_empty(self) -> bool:
        return not self.values

    def bar_rect(self, index: int) -> QRectF:
        """The bar of `values[index]` as drawn (empty when the chart shows no bars)."""
        area = self.plot_area()
        if area is None or not 0 <= index < len(self.values):
            return QRectF()
        top = nice_max(max(max(self.values), 0.0))
        slot = area.width() / len(self.values)
        height = area.height() * max(self.values[index], 0.0) / top
        return QRectF(area.left() + index * slot + slot * 0.15, area.bottom() - height,
                      slot * 0.7, height)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            area = self.plot_area()
            index = -1
            if area is not None and self.values and area.left() <= event.pos().x() < area.right():
                index = int((event.pos().x() - area.left()) / (area.width() / len(self.values)))
            if 0 <= index < len(self.tips) and self.tips[index]:
                QToolTip.showText(event.globalPos(), self.tips[index], self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

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
            bar = self.bar_rect(i)
            painter.fillRect(bar, QColor(self.bar_color) if self.bar_color
                             else self.color(label, i))
            painter.setPen(TEXT)
            if metrics.horizontalAdvance(f"{value:g}") <= slot - 2:  # no overlapping numbers
                painter.drawText(QRectF(bar.left() - 10, bar.top() - metrics.height() - 2,
                                        bar.width() + 20, metrics.height()),
                                 Qt.AlignmentFlag.AlignCenter, f"{value:g}")
            if self.labels_turned():  # read downwards from the axis
                painter.save()
                painter.translate(area.left() + (i + 0.5) * slot, area.bottom() + 4)
                painter.rotate(90)
                painter.drawText(QRectF(0, -metrics.height() / 2, self._turned_length(),
                                        metrics.height()),
                                 Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                                 self.label_lines(i)[0])
                painter.restore()
                continue
            for row, line in enumerate(self.label_lines(i)):
                painter.drawText(QRectF(area.left() + i * slot,
                                        area.bottom() + 4 + row * metrics.height(), slot,
                                        metrics.height() + 2), Qt.AlignmentFlag.AlignCenter,
                                 line)
        painter.end()

    def _slot(self) -> int:
        return int((self.width() - self.axis_room() - 12) / max(1, len(self.values))) - 2

    @staticmethod
    def _is_period(label: str) -> bool:
        return len(label) == 7 and label[4] == "-" and label[:4].isdigit()

    def _flat_lines(self, label: str) -> list[str]:
        metrics = QFontMetrics(self.font())
        if self._is_period(label):
            return [fit_label(label, metrics, self._slot())]
        return wrap_lines(label, metrics, self._slot())

    def labels_turned(self) -> bool:
        """The bars are too narrow for a name on two lines: every name is written downwards
        (a bar is always as wide as a line of text)."""
        return any(not self._is_period(label)
                   and " ".join(self._flat_lines(label)) != label for label in self.labels)

    def _turned_length(self) -> int:
        """The room under the axis for names written downwards."""
        metrics = QFontMetrics(self.font())
        longest = max((metrics.horizontalAdvance(label) for label in self.labels), default=0)
        return min(longest + 2, max(self.height() // 3, 2 * metrics.height() + 10))

    def plot_area(self) -> QRectF | None:
        area = super().plot_area()
        if area is None or not self.labels_turned():
            return area
        metrics = QFontMetrics(self.font())
        extra = self._turned_length() + 8 - (2 * metrics.height() + 14)
        if extra > 0:
            area.setBottom(area.bottom() - extra)
        return area if area.height() >= 20 else None

    def label_lines(self, index: int) -> list[str]:
        """The label of bar `index` as drawn under it: a period shortened ("26-10"), a name
        on two lines where the bar is narrow, or written downwards where two lines are not
        enough (elided only when even that is too short)."""
        if not 0 <= index < len(self.labels):
            return []
        label = self.labels[index]
        if self.labels_turned() and not self._is_period(label):
            metrics = QFontMetrics(self.font())
            return [metrics.elidedText(label, Qt.TextElideMode.ElideRight,
                                       self._turned_length())]
        return self._flat_lines(label)


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
            slot = self.slot(name, i)
            for dot in dots:  # the series' own marker: its colour is not the only cue
                draw_marker(painter, dot, slot, 8)
            width = metrics.horizontalAdvance(name) + 26
            if self.show_legend and legend_x + width <= self.width():
                legend_y = area.bottom() + 2 * metrics.height() + 6
                draw_marker(painter, QPointF(legend_x + 6, legend_y - 4), slot, 9)
                painter.setPen(TEXT)
                painter.drawText(QPointF(legend_x + 16, legend_y), name)
                legend_x += width
        painter.setPen(AXIS)
        first = datetime.fromtimestamp(start).strftime("%Y-%m-%d")
        last = datetime.fromtimestamp(end).strftime("%Y-%m-%d")
        painter.drawText(QRectF(area.left(), area.bottom() + 2, area.width(), metrics.height()),
                         Qt.AlignmentFlag.AlignLeft, first)
        room = metrics.horizontalAdvance(first) + metrics.horizontalAdvance(last) + 8
        if last != first and room <= area.width():  # never one date over the other
            painter.drawText(QRectF(area.left(), area.bottom() + 2, area.width(),
                                    metrics.height()),
                             Qt.AlignmentFlag.AlignRight, last)
        painter.end()
