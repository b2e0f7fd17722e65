"""Etariya digital play: the board from the engine, the stones in hand, chips, the move list.

Page 0 is the new-game panel (two seats, each a person or a bot; expansions; seed). Page 1 is
the game: the board (faction shading, stacks with their height, power chips, the cells where
the chosen stone — or the power chip — may go outlined), and beside it whose turn it is (or
that a bot is thinking), the stones in hand to choose from, the other decisions of the moment
as buttons (a set under A, an end of the line under B, acceleration under C), the bag, each
side's dominance chips (and score chips under E), the move list in notation, Undo, and at the
end the result with "Print result sheet".

The view never decides a rule: it offers what `legal_moves()` returns and reads the state
through `ui.games.etariya.pictures`. Bots think in the shared `GameController`'s worker.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QGroupBox,
    QLabel,
    QListWidget,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from companion.core.api import Outcome
from companion.history import PlayRecord
from ui.context import AppContext
from ui.fonts import ensure_cjk_font
from ui.games.etariya import pictures
from ui.games.etariya.board_widget import BoardWidget
from ui.games.etariya.new_game import GameSetup, NewGamePanel
from ui.i18n import language, tr
from ui.play.controller import GameController, bot_label, seats_from

GAME_ID = "etariya"
#: Pause before a bot's move so that people can follow the board (0 in tests).
BOT_PAUSE_MS = 350


class EtariyaPlayView(QWidget):
    """New-game panel, then the game; `finished(outcome)` at the end."""

    finished = Signal(object)

    def __init__(self, ctx: AppContext | None, game_id: str = GAME_ID,
                 parent: QWidget | None = None, *, animate: bool = True) -> None:
        super().__init__(parent)
        ensure_cjk_font()
        self.ctx, self.game_id = ctx, game_id
        self.animate = animate
        self.controller: GameController | None = None
        self.selected: str | None = None  # the chosen group of placements (a stone colour…)
        self.stack = QStackedWidget(self)
        self.panel = NewGamePanel(self)
        self.panel.start_requested.connect(self._start_from_panel)
        holder = QWidget(self)
        hl = QVBoxLayout(holder)
        hl.addWidget(self.panel)
        hl.addStretch(1)
        self.stack.addWidget(holder)
        self.stack.addWidget(self._build_game_page())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.stack)
        undo = QShortcut(QKeySequence.StandardKey.Undo, self)
        undo.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        undo.activated.connect(self.undo)
        language().changed.connect(self.retranslate)
        self.retranslate()

    def _build_game_page(self) -> QWidget:
        page = QWidget(self)
        self.board = BoardWidget(page)
        self.board.cell_clicked.connect(self.cell_clicked)
        self.turn_label = QLabel(page)
        self.turn_label.setWordWrap(True)
        font = self.turn_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.turn_label.setFont(font)
        self.busy = QProgressBar(page)  # moves while a bot thinks in the worker
        self.busy.setRange(0, 0)
        self.busy.setMaximumHeight(8)
        self.busy.setTextVisible(False)
        self.busy.setVisible(False)
        self.hand_box = QGroupBox(page)
        self.hand_row = QGridLayout(self.hand_box)  # three a row: the panel stays narrow
        self.hand_group = QButtonGroup(self)
        self.hand_group.setExclusive(True)
        self.choice_box = QGroupBox(page)
        self.choice_grid = QGridLayout(self.choice_box)
        self.info_label = QLabel(page)
        self.info_label.setWordWrap(True)
        self.info_label.setTextFormat(Qt.TextFormat.RichText)
        self.sides_label = QLabel(page)
        self.sides_label.setWordWrap(True)
        self.sides_label.setTextFormat(Qt.TextFormat.RichText)
        self.log_title = QLabel(page)
        self.log = QListWidget(page)
        self.undo_button = QPushButton(page)
        self.undo_button.clicked.connect(self.undo)
        self.new_button = QPushButton(page)
        self.new_button.clicked.connect(self.new_game)
        self.pdf_button = QPushButton(page)
        self.pdf_button.clicked.connect(self._ask_pdf)
        self.pdf_button.setVisible(False)
        self.result_label = QLabel(page)
        self.result_label.setWordWrap(True)
        self.result_label.setStyleSheet(
            "QLabel { background: #fff3c4; border: 2px solid #c9a24a; border-radius: 6px;"
            " padding: 6px; font-weight: bold; }")
        self.result_label.setVisible(False)
        self.error_label = QLabel(page)
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #b00020;")
        side = QWidget(page)
        sl = QVBoxLayout(side)
        sl.setContentsMargins(0, 0, 0, 0)
        sl.addWidget(self.turn_label)
        sl.addWidget(self.busy)
        sl.addWidget(self.result_label)
        sl.addWidget(self.hand_box)
        sl.addWidget(self.choice_box)
        sl.addWidget(self.info_label)
        sl.addWidget(self.sides_label)
        sl.addWidget(self.log_title)
        sl.addWidget(self.log, 1)
        buttons = QGridLayout()
        buttons.addWidget(self.undo_button, 0, 0)
        buttons.addWidget(self.new_button, 0, 1)
        buttons.addWidget(self.pdf_button, 1, 0, 1, 2)
        sl.addLayout(buttons)
        sl.addWidget(self.error_label)
        scroll = QScrollArea(page)
        scroll.setWidgetResizable(True)
        scroll.setWidget(side)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(320)
        splitter = QSplitter(Qt.Orientation.Horizontal, page)
        splitter.addWidget(self.board)
        splitter.addWidget(scroll)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([560, 380])
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        return page

    # --- starting -------------------------------------------------------------------------
    def start(self, setup: Any) -> None:
        """Begin a new game from a `GameSetup` (seats, options, seed); `ValueError` with the
        engine's words for options it refuses (e.g. A and B together)."""
        seats = seats_from(setup.seats)
        self.error_label.setText("")
        pictures.apply_user_faces(self.ctx)
        game = pictures.new_game(dict(setup.options), setup.seed,
                                 str(getattr(setup, "setup_code", "") or ""))
        self._attach(GameController(self.ctx, game, seats, parent=self))

    def _start_from_panel(self, setup: Any) -> None:
        try:
            self.start(setup)
        except ValueError as exc:
            self.panel.note.setText(str(exc))
            return
        self.new_button.setVisible(True)  # back to this panel (the library has its own)

    def resume(self, play: PlayRecord) -> None:
        """Go on with an autosaved play at exactly its saved position."""
        pictures.apply_user_faces(self.ctx)
        self._attach(GameController.resumed(self.ctx, play, parent=self))

    def _attach(self, controller: GameController) -> None:
        if self.controller is not None:
            self.controller.close()
        self.controller = controller
        self.selected = None
        controller.bot_delay_ms = BOT_PAUSE_MS if self.animate else 0
        controller.state_changed.connect(self.refresh)
        controller.thinking.connect(lambda *_: self.refresh())
        controller.game_over.connect(self._game_over)
        controller.error.connect(self.error_label.setText)
        self.result_label.setVisible(False)
        self.pdf_button.setVisible(False)
        self.new_button.setVisible(False)
        self.stack.setCurrentIndex(1)
        controller.start()
        self.refresh()

    def new_game(self) -> None:
        """Back to the new-game panel (an unfinished game stays autosaved)."""
        if self.controller is not None:
            self.controller.close()
        self.stack.setCurrentIndex(0)

    # --- acting ---------------------------------------------------------------------------
    def legal_moves(self) -> list[Any]:
        return self.controller.legal_moves() if self.controller is not None else []

    def play_move(self, move: Any) -> None:
        if self.controller is None or not self.controller.is_human_turn():
            return
        self.error_label.setText("")
        try:
            self.controller.play(move)
        except (ValueError, RuntimeError) as exc:
            self.error_label.setText(str(exc))
        self.refresh()

    def cell_clicked(self, row: int, col: int) -> None:
        move = pictures.move_at(self.legal_moves(), self.current_group(), (row, col))
        if move is not None:
            self.play_move(move)

    def choose_group(self, key: str) -> None:
        self.selected = key
        self.refresh()

    def current_group(self) -> str | None:
        groups = pictures.placement_groups(self.legal_moves())
        if self.selected in groups:
            return self.selected
        return next(iter(groups), None)

    def undo(self) -> None:
        if self.controller is not None and self.controller.undo():
            self.error_label.setText("")
            self.result_label.setVisible(False)
            self.refresh()

    # --- showing --------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        assert self.controller is not None
        who = self.controller.seats[seat]
        side = pictures.side_name(self.controller.state, seat)
        if who.is_bot:
            return f"{side} ({bot_label(who.bot or '')})"
        return f"{who.name} ({side})" if who.name else side

    def refresh(self, *_: object) -> None:
        controller = self.controller
        if controller is None:
            return
        state = controller.state
        legal = controller.legal_moves()
        group = self.current_group()
        self.board.cell_name = pictures.cell_name
        self.board.set_picture(pictures.board_picture(
            state, legal, group, pictures.last_turn_cells(controller.game.record)))
        self.turn_label.setText(self._turn_text(controller))
        self.busy.setVisible(controller.thinking_seat() is not None)
        self._refresh_hand(legal, group)
        self._refresh_choices(legal)
        self.info_label.setText(pictures.info_html(state))
        self.sides_label.setText(pictures.sides_html(
            state, [self.seat_name(i) for i in range(len(controller.seats))]))
        self.log.clear()
        self.log.addItems(pictures.move_lines(controller.game.record,
                                              [self.seat_name(i) for i in range(2)]))
        self.log.scrollToBottom()
        self.undo_button.setEnabled(controller.can_undo())

    def _turn_text(self, controller: GameController) -> str:
        if controller.finished or controller.state.is_over():
            return tr("The game is over.", "ゲーム終了。")
        seat = controller.to_move()
        if seat < 0:
            return ""
        name = self.seat_name(seat)
        if controller.seats[seat].is_bot:
            return tr(f"{name} is thinking…", f"{name} が考えています…")
        return tr(f"{name}: your turn — ", f"{name} の番 — ") + pictures.prompt(
            controller.state, controller.legal_moves())

    def _clear(self, layout: Any) -> None:
        while layout.count():
            item = layout.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.hide()
                widget.deleteLater()

    def _refresh_hand(self, legal: list[Any], group: str | None) -> None:
        for button in self.hand_group.buttons():
            self.hand_group.removeButton(button)
        self._clear(self.hand_row)
        groups = pictures.placement_groups(legal, self.controller.state
                                           if self.controller is not None else None)
        for i, (key, text) in enumerate(groups.items()):
            button = QPushButton(text, self.hand_box)
            button.setCheckable(True)
            button.setChecked(key == group)
            button.setObjectName(f"hand:{key}")
            button.setMinimumHeight(34)
            button.setStyleSheet(pictures.hand_style(key))
            button.clicked.connect(lambda _=False, k=key: self.choose_group(k))
            self.hand_group.addButton(button)
            self.hand_row.addWidget(button, i // 3, i % 3)
            button.show()
        self.hand_box.setVisible(bool(groups))

    def _refresh_choices(self, legal: list[Any]) -> None:
        self._clear(self.choice_grid)
        others = [m for m in legal if pictures.move_cell(m) is None]
        for i, move in enumerate(others):
            button = QPushButton(pictures.move_text(move, self.controller.state
                                                    if self.controller else None),
                                 self.choice_box)
            button.setObjectName(f"move:{move}")
            button.setMinimumHeight(32)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            button.clicked.connect(lambda _=False, m=move: self.play_move(m))
            self.choice_grid.addWidget(button, i // 2, i % 2)
            button.show()
        self.choice_box.setVisible(bool(others))

    def choice_buttons(self) -> list[QPushButton]:
        return [b for b in self.choice_box.findChildren(QPushButton) if b.isVisibleTo(self)
                and b.objectName().startswith("move:")]

    # --- the end --------------------------------------------------------------------------
    def _game_over(self, outcome: Outcome | None) -> None:
        self.refresh()
        if outcome is None or self.controller is None:
            return
        self.result_label.setText(self.result_text(outcome))
        self.result_label.setVisible(True)
        self.pdf_button.setVisible(True)
        self.finished.emit(outcome)

    def result_text(self, outcome: Outcome) -> str:
        assert self.controller is not None
        names = [self.seat_name(i) for i in sorted(outcome.winners)]
        if len(names) == 1:
            text = tr(f"Winner: {names[0]}", f"勝者: {names[0]}")
        elif names:
            text = tr("Shared victory: " + ", ".join(names), "引き分け: " + "、".join(names))
        else:
            text = tr("Draw — nobody won", "引き分け(勝者なし)")
        detail = pictures.outcome_text(self.controller.state, outcome)
        if detail:
            text += "\n" + detail
        if self.controller.play_id is not None and self.ctx is not None:
            text += "\n" + tr(f"Saved in the History as play #{self.controller.play_id}.",
                              f"履歴に対局 #{self.controller.play_id} として保存しました。")
        return text

    def export_pdf(self, path: Path) -> None:
        """The result sheet of the finished game (final board, chips, move list) as PDF."""
        from companion.export.pdf import label, render_sheet
        from companion.export.sheets import format_when
        from companion.games.etariya.printing import record_log, result_sheet

        controller = self.controller
        if controller is None or not controller.state.is_over():
            raise ValueError("the game is not over yet")
        lang = language().code
        names = [self.seat_name(i) for i in range(len(controller.seats))]
        meta = [(label("date", lang), format_when(controller.started_at))]
        if controller.play_id is not None:
            meta.append(("#", str(controller.play_id)))
        render_sheet(result_sheet(controller.state, names, lang, meta,
                                  record_log(controller.game.record, names)), path)

    def _ask_pdf(self) -> None:
        from ui.pdf_dialog import save_pdf

        save_pdf(self, "etariya-result.pdf", self.export_pdf, self.error_label)

    def retranslate(self, *_: object) -> None:
        self.hand_box.setTitle(tr("Place", "置く"))
        self.choice_box.setTitle(tr("Choose", "選ぶ"))
        self.log_title.setText(tr("Moves", "手順"))
        self.undo_button.setText(tr("Undo (Ctrl+Z)", "待った (Ctrl+Z)"))
        self.new_button.setText(tr("New game…", "新しいゲーム…"))
        self.pdf_button.setText(tr("Print result sheet…", "結果シートを印刷…"))
        self.refresh()
        if self.controller is not None and self.controller.finished:
            outcome = self.controller.state.outcome()
            if outcome is not None:
                self.result_label.setText(self.result_text(outcome))

    def closeEvent(self, event: Any) -> None:
        self.shutdown()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Stop any bot (the autosave keeps the game); used when the page is closed."""
        if self.controller is not None:
            self.controller.close()


def play_view(ctx: AppContext, game_id: str) -> QWidget:
    return EtariyaPlayView(ctx, game_id)


__all__ = ["EtariyaPlayView", "GameSetup", "play_view"]
