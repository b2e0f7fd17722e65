"""Alluvium digital play: the sheet the seat to move holds, with the piece under the mouse.

The board shows only what the seat to move may see (`state.view(seat)`). Its card's piece
follows the mouse; R or the wheel turns it, M mirrors it; the preview is green where the piece
may go (round 1: covering an outlined start cell; never overlapping, inside the map) and red
elsewhere. Cells action B may fill carry a dot. "Pass" is offered only when nothing is legal.
Between two people a privacy screen asks to pass the device. Bots run in the shared
`GameController`'s worker.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from companion.core.record import Game
from companion.games.alluvium.profile import card as card_of
from companion.games.alluvium.profile import normalise, orientations, sheet_profile
from companion.games.alluvium.rules import OTHER, VIRTUAL, AlluviumState, Fill, Pass, Place
from companion.games.alluvium.scoring import EMPTY, largest_rectangle, score_game
from companion.history import PlayRecord
from ui.context import AppContext
from ui.games.alluvium.map_widget import qcolor
from ui.i18n import language, tr
from ui.pdf_dialog import save_pdf
from ui.play.controller import GameController, seats_from

Cell = tuple[int, int]


class PlayBoard(QWidget):
    """One sheet with a piece preview; emits `move_chosen` with a legal move."""

    move_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.profile = sheet_profile()
        self.grid: tuple[str, ...] = (EMPTY * self.profile.cols,) * self.profile.rows
        self.legal: list[Any] = []
        self.card: str | None = None
        self.orientation = 0
        self.hover: Cell | None = None
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(300, 300)

    def sizeHint(self) -> QSize:
        return QSize(480, 480)

    def set_position(self, grid: tuple[str, ...], legal: list[Any]) -> None:
        self.grid, self.legal = grid, legal
        cards = {m.card for m in legal if isinstance(m, Place)}
        card = next(iter(cards)) if cards else None
        if card != self.card:
            self.card, self.orientation = card, 0
        self.update()

    # --- geometry -----------------------------------------------------------------------------
    def cell_size(self) -> float:
        return max(8.0, min(self.width() / self.profile.cols, self.height() / self.profile.rows))

    def cell_rect(self, cell: Cell) -> QRectF:
        size = self.cell_size()
        return QRectF(cell[1] * size, cell[0] * size, size, size)

    def cell_center(self, cell: Cell) -> QPoint:
        return self.cell_rect(cell).center().toPoint()

    def cell_at(self, point: QPoint) -> Cell | None:
        size = self.cell_size()
        cell = (int(point.y() // size), int(point.x() // size))
        return cell if self.profile.in_bounds(cell) else None

    # --- the piece ----------------------------------------------------------------------------
    def shapes(self) -> tuple[frozenset[Cell], ...]:
        return orientations(card_of(self.card).shape) if self.card else ()

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
            self.update()

    def mirror(self) -> None:
        if self.shapes():
            shape = self.shapes()[self.orientation % len(self.shapes())]
            self.orientation = self.shapes().index(normalise([(r, -c) for r, c in shape]))
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
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#fbfaf6"))
        size = self.cell_size()
        for r, line in enumerate(self.grid):
            for c, letter in enumerate(line):
                rect = self.cell_rect((r, c))
                if letter != EMPTY:
                    colour = self.profile.colour(letter)
                    painter.fillRect(rect, qcolor(colour, 0.35))
                    painter.setPen(QColor("#222222"))
                    painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, colour.symbol)
                painter.setPen(QPen(QColor("#9a9a9a"), 1))
                painter.drawRect(rect)
        painter.setPen(QPen(QColor("#111111"), 3))
        for cell in self.profile.start_cells:
            painter.drawRect(self.cell_rect(cell).adjusted(2, 2, -2, -2))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#444444"))
        for move in self.legal:
            if isinstance(move, Fill):
                painter.drawEllipse(self.cell_rect(move.cell).center(), size * 0.12, size * 0.12)
        best = largest_rectangle(self.grid)
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
        painter.end()


class AlluviumPlayView(QWidget):
    """The Play page: privacy screen, board, status, pass, undo, result."""

    finished = Signal(object)

    def __init__(self, ctx: AppContext | None, game_id: str = "alluvium",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx, self.game_id = ctx, game_id
        self.controller: GameController | None = None
        self.revealed_seat: int | None = None
        self.pages = QStackedWidget(self)
        layout = QVBoxLayout(self)
        layout.addWidget(self.pages)
        # page 0: the game
        game_page = QWidget(self)
        gl = QVBoxLayout(game_page)
        self.turn_label = QLabel(game_page)
        self.turn_label.setWordWrap(True)
        gl.addWidget(self.turn_label)
        self.board = PlayBoard(game_page)
        self.board.move_chosen.connect(self.play_move)
        gl.addWidget(self.board, 1)
        self.info_label = QLabel(game_page)
        self.info_label.setWordWrap(True)
        gl.addWidget(self.info_label)
        row = QHBoxLayout()
        self.pass_button = QPushButton(game_page)
        self.pass_button.clicked.connect(lambda: self.play_move(Pass()))
        self.undo_button = QPushButton(game_page)
        self.undo_button.clicked.connect(self.undo)
        self.pdf_button = QPushButton(game_page)
        self.pdf_button.clicked.connect(self._ask_pdf)
        self.pdf_button.setEnabled(False)
        row.addWidget(self.pass_button)
        row.addStretch(1)
        row.addWidget(self.pdf_button)
        row.addWidget(self.undo_button)
        gl.addLayout(row)
        self.error_label = QLabel(game_page)
        gl.addWidget(self.error_label)
        self.pages.addWidget(game_page)
        # page 1: the privacy screen
        privacy = QWidget(self)
        pl = QVBoxLayout(privacy)
        pl.addStretch(1)
        self.privacy_label = QLabel(privacy)
        self.privacy_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        pl.addWidget(self.privacy_label)
        self.reveal_button = QPushButton(privacy)
        self.reveal_button.clicked.connect(self.reveal)
        pl.addWidget(self.reveal_button)
        pl.addStretch(1)
        self.pages.addWidget(privacy)
        language().changed.connect(self.refresh)

    # --- starting -----------------------------------------------------------------------------
    def start(self, setup: Any) -> None:
        seats = seats_from(setup.seats)
        game = Game.new(self.game_id, len(seats), dict(setup.options), setup.seed)
        self._attach(GameController(self.ctx, game, seats, parent=self))

    def resume(self, play: PlayRecord) -> None:
        self._attach(GameController.resumed(self.ctx, play, parent=self))

    def _attach(self, controller: GameController) -> None:
        if self.controller is not None:
            self.controller.close()
        self.controller = controller
        controller.state_changed.connect(self.refresh)
        controller.game_over.connect(self._game_over)
        controller.error.connect(self.error_label.setText)
        controller.start()
        self.refresh()

    # --- acting -------------------------------------------------------------------------------
    def play_move(self, move: Any) -> None:
        if self.controller is None or not self.controller.is_human_turn():
            return
        self.error_label.setText("")
        try:
            self.controller.play(move)
        except Exception as exc:  # an illegal move: say why
            self.error_label.setText(str(exc))
        self.refresh()

    def undo(self) -> None:
        if self.controller is not None and self.controller.can_undo():
            self.controller.undo()
            self.refresh()

    def reveal(self) -> None:
        if self.controller is not None:
            self.revealed_seat = self.controller.to_move()
        self.refresh()

    def seat_name(self, seat: int) -> str:
        assert self.controller is not None
        name = self.controller.seats[seat].name
        colour = sheet_profile().colour(self.state().colours[seat])
        return f"{colour.symbol} {name or colour.name(language().code)}"

    def state(self) -> AlluviumState:
        assert self.controller is not None
        state = self.controller.state
        assert isinstance(state, AlluviumState)
        return state

    # --- showing ------------------------------------------------------------------------------
    def needs_privacy(self, seat: int) -> bool:
        assert self.controller is not None
        humans = self.controller.human_seats()
        return len(humans) > 1 and seat in humans and seat != self.revealed_seat

    def refresh(self, *_: object) -> None:
        if self.controller is None:
            return
        self.pass_button.setText(tr("Pass", "パス"))
        self.undo_button.setText(tr("Undo", "元に戻す"))
        self.pdf_button.setText(tr("Print PDF", "PDF に出力"))
        self.undo_button.setEnabled(self.controller.can_undo())
        state = self.state()
        seat = state.to_move()
        if state.is_over():
            self.pages.setCurrentIndex(0)
            self._game_over(state.outcome())
            return
        if seat < 0:
            return
        if self.controller.is_human_turn() and self.needs_privacy(seat):
            self.privacy_label.setText(tr(f"Pass the device to {self.seat_name(seat)}.",
                                          f"{self.seat_name(seat)} さんに渡してください。"))
            self.reveal_button.setText(tr(f"I am {self.seat_name(seat)}",
                                          f"{self.seat_name(seat)} です"))
            self.pages.setCurrentIndex(1)
            return
        self.pages.setCurrentIndex(0)
        view = state.view(seat)
        sheet = state.held_sheet(seat)
        human = self.controller.is_human_turn()
        legal = view.legal_moves() if human else []
        self.board.set_position(view.grid_rows(sheet), legal)
        self.pass_button.setEnabled(human and legal == [Pass()])
        self.turn_label.setText(self._turn_text(state, seat, sheet, human))
        mine = view.checks[sheet].get(state.colours[seat])
        self.info_label.setText(
            tr(f"Areas so far: {view.areas[sheet] or '—'}. Your checks on this sheet: "
               f"{mine if mine is not None else '—'}. R / wheel: turn, M: mirror.",
               f"これまでの面積: {view.areas[sheet] or '—'}。このシートのあなたのチェック: "
               f"{mine if mine is not None else '—'}。R/ホイール: 回転、M: 反転"))

    def _turn_text(self, state: AlluviumState, seat: int, sheet: int, human: bool) -> str:
        who = self.seat_name(seat)
        where = (tr("your own map", "自分のマップ") if sheet == seat
                 else tr(f"the map of {self.seat_name(sheet)}",
                         f"{self.seat_name(sheet)} のマップ"))
        kind = state.actions[0][1] if state.actions else ""
        card = self.board.card or "—"
        if kind == VIRTUAL:
            what = tr(f"draw the virtual colour's {card}", f"仮想プレイヤーの {card} を描く")
        elif kind == OTHER:
            what = tr(f"draw {card} or fill a dotted cell", f"{card} を描くか、点のマスを塗る")
        else:
            what = tr(f"draw {card}", f"{card} を描く")
        head = tr(f"Round {state.round} of {state.rounds}",
                  f"ラウンド {state.round} / {state.rounds}")
        if not human:
            return f"{head} · " + tr(f"{who} is thinking…", f"{who} が考えています…")
        return f"{head} · {who}: {where} — {what}"

    def _game_over(self, outcome: Any) -> None:
        if outcome is None or self.controller is None:
            return
        state = self.state()
        lines = []
        for seat, score in enumerate(outcome.scores):
            parts = outcome.breakdown[seat]
            star = " ★" if seat in outcome.winners else ""
            lines.append(f"{self.seat_name(seat)}: {score:g} ("
                         + tr("area", "面積") + f" {parts['area']:g}, "
                         + tr("co-operation", "協力") + f" {parts['cooperation']:g}){star}")
        self.turn_label.setText(tr("Game over", "ゲーム終了"))
        self.info_label.setText("\n".join(lines))
        self.pass_button.setEnabled(False)
        self.pdf_button.setEnabled(True)
        self.board.set_position(state.grid_rows(0), [])
        self.finished.emit(outcome)

    def export_pdf(self, path: Path) -> None:
        """The score table and every player's map of the finished game, as PDF."""
        from companion.export.pdf import render_sheets
        from companion.games.alluvium.printing import filled_sheets

        state = self.state()
        sheets = state.player_sheets()
        for seat, sheet in enumerate(sheets):
            sheet.name = self.seat_name(seat)
        render_sheets(filled_sheets(sheets, score_game(sheets, state.virtual),
                                    language().code), path)

    def _ask_pdf(self) -> None:
        save_pdf(self, "alluvium-play.pdf", self.export_pdf, self.error_label)

    def shutdown(self) -> None:
        if self.controller is not None:
            self.controller.close()


def play_view(ctx: AppContext, game_id: str) -> QWidget:
    return AlluviumPlayView(ctx, game_id)
