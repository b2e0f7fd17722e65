"""A Sorani player board drawn from the state: the lattice of round spaces with a cross space
in every gap, the tiles with their stars, colours and branch lines, and — for the held tile
chosen to place — the legal spots highlighted and the tile under the mouse. A surrounded dark
sky has a dotted gold ring; a tile that scores as the board stands, a green one.

A branch tile follows the mouse over the cross spaces, turned with R, the mouse wheel or the
right button; it is green where `legal` has that placement, and red with dashed arms and a ✕
elsewhere. A round tile (cluster, planet, special feature) shows where the mouse is (its ring
dotted where it may not go). A click plays the move shown —
the board never decides a rule: it only offers moves from `legal`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QWheelEvent,
)
from PySide6.QtWidgets import QWidget

from companion.colours import SORANI_PLANETS
from companion.games.sorani import board as bd
from companion.games.sorani.board import Board
from companion.games.sorani.catalogue import catalogue
from companion.games.sorani.lattice import turn_mask
from companion.games.sorani.moves import Place
from ui.i18n import language
from ui.play.palette import game_colour
from ui.play.widgets import PictureCache, draw_sprite, follow_pointer, kept_pixmap

NIGHT = QColor("#1f2747")
RING = QColor("#6d78a6")
LINE = QColor("#f6e7a8")
FAINT = QColor(246, 231, 168, 60)
GOLD = QColor("#e9c75a")
CLUSTER = QColor("#e8ecff")
FEATURE = QColor("#bfe8c9")
DARK = QColor("#070914")
GOOD = QColor("#6fe08a")
BAD = QColor("#ff6b6b")
INK = QColor("#1d2236")


def star_text(code: str) -> str:
    """The stars of a guiding star or cluster as a label: "★3", "★2☆"."""
    if bd.is_guiding(code):
        return f"★{bd.guiding_stars(code)}"
    kind = catalogue().cluster(code)
    return f"★{kind.stars}" + "☆" * kind.white


def paint_round(painter: QPainter, code: str, centre: QPointF, radius: float,
                scores: bool = False) -> None:
    """One round space and its tile (empty, dark sky, guiding star, cluster, planet,
    feature); a green ring when it scores as the board stands."""
    cat = catalogue()
    fill: QColor | None = None
    label, ink = "", INK
    if code == bd.DARK:
        fill = DARK
    elif bd.is_guiding(code):
        fill, label = GOLD, star_text(code)
    elif bd.is_cluster(code):
        fill, label = CLUSTER, star_text(code)
    elif bd.is_planet(code):
        planet = cat.colour(code)
        fill, ink = game_colour(SORANI_PLANETS, planet.id), QColor("#ffffff")
        label = planet.name("ja") if language().code == "ja" else code
    elif bd.is_feature(code):
        fill, label = FEATURE, code
    painter.setPen(QPen(GOOD if scores else RING, 3 if scores else 1.2))
    painter.setBrush(fill if fill is not None else Qt.BrushStyle.NoBrush)
    painter.drawEllipse(centre, radius, radius)
    if label:
        font = QFont(painter.font())
        font.setPixelSize(max(8, int(radius * (0.62 if len(label) < 3 else 0.5))))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(ink)
        painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius,
                                2 * radius), Qt.AlignmentFlag.AlignCenter, label)


def _paint_space(painter: QPainter, area: QRectF, *, radius: float, code: str, scores: bool,
                 surrounded: bool, name: str, small: QFont) -> None:
    """A round space as the board shows it, in the middle of `area`: its tile, the ring of a
    surrounded dark sky, and an empty space's name."""
    centre = area.center()
    paint_round(painter, code, centre, radius, scores)
    if surrounded:
        painter.setPen(QPen(GOLD, 2, Qt.PenStyle.DotLine))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(centre, radius * 0.7, radius * 0.7)
    if name:
        painter.setFont(small)
        painter.setPen(RING)
        painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius,
                                2 * radius), Qt.AlignmentFlag.AlignCenter, name)


def paint_branch(painter: QPainter, mask: int, centre: QPointF, reach: float,
                 colour: QColor = LINE, width: float = 4.0, refused: bool = False) -> None:
    """A branch tile on a cross: a line on each arm of `mask` (NW, NE, SE, SW), the other
    arms faint. A `refused` tile (where it may not go) has dashed arms and a ✕ at its
    middle, so red is not the only cue."""
    line = Qt.PenStyle.DashLine if refused else Qt.PenStyle.SolidLine
    cap = Qt.PenCapStyle.FlatCap if refused else Qt.PenCapStyle.RoundCap
    for bit, (dx, dy) in enumerate(((-1, -1), (1, -1), (1, 1), (-1, 1))):
        on = mask >> bit & 1
        painter.setPen(QPen(colour if on else FAINT, width if on else 1.5,
                            line if on else Qt.PenStyle.SolidLine, cap))
        painter.drawLine(centre, QPointF(centre.x() + dx * reach, centre.y() + dy * reach))
    side = max(3.0, reach * 0.18)
    if refused:
        _paint_refusal(painter, centre, side * 1.4, colour)
        return
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawRect(QRectF(centre.x() - side / 2, centre.y() - side / 2, side, side))


def _paint_refusal(painter: QPainter, centre: QPointF, half: float, colour: QColor) -> None:
    """A ✕ on a dark disc at `centre`: "it may not go here"."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(NIGHT)
    painter.drawEllipse(centre, half * 1.3, half * 1.3)
    painter.setPen(QPen(colour, 3.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    for dy in (-half, half):
        painter.drawLine(QPointF(centre.x() - half, centre.y() - dy),
                         QPointF(centre.x() + half, centre.y() + dy))


def _paint_branch_in(painter: QPainter, area: QRectF, *, mask: int, reach: float) -> None:
    paint_branch(painter, mask, area.center(), reach)


def tile_pixmap(code: str, size: int = 34) -> QPixmap:
    """A held or offered tile drawn small (an icon for buttons), drawn once per tile, size
    and language (the draft's buttons are rebuilt after every move)."""
    return kept_pixmap(f"sorani-tile:{code}:{size}:{language().code}", size, size, 1.0,
                       lambda painter: _paint_tile(painter, code, size))


def _paint_tile(painter: QPainter, code: str, size: int) -> None:
    painter.fillRect(0, 0, size, size, NIGHT)
    middle = QPointF(size / 2, size / 2)
    if bd.is_branch(code):
        paint_branch(painter, catalogue().branch(code).mask, middle, size * 0.42,
                     width=3.0)
    else:
        paint_round(painter, code, middle, size * 0.44)


class BoardCanvas(QWidget):
    """One board; emits `move_chosen` with a move of `legal` and `turned` when the tile in
    hand turns."""

    move_chosen = Signal(object)
    turned = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        follow_pointer(self, 160)
        self.board: Board | None = None
        self.legal: list[Place] = []
        self.tile: str | None = None
        self.turn = 0
        self.hover: QPointF | None = None
        self._picture = PictureCache()

    def sizeHint(self) -> QSize:
        return QSize(460, 460)

    def set_board(self, board: Board | None, legal: Sequence[Any], tile: str | None) -> None:
        """Show `board`; `legal` are the placements on offer, `tile` the held tile chosen."""
        self.board = board
        self.legal = [m for m in legal if type(m) is Place]
        if tile != self.tile:
            self.tile, self.turn = tile, 0
        self._picture.clear()  # the engine changes a board in place: drawn anew
        self.update()

    # --- geometry -----------------------------------------------------------------------------
    def step(self) -> float:
        lattice = catalogue().lattice
        return (min(self.width(), self.height()) - 8) / lattice.columns

    def origin(self) -> QPointF:
        lattice = catalogue().lattice
        side = self.step() * lattice.columns
        return QPointF((self.width() - side) / 2, (self.height() - side) / 2)

    def space_centre(self, space: int) -> QPointF:
        row, column = divmod(space, catalogue().lattice.columns)
        o, s = self.origin(), self.step()
        return QPointF(o.x() + (column + 0.5) * s, o.y() + (row + 0.5) * s)

    def cross_centre(self, cross: int) -> QPointF:
        row, column = divmod(cross, catalogue().lattice.columns - 1)
        o, s = self.origin(), self.step()
        return QPointF(o.x() + (column + 1) * s, o.y() + (row + 1) * s)

    def cross_at(self, point: QPointF) -> int | None:
        """The cross space nearest to `point` (within half a space), else None."""
        return self._nearest(point, catalogue().lattice.crosses, self.cross_centre, 0.5)

    def space_at(self, point: QPointF) -> int | None:
        return self._nearest(point, catalogue().lattice.spaces, self.space_centre, 0.5)

    def _nearest(self, point: QPointF, count: int, centre: Any, reach: float) -> int | None:
        best, best_distance = None, reach * self.step()
        for index in range(count):
            c = centre(index)
            distance = math.hypot(c.x() - point.x(), c.y() - point.y())
            if distance < best_distance:
                best, best_distance = index, distance
        return best

    # --- the tile in hand ---------------------------------------------------------------------
    def is_branch_in_hand(self) -> bool:
        return self.tile is not None and bd.is_branch(self.tile)

    def mask_in_hand(self) -> int:
        assert self.tile is not None
        return turn_mask(catalogue().branch(self.tile).mask, self.turn // 90)

    def move_at(self, point: QPointF) -> Place | None:
        """The legal placement of the tile in hand at `point` (as turned now), else None."""
        if self.tile is None:
            return None
        lattice = catalogue().lattice
        if self.is_branch_in_hand():
            cross = self.cross_at(point)
            if cross is None:
                return None
            name, mask = lattice.cross_name(cross), self.mask_in_hand()
            for move in self.legal:
                if move.tile == self.tile and move.space == name and turn_mask(
                        catalogue().branch(move.tile).mask, move.turn // 90) == mask:
                    return move
            return None
        space = self.space_at(point)
        if space is None:
            return None
        name = lattice.space_name(space)
        return next((m for m in self.legal if m.tile == self.tile and m.space == name), None)

    def legal_spots(self) -> tuple[set[int], set[int]]:
        """(crosses, round spaces) where the tile in hand may go."""
        lattice = catalogue().lattice
        crosses, spaces = set(), set()
        for move in self.legal:
            if move.tile != self.tile:
                continue
            if bd.is_branch(move.tile):
                cross = lattice.cross_index(move.space)
                if cross is not None:
                    crosses.add(cross)
            else:
                space = lattice.space_index(move.space)
                if space is not None:
                    spaces.add(space)
        return crosses, spaces

    def rotate(self, step: int = 1) -> None:
        if self.is_branch_in_hand():
            self.turn = (self.turn + 90 * step) % 360
            self.turned.emit()
            self.update()

    # --- events -------------------------------------------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self.hover = event.position()
        self._tooltip(event.position())
        self.update()

    def leaveEvent(self, event: Any) -> None:
        self.hover = None
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            self.rotate()
            return
        self.hover = event.position()
        move = self.move_at(event.position())
        if move is not None:
            self.move_chosen.emit(move)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_R:
            self.rotate(-1 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1)
        else:
            super().keyPressEvent(event)

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.rotate(1 if event.angleDelta().y() >= 0 else -1)

    def _tooltip(self, point: QPointF) -> None:
        from ui.games.sorani.labels import space_tooltip

        space = self.space_at(point)
        text = ""
        if self.board is not None and space is not None:
            text = space_tooltip(self.board, space)
        self.setToolTip(text)

    # --- drawing ------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        """The board from a kept picture; the tile in hand follows the pointer over it."""
        self._picture.paint(self, (self.tile, self.turn), self._draw, self._draw_hand)

    def _draw_hand(self, painter: QPainter) -> None:
        if self.board is not None:
            step = self.step()
            self._paint_hand(painter, step, step * 0.34)

    def _draw(self, painter: QPainter) -> None:
        painter.fillRect(self.rect(), NIGHT)
        board = self.board
        if board is None:
            painter.end()
            return
        step = self.step()
        radius = step * 0.34
        crosses, spaces = self.legal_spots()
        for cross, mask in enumerate(board.crosses):
            centre = self.cross_centre(cross)
            if mask:
                reach = step * 0.5 - radius * 0.3
                draw_sprite(painter, QRectF(centre.x() - reach - 3, centre.y() - reach - 3,
                                            2 * reach + 6, 2 * reach + 6),
                            ("sorani-branch", mask),
                            partial(_paint_branch_in, mask=mask, reach=reach))
            elif cross in crosses:
                painter.setPen(QPen(GOOD, 2))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(centre, step * 0.12, step * 0.12)
            else:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(RING)
                painter.drawEllipse(centre, 1.5, 1.5)
        scoring = bd.scoring_spaces(board)
        small = QFont(painter.font())
        small.setPixelSize(max(7, int(step * 0.16)))
        names = catalogue().lattice
        for space, code in enumerate(board.cells):
            centre = self.space_centre(space)
            name = "" if code else names.space_name(space)
            dim = code == bd.DARK and bd.is_surrounded(board, space)
            key = ("sorani", code, space in scoring, dim, name, language().code)
            draw_sprite(painter, QRectF(centre.x() - radius - 3, centre.y() - radius - 3,
                                        2 * radius + 6, 2 * radius + 6), key,
                        partial(_paint_space, radius=radius, code=code,
                                scores=space in scoring, surrounded=dim, name=name, small=small))
            if space in spaces:
                painter.setPen(QPen(GOOD, 2.5, Qt.PenStyle.DashLine))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(centre, radius + 3, radius + 3)
        painter.end()

    def _paint_hand(self, painter: QPainter, step: float, radius: float) -> None:
        if self.hover is None or self.tile is None:
            return
        ok = self.move_at(self.hover) is not None
        colour = GOOD if ok else BAD
        if self.is_branch_in_hand():
            cross = self.cross_at(self.hover)
            if cross is not None and not (self.board and self.board.crosses[cross]):
                paint_branch(painter, self.mask_in_hand(), self.cross_centre(cross),
                             step * 0.5 - radius * 0.3, colour, 5.0, refused=not ok)
            return
        space = self.space_at(self.hover)
        if space is not None and self.board is not None and not self.board.cells[space]:
            painter.setOpacity(0.75)
            paint_round(painter, self.tile, self.space_centre(space), radius)
            painter.setOpacity(1.0)
            # where it may not go the ring is dotted, not only red
            painter.setPen(QPen(colour, 3, Qt.PenStyle.SolidLine if ok else Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(self.space_centre(space), radius + 3, radius + 3)

