"""The Etariya board drawn with QPainter from plain data (`BoardPicture`).

The picture is made from the engine's state (digital play) or from a setup (the randomizer);
this widget only draws it and reports clicked cells. Light cells are pale, Dark cells slate;
a power chip shows as a small white or black disc in the cell corner (the cell's shading is
already the faction it gives); stones are discs in the palette's colours with their colour's
letter (kanji in Japanese) and a stack's height written on them; legal cells for the stone in
hand are outlined green, for the power chip dashed blue; the last move's cells are framed
dotted amber.
Setup pictures outline the four map-sheet slots and label them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontInfo,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from companion.colours import ETARIYA_CELLS, ETARIYA_STONES, Palette
from companion.games.etariya.board import COLOURS
from ui.i18n import language
from ui.play.widgets import PictureCache, draw_sprite, kept_pixmap

Cell = tuple[int, int]
SIZE = 7
LIGHT, DARK = "L", "D"

#: The stones' one-letter codes (red, orange, yellow, green, blue, indigo, violet); their
#: colours come from the palette in use (`companion.colours.ETARIYA_STONES`).
STONE_CODES = tuple(ETARIYA_STONES.palettes[Palette.STANDARD])
LIGHT_RGB, DARK_RGB = (ETARIYA_CELLS.hex(key, Palette.STANDARD) for key in (LIGHT, DARK))


def stone_hex(code: str) -> str:
    """A stone's colour as "#rrggbb" in the palette in use (grey for an unknown code)."""
    letter = code.upper()[:1]
    return ETARIYA_STONES.hex(letter) if letter in STONE_CODES else "#888888"


def stone_colour(code: str) -> QColor:
    return QColor(stone_hex(code))


def text_on(colour: QColor) -> QColor:
    """Black or white, whichever reads better on `colour`."""
    luminance = 0.3 * colour.redF() + 0.55 * colour.greenF() + 0.15 * colour.blueF()
    return QColor("#111111") if luminance > 0.55 else QColor("#ffffff")




@dataclass(frozen=True)
class Slot:
    """An outlined area of a setup picture: the sheet slot and what goes there."""

    top: int
    left: int
    rows: int
    cols: int
    label: str


def stone_mark(code: str) -> str:
    """What a lone stone shows: its letter in English ("B"), its colour's kanji in Japanese
    ("青"), as the hands and the move list name it."""
    letter = code.upper()[:1]
    if language().code == "ja":
        return next((ja for known, _en, ja in COLOURS if known == letter), letter)
    return letter


def stack_mark(stack: tuple[str, ...]) -> str:
    """What a stack shows: its top stone's mark, and its height when more than one ("R3",
    "赤3"), so that its colour never has to be told by colour alone."""
    mark = stone_mark(stack[-1])
    return f"{mark}{len(stack)}" if len(stack) > 1 else mark


@dataclass
class BoardPicture:
    """Everything the board shows. `factions` has 7 strings of 7 'L'/'D' letters."""

    factions: tuple[str, ...] = (LIGHT * SIZE,) * SIZE
    stones: Mapping[Cell, tuple[str, ...]] = field(default_factory=dict)  # bottom → top
    chips: Mapping[Cell, tuple[str, ...]] = field(default_factory=dict)  # 'W'/'B' bottom → top
    stone_targets: frozenset[Cell] = frozenset()
    chip_targets: frozenset[Cell] = frozenset()
    slots: tuple[Slot, ...] = ()
    last: frozenset[Cell] = frozenset()  # cells changed by the last move
    no_first_stone: frozenset[Cell] = frozenset()  # corners, marked faintly


def default_cell_name(cell: Cell) -> str:
    """a1 is the bottom-left cell (files a–g left to right, ranks 1–7 bottom to top)."""
    return f"{'abcdefg'[cell[1]]}{SIZE - cell[0]}"


class BoardWidget(QWidget):
    """Draws a `BoardPicture`; emits `cell_clicked(row, col)`."""

    cell_clicked = Signal(int, int)

    def __init__(self, parent: QWidget | None = None, *, coordinates: bool = True) -> None:
        super().__init__(parent)
        self.picture = BoardPicture()
        self.coordinates = coordinates
        self._cache = PictureCache()
        self.cell_name: Callable[[Cell], str] = default_cell_name
        self.hover: Cell | None = None
        self.setMouseTracking(True)
        self.setMinimumSize(220, 220)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def sizeHint(self) -> QSize:
        return QSize(460, 460)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return width

    def set_picture(self, picture: BoardPicture) -> None:
        self.picture = picture
        self.update()

    # --- geometry -------------------------------------------------------------------------
    def margin(self) -> float:
        """Room beside the squares: for the coordinates, as tall as their text."""
        if not self.coordinates:
            return 2.0
        return max(18.0, QFontMetricsF(self.coordinate_font()).height() + 4)

    def coordinate_font(self) -> QFont:
        """The coordinates' font: the widget's text size (it follows the interface's size),
        never larger than 0.4 of a square."""
        room = max(10.0, (min(self.width(), self.height()) - 40) / SIZE)
        font = QFont(self.font())
        font.setPixelSize(max(8, min(QFontInfo(font).pixelSize(), int(room * 0.4))))
        return font

    def cell_size(self) -> float:
        room = min(self.width(), self.height()) - 2 * self.margin()
        return max(10.0, room / SIZE)

    def origin(self) -> QPointF:
        size = self.cell_size() * SIZE
        return QPointF((self.width() - size) / 2, (self.height() - size) / 2)

    def cell_rect(self, cell: Cell) -> QRectF:
        size, origin = self.cell_size(), self.origin()
        return QRectF(origin.x() + cell[1] * size, origin.y() + cell[0] * size, size, size)

    def cell_center(self, cell: Cell) -> QPointF:
        return self.cell_rect(cell).center()

    def cell_at(self, point: QPointF) -> Cell | None:
        size, origin = self.cell_size(), self.origin()
        row = int((point.y() - origin.y()) // size)
        col = int((point.x() - origin.x()) // size)
        return (row, col) if 0 <= row < SIZE and 0 <= col < SIZE else None

    # --- events ---------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        if cell is not None and event.button() == Qt.MouseButton.LeftButton:
            self.cell_clicked.emit(cell[0], cell[1])

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position())
        if cell != self.hover:
            self.hover = cell
            self.update()

    def leaveEvent(self, event: object) -> None:
        self.hover = None
        self.update()

    # --- drawing --------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        self._cache.paint(self, (self.picture, self.coordinates, self.cell_name, self.hover),
                          self._draw)

    def _draw(self, painter: QPainter) -> None:
        painter.drawPixmap(0, 0, self._ground())
        size = self.cell_size()
        for r in range(SIZE):
            for c in range(SIZE):
                self._paint_cell(painter, (r, c), size)
        for slot in self.picture.slots:
            self._paint_slot(painter, slot)
        painter.end()

    def _ground(self) -> QPixmap:
        """The cells' colours, the grid and the coordinates, kept as a picture: they change
        only with the map sheets, and drawing them again after every move cost more than the
        stones."""
        ratio = self.devicePixelRatioF()
        names = (tuple(self.cell_name((SIZE - 1, c)) for c in range(SIZE)),
                 tuple(self.cell_name((r, 0)) for r in range(SIZE))) if self.coordinates else ()
        name = repr(("etariya-ground", self.width(), self.height(), self.picture.factions,
                     names, self.palette().cacheKey(), self.font().key(), ratio))
        return kept_pixmap(name, self.width(), self.height(), ratio, self._draw_ground)

    def _draw_ground(self, painter: QPainter) -> None:
        painter.fillRect(self.rect(), self.palette().window())
        factions = self.picture.factions
        grid = QPen(QColor("#8d8a80"), 1)
        for r in range(SIZE):
            for c in range(SIZE):
                rect = self.cell_rect((r, c))
                faction = factions[r][c] if r < len(factions) else LIGHT
                painter.fillRect(rect, QColor(DARK_RGB if faction == DARK else LIGHT_RGB))
                painter.setPen(grid)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(rect)
        painter.setPen(QPen(QColor("#222222"), 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(self.cell_rect((0, 0)).united(self.cell_rect((SIZE - 1, SIZE - 1))))
        if self.coordinates:
            self._paint_coordinates(painter, self.cell_size())

    def _paint_cell(self, painter: QPainter, cell: Cell, size: float) -> None:
        """What lies on a cell (its colour and grid are the ground's)."""
        pic = self.picture
        rect = self.cell_rect(cell)
        faction = pic.factions[cell[0]][cell[1]] if cell[0] < len(pic.factions) else LIGHT
        if cell in pic.no_first_stone and cell not in pic.stones:
            painter.setPen(QPen(QColor("#b0a890" if faction != DARK else "#6d7290"), 1,
                                Qt.PenStyle.DotLine))
            inner = rect.adjusted(size * 0.3, size * 0.3, -size * 0.3, -size * 0.3)
            painter.drawLine(inner.topLeft(), inner.bottomRight())
            painter.drawLine(inner.topRight(), inner.bottomLeft())
        chips = pic.chips.get(cell, ())
        if chips:
            self._paint_chip(painter, rect, chips, size)
        stack = pic.stones.get(cell, ())
        if stack:
            self._paint_stack(painter, rect, stack, size)
        if cell in pic.last:  # dotted: amber and the targets' green look alike to many
            painter.setPen(QPen(QColor("#e0a000"), 3, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(rect.adjusted(2, 2, -2, -2))
        if cell in pic.stone_targets:
            strong = cell == self.hover
            painter.setPen(QPen(QColor("#1f9d3a"), 4 if strong else 2.5))
            painter.setBrush(QColor(40, 180, 70, 110 if strong else 35))
            painter.drawRect(rect.adjusted(3, 3, -3, -3))
        if cell in pic.chip_targets:
            painter.setPen(QPen(QColor("#1565c0"), 3, Qt.PenStyle.DashLine))
            painter.setBrush(QColor(30, 110, 220, 70 if cell == self.hover else 30))
            painter.drawRect(rect.adjusted(5, 5, -5, -5))

    def _paint_chip(self, painter: QPainter, rect: QRectF, chips: tuple[str, ...],
                    size: float) -> None:
        radius = size * 0.15
        centre = QPointF(rect.right() - radius - 3, rect.top() + radius + 3)
        white = chips[-1].upper().startswith("W")
        painter.setPen(QPen(QColor("#777777" if white else "#dddddd"), 1.5))
        painter.setBrush(QColor("#ffffff" if white else "#111111"))
        painter.drawEllipse(centre, radius, radius)
        if len(chips) > 1:
            font = QFont(self.font())
            font.setPixelSize(max(7, int(radius * 1.3)))
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QColor("#111111" if white else "#ffffff"))
            painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius,
                                    2 * radius), Qt.AlignmentFlag.AlignCenter, str(len(chips)))

    def _paint_stack(self, painter: QPainter, rect: QRectF, stack: tuple[str, ...],
                     size: float) -> None:
        """A stack of stones, from a picture kept per top colour, height and label."""
        depth = min(len(stack) - 1, 3)
        text = stack_mark(stack)
        colour = stone_colour(stack[-1])
        draw_sprite(painter, rect, ("etariya-stack", colour.name(), depth, text),
                    lambda inner, area: self._draw_stack(inner, area, colour, depth, text,
                                                         size))

    def _draw_stack(self, painter: QPainter, rect: QRectF, colour: QColor, depth: int,
                    text: str, size: float) -> None:
        radius = size * 0.32
        centre = rect.center()
        for i in range(depth, 0, -1):  # the stones below peek out as rims
            painter.setPen(QPen(QColor("#222222"), 1))
            painter.setBrush(colour.darker(130))
            painter.drawEllipse(centre + QPointF(0, i * size * 0.05), radius, radius)
        painter.setPen(QPen(QColor("#1a1a1a"), 1.5))
        painter.setBrush(colour)
        painter.drawEllipse(centre, radius, radius)
        font = QFont(self.font())
        font.setPixelSize(max(8, int(size * (0.28 if len(text) < 2 else 0.24))))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(text_on(colour))
        painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius,
                                2 * radius), Qt.AlignmentFlag.AlignCenter, text)

    def _paint_slot(self, painter: QPainter, slot: Slot) -> None:
        area = self.cell_rect((slot.top, slot.left)).united(
            self.cell_rect((slot.top + slot.rows - 1, slot.left + slot.cols - 1)))
        painter.setPen(QPen(QColor("#c0392b"), 3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(area.adjusted(1.5, 1.5, -1.5, -1.5))
        if not slot.label:
            return
        font = QFont(self.font())
        font.setPixelSize(max(9, int(self.cell_size() * 0.22)))
        font.setBold(True)
        painter.setFont(font)
        metrics = painter.fontMetrics()
        lines = slot.label.split("\n")
        width = max(metrics.horizontalAdvance(line) for line in lines) + 10
        height = metrics.height() * len(lines) + 6
        box = QRectF(area.center().x() - width / 2, area.center().y() - height / 2,
                     width, height)
        painter.setPen(QPen(QColor("#c0392b"), 1))
        painter.setBrush(QColor(255, 255, 255, 225))
        painter.drawRoundedRect(box, 4, 4)
        painter.setPen(QColor("#7b1e14"))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, slot.label)

    def _paint_coordinates(self, painter: QPainter, size: float) -> None:
        painter.setFont(self.coordinate_font())
        painter.setPen(self.palette().windowText().color())
        margin = self.margin()
        for c in range(SIZE):
            name = self.cell_name((SIZE - 1, c))
            rect = self.cell_rect((SIZE - 1, c))
            painter.drawText(QRectF(rect.left(), rect.bottom(), size, margin),
                             Qt.AlignmentFlag.AlignCenter, name[:1])
        for r in range(SIZE):
            name = self.cell_name((r, 0))
            rect = self.cell_rect((r, 0))
            painter.drawText(QRectF(rect.left() - margin, rect.top(), margin, size),
                             Qt.AlignmentFlag.AlignCenter, name[1:])
