"""The 行山 road drawn with QPainter from the engine's state, after the book's p.18 diagram: the
central 5 × 5 of a 机戦 board, its two diagonals (the nine squares on them are 皇処, ★), the
route spiralling in from g3 to 皇山 at e5 as a numbered line, and every player's piece (the one
to move with a ring). The widget only draws; the play page and the tracker give it squares."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from companion.games.mokzo.board import BLOCK, GOAL, KOU, ROUTE, START, square_cell
from ui.i18n import language, tr
from ui.play.palette import GOLD, GREY, INK, PAPER
from ui.play.pieces import draw_piece
from ui.play.widgets import PictureCache, kept_pixmap

KOU_FILL = QColor("#efe0b8")
ROUTE_INK = QColor(140, 158, 191, 150)


class RoadBoard(QWidget):
    """Draws the road and the pieces on it (`show_pieces(squares, mover)`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.squares: tuple[int, ...] = ()
        self.mover = -1
        self._picture = PictureCache()
        self.setMinimumSize(150, 150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_pieces(self, squares: Sequence[int], mover: int = -1) -> None:
        """`squares[seat]` is the route index of the seat's piece (0 start … 24 皇山)."""
        self.squares, self.mover = tuple(squares), mover
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(400, 400)


    # --- geometry ----------------------------------------------------------------------------
    def cell_size(self) -> float:
        _c0, _r0, columns, rows = BLOCK
        return max(12.0, min((self.width() - 8) / columns, (self.height() - 8) / rows))

    def cell_rect(self, index: int) -> QRectF:
        column0, row0, columns, rows = BLOCK
        size = self.cell_size()
        left = (self.width() - size * columns) / 2
        top = (self.height() - size * rows) / 2
        column, row = square_cell(index)
        return QRectF(left + (column - column0) * size, top + (row - row0) * size, size, size)

    # --- drawing -----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        self._picture.paint(self, (self.squares, self.mover), self._draw)

    def _draw(self, painter: QPainter) -> None:
        painter.drawPixmap(0, 0, self._ground())
        self._draw_pieces(painter, self.cell_size())
        painter.end()

    def _ground(self) -> QPixmap:
        """The road without pieces, kept as a picture: it stays the same all game, and its
        fifty labels cost more to draw than the rest of the board."""
        ratio = self.devicePixelRatioF()
        name = repr(("mokzo-road", self.width(), self.height(), self.font().key(),
                     language().code, ratio))
        return kept_pixmap(name, self.width(), self.height(), ratio, self._draw_road)

    def _draw_road(self, painter: QPainter) -> None:
        painter.setFont(self.font())
        size = self.cell_size()
        for index in range(len(ROUTE)):
            rect = self.cell_rect(index)
            painter.setPen(QPen(INK, 1.2))
            painter.setBrush(KOU_FILL if index in KOU else PAPER)
            painter.drawRect(rect)
        corners = [self.cell_rect(i) for i in (ROUTE.index("c7"), ROUTE.index("g3"),
                                                ROUTE.index("g7"), ROUTE.index("c3"))]
        painter.setPen(QPen(INK, 0.8))
        painter.drawLine(corners[0].topLeft(), corners[1].bottomRight())
        painter.drawLine(corners[2].topRight(), corners[3].bottomLeft())
        path = QPainterPath(self.cell_rect(START).center())
        for index in range(1, len(ROUTE)):
            path.lineTo(self.cell_rect(index).center())
        painter.setPen(QPen(ROUTE_INK, size * 0.07, Qt.PenStyle.SolidLine,
                            Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(path)
        self._draw_labels(painter, size)

    def _draw_labels(self, painter: QPainter, size: float) -> None:
        font = QFont(self.font())
        font.setPixelSize(max(7, int(size * 0.15)))
        painter.setFont(font)
        for index, name in enumerate(ROUTE):
            rect = self.cell_rect(index).adjusted(3, 1, -3, -1)
            painter.setPen(GREY)
            mark = "★" if index in KOU and index != GOAL else ""
            painter.drawText(rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                             f"{index}{mark}")
            painter.drawText(rect, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
                             name)
        bold = QFont(font)
        bold.setBold(True)
        bold.setPixelSize(max(9, int(size * 0.22)))
        painter.setFont(bold)
        painter.setPen(INK)
        goal = self.cell_rect(GOAL)
        painter.drawText(goal, Qt.AlignmentFlag.AlignCenter, "皇山")
        start = self.cell_rect(START)
        painter.setFont(font)
        painter.drawText(start.adjusted(0, 0, -3, -size * 0.18),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom,
                         tr("start", "スタート"))

    def _draw_pieces(self, painter: QPainter, size: float) -> None:
        by_square: dict[int, list[int]] = {}
        for seat, square in enumerate(self.squares):
            by_square.setdefault(square, []).append(seat)
        radius = size * 0.14
        for square, seats in by_square.items():
            rect = self.cell_rect(square)
            for k, seat in enumerate(seats):
                centre = QPointF(rect.left() + rect.width() * (0.3 + 0.4 * (k % 2)),
                                 rect.top() + rect.height() * (0.38 + 0.3 * (k // 2)))
                draw_piece(painter, centre, radius, seat,
                           ring=GOLD if seat == self.mover else None)
