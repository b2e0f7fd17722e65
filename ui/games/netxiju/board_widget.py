"""The 六裁 board drawn with QPainter from the engine's state: the 8 × 4 zigzag track with its
2- and 3-line squares, the hatched start, the track numbers, every piece (the one to move with a
ring), the squares the last throw crossed (tinted and framed dashed), and the finished pieces
in the goal with their place. The widget only draws; the play page and the table page give it
a state."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from companion.games.netxiju.board import COLUMNS, GOAL, LINES, ROWS, START, cell
from companion.games.netxiju.rules import OFF
from ui.i18n import tr
from ui.play.palette import GOLD, GREY, INK, PAPER
from ui.play.pieces import draw_piece
from ui.play.widgets import antialiased

TRAIL = QColor("#f3d98a")
TRAIL_EDGE = QColor("#a8741a")


class NetxijuBoard(QWidget):
    """Draws a `NetxijuState` (`show_state`); no clicks (a throw is the only move)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: Any = None
        self.setMinimumSize(220, 120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_state(self, state: Any) -> None:
        self.state = state
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(560, 300)


    # --- geometry ----------------------------------------------------------------------------
    def square_size(self) -> float:
        return max(8.0, min((self.width() - 12) / COLUMNS, (self.height() - 24) / ROWS))

    def square_rect(self, index: int) -> QRectF:
        size = self.square_size()
        left = (self.width() - size * COLUMNS) / 2
        top = (self.height() - size * ROWS) / 2
        row, column = cell(index)
        return QRectF(left + column * size, top + row * size, size, size)

    # --- drawing -----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = antialiased(self)
        size = self.square_size()
        trail = self._trail()
        for index in range(ROWS * COLUMNS):
            self._draw_square(painter, index, index in trail)
        outer = QRectF((self.width() - size * COLUMNS) / 2, (self.height() - size * ROWS) / 2,
                       size * COLUMNS, size * ROWS)
        painter.setPen(QPen(INK, 3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(outer.adjusted(-2, -2, 2, 2))
        if self.state is not None:
            self._draw_pieces(painter, size)
        painter.end()

    def _trail(self) -> set[int]:
        """The squares the last throw moved across (start and landing included)."""
        last = getattr(self.state, "last", None)
        if last is None or last.overshoot or last.start == last.end:
            return set()
        end = GOAL if last.end == OFF else last.end
        return set(range(last.start, end + 1))

    def _draw_square(self, painter: QPainter, index: int, lit: bool) -> None:
        rect = self.square_rect(index)
        painter.setPen(QPen(INK, 1.2))
        painter.setBrush(TRAIL if lit else PAPER)
        painter.drawRect(rect)
        if lit:  # a dashed frame too: the pale tint alone is hard to tell from the paper
            painter.setPen(QPen(TRAIL_EDGE, 2, Qt.PenStyle.DashLine))
            painter.drawRect(rect.adjusted(3, 3, -3, -3))
        lines = LINES[index]
        painter.setPen(QPen(INK, max(1.5, rect.height() * 0.035)))
        for k in range(1, lines + 1):
            y = rect.top() + rect.height() * k / (lines + 1)
            painter.drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y))
        if index == START:
            self._hatch(painter, rect)
        font = QFont(self.font())
        font.setPixelSize(max(7, int(rect.height() * 0.17)))
        painter.setFont(font)
        painter.setPen(GREY)
        label = str(index)
        if index == START:
            label = tr("Start", "スタート")
        elif index == GOAL:
            label = tr("Goal", "ゴール")
        painter.drawText(rect.adjusted(3, 1, -3, -1),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, label)

    def _hatch(self, painter: QPainter, rect: QRectF) -> None:
        """The start: a diagonal from the lower left to the upper right, the half below hatched."""
        painter.save()
        painter.setPen(QPen(INK, 1.2))
        painter.drawLine(rect.bottomLeft(), rect.topRight())
        painter.setPen(QPen(GREY, 0.8))
        steps = 8
        for k in range(1, steps):
            t = rect.width() * k / steps
            painter.drawLine(QPointF(rect.left() + t, rect.bottom()),
                             QPointF(rect.right(), rect.bottom() - rect.height() + t))
        painter.restore()

    def _draw_pieces(self, painter: QPainter, size: float) -> None:
        state = self.state
        mover = state.to_move() if not state.is_over() else -1
        if mover < 0 and not state.is_over() and state.first >= 0:
            mover = state.mover  # the sticks are in the air: still the thrower's piece
        by_square: dict[int, list[int]] = {}
        for seat, position in enumerate(state.positions):
            if position != OFF:
                by_square.setdefault(position, []).append(seat)
        radius = size * 0.17
        for square, seats in by_square.items():
            rect = self.square_rect(square)
            for k, seat in enumerate(seats):
                if square == START:  # up to six pieces: two rows of three
                    centre = QPointF(rect.left() + rect.width() * (0.25 + 0.25 * (k % 3)),
                                     rect.top() + rect.height() * (0.42 + 0.3 * (k // 3)))
                    r = radius * 0.8
                else:
                    centre, r = rect.center(), radius * 1.3
                draw_piece(painter, centre, r, seat, ring=GOLD if seat == mover else None)
        goal = self.square_rect(GOAL)
        for k, seat in enumerate(state.finish[:6]):
            if state.positions[seat] != OFF:
                continue  # the last one left is ranked but stays where it stood
            centre = QPointF(goal.left() + goal.width() * (0.25 + 0.25 * (k % 3)),
                             goal.top() + goal.height() * (0.45 + 0.3 * (k // 3)))
            draw_piece(painter, centre, radius * 0.8, seat)  # left to right: finishing order
