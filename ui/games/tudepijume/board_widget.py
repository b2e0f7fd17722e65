"""The 連船之遊 board drawn with QPainter from the engine's state (p.20 of the book): the black
start 始 and the white goal 終 in the left column, squares 1–19 round the edge, and inside the
resource tracks with every player's markers — start stock, goal stock (both go round again after
20) and the cargo of ships 一, 二, 三 (0–15). Ships are discs in their player's colour with their
mark; the ships that have an action this turn wear a ring. The widget only draws."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from companion.games.tudepijume.board import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    GOAL,
    SQUARES,
    START,
    TRACK_AREA,
    TRACKS,
    Track,
    place_rect,
    place_word,
    ship_mark,
)
from ui.i18n import language
from ui.play.palette import GOLD, GREY, INK, PAPER
from ui.play.pieces import draw_piece
from ui.play.widgets import PictureCache, kept_pixmap

Ship = tuple[int, int]  # (seat, ship number 1..3)


class TudeBoard(QWidget):
    """Draws a `TudeState` (`show_state`); `active` ships (seat, ship) get a ring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: Any = None
        self.active: frozenset[Ship] = frozenset()
        self._picture = PictureCache()
        self.setMinimumSize(200, 120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_state(self, state: Any, active: Collection[Ship] = ()) -> None:
        self.state, self.active = state, frozenset(active)
        self._picture.clear()  # the engine changes its state in place: drawn anew
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(620, 350)


    # --- geometry ----------------------------------------------------------------------------
    def unit(self) -> float:
        return max(10.0, min((self.width() - 8) / BOARD_WIDTH,
                             (self.height() - 8) / BOARD_HEIGHT))

    def rect_of(self, box: tuple[float, float, float, float], inset: float = 0.04) -> QRectF:
        unit = self.unit()
        left = (self.width() - unit * BOARD_WIDTH) / 2
        top = (self.height() - unit * BOARD_HEIGHT) / 2
        x, y, w, h = box
        return QRectF(left + (x + inset) * unit, top + (y + inset) * unit,
                      (w - 2 * inset) * unit, (h - 2 * inset) * unit)

    # --- drawing -----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        self._picture.paint(self, (self.active, language().code), self._draw)

    def _draw(self, painter: QPainter) -> None:
        painter.drawPixmap(0, 0, self._ground())
        if self.state is not None:
            for track, box_left, box_width, box_top, box_height in self._track_rows():
                self._draw_markers(painter, track.key, track.top, box_left, box_width,
                                   box_top, box_height)
            self._draw_ships(painter, self.unit())
        painter.end()

    def _ground(self) -> QPixmap:
        """The squares and the empty tracks, kept as a picture: they stay the same all game,
        and their hundred numbers cost more to draw than the ships and markers."""
        ratio = self.devicePixelRatioF()
        name = repr(("tudepijume-ground", self.width(), self.height(), self.font().key(),
                     language().code, ratio))
        return kept_pixmap(name, self.width(), self.height(), ratio, self._draw_ground)

    def _draw_ground(self, painter: QPainter) -> None:
        unit = self.unit()
        font = QFont(self.font())
        for index in range(1, SQUARES + 1):
            rect = self.rect_of(place_rect(index))
            painter.setPen(QPen(INK, 1.4))
            painter.setBrush(PAPER)
            painter.drawRect(rect)
            font.setPixelSize(max(7, int(unit * 0.16)))
            painter.setFont(font)
            painter.setPen(GREY)
            painter.drawText(rect.adjusted(3, 1, -3, -1),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop, str(index))
        lang = language().code
        self._draw_box(painter, START, place_word(START, lang), QColor("#141414"),
                       QColor("#ffffff"))
        self._draw_box(painter, GOAL, place_word(GOAL, lang), QColor("#ffffff"), INK)
        self._draw_tracks(painter)

    def _draw_box(self, painter: QPainter, place: int, glyph: str, fill: QColor,
                  ink: QColor) -> None:
        rect = self.rect_of(place_rect(place))
        painter.setPen(QPen(INK, 2))
        painter.setBrush(fill)
        painter.drawRect(rect)
        font = QFont(self.font())
        font.setPixelSize(max(10, int(rect.width() * 0.45)))
        font.setBold(True)
        room = rect.width() * 0.9  # a word ("start") shrinks to the box's width
        wide = QFontMetricsF(font).horizontalAdvance(glyph)
        if wide > room:
            font.setPixelSize(max(6, int(font.pixelSize() * room / wide)))
        painter.setFont(font)
        painter.setPen(ink)
        painter.drawText(QRectF(rect.left(), rect.top(), rect.width(), rect.height() * 0.45),
                         Qt.AlignmentFlag.AlignCenter, glyph)

    def _track_rows(self) -> list[tuple[Track, float, float, float, float]]:
        """Per track: the track, then the left edge and width of its value boxes, and their
        top and height."""
        area = self.rect_of(TRACK_AREA, 0.0)
        row = area.height() / len(TRACKS)
        return [(track, area.left(), area.width() / (track.top + 1), area.top() + k * row
                 + row * 0.36, row * 0.6) for k, track in enumerate(TRACKS)]

    def _draw_tracks(self, painter: QPainter) -> None:
        area = self.rect_of(TRACK_AREA, 0.0)
        row = area.height() / len(TRACKS)
        font = QFont(self.font())
        font.setPixelSize(max(7, int(row * 0.24)))
        painter.setFont(font)
        for k, (track, left, width, top, height) in enumerate(self._track_rows()):
            painter.setPen(GREY)
            painter.drawText(QRectF(left, top - row * 0.36, area.width(), row * 0.34),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             track.name(language().code))
            for value in range(track.top + 1):
                box = QRectF(left + value * width, top, width, height)
                painter.setPen(QPen(GREY, 0.8))
                painter.setBrush(QColor("#e6e0d2") if k == 0 else PAPER)
                painter.drawRect(box)
                painter.setPen(GREY)
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(value))

    def _draw_markers(self, painter: QPainter, key: str, top_value: int, left: float,
                      width: float, y: float, height: float) -> None:
        """Each player's marker on this track: a small disc in their colour, side by side in
        the box of its value (a stock beyond the track goes round again: its lap is written)."""
        state = self.state
        seats = state.num_players
        for seat in range(seats):
            value = self._track_value(key, seat)
            lap, box = divmod(value, top_value + 1)
            if key.startswith("ship"):
                lap, box = 0, min(value, top_value)
            cx = left + box * width + width * (seat + 0.5) / seats
            cy = y + height * (0.78 if seat % 2 else 0.22)
            radius = max(2.5, min(width / (seats + 0.5), height) * 0.3)
            draw_piece(painter, QPointF(cx, cy), radius, seat)  # the seat number on it too
            if lap:
                painter.setPen(INK)
                painter.drawText(QRectF(cx + radius, cy - radius * 2, radius * 4, radius * 3),
                                 Qt.AlignmentFlag.AlignLeft, f"+{lap}")

    def _track_value(self, key: str, seat: int) -> int:
        state = self.state
        if key == "start":
            return int(state.stock[seat])
        if key == "goal":
            return int(state.goal[seat])
        return int(state.load(seat, int(key[-1])))

    def _draw_ships(self, painter: QPainter, unit: float) -> None:
        state = self.state
        by_place: dict[int, list[Ship]] = {}
        for seat in range(state.num_players):
            for ship in (1, 2, 3):
                by_place.setdefault(state.place(seat, ship), []).append((seat, ship))
        for place, ships in by_place.items():
            rect = self.rect_of(place_rect(place))
            columns = 3 if place in (START, GOAL) else 2
            top = rect.top() + (rect.height() * 0.45 if place in (START, GOAL) else
                                rect.height() * 0.28)
            radius = min(unit * 0.13, rect.width() / (columns * 2.4))
            for k, (seat, ship) in enumerate(ships):
                centre = QPointF(rect.left() + rect.width() * (k % columns + 0.5) / columns,
                                 top + (k // columns) * radius * 2.3)
                ring = GOLD if (seat, ship) in self.active else None
                painter.setOpacity(1.0 if state.is_built(seat, ship) else 0.35)  # not built
                draw_piece(painter, centre, radius, seat,
                           ship_mark(ship, language().code), ring=ring)
        painter.setOpacity(1.0)
