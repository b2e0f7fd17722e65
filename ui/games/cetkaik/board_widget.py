"""The 机戦 board drawn with QPainter from plain data (`BoardScene`).

A scene is made from the engine's state (`scene_of`), or from a start position for the table
page; the widget only draws it and reports clicked squares (`square_clicked`). Water is blue,
the fixed 皇処 orange, 皇山 (the centre) green; the squares round the 皇 — 皇処 too while it
stands there — get an orange frame. Pieces are cream tiles with their kanji in red or black,
turned towards their owner (the far side's pieces are upside down); the 皇 is a green tile.
Highlights: the chosen piece (gold frame), where it may end (green dots, red rings on enemy
pieces it may take), the pieces it may step on (blue dashed rings), the last move (pale gold),
a move waiting for the sticks (dashed gold). The play page gives it a keyboard cursor
and words for screen readers (`ui.play.keys`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from companion.colours import CETKAIK_SQUARES, RED_BLACK, Palette
from companion.games.cetkaik.board import Board
from companion.games.cetkaik.pieces import TAM_KANJI, Colour, Profession
from companion.games.cetkaik.variants import Variant
from ui import zoom
from ui.play.palette import game_colour
from ui.play.widgets import PictureCache, draw_sprite, kept_pixmap

RED = QColor("#c0281f")
BLACK = QColor("#1b1b1b")
TILE = QColor("#fbf3df")
TAM_TILE = QColor("#2f6b45")
WATER = QColor(CETKAIK_SQUARES.hex("water", Palette.STANDARD))
HUE = QColor(CETKAIK_SQUARES.hex("hue", Palette.STANDARD))
HILL = QColor(CETKAIK_SQUARES.hex("hill", Palette.STANDARD))
PLAIN = QColor(CETKAIK_SQUARES.hex("plain", Palette.STANDARD))
GRID = QColor("#8c7f68")
SELECTED = QColor("#d49a00")
TARGET = QColor("#2e8b3e")
CAPTURE = QColor("#c0281f")
STEP = QColor("#1f5fbf")
LAST = QColor(255, 226, 122, 120)

#: (glyph, colour or None for the 皇, owning side or -1)
Token = tuple[str, Colour | None, int]


@dataclass(frozen=True)
class BoardScene:
    """Everything the board shows; squares are indices ``row * width + column`` from the top
    left as the bottom side sees the board."""

    width: int = 9
    height: int = 9
    tokens: Mapping[int, Token] = field(default_factory=dict)
    water: frozenset[int] = frozenset()
    fixed_hue: frozenset[int] = frozenset()
    hue: frozenset[int] = frozenset()
    hill: int = -1
    #: Edge labels: columns left → right, rows top → bottom (as the bottom side sees them).
    columns: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()
    selected: int | None = None
    targets: frozenset[int] = frozenset()
    captures: frozenset[int] = frozenset()
    steps: frozenset[int] = frozenset()
    last: frozenset[int] = frozenset()
    pending: frozenset[int] = frozenset()
    #: Draw the board turned round (the top side at the bottom).
    flipped: bool = False


def edge_labels(board: Board, lang: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Public names in English where the board has them, the plain a… / 1… otherwise."""
    if board.columns and lang != "ja":
        return tuple(board.columns), tuple(board.rows)
    files = tuple(board.plain_name(board.square(board.height - 1, c))[0]
                  for c in range(board.width))
    return files, tuple(str(board.height - r) for r in range(board.height))


def token_of(piece: tuple[Colour, Profession, int] | None,
             kanji: Mapping[Profession, str] | None = None) -> Token | None:
    """A piece as the board draws it (`kanji`: the rule set's own names, e.g. 獣)."""
    if piece is None:
        return None
    colour, profession, side = piece
    return (kanji or {}).get(profession, profession.kanji), colour, side


def start_scene(variant: Variant, lang: str) -> BoardScene:
    """A scene of a rule set's start position (no highlights)."""
    placements, tam = variant.start()
    board = variant.board
    tokens: dict[int, Token] = {sq: (variant.piece_kanji(p), c, side)
                                for sq, c, p, side in placements}
    if tam >= 0:
        tokens[tam] = (TAM_KANJI, None, -1)
    columns, rows = edge_labels(board, lang)
    around = set(board.neighbours[tam]) if tam >= 0 else set()
    return BoardScene(board.width, board.height, tokens, frozenset(board.water),
                      frozenset(board.hue), frozenset(board.hue) | around, board.hill,
                      columns, rows)


def scene_of(state: Any, lang: str, **highlights: Any) -> BoardScene:
    """The scene of an engine state (asked through its board-view queries)."""
    board: Board = state.tables.board
    tokens: dict[int, Token] = {}
    for sq in range(board.size):
        token = token_of(state.piece_at(board.name(sq)), state.variant.kanji)
        if token is not None:
            tokens[sq] = token
    if state.tam >= 0:
        tokens[state.tam] = (TAM_KANJI, None, -1)
    hue = frozenset(board.parse_square(name) for name in state.hue_squares())
    columns, rows = edge_labels(board, lang)
    return BoardScene(board.width, board.height, tokens, frozenset(board.water),
                      frozenset(board.hue), hue, board.hill, columns, rows, **highlights)


class BoardView(QWidget):
    """Draws a `BoardScene`; emits `square_clicked(square)` and `cancelled()`."""

    square_clicked = Signal(int)
    cancelled = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scene = BoardScene()
        #: (widget size, board size, row names) -> (margin, cell, origin): a paint asks for
        #: the geometry for every square; it changes only with these (and the font).
        self._geometry: dict[tuple[int, int, int, int, tuple[str, ...]],
                             tuple[float, float, QPointF]] = {}
        self._picture = PictureCache()
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(220, 220)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(480, 480)

    def set_scene(self, scene: BoardScene) -> None:
        self.scene = scene
        self.update()

    # --- geometry ---------------------------------------------------------------------------
    def margin(self) -> float:
        """Room for the edge labels (the widest row name, e.g. ``AU``)."""
        return self._measured()[0]

    def _measured(self) -> tuple[float, float, QPointF]:
        """(margin, cell size, origin), measured once per size, board and font."""
        s = self.scene
        key = (self.width(), self.height(), s.width, s.height, tuple(s.rows))
        found = self._geometry.get(key)
        if found is None:
            metrics = QFontMetricsF(self._label_font())
            widest = max((metrics.horizontalAdvance(name) for name in s.rows), default=0)
            margin = max(14.0, widest + 6.0, metrics.height() + 2.0)
            cell = max(8.0, min((self.width() - 2 * margin) / s.width,
                                (self.height() - 2 * margin) / s.height))
            origin = QPointF((self.width() - cell * s.width) / 2,
                             (self.height() - cell * s.height) / 2)
            if len(self._geometry) > 64:
                self._geometry.clear()
            found = self._geometry[key] = (margin, cell, origin)
        return found

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._geometry.clear()
            self._picture.clear()
        super().changeEvent(event)

    def _label_font(self) -> QFont:
        """The edge labels' font: 8 pt at the interface's starting size, growing with it."""
        font = QFont(self.font())
        font.setPointSizeF(8.0 * zoom.current())
        return font

    def cell_size(self) -> float:
        return self._measured()[1]

    def origin(self) -> QPointF:
        return QPointF(self._measured()[2])

    def _place(self, sq: int) -> tuple[int, int]:
        """(row, column) where `sq` is drawn."""
        s = self.scene
        row, col = divmod(sq, s.width)
        if s.flipped:
            return s.height - 1 - row, s.width - 1 - col
        return row, col

    def square_rect(self, sq: int) -> QRectF:
        row, col = self._place(sq)
        _, cell, origin = self._measured()
        return QRectF(origin.x() + col * cell, origin.y() + row * cell, cell, cell)

    def square_at(self, point: QPointF) -> int | None:
        s, cell, origin = self.scene, self.cell_size(), self.origin()
        col = int((point.x() - origin.x()) // cell)
        row = int((point.y() - origin.y()) // cell)
        if not (0 <= row < s.height and 0 <= col < s.width):
            return None
        if s.flipped:
            row, col = s.height - 1 - row, s.width - 1 - col
        return row * s.width + col

    # --- input ------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            self.cancelled.emit()
            return
        sq = self.square_at(event.position())
        if sq is not None:
            self.square_clicked.emit(sq)

    def click(self, sq: int) -> None:
        """Click a square (as the mouse would; tests and the keyboard use it)."""
        self.square_clicked.emit(sq)

    # --- drawing ----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        """The board from a picture kept until the scene or the size changes (a
        play page is repainted often while a bot thinks)."""
        self._picture.paint(self, (self.scene,), self._paint)

    def _paint(self, painter: QPainter) -> None:
        s = self.scene
        painter.drawPixmap(0, 0, self._ground())
        for sq in s.last:
            painter.fillRect(self.square_rect(sq), LAST)
        for sq in s.hue - s.fixed_hue:
            rect = self.square_rect(sq)
            inset = max(2.0, rect.width() * 0.06)
            painter.setPen(QPen(HUE.darker(115), max(2.0, rect.width() * 0.07)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))
        for sq, token in s.tokens.items():
            self._draw_token(painter, self.square_rect(sq), token)
        self._draw_marks(painter)
        painter.end()

    def _ground(self) -> QPixmap:
        """The squares, the grid and the edge labels, kept as a picture: they stay the same
        for a whole game, and drawing 81 squares again after every move cost more than the
        rest of the board."""
        s = self.scene
        ratio = self.devicePixelRatioF()
        name = repr(("cetkaik-ground", self.width(), self.height(), s.width, s.height, s.hill,
                     sorted(s.water), sorted(s.fixed_hue), s.columns, s.rows, s.flipped,
                     self.font().key(), ratio))
        return kept_pixmap(name, self.width(), self.height(), ratio, self._draw_ground)

    def _draw_ground(self, painter: QPainter) -> None:
        s = self.scene
        for sq in range(s.width * s.height):
            fill = HILL if sq == s.hill else WATER if sq in s.water else \
                HUE if sq in s.fixed_hue else PLAIN
            painter.setPen(QPen(GRID, 0.8))
            painter.setBrush(fill)
            painter.drawRect(self.square_rect(sq))
            if fill is WATER or fill is HUE:  # a second cue: water lined across, hue hatched
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QBrush(fill.darker(118), Qt.BrushStyle.HorPattern
                                        if fill is WATER else Qt.BrushStyle.BDiagPattern))
                painter.drawRect(self.square_rect(sq))
        origin, cell = self.origin(), self.cell_size()
        painter.setPen(QPen(GRID, 2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(origin.x(), origin.y(), cell * s.width, cell * s.height))
        self._draw_labels(painter)

    def _draw_labels(self, painter: QPainter) -> None:
        s = self.scene
        if not s.columns:
            return
        painter.setFont(self._label_font())
        painter.setPen(GRID.darker(130))
        m = self.margin()
        columns = list(reversed(s.columns)) if s.flipped else list(s.columns)
        rows = list(reversed(s.rows)) if s.flipped else list(s.rows)
        origin, cell = self.origin(), self.cell_size()
        bottom = origin.y() + cell * s.height
        for col, name in enumerate(columns):
            box = QRectF(origin.x() + col * cell, bottom + 1, cell, m - 2)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, name)
        for row, name in enumerate(rows):
            box = QRectF(origin.x() - m, origin.y() + row * cell, m - 2, cell)
            painter.drawText(box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             name)

    def _draw_token(self, painter: QPainter, rect: QRectF, token: Token) -> None:
        """A piece, from a picture kept per glyph, colour, direction and size."""
        glyph, colour, side = token
        far = side == (0 if self.scene.flipped else 1)
        key = ("cetkaik-token", glyph, None if colour is None else colour.value, far)
        draw_sprite(painter, rect, key,
                    lambda inner, area: self._paint_token(inner, area, glyph, colour, far))

    def _paint_token(self, painter: QPainter, rect: QRectF, glyph: str,
                     colour: Colour | None, far: bool) -> None:
        inset = rect.width() * 0.08
        tile = rect.adjusted(inset, inset, -inset, -inset)
        ink = TILE if colour is None else game_colour(RED_BLACK, colour.name.lower())
        painter.save()
        painter.setPen(QPen(ink if colour is not None else TAM_TILE.darker(140),
                            max(1.0, rect.width() * 0.04)))
        painter.setBrush(TAM_TILE if colour is None else TILE)
        painter.drawRoundedRect(tile, rect.width() * 0.12, rect.width() * 0.12)
        if colour is Colour.RED:  # a red piece's second cue: a double frame
            inner = rect.width() * 0.07
            painter.setPen(QPen(ink, max(1.0, rect.width() * 0.025)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(tile.adjusted(inner, inner, -inner, -inner),
                                    rect.width() * 0.08, rect.width() * 0.08)
        painter.translate(tile.center())
        if far:
            painter.rotate(180)
        font = QFont(self.font())
        font.setPixelSize(max(8, int(tile.height() * 0.66)))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(ink)
        box = QRectF(-tile.width() / 2, -tile.height() / 2, tile.width(), tile.height())
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, glyph)
        painter.restore()

    def _draw_marks(self, painter: QPainter) -> None:
        s = self.scene
        for sq in s.pending:
            self._frame(painter, sq, SELECTED, Qt.PenStyle.DashLine)
        if s.selected is not None:
            self._frame(painter, s.selected, SELECTED, Qt.PenStyle.SolidLine)
        for sq in s.steps:
            rect = self.square_rect(sq)
            painter.setPen(QPen(STEP, max(2.0, rect.width() * 0.07), Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(rect.adjusted(3, 3, -3, -3))
        for sq in s.targets:
            rect = self.square_rect(sq)
            if sq in s.captures:
                painter.setPen(QPen(CAPTURE, max(2.0, rect.width() * 0.08)))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(rect.adjusted(5, 5, -5, -5))
            else:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(TARGET)
                r = rect.width() * 0.16
                painter.drawEllipse(rect.center(), r, r)

    def _frame(self, painter: QPainter, sq: int, colour: QColor, style: Qt.PenStyle) -> None:
        rect = self.square_rect(sq)
        painter.setPen(QPen(colour, max(2.0, rect.width() * 0.08), style))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect.adjusted(2, 2, -2, -2))
