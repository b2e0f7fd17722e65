"""The paintable Alluvium map: click or drag over cells to fill them with the chosen colour.

The widget draws the model's grid (`TableGame`), the outlined start cells, the largest
rectangle (dashed black outline) and each visiting colour's largest group (a dark frame in the
cells). A stroke (press, drag, release) becomes one `PaintStroke` command on the undo stack.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from companion.colours import ALLUVIUM, ALLUVIUM_TINT
from companion.games.alluvium.profile import Colour, SheetProfile
from companion.games.alluvium.scoring import EMPTY, largest_group, largest_rectangle
from companion.games.alluvium.table import Cell, TableGame
from ui.play.palette import game_colour
from ui.play.widgets import antialiased


def qcolor(colour: Colour, light: float = 0.0) -> QColor:
    """A paint's colour in the palette in use, `light` of the way toward white."""
    return game_colour(ALLUVIUM, colour.letter, light)


class PaintStroke(QUndoCommand):
    """Fill cells of one player's map with one value; undo puts the old values back."""

    def __init__(self, game: TableGame, player: int, cells: list[Cell], value: str) -> None:
        super().__init__(f"paint {len(cells)} cells")
        self.game, self.player, self.cells, self.value = game, player, cells, value
        self.before: dict[Cell, str] = {}

    def redo(self) -> None:
        self.before = self.game.paint(self.player, self.cells, self.value)

    def undo(self) -> None:
        self.game.restore(self.player, self.before)


class SheetGrid(QWidget):
    """A widget drawing an Alluvium sheet centred in itself: where each cell is, both ways."""

    def grid_profile(self) -> SheetProfile:
        raise NotImplementedError

    def cell_size(self) -> float:
        p = self.grid_profile()
        return max(8.0, min((self.width() - 2) / p.cols, (self.height() - 2) / p.rows))

    def origin(self) -> tuple[float, float]:
        """The sheet's top-left corner."""
        p = self.grid_profile()
        size = self.cell_size()
        return ((self.width() - size * p.cols) / 2, (self.height() - size * p.rows) / 2)

    def cell_rect(self, cell: Cell) -> QRectF:
        size = self.cell_size()
        x0, y0 = self.origin()
        return QRectF(x0 + cell[1] * size, y0 + cell[0] * size, size, size)

    def cell_center(self, cell: Cell) -> QPoint:
        return self.cell_rect(cell).center().toPoint()

    def cell_at(self, point: QPoint) -> Cell | None:
        size = self.cell_size()
        x0, y0 = self.origin()
        row, col = int((point.y() - y0) // size), int((point.x() - x0) // size)
        return (row, col) if self.grid_profile().in_bounds((row, col)) else None


class MapWidget(SheetGrid):
    """One player's map. `value` is the letter painted by the left button ('.' erases);
    the right button always erases."""

    stroke_done = Signal()

    def __init__(self, game: TableGame, undo_stack: QUndoStack,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game, self.undo_stack = game, undo_stack
        self.player = 0
        self.value = game.colours[0]
        self.show_highlights = True
        self._stroke: list[Cell] = []
        self._stroke_value = self.value
        self.setMinimumSize(240, 240)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(False)

    # --- geometry -----------------------------------------------------------------------------
    def sizeHint(self) -> QSize:
        return QSize(400, 400)

    def grid_profile(self) -> SheetProfile:
        return self.game.profile

    # --- player -------------------------------------------------------------------------------
    def set_player(self, player: int) -> None:
        self.player = player
        self.update()

    # --- mouse --------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        erase = event.button() == Qt.MouseButton.RightButton
        self._stroke_value = EMPTY if erase else self.value
        self._stroke = []
        self._add(event.position().toPoint())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() & (Qt.MouseButton.LeftButton | Qt.MouseButton.RightButton):
            self._add(event.position().toPoint())

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._add(event.position().toPoint())
        cells, self._stroke = self._stroke, []
        grid = self.game.grids[self.player]
        changed = [c for c in cells if grid[c[0]][c[1]] != self._stroke_value]
        if changed:
            self.undo_stack.push(PaintStroke(self.game, self.player, changed,
                                             self._stroke_value))
        self.update()
        self.stroke_done.emit()

    def _add(self, point: QPoint) -> None:
        cell = self.cell_at(point)
        if cell is not None and cell not in self._stroke:
            self._stroke.append(cell)
            self.update()

    # --- drawing ------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        p = self.game.profile
        painter = antialiased(self)
        painter.fillRect(self.rect(), QColor("#fbfaf6"))
        grid = self.game.grid(self.player)
        size = self.cell_size()
        font = QFont(painter.font())
        font.setPixelSize(max(8, int(size * 0.42)))
        painter.setFont(font)
        stroke = set(self._stroke)
        for r in range(p.rows):
            for c in range(p.cols):
                value = self._stroke_value if (r, c) in stroke else grid[r][c]
                rect = self.cell_rect((r, c))
                if value != EMPTY:
                    colour = p.colour(value)
                    painter.fillRect(rect, qcolor(colour, ALLUVIUM_TINT))
                    painter.setPen(QColor("#222222"))
                    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, colour.symbol)
                elif (r, c) in stroke:
                    painter.fillRect(rect, QColor("#dddddd"))
        painter.setPen(QPen(QColor("#9a9a9a"), 1))
        x0, y0 = self.origin()
        width, height = p.cols * size, p.rows * size
        for i in range(p.cols + 1):
            x = int(x0 + i * size)
            painter.drawLine(x, int(y0), x, int(y0 + height))
        for i in range(p.rows + 1):
            y = int(y0 + i * size)
            painter.drawLine(int(x0), y, int(x0 + width), y)
        painter.setPen(QPen(QColor("#111111"), 3))
        for cell in p.start_cells:
            painter.drawRect(self.cell_rect(cell).adjusted(2, 2, -2, -2))
        if self.show_highlights:
            self._draw_highlights(painter, grid, size)
        painter.end()

    def _draw_highlights(self, painter: QPainter, grid: tuple[str, ...], size: float) -> None:
        p = self.game.profile
        for colour in self.game.visitors(self.player):
            group = largest_group(grid, colour)
            pen = QPen(qcolor(p.colour(colour)).darker(170), max(2.0, size * 0.08))
            painter.setPen(pen)
            inset = size * 0.12
            for cell in group:
                painter.drawRect(self.cell_rect(cell).adjusted(inset, inset, -inset, -inset))
        rect = largest_rectangle(grid)
        if rect is not None:
            pen = QPen(QColor("#000000"), max(3.0, size * 0.1), Qt.PenStyle.DashLine)
            painter.setPen(pen)
            top_left = self.cell_rect((rect.top, rect.left))
            bottom_right = self.cell_rect((rect.top + rect.height - 1,
                                           rect.left + rect.width - 1))
            painter.drawRect(top_left.united(bottom_right))
