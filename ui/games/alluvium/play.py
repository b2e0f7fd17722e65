"""Alluvium digital play inside the shared `PlayFrame`: the sheet in front of the seat to
move, with the piece under the mouse, and beside it the card to draw and its shape.

The board shows only what the viewer may see (`state.view(seat)`). The card's piece follows
the mouse; R or the wheel turns it, M mirrors it; the preview is green where the piece may go
(round 1: covering an outlined start cell; never overlapping, inside the map) and red
elsewhere. Cells action B may fill carry a dot. The side panel shows the card to draw and its
shape as turned now (without hovering), whose sheet is in front, and every player's areas and
tracks as far as the viewer has seen them. "Pass" is offered only when nothing is legal.
Between two people the frame's hand-off screen covers the sheets.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from companion.core.api import Outcome
from companion.games.alluvium.profile import SheetProfile, normalise, orientations, sheet_profile
from companion.games.alluvium.profile import card as card_of
from companion.games.alluvium.rules import (
    OTHER,
    VIRTUAL,
    AlluviumState,
    Fill,
    Pass,
    Place,
    cell_name,
)
from companion.games.alluvium.scoring import EMPTY, largest_rectangle
from ui.context import AppContext
from ui.games.alluvium.map_widget import ALLUVIUM_TINT, SheetGrid, qcolor
from ui.i18n import language, tr
from ui.play.frame import PlayFrame, PlayScreens, Position
from ui.play.keys import KeyRow, Spot, SpotKeys
from ui.play.seat_table import put_headers, put_text
from ui.play.widgets import (
    PictureCache,
    WrappedLabel,
    draw_sprite,
    follow_pointer,
    isolate,
    kept_pixmap,
    words,
)

Cell = tuple[int, int]


def _paint_symbol(painter: QPainter, area: QRectF, *, symbol: str) -> None:
    """A colour's symbol in the middle of its cell."""
    painter.setPen(QColor("#222222"))
    painter.drawText(area, Qt.AlignmentFlag.AlignCenter, symbol)


def cross_out(painter: QPainter, rect: QRectF) -> None:
    """A cell of a piece that does not fit: an × across it (its red shade is not the only
    cue)."""
    painter.save()
    painter.setPen(QPen(QColor("#7a1414"), max(1.5, rect.width() * 0.07)))
    inset = rect.width() * 0.2
    inner = rect.adjusted(inset, inset, -inset, -inset)
    painter.drawLine(inner.topLeft(), inner.bottomRight())
    painter.drawLine(inner.topRight(), inner.bottomLeft())
    painter.restore()


class PlayBoard(SheetGrid):
    """One sheet with a piece preview; emits `move_chosen` with a legal move and
    `piece_changed` when the card or its orientation changes."""

    move_chosen = Signal(object)
    piece_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.profile = sheet_profile()
        self.grid: tuple[str, ...] = (EMPTY * self.profile.cols,) * self.profile.rows
        self._rectangle_of: tuple[tuple[str, ...], Any] | None = None
        self._picture = PictureCache()
        self.legal: list[Any] = []
        self.card: str | None = None
        self.orientation = 0
        self.hover: Cell | None = None
        follow_pointer(self, 300)

    def sizeHint(self) -> QSize:
        return QSize(480, 480)

    def set_position(self, grid: tuple[str, ...], legal: list[Any]) -> None:
        self.grid, self.legal = grid, legal
        cards = {m.card for m in legal if isinstance(m, Place)}
        card = next(iter(cards)) if cards else None
        if card != self.card:
            self.card, self.orientation = card, 0
            self.piece_changed.emit()
        self.update()

    # --- geometry -----------------------------------------------------------------------------
    def grid_profile(self) -> SheetProfile:
        return self.profile

    # --- the piece ----------------------------------------------------------------------------
    def shapes(self) -> tuple[frozenset[Cell], ...]:
        return orientations(card_of(self.card).shape) if self.card else ()

    def shape(self) -> frozenset[Cell]:
        """The piece as it is turned now (empty without a card)."""
        shapes = self.shapes()
        return shapes[self.orientation % len(shapes)] if shapes else frozenset()

    def preview(self) -> tuple[Cell, ...]:
        """The cells of the piece with its top-left corner on the hovered cell."""
        shapes = self.shapes()
        if not shapes or self.hover is None:
            return ()
        shape = shapes[self.orientation % len(shapes)]
        return tuple(sorted((self.hover[0] + r, self.hover[1] + c) for r, c in shape))

    def preview_move(self) -> Place | None:
        cells = self.preview()
        if not cells or self.card is None:
            return None
        move = Place(self.card, cells)
        return move if move in self.legal else None

    def rotate(self, step: int = 1) -> None:
        if self.shapes():
            shape = self.shapes()[self.orientation % len(self.shapes())]
            turned = normalise([(c, -r) for r, c in shape] if step > 0
                               else [(-c, r) for r, c in shape])
            self.orientation = self.shapes().index(turned)
            self.piece_changed.emit()
            self.update()

    def mirror(self) -> None:
        if self.shapes():
            shape = self.shapes()[self.orientation % len(self.shapes())]
            self.orientation = self.shapes().index(normalise([(r, -c) for r, c in shape]))
            self.piece_changed.emit()
            self.update()

    # --- events -------------------------------------------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self.hover = self.cell_at(event.position().toPoint())
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton:
            self.rotate()
            return
        self.hover = self.cell_at(event.position().toPoint())
        move = self.preview_move()
        if move is None and self.hover is not None and Fill(self.hover) in self.legal:
            move = Fill(self.hover)  # type: ignore[assignment]
        if move is not None:
            self.move_chosen.emit(move)

    def choose_cell(self, cell: Cell) -> None:
        """What a click on `cell` does (the keyboard's Enter): draw the piece there, or fill
        the dotted cell."""
        self.hover = cell
        move = self.preview_move()
        if move is None and Fill(cell) in self.legal:
            move = Fill(cell)  # type: ignore[assignment]
        self.update()
        if move is not None:
            self.move_chosen.emit(move)

    def fitting_cells(self) -> set[Cell]:
        """The cells where the piece, turned as now, may be drawn with its top-left corner,
        and the dotted cells that may be filled."""
        shape = self.shape()
        placements = {m.cells for m in self.legal if isinstance(m, Place)}
        fits = {(r, c) for r in range(len(self.grid)) for c in range(len(self.grid[r]))
                if shape and tuple(sorted((r + dr, c + dc) for dr, dc in shape)) in placements}
        return fits | {m.cell for m in self.legal if isinstance(m, Fill)}

    def cell_words(self, cell: Cell, fits: set[Cell]) -> str:
        """A cell as a screen reader says it: "c4: △ Red; start cell; the piece fits here"."""
        r, c = cell
        letter = self.grid[r][c]
        parts = [f"{cell_name(cell)}: " + (tr("empty", "空き") if letter == EMPTY else
                                          colour_words(self.profile.colour(letter)))]
        if cell in self.profile.start_cells:
            parts.append(tr("start cell", "開始マス"))
        if Fill(cell) in self.legal:
            parts.append(tr("may be filled", "塗れる"))
        elif cell in fits:
            parts.append(tr("the piece fits here", "ここに描ける"))
        return tr("; ", "。").join(parts)

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.rotate(1 if event.angleDelta().y() >= 0 else -1)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_R:
            self.rotate()
        elif event.key() == Qt.Key.Key_M:
            self.mirror()
        else:
            super().keyPressEvent(event)

    def leaveEvent(self, event: Any) -> None:
        self.hover = None
        self.update()

    # --- drawing ------------------------------------------------------------------------------
    def _largest_rectangle(self) -> Any:
        """The grid's largest rectangle, worked out once per grid (not at every paint)."""
        if self._rectangle_of is None or self._rectangle_of[0] is not self.grid:
            self._rectangle_of = (self.grid, largest_rectangle(self.grid))
        return self._rectangle_of[1]

    def paintEvent(self, event: QPaintEvent) -> None:
        self._picture.paint(self, (self.grid, self.legal, self.card, self.orientation,
                                   self.hover), self._draw)

    def _ground(self) -> QPixmap:
        """The sheet's paper and grid, kept as a picture per size and sheet shape: drawing
        every cell's outline again after every move cost more than the painted cells."""
        ratio = self.devicePixelRatioF()
        rows = len(self.grid)
        columns = len(self.grid[0]) if rows else 0
        name = repr(("alluvium-ground", self.width(), self.height(), rows, columns, ratio))
        return kept_pixmap(name, self.width(), self.height(), ratio, self._draw_ground)

    def _draw_ground(self, painter: QPainter) -> None:
        painter.fillRect(self.rect(), QColor("#fbfaf6"))
        painter.setPen(QPen(QColor("#9a9a9a"), 1))
        for r, line in enumerate(self.grid):
            for c in range(len(line)):
                painter.drawRect(self.cell_rect((r, c)))

    def _draw(self, painter: QPainter) -> None:
        painter.drawPixmap(0, 0, self._ground())
        size = self.cell_size()
        for r, line in enumerate(self.grid):
            for c, letter in enumerate(line):
                if letter != EMPTY:
                    rect = self.cell_rect((r, c))
                    colour = self.profile.colour(letter)
                    # inside the grid's lines, which stay as the ground drew them
                    painter.fillRect(rect.adjusted(0.5, 0.5, -0.5, -0.5),
                                     qcolor(colour, ALLUVIUM_TINT))
                    draw_sprite(painter, rect, ("alluvium", colour.symbol),
                                partial(_paint_symbol, symbol=colour.symbol))
        painter.setPen(QPen(QColor("#111111"), 3))
        for cell in self.profile.start_cells:
            painter.drawRect(self.cell_rect(cell).adjusted(2, 2, -2, -2))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#444444"))
        for move in self.legal:
            if isinstance(move, Fill):
                painter.drawEllipse(self.cell_rect(move.cell).center(), size * 0.12, size * 0.12)
        best = self._largest_rectangle()
        if best is not None:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor("#000000"), 2, Qt.PenStyle.DashLine))
            painter.drawRect(self.cell_rect((best.top, best.left)).united(
                self.cell_rect((best.top + best.height - 1, best.left + best.width - 1))))
        cells = self.preview()
        if cells:
            ok = self.preview_move() is not None
            shade = QColor(40, 160, 60, 150) if ok else QColor(200, 40, 40, 110)
            for cell in cells:
                if self.profile.in_bounds(cell):
                    painter.fillRect(self.cell_rect(cell), shade)
                    if not ok:  # not only red: a piece that does not fit is crossed out
                        cross_out(painter, self.cell_rect(cell))
        painter.end()


class ShapeWidget(QWidget):
    """A piece's cells drawn small (the card to draw, turned as on the board)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.cells: frozenset[Cell] = frozenset()
        self.setMinimumSize(72, 72)

    def sizeHint(self) -> QSize:
        return QSize(96, 96)

    def set_cells(self, cells: frozenset[Cell]) -> None:
        self.cells = cells
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#fbfaf6"))
        if self.cells:
            rows = 1 + max(r for r, _ in self.cells)
            cols = 1 + max(c for _, c in self.cells)
            size = min((self.width() - 8) / max(cols, 1), (self.height() - 8) / max(rows, 1))
            x0 = (self.width() - size * cols) / 2
            y0 = (self.height() - size * rows) / 2
            painter.setPen(QPen(QColor("#333333"), 1))
            painter.setBrush(QColor("#8fbf8a"))
            for r, c in self.cells:
                painter.drawRect(QRectF(x0 + c * size, y0 + r * size, size, size))
        painter.end()


def colour_words(colour: Any) -> str:
    """"△ Red" for a colour of the profile."""
    return f"{colour.symbol} {colour.name(language().code)}"


def colour_label(state: AlluviumState, seat: int) -> str:
    """"△ Red" for a seat's colour."""
    colour = sheet_profile().colour(state.colours[seat])
    return f"{colour.symbol} {colour.name(language().code)}"


class AlluviumScreens(PlayScreens):
    """The sheet in front (board) and the card, its shape and the public tracks (side)."""

    private_noun = ("sheet", "シート")

    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        self.frame = frame
        self.board = PlayBoard(frame)
        self.board.move_chosen.connect(frame.play)
        self.board.piece_changed.connect(self._show_piece)
        self.keys = SpotKeys(self.board, self.spots, self.board.choose_cell,
                             name=("Alluvium map", "アルビウムのマップ"))
        self.keys.moved.connect(self._follow_cursor)
        self.board.piece_changed.connect(self.keys.refresh)
        side = QWidget(frame)
        self.sheet_label = WrappedLabel("", side)  # whose map: it changes with the turn
        bold = self.sheet_label.font()
        bold.setBold(True)
        self.sheet_label.setFont(bold)
        self.card_box = QGroupBox(side)  # titled in `show`: whose card, whose eyes
        self.card_label = QLabel(self.card_box)
        self.card_label.setWordWrap(True)
        self.shape = ShapeWidget(self.card_box)
        self.keys_label = words(QLabel(self.card_box), "R / wheel: turn · M: mirror",
                                "R/ホイール: 回転 · M: 反転")
        self.keys_label.setWordWrap(True)
        card_layout = QGridLayout(self.card_box)
        card_layout.addWidget(self.shape, 0, 0, 2, 1)
        card_layout.addWidget(self.card_label, 0, 1)
        card_layout.addWidget(self.keys_label, 1, 1)
        card_layout.setColumnStretch(1, 1)
        self.pass_button = words(QPushButton(side), "Pass", "パス")
        self.pass_button.setObjectName("move:pass")
        self.pass_button.clicked.connect(lambda: frame.play(Pass()))
        self.sheets_box = QGroupBox(side)
        self.sheets = QTableWidget(self.sheets_box)
        self.sheets.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.sheets.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(24)
        self.sheets.verticalHeader().setVisible(False)
        self.sheets.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.sheets.setWordWrap(False)
        self.sheets.setMinimumHeight(120)
        self.sheets.cellClicked.connect(self._look_at)
        self.looked_at = 0  # the sheet on the board once the game is over
        self.position: Position | None = None
        # whose eyes the sheets are seen with: a line that wraps, not the box's title (a
        # title never wraps, and a long one made the side column wider than the window)
        self.sheets_scope = WrappedLabel("", self.sheets_box)
        sheets_layout = QVBoxLayout(self.sheets_box)
        sheets_layout.addWidget(self.sheets_scope)
        sheets_layout.addWidget(self.sheets)
        layout = QVBoxLayout(side)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.sheet_label, self.card_box, self.pass_button, self.sheets_box):
            layout.addWidget(widget)
        return self.board, side

    # --- the keyboard ------------------------------------------------------------------------
    def spots(self) -> list[Spot]:
        """The map's cells; those where the piece (turned as now) fits, or that may be
        filled, can be chosen."""
        board = self.board
        fits = board.fitting_cells()
        return [Spot((r, c), board.cell_rect((r, c)), board.cell_words((r, c), fits),
                     (r, c) in fits)
                for r in range(len(board.grid)) for c in range(len(board.grid[r]))]

    def _follow_cursor(self, spot: Spot) -> None:
        """The piece's preview follows the keyboard's cursor, as it follows the mouse."""
        self.board.hover = spot.key
        self.board.update()

    def key_rows(self) -> list[KeyRow]:
        return [KeyRow("R", "Turn the piece", "ピースを回す"),
                KeyRow("M", "Mirror the piece", "ピースを反転する")]

    # --- drawing -----------------------------------------------------------------------------
    def show(self, position: Position) -> None:
        self.position = position
        state: AlluviumState = position.state
        seat = position.viewer if position.viewer is not None else 0
        sheet = state.held_sheet(seat) if not position.is_over() else self.looked_at
        self.board.set_position(state.grid_rows(sheet), list(position.legal))
        self.pass_button.setVisible(list(position.legal) == [Pass()])
        if position.is_over():
            self.sheet_label.setText(tr(
                f"The map of {isolate(position.names[sheet])}. Click a row below for another.",
                f"{isolate(position.names[sheet])} のマップ。下の行をクリックすると別のマップ。"))
        elif not position.live:  # a replay: whose eyes the sheets are seen with
            who, owner = isolate(position.names[seat]), isolate(position.names[sheet])
            self.sheet_label.setText(
                tr(f"In front of {who}: their own map", f"{who} の手元: 自分のマップ")
                if sheet == seat else
                tr(f"In front of {who}: the map of {owner}", f"{who} の手元: {owner} のマップ"))
        else:
            owner = isolate(position.names[sheet])
            self.sheet_label.setText(
                tr("In front of you: your own map", "手元: 自分のマップ") if sheet == seat else
                tr(f"In front of you: the map of {owner}", f"手元: {owner} のマップ"))
        self._title_boxes(position, seat)
        self._show_piece()
        self._show_sheets(position, sheet)

    def _title_boxes(self, position: Position, seat: int) -> None:
        """In play the card and sheets are the person's own; in a replay, the chosen seat's
        (or everything, once the game is over)."""
        if position.live:
            card = tr("Your card", "カード")
            sheets = tr("As far as you have seen them.", "見た範囲で。")
        else:
            who = isolate(position.names[seat])
            card = tr(f"{who}'s card", f"{who} のカード")
            sheets = (tr("Everything.", "すべて。")
                      if position.everything or position.viewer is None else
                      tr(f"As far as {who} has seen them.", f"{who} が見た範囲で。"))
        self.card_box.setTitle(card)
        self.sheets_box.setTitle(tr("Sheets", "各シート"))
        self.sheets_scope.setText(sheets)

    def _look_at(self, row: int, _column: int = 0) -> None:
        """Once the game is over, any sheet can be looked at on the board."""
        if self.position is not None and self.position.is_over():
            self.looked_at = row
            self.show(self.position)

    def game_started(self) -> None:
        self.looked_at = 0

    def _show_piece(self) -> None:
        card = self.board.card
        self.card_box.setVisible(card is not None)
        if card is None:
            return
        self.card_label.setText(tr(f"Card to draw: {card}", f"描くカード: {card}"))
        self.shape.set_cells(self.board.shape())

    def _show_sheets(self, position: Position, held: int) -> None:
        """Every player's areas so far and the tracks on their sheet, as far as seen."""
        state: AlluviumState = position.state
        visitors = [c for c in (*state.colours, state.virtual) if c]
        profile = sheet_profile()
        headers = [tr("Sheet", "シート"), tr("Areas", "面積"),
                   *(profile.colour(c).symbol for c in visitors)]
        put_headers(self.sheets, headers)
        self.sheets.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        if self.sheets.rowCount() != state.num_players:
            self.sheets.setRowCount(state.num_players)
        for sheet in range(state.num_players):
            # the total only (the rounds' areas in its tooltip): a column of sums grew wider
            # than the side column by the last round
            parts = " + ".join(str(a) for a in state.areas[sheet])
            areas = str(sum(state.areas[sheet])) if parts else "—"
            values = [("▶ " if sheet == held else "") + position.names[sheet], areas]
            values += [str(state.checks[sheet][c]) if c in state.checks[sheet] else "·"
                       for c in visitors]
            for column, value in enumerate(values):
                item = put_text(self.sheets, sheet, column, value,
                                Qt.AlignmentFlag.AlignCenter if column
                                else Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
                if not column:
                    item.setToolTip(position.names[sheet])
                elif column == 1:
                    item.setToolTip(parts)

    # --- words -------------------------------------------------------------------------------
    def prompt(self, position: Position) -> str:
        state: AlluviumState = position.state
        seat = position.to_move
        sheet = state.held_sheet(seat)
        kind = state.actions[0][1] if state.actions else ""
        card = self.board.card or "—"
        # whose map it is, by name, stands above the side panel (`sheet_label`): a name here
        # made the turn line a third line long, and the board lost that height mid-game
        where = (tr("your own map", "自分のマップ") if sheet == seat
                 else tr("another player's map", "他の人のマップ"))
        if kind == VIRTUAL:
            what = tr(f"draw the virtual colour's {card}", f"仮想プレイヤーの {card} を描く")
        elif kind == OTHER:
            what = tr(f"draw {card} or fill a dotted cell", f"{card} を描くか、点のマスを塗る")
        else:
            what = tr(f"draw {card}", f"{card} を描く")
        head = tr(f"Round {state.round} of {state.rounds}",
                  f"ラウンド {state.round} / {state.rounds}")
        return f"{head} · {where} — {what}" + tr(".", "。")

    def seat_role(self, state: Any, seat: int) -> str:
        return colour_label(state, seat)

    def score_line(self, state: Any, seat: int) -> str:
        total = sum(state.areas[seat])
        return tr(f"area {total}", f"面積 {total}") if state.areas[seat] else ""

    def outcome_detail(self, state: Any, outcome: Outcome, names: Sequence[str]) -> str:
        lines = []
        for seat, score in enumerate(outcome.scores):
            parts = outcome.breakdown[seat]
            star = " ★" if seat in outcome.winners else ""
            lines.append(f"{isolate(names[seat])}: {score:g} ("
                         + tr("area", "面積") + f" {parts['area']:g}, "
                         + tr("co-operation", "協力") + f" {parts['cooperation']:g}){star}")
        return "\n".join(lines)

    def retranslate(self) -> None:
        self._show_piece()


def play_view(ctx: AppContext | None, game_id: str = "alluvium") -> PlayFrame:
    return PlayFrame(ctx, game_id, AlluviumScreens())
