"""Seats' pieces drawn with QPainter, in the colours the printed sheets use
(`companion.games.pieces`): a disc with the seat number (or a mark) on it, and the colour as a
`QColor` for a legend or a table cell."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from companion.games.pieces import is_light, seat_rgb


def seat_colour(seat: int) -> QColor:
    red, green, blue = seat_rgb(seat)
    return QColor.fromRgbF(red, green, blue)


def text_colour(seat: int) -> QColor:
    """Black or white, whichever reads better on the seat's colour."""
    return QColor("#111111") if is_light(seat_rgb(seat)) else QColor("#ffffff")


def draw_piece(painter: QPainter, centre: QPointF, radius: float, seat: int, mark: str = "",
               ring: QColor | None = None) -> None:
    """A disc in the seat's colour with `mark` (default: the seat number from 1) on it;
    `ring` draws a thick outline (the piece to move, the last one moved)."""
    painter.save()
    outline = QPen(ring, max(2.0, radius * 0.28)) if ring is not None \
        else QPen(QColor("#3a2f22"), max(1.0, radius * 0.08))
    painter.setPen(outline)
    painter.setBrush(seat_colour(seat))
    painter.drawEllipse(centre, radius, radius)
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(6, int(radius * 1.1)))
    painter.setFont(font)
    painter.setPen(text_colour(seat))
    box = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, mark or str(seat + 1))
    painter.restore()
