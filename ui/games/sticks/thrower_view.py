"""The stick thrower for play at the table: throw five sticks on screen (for any game of the
compendium), see the count, the history of throws and how the results compare with fair
sticks. Space throws; the table page's Undo/Redo (Ctrl+Z / Ctrl+Shift+Z) take throws back and
bring them again (QUndoStack). Every control has an accessible name; the chart describes the
counts to a screen reader.
"""

from __future__ import annotations

import random

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QPaintEvent,
    QPen,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from companion.table.thrower import Faces, ThrowLog
from ui.games.sticks.sticks_widget import ResultBadge, SticksWidget
from ui.i18n import tr
from ui.play.widgets import antialiased, words
from ui.table.frame import TablePage, TableTab
from ui.table.weak import weak_listener


class ThrowCommand(QUndoCommand):
    """One throw: redo records it, undo takes it back."""

    def __init__(self, log: ThrowLog, faces: Faces) -> None:
        super().__init__(f"throw {sum(faces)}")
        self.log, self.faces = log, faces

    def redo(self) -> None:
        self.log.add(self.faces)

    def undo(self) -> None:
        self.log.undo()


class DistributionChart(QWidget):
    """Bars of observed frequency per result 0..5, with the fair-stick odds as outlines."""

    def __init__(self, log: ThrowLog, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.log = log
        self.setMinimumSize(220, 130)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        words(self, "How often each number came up", "出目の頻度", "setAccessibleName")
        self.describe()

    def describe(self) -> None:
        """The counts per number for a screen reader."""
        counts = self.log.counts()
        self.setAccessibleDescription(
            tr(", ".join(f"{k}: {n} times" for k, n in enumerate(counts)),
               "、".join(f"{k}: {n} 回" for k, n in enumerate(counts))))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = antialiased(self)
        metrics = painter.fontMetrics()
        area = QRectF(self.rect()).adjusted(8, 8 + metrics.height(), -8, -8 - metrics.height())
        observed, expected = self.log.observed(), self.log.expected()
        top = max([*observed, *expected, 0.01]) * 1.1
        slot = area.width() / len(expected)
        for result, (seen, odds) in enumerate(zip(observed, expected, strict=True)):
            x = area.left() + slot * result
            bar = QRectF(x + slot * 0.2, area.bottom() - area.height() * seen / top,
                         slot * 0.6, area.height() * seen / top)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#c9a24a"))
            painter.drawRect(bar)
            painter.setPen(QPen(QColor("#7a1f1f"), 2, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            y = area.bottom() - area.height() * odds / top
            painter.drawLine(int(x + slot * 0.1), int(y), int(x + slot * 0.9), int(y))
            painter.setPen(self.palette().windowText().color())
            painter.drawText(QRectF(x, area.bottom() + 2, slot, metrics.height()),
                             Qt.AlignmentFlag.AlignCenter, str(result))
        painter.setPen(self.palette().windowText().color())
        legend = tr("bars: observed   dashes: fair sticks", "棒: 実測   破線: 理論値")
        painter.drawText(QRectF(8, 2, self.width() - 16, metrics.height()),
                         Qt.AlignmentFlag.AlignLeft, legend)
        painter.end()


class ThrowerView(TableTab):
    """A table tool: the animated thrower, its history and statistics."""

    title = ("Throw sticks", "投げ棒")
    undo_stack: QUndoStack
    thrown = Signal(int)  # the result of a throw, once recorded

    def __init__(self, page: TablePage, seed: int | None = None) -> None:
        super().__init__(page)
        self.log = ThrowLog()
        self.undo_stack = QUndoStack(self)
        self.rng = random.Random(seed)
        self._build(seed)
        self.log.listeners.append(weak_listener(self._refresh))
        self._refresh()

    def _build(self, seed: int | None) -> None:
        self.sticks = SticksWidget(self)
        self.badge = ResultBadge(self)
        self.badge.setFixedSize(96, 96)
        self.badge.follow(self.sticks)
        self.throw_button = words(QPushButton(self), "Throw  (Space)", "投げる (スペース)")
        self.throw_button.setMinimumHeight(48)
        font = self.throw_button.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.throw_button.setFont(font)
        self.throw_button.clicked.connect(self.throw)
        self.seeded = words(QCheckBox(self), "Fixed seed", "シード固定")
        words(self.seeded, "The same seed gives the same throws again",
              "同じシードなら同じ投げ目が再現されます", setter="setToolTip")
        self.seed_box = words(QSpinBox(self), "Seed", "シード", "setAccessibleName")
        self.seed_box.setRange(0, 2**31 - 1)
        self.seed_box.setValue(seed or 0)
        self.seeded.setChecked(seed is not None)
        self.seed_box.setEnabled(seed is not None)
        self.seeded.toggled.connect(self._reseed)
        self.seed_box.valueChanged.connect(self._reseed)
        self.summary = QLabel(self)
        self.history = words(QListWidget(self), "Throws", "投げた記録", "setAccessibleName")
        self.history.setMaximumWidth(160)
        self.chart = DistributionChart(self.log, self)
        self.history_label = words(QLabel(self), "Throws", "投げた記録")
        self.chart_label = words(QLabel(self), "How often each number came up", "出目の頻度")

        top = QHBoxLayout()
        top.addWidget(self.sticks, 1)
        top.addWidget(self.badge)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seeded)
        seed_row.addWidget(self.seed_box)
        seed_row.addStretch(1)
        grid = QGridLayout()
        grid.addWidget(self.history_label, 0, 0)
        grid.addWidget(self.chart_label, 0, 1)
        grid.addWidget(self.history, 1, 0)
        grid.addWidget(self.chart, 1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.throw_button)
        layout.addWidget(self.summary)
        layout.addLayout(seed_row)
        layout.addLayout(grid, 1)
        self.page.bind(self, "Space", self.throw_button, "Throw the sticks", "棒を投げる")

    def retranslate(self) -> None:
        self._refresh()

    def _reseed(self, *_: object) -> None:
        self.seed_box.setEnabled(self.seeded.isChecked())
        self.rng = random.Random(self.seed_box.value() if self.seeded.isChecked() else None)

    # --- actions ----------------------------------------------------------------------------
    def throw(self) -> int:
        """Throw the five sticks, record the throw (undoable) and animate it."""
        faces = tuple(self.rng.random() < 0.5 for _ in range(self.log.sticks))
        self.sticks.show_throw(faces)  # tumbling first: the number is told once they land
        self.undo_stack.push(ThrowCommand(self.log, faces))
        self.thrown.emit(sum(faces))
        return sum(faces)

    def _refresh(self) -> None:
        if self.sticks.is_animating():  # the throw is told once the sticks have landed
            self.sticks.after_landing(self._refresh)
            return
        last = self.log.throws[-1] if self.log.throws else None
        self.badge.set_value(None if last is None else sum(last))
        if not self.sticks.is_animating() and self.sticks.faces != last:
            self.sticks.show_throw(last, animate=False)
        self.history.clear()
        for number, result in enumerate(self.log.results(), start=1):
            self.history.insertItem(0, f"{number}.  {result}")
        counts = "  ".join(f"{k}:{n}" for k, n in enumerate(self.log.counts()))
        self.summary.setText(tr(f"{self.log.total} throws · sum {self.log.points} · {counts}",
                                f"{self.log.total} 回 · 合計 {self.log.points} · {counts}"))
        self.chart.describe()
        self.chart.update()
