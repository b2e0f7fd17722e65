"""Digital play of the stick games 獣裁 / 連撃獣裁 / 新遊: seats with their points, the pot,
the ledger of points per round, the animated throw, the legal moves as buttons, bots thinking,
undo (Ctrl+Z), the move log and, at the end, the result with "Save PDF".

The view never decides a rule: it offers `legal_moves()` and shows `state.ledger()`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from companion.core.api import CHANCE, Outcome
from companion.core.record import Game, GameRecord
from companion.history import PlayRecord
from companion.table.thrower import faces_for
from ui.context import AppContext
from ui.i18n import language, tr
from ui.pdf_dialog import save_pdf
from ui.play.controller import GameController, Seat, bot_label, seats_from
from ui.table.sticks_widget import ResultBadge, SticksWidget, animations_enabled

GAME_IDS = ("juusai", "rengeki", "shinyu")
#: Pause before a bot's move when animations are on, so people can follow the table.
BOT_PAUSE_MS = 450

_TURN_STYLE = "QFrame#seat { background: #fff3c4; border: 2px solid #c9a24a; border-radius: 6px; }"
_SEAT_STYLE = "QFrame#seat { background: palette(base); border: 1px solid #cfc6b4; " \
              "border-radius: 6px; }"


# --- pure helpers (no widgets) ----------------------------------------------------------------
@dataclass(frozen=True)
class RoundRow:
    """Points of every seat once a round was decided (the ledger table's rows)."""

    round: int
    points: tuple[int, ...]
    text_en: str
    text_ja: str


def round_rows(record: GameRecord) -> list[RoundRow]:
    """Replay `record` and note every seat's points each time a round is decided."""
    from companion.games import registry

    state: Any = registry.get(record.game_id).create(record.num_players, record.options)
    rows: list[RoundRow] = []
    for entry in record.entries:
        before_last = getattr(state, "last", None)
        before_points = list(state.ledger().points)
        before_pot = int(getattr(state, "pot", 0))
        state.play(state.parse_move(entry.move))
        last = getattr(state, "last", None)
        if last is None or last is before_last:
            continue
        winner = getattr(last, "winner", -1)
        if winner is None:
            continue  # a tie: the round goes on
        if winner == -1:  # a 新遊 round: its deltas are already in the points
            points = tuple(state.ledger().points)
        else:
            points_list = list(before_points)
            points_list[winner] += before_pot
            points = tuple(points_list)
        rows.append(RoundRow(int(last.round), points, last.text("en"), last.text("ja")))
    return rows


def move_label(move: Any) -> str:
    """The button text of a move."""
    text = str(move)
    if text == "throw":
        return tr("Throw", "投げる")
    if text == "again":
        return tr("Again (throw and add)", "再行 トュモーク(もう一度)")
    if text == "bank":
        return tr("Bank (keep the total)", "積値 ショーンマーク(確定)")
    return text


def seat_name(seat: Seat, index: int) -> str:
    if seat.name:
        return seat.name
    if seat.bot:
        return f"{tr('Bot', 'ボット')} · {bot_label(seat.bot)}"
    return tr(f"Seat {index + 1}", f"席{index + 1}")


# --- widgets ----------------------------------------------------------------------------------
class SeatCard(QFrame):
    """One seat: name, person or bot, points, this round's throw, whose turn, thinking."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("seat")
        self.name = QLabel(self)
        font = self.name.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.name.setFont(font)
        self.kind = QLabel(self)
        self.points = QLabel(self)
        points_font = QFont(font)
        points_font.setPointSizeF(font.pointSizeF() * 1.3)
        self.points.setFont(points_font)
        self.points.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.result = QLabel(self)
        self.status = QLabel(self)
        self.status.setStyleSheet("color: #7a1f1f;")
        layout = QGridLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.name, 0, 0)
        layout.addWidget(self.points, 0, 1, 2, 1)
        layout.addWidget(self.kind, 1, 0)
        layout.addWidget(self.result, 2, 0)
        layout.addWidget(self.status, 2, 1)
        self.set_turn(False)

    def set_turn(self, on: bool) -> None:
        self.setStyleSheet(_TURN_STYLE if on else _SEAT_STYLE)


class ResultPanel(QFrame):
    """Shown when the game is over: the winner(s), final points, Save PDF."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("ResultPanel { background: #fff8e1; border: 2px solid #c9a24a; }")
        self.headline = QLabel(self)
        font = self.headline.font()
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.headline.setFont(font)
        self.detail = QLabel(self)
        self.detail.setWordWrap(True)
        self.pdf_button = QPushButton(self)
        self.history_note = QLabel(self)
        self.history_note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.detail)
        row = QHBoxLayout()
        row.addWidget(self.pdf_button)
        row.addWidget(self.history_note, 1)
        layout.addLayout(row)


class SticksPlayView(QWidget):
    """The Play page of a stick game. `start(setup)` begins a game, `resume(play)` goes on."""

    finished = Signal(object)  # Outcome

    def __init__(self, ctx: AppContext | None, game_id: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx, self.game_id = ctx, game_id
        self.controller: GameController | None = None
        self.animate = animations_enabled()
        self._faces_rng = random.Random()
        self._cards: list[SeatCard] = []
        self._build()
        language().changed.connect(self.retranslate)
        self.retranslate()

    # --- building ---------------------------------------------------------------------------
    def _build(self) -> None:
        self.title = QLabel(self)
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.title.setFont(font)
        self.round_label = QLabel(self)
        self.pot_label = QLabel(self)
        pot_font = self.pot_label.font()
        pot_font.setPointSizeF(pot_font.pointSizeF() * 1.3)
        pot_font.setBold(True)
        self.pot_label.setFont(pot_font)
        self.pot_label.setStyleSheet("color: #7a4a12;")

        self.seats_box = QGroupBox(self)
        self.seats_layout = QVBoxLayout(self.seats_box)
        self.seats_layout.addStretch(1)

        self.sticks = SticksWidget(self)
        self.sticks.setMinimumHeight(140)
        self.badge = ResultBadge(self)
        self.badge.setFixedSize(88, 88)
        self.turn_label = QLabel(self)
        self.turn_label.setWordWrap(True)
        turn_font = self.turn_label.font()
        turn_font.setPointSizeF(turn_font.pointSizeF() * 1.15)
        self.turn_label.setFont(turn_font)
        self.last_label = QLabel(self)
        self.last_label.setWordWrap(True)
        self.moves_row = QHBoxLayout()
        self.bet_row = QHBoxLayout()
        self.bet_number = QSpinBox(self)
        self.bet_number.setRange(0, 5)
        self.bet_amount = QSpinBox(self)
        self.bet_amount.setRange(1, 99)
        self.bet_button = QPushButton(self)
        self.bet_button.clicked.connect(self._bet_clicked)
        self.bet_number_label, self.bet_amount_label = QLabel(self), QLabel(self)
        for widget in (self.bet_number_label, self.bet_number, self.bet_amount_label,
                       self.bet_amount, self.bet_button):
            self.bet_row.addWidget(widget)
        self.bet_row.addStretch(1)
        self.undo_button = QPushButton(self)
        self.undo_button.clicked.connect(self.undo)
        self.error_label = QLabel(self)
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #b00020;")
        self.result_panel = ResultPanel(self)
        self.result_panel.hide()
        self.result_panel.pdf_button.clicked.connect(self._ask_pdf)

        self.ledger = QTableWidget(self)
        self.ledger.verticalHeader().setDefaultSectionSize(22)
        self.ledger.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.ledger.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents)
        self.ledger.horizontalHeader().setStretchLastSection(True)
        self.log = QListWidget(self)
        self.ledger_label, self.log_label = QLabel(self), QLabel(self)

        throw_area = QHBoxLayout()
        throw_area.addWidget(self.sticks, 1)
        throw_area.addWidget(self.badge)
        centre = QVBoxLayout()
        header = QHBoxLayout()
        header.addWidget(self.round_label)
        header.addStretch(1)
        header.addWidget(self.pot_label)
        centre.addLayout(header)
        centre.addLayout(throw_area)
        centre.addWidget(self.turn_label)
        centre.addLayout(self.moves_row)
        centre.addLayout(self.bet_row)
        centre.addWidget(self.last_label)
        centre.addWidget(self.error_label)
        centre.addWidget(self.result_panel)
        centre.addStretch(1)
        undo_row = QHBoxLayout()
        undo_row.addStretch(1)
        undo_row.addWidget(self.undo_button)
        centre.addLayout(undo_row)
        centre_widget = QWidget(self)
        centre_widget.setLayout(centre)
        right = QVBoxLayout()
        right.addWidget(self.ledger_label)
        right.addWidget(self.ledger, 2)
        right.addWidget(self.log_label)
        right.addWidget(self.log, 1)
        right_widget = QWidget(self)
        right_widget.setLayout(right)
        self.seats_box.setMinimumWidth(240)
        right_widget.setMinimumWidth(300)
        splitter = QSplitter(self)
        splitter.addWidget(self.seats_box)
        splitter.addWidget(centre_widget)
        splitter.addWidget(right_widget)
        splitter.setStretchFactor(1, 2)
        splitter.setStretchFactor(2, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(splitter, 1)

        undo = QShortcut(QKeySequence.StandardKey.Undo, self)
        undo.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        undo.activated.connect(self.undo)

    def retranslate(self, *_: object) -> None:
        from companion.export.sheets import game_name

        self.title.setText(game_name(self.game_id, language().code))
        self.seats_box.setTitle(tr("Seats", "席"))
        self.ledger_label.setText(tr("Points after each round", "ラウンドごとの点棒"))
        self.log_label.setText(tr("Moves", "手順"))
        self.undo_button.setText(tr("Undo  (Ctrl+Z)", "待った (Ctrl+Z)"))
        self.bet_number_label.setText(tr("Number", "数"))
        self.bet_amount_label.setText(tr("Stake", "賭け金"))
        self.bet_button.setText(tr("Bet", "賭ける"))
        self.result_panel.pdf_button.setText(tr("Save PDF…", "PDF を保存…"))
        self.refresh()
        if self.controller is not None and self.controller.finished:
            self._fill_result(self.controller.state.outcome())

    # --- starting ---------------------------------------------------------------------------
    def start(self, setup: Any) -> None:
        """Begin a new game from the new-game dialog's `GameSetup`."""
        seats = seats_from(setup.seats)
        game = Game.new(self.game_id, len(seats), dict(setup.options), setup.seed)
        self._attach(GameController(self.ctx, game, seats, parent=self))

    def resume(self, play: PlayRecord) -> None:
        """Go on with an autosaved play at exactly its saved position."""
        self._attach(GameController.resumed(self.ctx, play, parent=self))

    def _attach(self, controller: GameController) -> None:
        if self.controller is not None:
            self.controller.close()
        self.controller = controller
        controller.bot_delay_ms = BOT_PAUSE_MS if self.animate else 0
        controller.state_changed.connect(self.refresh)
        controller.thinking.connect(self._thinking)
        controller.chance_drawn.connect(self._chance_drawn)
        controller.game_over.connect(self._game_over)
        controller.error.connect(self.error_label.setText)
        self._build_seats()
        self.result_panel.hide()
        controller.start()
        self.refresh()
        if controller.finished:
            self._game_over(controller.state.outcome())

    def _build_seats(self) -> None:
        for card in self._cards:
            card.deleteLater()
        assert self.controller is not None
        self._cards = []
        for _ in self.controller.seats:
            card = SeatCard(self.seats_box)
            self.seats_layout.insertWidget(self.seats_layout.count() - 1, card)
            self._cards.append(card)

    # --- acting -----------------------------------------------------------------------------
    def play_move(self, move: Any) -> None:
        if self.controller is None:
            return
        self.error_label.setText("")
        try:
            self.controller.play(move)
        except (ValueError, RuntimeError) as exc:
            self.error_label.setText(str(exc))

    def _bet_clicked(self) -> None:
        wanted = f"bet {self.bet_number.value()}x{self.bet_amount.value()}"
        for move in self.legal_moves():
            if str(move) == wanted:
                self.play_move(move)
                return
        self.error_label.setText(tr(f"{wanted} is not allowed now", f"{wanted} はできません"))

    def undo(self) -> None:
        if self.controller is not None and self.controller.undo():
            self.result_panel.hide()
            self.error_label.setText("")

    def legal_moves(self) -> list[Any]:
        return self.controller.legal_moves() if self.controller is not None else []

    def move_buttons(self) -> list[QPushButton]:
        """The buttons now offered (one per legal move that is not a bet)."""
        found = []
        for i in range(self.moves_row.count()):
            item = self.moves_row.itemAt(i)
            widget = item.widget() if item is not None else None
            if isinstance(widget, QPushButton):
                found.append(widget)
        return found

    # --- showing ----------------------------------------------------------------------------
    def _chance_drawn(self, drawn: list[Any]) -> None:
        if not drawn:
            return
        face_up = getattr(drawn[-1], "face_up", None)
        if face_up is None:
            return
        self.sticks.show_throw(faces_for(int(face_up), rng=self._faces_rng),
                               animate=self.animate)

    def _thinking(self, seat: int, on: bool) -> None:
        if self.controller is not None:  # the seats' status only: state_changed does the rest
            self._refresh_seats(self.controller, self.controller.state.ledger())

    def refresh(self, *_: object) -> None:
        controller = self.controller
        if controller is None:
            return
        state = controller.state
        ledger = state.ledger()
        self.round_label.setText(tr(f"Round {ledger.round} of {ledger.rounds}",
                                    f"第 {ledger.round} / {ledger.rounds} ラウンド"))
        self.pot_label.setText(tr(f"Pot: {ledger.pot}", f"場: {ledger.pot} 点"))
        self.badge.set_value(ledger.last_throw)
        if self.sticks.faces is None and ledger.last_throw is not None:
            self.sticks.show_throw(faces_for(ledger.last_throw, rng=self._faces_rng),
                                   animate=False)
        self._refresh_seats(controller, ledger)
        self._refresh_turn(controller, ledger)
        self._refresh_moves(controller)
        names = [seat_name(seat, i) for i, seat in enumerate(controller.seats)]
        self.last_label.setText(ledger.last_text(language().code, names))
        self.undo_button.setEnabled(controller.can_undo())
        self._refresh_ledger(controller)
        self._refresh_log(controller)

    def _refresh_seats(self, controller: GameController, ledger: Any) -> None:
        thinking = controller.thinking_seat()
        for index, (card, seat) in enumerate(zip(self._cards, controller.seats, strict=False)):
            card.name.setText(seat_name(seat, index))
            card.kind.setText(tr("Computer", "コンピューター") if seat.bot
                              else tr("Person", "人"))
            card.points.setText(tr(f"{ledger.points[index]} pts",
                                   f"{ledger.points[index]} 点"))
            card.result.setText(self._seat_result_text(ledger, index))
            card.set_turn(ledger.seat == index and not controller.finished)
            card.status.setText(tr("thinking…", "考え中…") if thinking == index else "")

    def _seat_result_text(self, ledger: Any, index: int) -> str:
        if ledger.banker is not None:
            if index == ledger.banker:
                return tr("Banker", "親")
            bet = ledger.bets[index] if index < len(ledger.bets) else None
            if bet is not None:
                return tr(f"bet {bet[1]} on {bet[0]}", f"{bet[0]} に {bet[1]} 点")
            return ""
        if ledger.seat == index and ledger.running is not None:
            return tr(f"running total {ledger.running}", f"累計 {ledger.running}")
        result = ledger.results[index] if index < len(ledger.results) else None
        if result is not None:
            return tr(f"threw {result}", f"出目 {result}")
        if ledger.contenders and index not in ledger.contenders:
            return tr("sits out", "休み")
        return ""

    def _refresh_turn(self, controller: GameController, ledger: Any) -> None:
        if controller.finished:
            self.turn_label.setText(tr("The game is over.", "ゲーム終了。"))
            return
        seat = controller.to_move()
        if seat == CHANCE or seat < 0:
            self.turn_label.setText("")
            return
        name = seat_name(controller.seats[seat], seat)
        if controller.seats[seat].is_bot:
            self.turn_label.setText(tr(f"{name} is thinking…", f"{name} が考えています…"))
        else:
            self.turn_label.setText(tr(f"{name}, your turn.", f"{name} さんの番です。"))

    def _refresh_moves(self, controller: GameController) -> None:
        for button in self.move_buttons():
            self.moves_row.removeWidget(button)
            button.hide()
            button.deleteLater()
        while self.moves_row.count():
            self.moves_row.takeAt(0)
        moves = controller.legal_moves()
        bets = [m for m in moves if str(m).startswith("bet ")]
        for move in moves:
            if move in bets:
                continue
            button = QPushButton(move_label(move), self)
            button.setMinimumHeight(40)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            button.setObjectName(f"move:{move}")
            button.clicked.connect(lambda _=False, m=move: self.play_move(m))
            self.moves_row.addWidget(button)
        for widget in (self.bet_number_label, self.bet_number, self.bet_amount_label,
                       self.bet_amount, self.bet_button):
            widget.setVisible(bool(bets))
        if bets:
            self.bet_number.setRange(min(b.number for b in bets), max(b.number for b in bets))
            self.bet_amount.setRange(min(b.amount for b in bets), max(b.amount for b in bets))

    def _refresh_ledger(self, controller: GameController) -> None:
        rows = round_rows(controller.game.record)
        names = [seat_name(seat, i) for i, seat in enumerate(controller.seats)]
        start = [int(controller.game.record.options.get("start_points", 0))] * len(names)
        self.ledger.setColumnCount(len(names))
        self.ledger.setHorizontalHeaderLabels(names)
        self.ledger.setRowCount(len(rows) + 1)
        self.ledger.setVerticalHeaderLabels([tr("Start", "開始")]
                                            + [str(row.round) for row in rows])
        for r, points in enumerate([tuple(start)] + [row.points for row in rows]):
            for c, value in enumerate(points):
                item = QTableWidgetItem(str(value))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                      | Qt.AlignmentFlag.AlignVCenter)
                if r > 0:
                    item.setToolTip(rows[r - 1].text_ja if language().code == "ja"
                                    else rows[r - 1].text_en)
                self.ledger.setItem(r, c, item)
        self.ledger.scrollToBottom()

    def _refresh_log(self, controller: GameController) -> None:
        lines = log_lines(controller.game.record, [seat_name(s, i)
                                                   for i, s in enumerate(controller.seats)])
        self.log.clear()
        self.log.addItems(lines)
        self.log.scrollToBottom()

    # --- the end ----------------------------------------------------------------------------
    def _game_over(self, outcome: Outcome | None) -> None:
        self.refresh()
        if outcome is None or self.controller is None:
            return
        self._fill_result(outcome)
        self.result_panel.show()
        self.finished.emit(outcome)

    def _fill_result(self, outcome: Outcome | None) -> None:
        if outcome is None or self.controller is None:
            return
        panel = self.result_panel
        panel.headline.setText(self.result_text(outcome))
        names = [seat_name(s, i) for i, s in enumerate(self.controller.seats)]
        points = ", ".join(f"{name}: {int(score)}"
                           for name, score in zip(names, outcome.scores, strict=False))
        panel.detail.setText(tr(f"Final points — {points}", f"最終点棒 — {points}"))
        if self.controller.play_id is not None and self.ctx is not None:
            panel.history_note.setText(tr(
                f"Saved in the History as play #{self.controller.play_id}.",
                f"履歴に対局 #{self.controller.play_id} として保存しました。"))
        else:
            panel.history_note.setText("")

    def result_text(self, outcome: Outcome) -> str:
        assert self.controller is not None
        names = [seat_name(self.controller.seats[i], i) for i in sorted(outcome.winners)]
        if len(names) > 1:
            return tr("Shared victory: " + ", ".join(names), "同点優勝: " + "、".join(names))
        if names:
            return tr(f"Winner: {names[0]}", f"勝者: {names[0]}")
        return tr("No winner", "勝者なし")

    def export_pdf(self, path: Path) -> None:
        """Write the finished play's score sheet (with its move log) as PDF."""
        from companion.export.pdf import render_sheet
        from companion.export.sheets import play_sheet

        if self.controller is None or self.controller.final_play is None:
            raise ValueError("the game is not over yet")
        render_sheet(play_sheet(self.controller.final_play, language().code), path)

    def _ask_pdf(self) -> None:
        save_pdf(self, f"{self.game_id}.pdf", self.export_pdf, self.error_label)

    def closeEvent(self, event: Any) -> None:
        if self.controller is not None:
            self.controller.close()
        super().closeEvent(event)

    def shutdown(self) -> None:
        """Stop any bot (the autosave keeps the game); used when the page is closed."""
        if self.controller is not None:
            self.controller.close()


def log_lines(record: GameRecord, names: Sequence[str]) -> list[str]:
    """The move log as lines: "花子: throw → 3"."""
    lines: list[str] = []
    for entry in record.entries:
        if entry.is_chance:
            shown = entry.move.lstrip("=")
            if lines:
                lines[-1] += f" → {shown}"
            else:
                lines.append(f"→ {shown}")
            continue
        who = names[entry.seat] if 0 <= entry.seat < len(names) else f"#{entry.seat}"
        lines.append(f"{len(lines) + 1}. {who}: {log_move(entry.move)}")
    return lines


def log_move(text: str) -> str:
    """A move of the log in the current language ("throw" -> "投げる")."""
    words = {"throw": ("throw", "投げる"), "again": ("again", "再行"), "bank": ("bank", "積値")}
    if text in words:
        return tr(*words[text])
    if text.startswith("bet ") and "x" in text:
        number, amount = text[4:].split("x", 1)
        return tr(f"bets {amount} on {number}", f"{number} に {amount} 点賭ける")
    return text


def sticks_play_view(ctx: AppContext, game_id: str) -> QWidget:
    return SticksPlayView(ctx, game_id)


def _register() -> None:
    from ui.views import register_play

    for game_id in GAME_IDS:
        register_play(game_id, sticks_play_view)


_register()
